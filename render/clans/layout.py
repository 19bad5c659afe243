"""Pixel geometry of the images: where the map, each territory, each marker and each panel goes.

Phone first: Discord shows the image about 400 px wide on a phone, so the image is a portrait and the
map is turned a quarter turn (the 17.3 x 11 unit map stands 11 units wide), which makes every hex about
1.6 times larger than a landscape map of the same width. Inside a hex (flat-top once turned), four rows:

    A  the territory number
    B  the hut total in a dark pill, flanked by the 4th and 5th clan pips when a territory holds five clans
    C  up to three clan pips, each a shape in the clan colour with its count
    D  the terrain glyph, or the village badge

Tests use these constants and functions to know where to look and how tall the type is, so the renderer
draws from them too. ``PHONE_WIDTH`` is the width the phone checks scale to.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from engine.clans.board import Board, load_board
from engine.clans.clan import Clan

Px = tuple[int, int]
Box = tuple[int, int, int, int]
"""left, top, right, bottom (right/bottom exclusive)."""

PHONE_WIDTH = 400
WIDTH = 840
MARGIN = 10
MAP_HEIGHT = 1288
PANEL_TOP = MAP_HEIGHT
HEIGHT = 1716
SIZE = (WIDTH, HEIGHT)

MAP_BOX: Box = (0, 0, WIDTH, MAP_HEIGHT)
PANEL_BOX: Box = (8, MAP_HEIGHT, WIDTH - 8, HEIGHT - 8)
BLOCK_W = PANEL_BOX[2] - PANEL_BOX[0] - 16
"""Width of every block in the panel below the map."""
TURN_AT: Px = (PANEL_BOX[0] + 8, PANEL_BOX[1] + 6)
TURN_H = 84
EPOCH_AT: Px = (TURN_AT[0], TURN_AT[1] + TURN_H)
EPOCH_H = 48
SCORES_AT: Px = (TURN_AT[0], EPOCH_AT[1] + EPOCH_H)
SCORES_H = 56
PLAYERS_AT: Px = (TURN_AT[0], SCORES_AT[1] + SCORES_H + 4)
PLAYERS_H = 84
CHART_AT: Px = (TURN_AT[0], PLAYERS_AT[1] + PLAYERS_H + 4)
CHART_H = 62
LEGEND_AT: Px = (TURN_AT[0], CHART_AT[1] + CHART_H + 4)
LEGEND_H = HEIGHT - 14 - LEGEND_AT[1]

# Type sizes (px at full size). DejaVu Sans Bold digits and capitals are 0.73 of the size tall.
NUMBER_SIZE = 40
TOTAL_SIZE = 38
PIP_COUNT_SIZE = 22
KEY_SIZE = 28
"""The panel's key facts: move, whose turn, the epoch, clan scores."""
DIGIT_HEIGHT = 0.729
"""Height of a digit or capital of the shipped Latin font, as a fraction of the font size."""

PIP = 28
"""A clan pip: a shape in the clan colour, this many px across, with the clan's hut count on it."""
PIP_GAP = 3
TOTAL_H = 36
ROW_A = -0.58
ROW_B = -0.12
ROW_C = 0.30
ROW_D = 0.68
"""Row centres as a fraction of the hex radius below the territory centre."""

MARKER_W = PIP
MARKER_H = PIP
ARROW_END = 0.52
"""The last-move arrow runs from the source centre this fraction of the way to the destination centre."""


@dataclass(frozen=True)
class Layout:
    board: Board

    @cached_property
    def scale(self) -> int:
        """Pixels per map unit (the hex radius in pixels)."""
        return int(min((WIDTH - 2 * MARGIN) / self.board.height, (MAP_HEIGHT - 2 * MARGIN) / self.board.width))

    @cached_property
    def origin(self) -> tuple[float, float]:
        return (
            (WIDTH - self.board.height * self.scale) / 2,
            (MAP_HEIGHT - self.board.width * self.scale) / 2,
        )

    def point(self, p: tuple[float, float]) -> tuple[float, float]:
        """A map point (units, x right and y down on the landscape map) in pixels, turned a quarter turn
        clockwise: the map's left edge becomes the image's top."""
        ox, oy = self.origin
        return (ox + (self.board.height - p[1]) * self.scale, oy + p[0] * self.scale)

    def polygon(self, tid: int) -> list[tuple[float, float]]:
        return [self.point(p) for p in self.board.territory(tid).polygon]

    def center(self, tid: int) -> Px:
        x, y = self.point(self.board.territory(tid).center)
        return (round(x), round(y))

    def row(self, tid: int, fraction: float) -> Px:
        cx, cy = self.center(tid)
        return (cx, cy + round(fraction * self.scale))

    def label(self, tid: int) -> Px:
        """Centre of the territory number (row A)."""
        return self.row(tid, ROW_A)

    def total_position(self, tid: int) -> Px:
        """Centre of the hut total (row B)."""
        return self.row(tid, ROW_B)

    def icon_position(self, tid: int) -> Px:
        """Centre of the terrain glyph (row D)."""
        return self.row(tid, ROW_D)

    def hex_box(self, tid: int) -> Box:
        xs = [x for x, _ in self.polygon(tid)]
        ys = [y for _, y in self.polygon(tid)]
        return (int(min(xs)), int(min(ys)), int(max(xs)) + 2, int(max(ys)) + 2)

    def marker_slots(self, n: int, total: int = 10) -> list[tuple[int, int]]:
        return marker_slots(self.scale, n, total)

    def hut_marker_positions(self, huts: Sequence[int], tid: int) -> list[tuple[Clan, Px]]:
        """The centre of each clan pip drawn in ``tid`` for its huts per clan, in clan order."""
        present = [Clan(c) for c, n in enumerate(huts) if n]
        cx, cy = self.center(tid)
        slots = self.marker_slots(len(present), sum(huts))
        return [(clan, (cx + dx, cy + dy)) for clan, (dx, dy) in zip(present, slots, strict=True)]

    def badge_position(self, tid: int, has_huts: bool) -> Px:
        """Centre of the village badge: in row D when huts are shown, else in the middle."""
        return self.row(tid, ROW_D if has_huts else 0.12)

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


def marker_slots(scale: int, n: int, total: int = 10) -> list[tuple[int, int]]:
    """Offsets from the territory centre of ``n`` clan pips (1..5) in a hex of radius ``scale``: up to
    three in row C, then one each side of the total in row B."""
    step = PIP + PIP_GAP
    c, b = round(ROW_C * scale), round(ROW_B * scale)
    first = min(n, 3)
    slots = [(round((i - (first - 1) / 2) * step), c) for i in range(first)]
    flank = total_width(total) // 2 + PIP_GAP + PIP // 2
    for i in range(n - first):
        slots.append((-flank if i == 0 else flank, b))
    return slots


def total_width(total: int) -> int:
    """Width of the hut-total pill: a circle for one digit, a pill for two."""
    return TOTAL_H if total < 10 else TOTAL_H + 18


def pip_count_size(count: int) -> int:
    """Type size of the count on a clan pip (two digits a little smaller, to stay inside the shape)."""
    return PIP_COUNT_SIZE if count < 10 else PIP_COUNT_SIZE - 3


def phone_px(full_px: float) -> float:
    """A length on the full-size image as it is on a phone, where the image is PHONE_WIDTH px wide."""
    return full_px * PHONE_WIDTH / WIDTH
