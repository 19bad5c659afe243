"""Pixel geometry of the images: where the map, each territory, each marker and each panel goes.

Tests use these functions to know where to look for pixels, so the renderer draws from them too.
Sizes are tuned for the shipped map (engine/data/map.json): a 17.3 x 11 unit grid of pointy-top hexes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from engine.board import Board, load_board
from engine.clans import Clan

Px = tuple[int, int]
Box = tuple[int, int, int, int]
"""left, top, right, bottom (right/bottom exclusive)."""

WIDTH = 1200
HEIGHT = 900
SIZE = (WIDTH, HEIGHT)

MAP_BOX: Box = (0, 0, WIDTH, 740)
EPOCH_BOX: Box = (8, 744, 836, 894)
SIDE_BOX: Box = (846, 644, 1194, 894)
LEGEND_BOX: Box = (950, 8, 1194, 98)

MARKER_W = 34
MARKER_H = 24
"""A hut marker: a rounded tag in the clan colour with its letter and the hut count."""
ARROW_END = 0.52
"""The last-move arrow runs from the source centre this fraction of the way to the destination centre."""


@dataclass(frozen=True)
class Layout:
    board: Board

    @cached_property
    def scale(self) -> int:
        """Pixels per map unit (the hex radius in pixels)."""
        left, top, right, bottom = MAP_BOX
        return int(min((right - left - 24) / self.board.width, (bottom - top - 12) / self.board.height))

    @cached_property
    def origin(self) -> tuple[float, float]:
        left, top, right, bottom = MAP_BOX
        return (
            left + (right - left - self.board.width * self.scale) / 2,
            top + (bottom - top - self.board.height * self.scale) / 2,
        )

    def point(self, p: tuple[float, float]) -> tuple[float, float]:
        """A map point (units) in pixels."""
        ox, oy = self.origin
        return (ox + p[0] * self.scale, oy + p[1] * self.scale)

    def polygon(self, tid: int) -> list[tuple[float, float]]:
        return [self.point(p) for p in self.board.territory(tid).polygon]

    def center(self, tid: int) -> Px:
        x, y = self.point(self.board.territory(tid).center)
        return (round(x), round(y))

    def label(self, tid: int) -> Px:
        x, y = self.point(self.board.territory(tid).label)
        return (round(x), round(y) - 1)

    def hex_box(self, tid: int) -> Box:
        xs = [x for x, _ in self.polygon(tid)]
        ys = [y for _, y in self.polygon(tid)]
        return (int(min(xs)), int(min(ys)), int(max(xs)) + 2, int(max(ys)) + 2)

    def marker_slots(self, n: int) -> list[tuple[int, int]]:
        """Offsets from the territory centre of ``n`` hut markers (1..5): a row of up to three, then two."""
        r = self.scale
        row_a, row_b = round(0.06 * r), round(0.46 * r)
        wide, narrow = round(0.54 * r), round(0.28 * r)
        rows: dict[int, list[tuple[int, int]]] = {
            0: [],
            1: [(0, row_a)],
            2: [(-narrow, row_a), (narrow, row_a)],
            3: [(-wide, row_a), (0, row_a), (wide, row_a)],
            4: [(-narrow, row_a), (narrow, row_a), (-narrow, row_b), (narrow, row_b)],
            5: [(-wide, row_a), (0, row_a), (wide, row_a), (-narrow, row_b), (narrow, row_b)],
        }
        return rows[n]

    def hut_marker_positions(self, huts: Sequence[int], tid: int) -> list[tuple[Clan, Px]]:
        """The centre of each marker drawn in ``tid`` for its huts per clan, in clan order."""
        present = [Clan(c) for c, n in enumerate(huts) if n]
        cx, cy = self.center(tid)
        slots = self.marker_slots(len(present))
        return [(clan, (cx + dx, cy + dy)) for clan, (dx, dy) in zip(present, slots, strict=True)]

    def badge_position(self, tid: int, has_huts: bool) -> Px:
        """Centre of the village badge: beside the number when huts are shown, else in the middle."""
        cx, cy = self.center(tid)
        if has_huts:
            return (cx + round(0.56 * self.scale), cy - round(0.40 * self.scale))
        return (cx, cy + round(0.1 * self.scale))

    def arrow(self, src: int, dst: int) -> tuple[Px, Px]:
        """Start and tip of the last-move arrow."""
        (x0, y0), (x1, y1) = self.center(src), self.center(dst)
        return (x0, y0), (round(x0 + (x1 - x0) * ARROW_END), round(y0 + (y1 - y0) * ARROW_END))


_LAYOUTS: dict[int, tuple[Board, Layout]] = {}


def layout_for(board: Board | None = None) -> Layout:
    """The layout of ``board`` (default: the shipped map), made once per process."""
    board = board or load_board()
    entry = _LAYOUTS.get(id(board))
    if entry is None or entry[0] is not board:
        entry = (board, Layout(board))
        _LAYOUTS[id(board)] = entry
    return entry[1]


def territory_center(tid: int, board: Board | None = None) -> Px:
    return layout_for(board).center(tid)


def hut_marker_positions(huts: Sequence[int], tid: int, board: Board | None = None) -> list[tuple[Clan, Px]]:
    return layout_for(board).hut_marker_positions(huts, tid)
