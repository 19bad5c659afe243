"""Both maps' drawn territories, measured on the layout and on the pixels of the static map: every territory's
outline holds everything the board may draw in it (its number clear of the rings drawn on the outline, every group
of items, the glyph); every two neighbours are drawn touching along a border a phone shows; two territories that
meet without being neighbours have a lake over the whole place where they meet."""

from __future__ import annotations

import dataclasses
import json
import math

import pytest
from PIL import Image

from engine.clans.board import Board, board_from_dict, data_text
from render.clans import palette as pal
from render.clans.footprint import contents, overfull, room
from render.clans.layout import Layout, layout_for, phone_px
from render.clans.static import rgb_layers

MAPS = ("map.json", "printed_map.json")
BOARDS = {name: board_from_dict(json.loads(data_text(name))) for name in MAPS}
MIN_BORDER_PHONE = 14.0
"""The shortest border two neighbours share on a phone (px); today's hexes share 35."""
Point = tuple[float, float]
STILL_SPILLING: dict[int, tuple[float, float]] = {
    3: (-35.1, 9.9),
    5: (-3.4, 12.3),
    7: (-28.6, 8.0),
    8: (-16.8, -5.3),
    10: (-12.1, 10.4),
    11: (-16.6, 9.4),
    13: (-25.6, -16.6),
    14: (-12.1, 10.3),
    20: (-2.1, 15.7),
    21: (-9.7, 5.9),
    26: (-2.9, 6.4),
    27: (-13.7, 6.4),
    31: (-1.7, 10.0),
    32: (-11.2, 9.6),
    39: (-30.2, 9.1),
    40: (-6.7, 10.8),
    43: (-33.5, 9.6),
    46: (-7.1, 9.5),
    49: (-34.0, -24.6),
    50: (-10.2, 10.0),
    52: (-33.4, -23.0),
    53: (-14.8, 8.1),
    54: (-14.4, -5.4),
    58: (-23.5, -15.1),
    60: (-5.1, 9.5),
}
"""Printed territories whose contents the shapes do not yet hold (measured: px the items or the glyph cross the
outline, px the number comes nearer than the ring's half width), kept from getting worse (docs/RULES.md R2.7)."""


def _shared(layout: Layout, a: int, b: int) -> list[Point]:
    theirs = {(round(x, 1), round(y, 1)) for x, y in layout.polygon(b)}
    return [p for p in layout.polygon(a) if (round(p[0], 1), round(p[1], 1)) in theirs]


def _pairs(board: Board) -> dict[tuple[int, int], list[Point]]:
    """Every two territories whose outlines meet, with the corners they share (in pixels)."""
    layout = layout_for(board)
    found = {}
    for a in range(1, board.size + 1):
        for b in range(a + 1, board.size + 1):
            shared = _shared(layout, a, b)
            if shared:
                found[(a, b)] = shared
    return found


def _lake(rgb: object) -> bool:
    """A lake's own water, shore or glint (a river's antialiased rim, paler blues, is not a lake)."""
    assert isinstance(rgb, tuple)
    return any(math.dist(rgb, c) < 12 for c in (pal.LAKE, pal.LAKE_EDGE, pal.RIVER_BANK))


@pytest.mark.parametrize("name", MAPS)
def test_every_outline_holds_the_number_the_items_and_the_glyph(name: str) -> None:
    """Every pixel any group of items a territory can hold may paint (their convex hull) and its glyph lie inside
    its outline (a pixel and a half of give: the hex's own edge counts as inside, and centres are whole pixels);
    its number keeps clear of the thickest ring drawn on the outline (a village just founded). Measured in pixels
    on the layout."""
    board = BOARDS[name]
    layout = layout_for(board)
    spills = {tid: tuple(round(r, 1) for r in room(layout, tid)) for tid in overfull(layout)}
    known = STILL_SPILLING if name == "printed_map.json" else {}
    assert set(spills) <= set(known), {tid: spills[tid] for tid in set(spills) - set(known)}
    worse = {tid: (got, known[tid]) for tid, got in spills.items() if min(got) < min(known[tid]) - 0.5}
    assert worse == {}


def test_the_outline_check_sees_a_spill() -> None:
    """The measure itself: a territory's contents placed off its centre are caught."""
    board = BOARDS["map.json"]
    layout = layout_for(board)
    x, y = layout.center(30)
    assert min(room(layout, 30)) >= -1
    moved = dataclasses.replace(
        board.territory(30), center=(board.territory(30).center[0], board.territory(30).center[1] - 0.25)
    )
    shifted = dataclasses.replace(board, territories=tuple(moved if t.id == 30 else t for t in board.territories))
    assert layout_for(shifted).center(30) != (x, y)
    assert room(layout_for(shifted), 30)[0] < -10 and 30 in overfull(layout_for(shifted))


def _border_problems(board: Board, image: Image.Image) -> list[str]:
    problems = []
    for (a, b), shared in _pairs(board).items():
        if len(shared) >= 2:
            p, q = max(((s, t) for s in shared for t in shared), key=lambda e: math.dist(*e))
        else:
            p = q = shared[0]
        length = math.dist(p, q)
        if board.adjacent(a, b):
            if phone_px(length) < MIN_BORDER_PHONE:
                problems.append(f"{a}-{b} share {phone_px(length):.1f} px on a phone")
                continue
            nx, ny = (q[1] - p[1]) / length, -(q[0] - p[0]) / length
            clear = 0
            for k in range(7):
                t = 0.2 + 0.1 * k
                mx, my = p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])
                sides = [image.getpixel((round(mx + d * nx), round(my + d * ny))) for d in (-7, 7)]
                clear += not any(_lake(c) for c in sides)
            if clear < 4:
                problems.append(f"{a}-{b}: {clear} of 7 points clear of a lake")
        else:
            steps = [0.5] if length == 0 else [0.2 + 0.1 * k for k in range(7)]
            points = [(round(p[0] + t * (q[0] - p[0])), round(p[1] + t * (q[1] - p[1]))) for t in steps]
            wet = [_lake(image.getpixel(xy)) for xy in points]
            if not all(wet):
                problems.append(f"{a}-{b} meet without a lake ({sum(wet)} of {len(wet)} points)")
    return problems


@pytest.mark.parametrize("name", MAPS)
def test_neighbours_are_drawn_touching_and_others_only_across_a_lake(name: str) -> None:
    """On the static map's pixels: along the middle of every border two neighbours share, most points show both
    territories (no lake) and the border is long enough for a phone; where two territories meet without being
    neighbours, every point of the border (or the corner they share) lies in a lake."""
    board = BOARDS[name]
    assert _border_problems(board, rgb_layers(board)[0]) == []


def test_the_touching_check_sees_a_lake_between_neighbours_and_a_missing_lake() -> None:
    """The measure itself: a lake painted over two neighbours' border is seen, and so is a lake painted over."""
    board = BOARDS["printed_map.json"]
    layout = layout_for(board)
    pairs = _pairs(board)
    (a, b), shared = next((pair, s) for pair, s in pairs.items() if board.adjacent(*pair) and len(s) >= 2)
    image = rgb_layers(board)[0].copy()
    xs, ys = [x for x, _ in shared], [y for _, y in shared]
    image.paste(pal.LAKE, (round(min(xs)) - 9, round(min(ys)) - 9, round(max(xs)) + 9, round(max(ys)) + 9))
    lake = board.lakes[0]
    x, y = layout.point(lake.center)
    image.paste(pal.TERRAIN[board.terrain[lake.between[0]]], (round(x) - 2, round(y) - 2, round(x) + 3, round(y) + 3))
    found = _border_problems(board, image)
    assert any(line.startswith(f"{a}-{b}:") for line in found), found
    assert any(line.startswith(f"{lake.between[0]}-{lake.between[1]} meet") for line in found), found


def test_the_printed_maps_shape_tool_measures_what_the_renderer_draws() -> None:
    """tools/clans_printed_shapes.py (which may not import a game's renderer) shapes the printed cells around the
    measures kept in the map's geometry.contents: they are the renderer's own (render/clans/footprint.py)."""
    raw = json.loads(data_text("printed_map.json"))
    assert raw["geometry"]["contents"] == contents(layout_for(BOARDS["printed_map.json"]))
