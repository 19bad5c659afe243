"""Where a move's tag and arrow go, so that no mark covers another's number.

Every territory number (its digits' ink), every item of a territory (clan pip, hut total, village badge, the "?"
of a village awaiting its order, strife's count) and every move tag is a box that nothing may cover. A move's tag
goes in the middle of the territory the huts left (empty after the move, so free), else the nearest free spot
there; its arrow runs from the tag to the edge shared with the destination when that way is free, else side by
side with it, past the numbers (a move straight up would cross the source's own number), else it is a short
pointer. The board draws what ``place_moves`` decides; tests check the same boxes and the pixels.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from engine.clans.moves import Move
from render.clans.layout import (
    ARROW_CASING,
    ARROW_END,
    ARROW_HALF,
    ARROW_HEAD,
    ARROW_SHAFT,
    TAG_H,
    Box,
    Layout,
    Px,
    tag_width,
)

Point = tuple[float, float]
Polygon = tuple[Point, ...]


@dataclass(frozen=True)
class Placed:
    """A mark on the map and the box it covers: a territory's number or item, a move tag, or an arrow (with
    its outline, convex pieces, since its box is loose)."""

    kind: str
    """"number", "pip", "total", "village", "pending", "strife", "tag" or "arrow"."""
    territory: int
    box: Box
    outline: tuple[Polygon, ...] = ()

    def covers(self, box: Box) -> bool:
        if not overlaps(self.box, box):
            return False
        return not self.outline or any(convex_overlaps_box(piece, box) for piece in self.outline)


@dataclass(frozen=True)
class Route:
    """A move arrow: from ``start`` (under its tag) to ``tip``, with a head ``head`` px long."""

    start: Px
    tip: Px
    head: float


@dataclass(frozen=True)
class MoveMark:
    number: int
    move: Move
    tag: Box
    route: Route | None
    """None when no arrow fits: the tag alone marks the move (never seen on the gallery's or random boards)."""

    @property
    def tag_centre(self) -> Px:
        return ((self.tag[0] + self.tag[2]) // 2, (self.tag[1] + self.tag[3]) // 2)


def overlaps(a: Box, b: Box) -> bool:
    """Whether two boxes (right and bottom exclusive) share a pixel."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def convex_overlaps_box(polygon: Polygon, box: Box) -> bool:
    """Whether a convex polygon and a box overlap (separating axes: the box's two and the polygon's edges')."""
    left, top, right, bottom = box
    corners = ((left, top), (right, top), (right, bottom), (left, bottom))
    if max(x for x, _ in polygon) <= left or min(x for x, _ in polygon) >= right:
        return False
    if max(y for _, y in polygon) <= top or min(y for _, y in polygon) >= bottom:
        return False
    for (ax, ay), (bx, by) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        nx, ny = ay - by, bx - ax
        own = [nx * x + ny * y for x, y in polygon]
        other = [nx * x + ny * y for x, y in corners]
        if max(own) <= min(other) or max(other) <= min(own):
            return False
    return True


def arrow_outline(route: Route) -> tuple[Polygon, ...]:
    """What an arrow covers, casing included: its shaft, its head and the disc at its tail (as an octagon)."""
    (x0, y0), (x1, y1) = route.start, route.tip
    length = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    nx, ny = -uy, ux
    c = ARROW_CASING
    half = ARROW_HALF * route.head / ARROW_HEAD + c
    bx, by = x1 - ux * route.head, y1 - uy * route.head
    w = ARROW_SHAFT
    shaft = (
        (x0 + nx * w, y0 + ny * w),
        (bx + nx * w, by + ny * w),
        (bx - nx * w, by - ny * w),
        (x0 - nx * w, y0 - ny * w),
    )
    head = (
        (x1 + ux * c * 1.8, y1 + uy * c * 1.8),
        (bx + nx * half - ux * c, by + ny * half - uy * c),
        (bx - nx * half - ux * c, by - ny * half - uy * c),
    )
    tail = tuple((x0 + w * math.cos(k * math.pi / 4), y0 + w * math.sin(k * math.pi / 4)) for k in range(8))
    return (shaft, head, tail)


def arrow_placed(territory: int, route: Route) -> Placed:
    outline = arrow_outline(route)
    xs = [x for piece in outline for x, _ in piece]
    ys = [y for piece in outline for _, y in piece]
    box = (math.floor(min(xs)), math.floor(min(ys)), math.ceil(max(xs)) + 1, math.ceil(max(ys)) + 1)
    return Placed("arrow", territory, box, outline)


def _tag_box(centre: Px, number: int) -> Box:
    w, h = tag_width(number), TAG_H
    x, y = centre
    return (x - w // 2, y - h // 2, x - w // 2 + w, y - h // 2 + h)


def _tag_spots(layout: Layout, territory: int) -> list[Px]:
    """The middle of the territory first, then ever farther from it (never up: the number is there)."""
    cx, cy = layout.center(territory)
    steps = [(0, 0), (0, 10), (0, 20), (0, 30), (-14, 10), (14, 10), (-22, 24), (22, 24), (0, 40)]
    return [(cx + dx, cy + dy) for dx, dy in steps]


def _routes(layout: Layout, move: Move, tag: Px) -> list[Route]:
    """The arrows that may show ``move``, best first: from the tag straight to the shared edge; the same way
    shifted sideways, up to a little over a third of the territory's width (past the source's number on a move
    straight up); then shorter pointers."""
    (sx, sy), (dx, dy) = layout.center(move.src), layout.center(move.dst)
    distance = math.hypot(dx - sx, dy - sy)
    ux, uy = (dx - sx) / distance, (dy - sy) / distance
    nx, ny = -uy, ux
    routes: list[Route] = []
    lanes = [0, 10, -10, 20, -20, 28, -28, 34, -34, 38, -38, 42, -42]
    for head in (ARROW_HEAD, ARROW_HEAD * 0.75):
        for lane in lanes:
            for depth in (ARROW_END, ARROW_END + 0.06, ARROW_END - 0.05, ARROW_END + 0.12):
                start = (tag[0] + nx * lane, tag[1] + ny * lane)
                tip = (sx + ux * distance * depth + nx * lane, sy + uy * distance * depth + ny * lane)
                routes.append(Route((round(start[0]), round(start[1])), (round(tip[0]), round(tip[1])), head))
    for reach in (0.42, 0.36):  # a pointer out of the tag
        tip = (tag[0] + ux * distance * reach, tag[1] + uy * distance * reach)
        routes.append(Route(tag, (round(tip[0]), round(tip[1])), ARROW_HEAD * 0.6))
    return [r for r in routes if math.dist(r.start, r.tip) > r.head + 4]


def place_moves(layout: Layout, moves: Sequence[tuple[int, Move]], taken: Sequence[Placed]) -> list[MoveMark]:
    """A tag and an arrow for each of ``moves`` (in order: an earlier move's marks are in a later one's way),
    clear of ``taken`` (the numbers and items of the board) and of each other's tags."""
    placed: list[Placed] = list(taken)
    marks: list[MoveMark] = []
    for number, move in moves:
        near = _near(layout, move, placed)
        spots = [_tag_box(spot, number) for spot in _tag_spots(layout, move.src)]
        tag = next((box for box in spots if not any(p.covers(box) for p in near)), spots[0])
        centre = ((tag[0] + tag[2]) // 2, (tag[1] + tag[3]) // 2)
        route = next((r for r in _routes(layout, move, centre) if _clear(r, near)), None)
        placed.append(Placed("tag", move.src, tag))
        if route is not None:
            placed.append(arrow_placed(move.src, route))
        marks.append(MoveMark(number, move, tag, route))
    return marks


def _near(layout: Layout, move: Move, placed: Sequence[Placed]) -> list[Placed]:
    """What lies within reach of a move's marks: around its source and destination (a hex and a half)."""
    (sx, sy), (dx, dy) = layout.center(move.src), layout.center(move.dst)
    reach = round(layout.scale * 1.6)
    area = (min(sx, dx) - reach, min(sy, dy) - reach, max(sx, dx) + reach, max(sy, dy) + reach)
    return [p for p in placed if overlaps(p.box, area)]


def _clear(route: Route, placed: Sequence[Placed]) -> bool:
    """Whether the arrow covers nothing in ``placed`` but arrows (which may cross)."""
    arrow = arrow_placed(0, route)
    for other in placed:
        if other.kind != "arrow" and overlaps(arrow.box, other.box) and arrow.covers(other.box):
            return False
    return True
