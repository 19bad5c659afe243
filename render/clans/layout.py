"""Pixel geometry of the images: where the map, each territory, each marker and each panel goes.

Phone first: Discord shows the image about 400 px wide on a phone, so the image is a portrait and the
map is turned a quarter turn (the 17.3 x 11 unit map stands 11 units wide), which makes every hex about
1.6 times larger than a landscape map of the same width. A hex (flat-top once turned) is then about 70 px
wide on a phone, and every number in it is set as tall as the territory number (about 14 px there):

    the territory number on top;
    below it the items: one clan pip per clan (its shape in its colour, its count on it), and as the second
    item the hut total (two to four clans), the village badge (its value) or the "?" of a village awaiting
    its order; strife's "−n" after them. Up to three stand in one row, four or five in rows of three and
    one or two; six (rare) in two smaller rows of three;
    the terrain glyph at the bottom, on the static map, hidden under the items of a crowded territory.

A move is marked on the territory its huts left (empty after it): a pink tag with the move's number in the middle,
its arrow to the shared edge, both placed clear of every number and item (render/clans/placing.py).

Tests use these constants and functions to know where to look and how tall the type is, so the renderer
draws from them too. ``PHONE_WIDTH`` is the width the phone checks scale to.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache

from engine.clans.board import Board, load_board
from engine.clans.clan import Clan
from render.fonts import bold

Px = tuple[int, int]
Box = tuple[int, int, int, int]
"""left, top, right, bottom (right/bottom exclusive)."""

PHONE_WIDTH = 400
WIDTH = 840
MARGIN = 10
MAP_HEIGHT = 1285
HEIGHT = 1764

MAP_BOX: Box = (0, 0, WIDTH, MAP_HEIGHT)
PANEL_BOX: Box = (8, MAP_HEIGHT, WIDTH - 8, HEIGHT - 8)
BLOCK_W = PANEL_BOX[2] - PANEL_BOX[0] - 16
"""Width of every block in the panel below the map."""
TURN_AT: Px = (PANEL_BOX[0] + 8, PANEL_BOX[1] + 6)
TURN_H = 80
EPOCH_AT: Px = (TURN_AT[0], TURN_AT[1] + TURN_H)
EPOCH_H = 48
SCORES_AT: Px = (TURN_AT[0], EPOCH_AT[1] + EPOCH_H)
SCORES_H = 56
PLAYERS_AT: Px = (TURN_AT[0], SCORES_AT[1] + SCORES_H + 4)
PLAYERS_H = 80
CHART_AT: Px = (TURN_AT[0], PLAYERS_AT[1] + PLAYERS_H + 4)
CHART_H = 62
LEGEND_AT: Px = (TURN_AT[0], CHART_AT[1] + CHART_H + 4)
LEGEND_H = HEIGHT - 14 - LEGEND_AT[1]
LEGEND_ROWS = 4
"""The key: the terrains; the territory number and the hut total; the village and the move tag; lakes and
rivers."""
LEGEND_SIZE = 26
"""The key's type: its digits and capitals are 9 px tall on a phone."""

# Type sizes (px at full size). DejaVu Sans Bold digits and capitals are 0.73 of the size tall.
NUMBER_SIZE = 40
COUNT_SIZE = 40
"""Every number inside a territory (clan counts, hut totals, village values, move numbers): as tall as the
territory numbers, about 14 px on a phone."""
TOTAL_SIZE = COUNT_SIZE
PIP_COUNT_SIZE = COUNT_SIZE
KEY_SIZE = 28
"""The panel's key facts: move, whose turn, the epoch, clan scores."""
DIGIT_HEIGHT = 0.729
"""Height of a digit or capital of the shipped Latin font, as a fraction of the font size."""

PIP = 38
"""A clan pip: a shape in the clan colour, this many px across, with the clan's hut count on it."""
COMPACT_PIP = 30
"""The pips of the rare territory holding six items (five clans and a village badge, or strife's count)."""
COMPACT_SIZE = 30
TOTAL_H = PIP
ROW_A = -0.59
"""The territory number's centre as a fraction of the hex radius below the territory centre."""
ROW_D = 0.68
"""The terrain glyph (drawn on the static map, hidden under the items of a crowded territory)."""
ROW_ONE = 0.0
"""Up to three items (clan pips, the total or the village badge) stand in one row this far below the centre."""
LONE_BADGE = 0.06
"""The large village badge of a village left without huts, this far below the centre."""
ROW_1 = -0.096
ROW_2 = 0.44
"""Four or five items: three in the first row, the rest in the second."""
COLUMN = 0.534
"""Horizontal distance between items of a row of three, as a fraction of the hex radius."""
PAIR = 0.288

MARKER_W = PIP
MARKER_H = PIP
ARROW_END = 0.5
"""A move arrow runs from the source centre to the edge shared with the destination, where nothing is in its way."""
ARROW_HEAD = 22.0
ARROW_HALF = 13.0
"""The arrowhead's length and half width (px); its casing adds ARROW_CASING all round."""
ARROW_SHAFT = 7.0
"""Half the width of the arrow's shaft with its white casing."""
ARROW_CASING = 3.0
TAG_H = PIP + 2
"""The move tag: the move's number on a pink rectangle this tall, wider than tall."""

ITEM_UNIT = 73
"""Today's map's scale (its hex radius in pixels): the most an item step (``Layout.unit``) may be."""

Outline = tuple[tuple[float, float], ...]
"""A territory's outline around its centre, in units of the layout's scale (a hex's corners lie at 1)."""
HEX: Outline = tuple((math.cos(math.radians(a)), math.sin(math.radians(a))) for a in (0, 60, 120, 180, 240, 300))


@dataclass(frozen=True)
class Layout:
    board: Board

    @cached_property
    def scale(self) -> int:
        """Pixels per map unit (the hex radius in pixels)."""
        return int(min((WIDTH - 2 * MARGIN) / self.board.height, (MAP_HEIGHT - 2 * MARGIN) / self.board.width))

    @cached_property
    def unit(self) -> int:
        """Pixels per item step: the territory number's, the items' and the glyph's offsets from the centre are
        fractions of it. The scale, but never more than ITEM_UNIT: a map drawn larger (the printed map) spreads its
        items no further apart than today's map does."""
        return min(self.scale, ITEM_UNIT)

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
        return (cx, cy + round(fraction * self.unit))

    def label(self, tid: int) -> Px:
        """Centre of the territory number (row A)."""
        return self.row(tid, ROW_A)

    def total_position(self, tid: int, huts: Sequence[int] | None = None) -> Px:
        """Centre of the hut total (the item after the first clan pip)."""
        cx, cy = self.center(tid)
        present = sum(1 for n in huts if n) if huts is not None else 2
        dx, dy = item_slots(self.unit, present + 1)[1]
        return (cx + dx, cy + dy)

    def icon_position(self, tid: int) -> Px:
        """Centre of the terrain glyph (row D)."""
        return self.row(tid, ROW_D)

    def outline(self, tid: int) -> Outline:
        """The territory's outline around its centre in units of ``scale`` (a hex's corners lie at 1, and a
        hex comes out as the rings' own hexagon, so today's board draws as before)."""
        cx, cy = self.point(self.board.territory(tid).center)
        points = tuple((round((x - cx) / self.scale, 3), round((y - cy) / self.scale, 3)) for x, y in self.polygon(tid))
        if len(points) == 6 and all(abs(math.hypot(x, y) - 1) < 0.02 for x, y in points):
            return HEX
        return points

    def hex_box(self, tid: int) -> Box:
        xs = [x for x, _ in self.polygon(tid)]
        ys = [y for _, y in self.polygon(tid)]
        return (int(min(xs)), int(min(ys)), int(max(xs)) + 2, int(max(ys)) + 2)

    def hut_marker_positions(self, huts: Sequence[int], tid: int, extra: bool | None = None) -> list[tuple[Clan, Px]]:
        """The centre of each clan pip drawn in ``tid`` for its huts per clan, in clan order. ``extra``: whether
        a total or village badge stands among them (default: a total, shown for two to four clans); the
        board's own ``pip_centres`` knows about villages."""
        present = [Clan(c) for c, n in enumerate(huts) if n]
        cx, cy = self.center(tid)
        has_extra = shows_total(len(present)) if extra is None else extra
        slots = pip_slots(self.unit, len(present), has_extra)
        return [(clan, (cx + dx, cy + dy)) for clan, (dx, dy) in zip(present, slots, strict=True)]

    def badge_position(self, tid: int, has_huts: bool, present: int = 1) -> Px:
        """Centre of the village badge: among the clan pips when huts are shown, else a little below the middle
        (its roof clear of the territory number)."""
        cx, cy = self.center(tid)
        if not has_huts:
            return self.row(tid, LONE_BADGE)
        dx, dy = item_slots(self.unit, present + 1)[1]
        return (cx + dx, cy + dy)


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


def shows_total(present: int) -> bool:
    """The hut total is drawn beside the pips of two to four clans: one clan's count is the total, and five
    clans leave no room for it at the size the counts need on a phone."""
    return 2 <= present <= 4


def item_slots(scale: int, k: int) -> list[tuple[int, int]]:
    """Offsets from the territory centre of ``k`` items (clan pips, the total, a village badge) in a hex of
    radius ``scale``: one row for up to three, then three over one or two; six in two smaller rows."""
    col, pair = round(COLUMN * scale), round(PAIR * scale)
    one, r1, r2 = round(ROW_ONE * scale), round(ROW_1 * scale), round(ROW_2 * scale)
    rows: dict[int, list[tuple[int, int]]] = {
        0: [],
        1: [(0, one)],
        2: [(-pair, one), (pair, one)],
        3: [(-col, one), (0, one), (col, one)],
        4: [(-col, r1), (0, r1), (col, r1), (0, r2)],
        5: [(-col, r1), (0, r1), (col, r1), (-pair, r2), (pair, r2)],
    }
    if k in rows:
        return rows[k]
    c, a, b = round(0.44 * scale), round(-0.123 * scale), round(0.3 * scale)
    return [(-c, a), (0, a), (c, a), (-c, b), (0, b), (c, b)][:k]


def compact(k: int) -> bool:
    return k > 5


def pip_slots(scale: int, present: int, extra: bool) -> list[tuple[int, int]]:
    """Where the pips of ``present`` clans go; with ``extra`` the total or badge takes the second slot (the
    middle of a row of three)."""
    slots = item_slots(scale, present + int(extra))
    if extra:
        slots = [slots[0], *slots[2:]]
    return slots[:present]


def tag_width(number: int, height: int = TAG_H) -> int:
    """The move tag's width: room for its digits, and never less than half again its height (a rectangle, not a
    disc or a square)."""
    return max(round(height * 1.5), 20 + round(0.62 * COUNT_SIZE * len(str(number))))


@lru_cache(maxsize=256)
def label_box(center: Px, number: int) -> Box:
    """The ink of a territory number (without its halo) drawn at ``center`` as the static map draws it."""
    x, y = center
    baseline = y + round(NUMBER_SIZE * DIGIT_HEIGHT / 2)
    left, top, right, bottom = bold(NUMBER_SIZE).getbbox(str(number), anchor="ms")
    return (round(x + left), round(baseline + top), round(x + right), round(baseline + bottom))


def total_width(total: int) -> int:
    """Width of the hut-total pill: a circle for one digit, a little wider for two."""
    return TOTAL_H if total < 10 else TOTAL_H + 2


def pip_count_size(count: int) -> int:
    """Type size of the count on a clan pip: two digits keep the height and are drawn narrower instead."""
    return PIP_COUNT_SIZE


def phone_px(full_px: float) -> float:
    """A length on the full-size image as it is on a phone, where the image is PHONE_WIDTH px wide."""
    return full_px * PHONE_WIDTH / WIDTH
