"""What the board may draw inside a territory, around its centre: the territory number, every group of items a
territory can hold (one to five clans, one- and two-digit counts, the viewer's ring, the total, a village badge,
the "?" of a pending village, strife's count), the large badge of a village left without huts and the terrain
glyph. A territory's outline must hold them all: tests check it on every map, and the printed map's shape tool
(tools/clans_printed_shapes.py) shapes the cells around them.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from functools import cache

from PIL import Image

from engine.clans.clan import Clan
from render.clans import hut_markers as sprites
from render.clans.board_image import Extra, hut_group
from render.clans.layout import LONE_BADGE, ROW_A, ROW_D, Box, Layout, label_box
from render.clans.static import ICON_WIDTH

EXTRAS: tuple[Extra, ...] = (("", 0, False), ("total", 14, False), ("village", 17, False), ("pending", 0, False))
RING = 5
"""Half the width of the thickest ring drawn on a territory's outline (a village the last move founded): a
territory number keeps this far inside, so no ring crosses it."""


@cache
def item_outline(unit: int) -> tuple[tuple[int, int], ...]:
    """The convex hull (pixel corners, relative to the territory centre) of every pixel any group of items a
    territory can hold may paint, the large badge of a village left without huts included."""
    points: set[tuple[int, int]] = set()
    for n in range(1, 6):
        for clans in itertools.combinations(range(5), n):
            for count in (1, 12):
                huts = tuple(count if c in clans else 0 for c in range(5))
                for own in (None, Clan(clans[-1])):
                    for extra in EXTRAS:
                        for lost in ((), tuple(0 if h else 1 for h in huts)):
                            group, at = hut_group(unit, huts, own, extra, lost)
                            points.update(_rim(group.mask, at))
    badge = sprites.village_badge(17, False, large=True)
    w, h = badge.size
    points.update(_rim(badge.mask, (-(w // 2), round(LONE_BADGE * unit) - h // 2)))
    return tuple(hull(sorted(points)))


def _rim(mask: Image.Image, at: tuple[int, int]) -> list[tuple[int, int]]:
    """The outer corners of the first and last painted pixel of each row of ``mask`` placed at ``at``."""
    data, width = mask.tobytes(), mask.width
    found = []
    for y in range(mask.height):
        row = data[y * width : (y + 1) * width]
        left = width - len(row.lstrip(b"\0"))
        if left < width:
            right = len(row.rstrip(b"\0"))
            for x in (at[0] + left, at[0] + right):
                found += [(x, at[1] + y), (x, at[1] + y + 1)]
    return found


def hull(points: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The convex hull of sorted points, in order (Andrew's monotone chain)."""

    def cross(o: tuple[int, int], a: tuple[int, int], b: tuple[int, int]) -> int:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[tuple[int, int]] = []
    upper: list[tuple[int, int]] = []
    for p in points:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(points):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def glyph_box(scale: int) -> Box:
    """The terrain glyph's box (a glyph is ICON_WIDTH of the scale wide and half that tall)."""
    half_w, half_h = round(ICON_WIDTH * scale / 2), round(ICON_WIDTH * scale / 4)
    y = round(ROW_D * scale)
    return (-half_w, y - half_h, half_w, y + half_h)


def number_box(scale: int, tid: int) -> Box:
    """The territory number's ink, relative to the territory centre."""
    return label_box((0, round(ROW_A * scale)), tid)


def room(layout: Layout, tid: int) -> tuple[float, float]:
    """How far (px) the contents of ``tid`` keep inside its outline: every pixel its items may paint and its
    glyph, and its number less the ring's half width (negative: they cross it)."""
    polygon = layout.polygon(tid)
    x, y = layout.center(tid)
    items = [(float(x + px), float(y + py)) for px, py in item_outline(layout.unit)]
    items += _corners(glyph_box(layout.unit), x, y)
    return _inside(items, polygon), _inside(_corners(number_box(layout.unit, tid), x, y), polygon) - RING


def _corners(box: Box, x: int, y: int) -> list[tuple[float, float]]:
    return [(float(x + bx), float(y + by)) for bx in (box[0], box[2]) for by in (box[1], box[3])]


def _inside(points: list[tuple[float, float]], polygon: list[tuple[float, float]]) -> float:
    """The points' least distance inside the convex polygon's edges (negative: a point is outside)."""
    cx = sum(p[0] for p in polygon) / len(polygon)
    cy = sum(p[1] for p in polygon) / len(polygon)
    least = math.inf
    for k, a in enumerate(polygon):
        b = polygon[(k + 1) % len(polygon)]
        length = math.dist(a, b)
        if length < 1e-6:
            continue
        nx, ny = (b[1] - a[1]) / length, -(b[0] - a[0]) / length
        if nx * (cx - a[0]) + ny * (cy - a[1]) < 0:
            nx, ny = -nx, -ny
        least = min(least, *(nx * (px - a[0]) + ny * (py - a[1]) for px, py in points))
    return least


def overfull(layout: Layout) -> frozenset[int]:
    """The territories whose outline does not hold their contents (a pixel and a half of give for the items:
    a hex's own edge counts as inside, and centres are whole pixels)."""
    return frozenset(
        tid for tid in range(1, layout.board.size + 1) if (r := room(layout, tid))[0] < -1.5 or r[1] < -0.5
    )


def contents(layout: Layout) -> dict[str, object]:
    """These measures for ``layout``'s map as plain data (pixels around a territory's centre), as the printed map
    keeps them for its shape tool (data/clans/printed_map.json, geometry.contents)."""
    unit = layout.unit
    return {
        "scale": layout.scale,
        "ring": RING,
        "glyph": list(glyph_box(unit)),
        "items": [list(p) for p in item_outline(unit)],
        "numbers": {str(tid): list(number_box(unit, tid)) for tid in range(1, layout.board.size + 1)},
    }
