"""Pixel checks: hut markers in the right territory and colour, empty territories empty, the arrow, badges."""

from __future__ import annotations

import io
import random

from PIL import Image

import engine.clans as engine
from engine.clans import Clan, GameState, Phase, PublicView
from render.clans import palette as pal
from render.clans import render_board
from render.clans.board_image import pip_centres
from render.clans.layout import MARKER_H, MARKER_W, layout_for, territory_center

CLAN_COLOURS = set(pal.CLAN.values())


def _rgb(view: PublicView) -> Image.Image:
    return Image.open(io.BytesIO(render_board(view))).convert("RGB")


def _played(seed: int, moves: int) -> GameState:
    state = engine.new_game(3, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.over:
            break
        engine.play(state, rng.choice(engine.legal_moves(state)))
    return state


def _count(image: Image.Image, box: tuple[int, int, int, int], colour: tuple[int, int, int]) -> int:
    crop = image.crop(box)
    return sum(1 for pixel in crop.getdata() if pixel == colour)


def _marker_box(pos: tuple[int, int]) -> tuple[int, int, int, int]:
    x, y = pos
    return (x - MARKER_W // 2 + 2, y - MARKER_H // 2 + 2, x + MARKER_W // 2 - 2, y + MARKER_H // 2 - 2)


def test_hut_markers_show_each_colour_in_its_territory() -> None:
    view = engine.public_view(_played(11, 30))
    image = _rgb(view)
    layout = layout_for(view.board)
    busy = max(range(1, view.board.size + 1), key=lambda t: sum(1 for n in view.huts[t] if n))
    assert sum(1 for n in view.huts[busy] if n) >= 2
    checked = 0
    for tid in range(1, view.board.size + 1):
        if not any(view.huts[tid]):
            continue
        positions = pip_centres(view, tid)
        assert [clan for clan, _ in positions] == [Clan(c) for c, n in enumerate(view.huts[tid]) if n]
        for clan, pos in positions:
            # the marker lies inside its hex, and its fill is the clan colour
            assert _inside(layout.polygon(tid), pos)
            assert _count(image, _marker_box(pos), pal.CLAN[clan]) >= 40, (tid, clan)
            checked += 1
    assert checked >= 10


def test_a_marker_is_not_painted_in_another_clans_colour() -> None:
    view = engine.public_view(engine.new_game(2, 12))
    image = _rgb(view)
    for tid in (1, 30, 60):
        [(clan, pos)] = pip_centres(view, tid)
        for other in Clan:
            if other is not clan:
                assert _count(image, _marker_box(pos), pal.CLAN[other]) == 0


def test_empty_territories_show_no_hut_colours() -> None:
    view = engine.public_view(_played(13, 35))
    image = _rgb(view)
    layout = layout_for(view.board)
    empties = [t for t in range(1, view.board.size + 1) if not any(view.huts[t])]
    villages = {v.territory for v in view.villages}
    assert len(empties) >= 10
    r = layout.scale
    for tid in empties:
        x, y = layout.center(tid)
        box = (x - int(0.7 * r), y - int(0.25 * r), x + int(0.7 * r), y + int(0.55 * r))
        if tid in villages:
            continue  # an emptied village carries its badge
        pixels = set(image.crop(box).getdata())
        assert not pixels & CLAN_COLOURS, tid


def test_last_move_arrow_runs_from_source_towards_destination() -> None:
    state = _played(14, 18)
    view = engine.public_view(state)
    assert view.last_move is not None
    image = _rgb(view)
    (x0, y0), (x1, y1) = territory_center(view.last_move.src), territory_center(view.last_move.dst)
    for t in (0.25, 0.3, 0.35, 0.4):  # past the move number's disc at the source centre
        x, y = round(x0 + (x1 - x0) * t), round(y0 + (y1 - y0) * t)
        assert image.getpixel((x, y)) == pal.ARROW, t
    # the disc: ringed in the arrow's colour, white inside, the move's number in ink
    assert _count(image, (x0 - 24, y0 - 24, x0 + 25, y0 + 25), pal.ARROW) >= 80
    assert _count(image, (x0 - 8, y0 - 14, x0 + 9, y0 + 15), pal.INK) >= 60


def test_no_arrow_without_a_last_move() -> None:
    view = engine.public_view(engine.new_game(3, 15))
    assert view.last_move is None
    image = _rgb(view)
    assert _count(image, (0, 0, image.width, 740), pal.ARROW) == 0


def test_village_badge_marks_a_founded_village() -> None:
    for seed in range(30):
        state = _played(seed, 60)
        view = engine.public_view(state)
        scored = [v for v in view.villages if not v.destroyed and any(view.huts[v.territory])]
        if scored:
            break
    village = scored[0]
    layout = layout_for(view.board)
    x, y = layout.badge_position(village.territory, True)
    image = _rgb(view)
    box = (x - 12, y - 4, x + 12, y + 14)
    assert _count(image, box, pal.VILLAGE) >= 30
    start = _rgb(engine.public_view(engine.new_game(3, seed)))
    assert _count(start, box, pal.VILLAGE) == 0


def test_new_villages_and_pending_choices_are_highlighted() -> None:
    for seed in range(200):
        state = engine.new_game(4, seed)
        rng = random.Random(seed)
        while not state.over and state.phase is not Phase.ORDER:
            engine.play(state, rng.choice(engine.legal_moves(state)))
        if state.phase is Phase.ORDER:
            break
    view = engine.public_view(state)
    image = _rgb(view)
    layout = layout_for(view.board)
    for tid in view.pending:
        assert _count(image, layout.hex_box(tid), pal.PENDING) >= 100, tid
    engine.play(state, engine.legal_moves(state)[0])
    view = engine.public_view(state)
    image = _rgb(view)
    assert view.last_villages
    for village in view.last_villages:
        assert _count(image, layout.hex_box(village.territory), pal.HIGHLIGHT) >= 200


def _inside(poly: list[tuple[float, float]], p: tuple[int, int]) -> bool:
    sign = 0
    for i, a in enumerate(poly):
        b = poly[(i + 1) % len(poly)]
        cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
        if cross:
            if sign and (cross > 0) != (sign > 0):
                return False
            sign = 1 if cross > 0 else -1
    return True
