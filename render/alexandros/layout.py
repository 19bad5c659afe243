"""Pixel geometry of the Alexandros board image: where the map, every space's number and symbol, every point
and every side go.

Phone first, as the Clans board: Discord shows an image about 400 px wide on a phone, so the image is drawn
800 px wide (halved on a phone) and the map stands upright, turned a quarter turn clockwise (Macedonia at the
top, India at the bottom, north to the right): the 11.5 x 6.9 triangle-side map then stands 6.9 sides wide,
which makes every triangle 1.65 times larger than a landscape map of the same width. After the turn every
triangle has one upright side (its base) and points left or right; its content sits in a column near the base,
where the triangle is tallest: the space number on top, the symbol (or the guard holding it) below.

Only symbol spaces carry a number: every menu names a space by it (destinations, occupations, take-overs,
taxes, take-backs), and open spaces are never named. Tests measure the type with these constants, so the
renderer draws from them too.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from engine.alexandros import Board
from render.fonts import bold

Px = tuple[float, float]

PHONE_WIDTH = 400
WIDTH = 800
MARGIN = 34
"""Wide enough for a marker or Alexander's star on a point of the map's edge."""
HEADER_ROW = 46
"""One player per row in the header, then a row of walls, face-up cards and supply."""
HEADER_PAD = 10

NUMBER_SIZE = 23
"""Space numbers; DejaVu Sans Bold digits are 0.73 of the size tall: 16.8 px, 8.4 px on a phone."""
REGION_SIZE = 22
HALO = 2
"""The rim in the ground's colour around every letter and digit of the map, in px (render/alexandros/labels.py)."""
NAME_SIZE = 26
NAME_MIN_SIZE = 19
"""A long name is drawn smaller, down to this size, before it is ever shortened."""
INFO_SIZE = 24
TAG_SIZE = 28
"""Tax tags, destination letters and path labels."""
DIGIT_HEIGHT = 0.729

ICON = 0.32
"""A symbol icon's height, in triangle sides."""
GUARD = 0.44
"""A guard figure's size, in triangle sides."""
STAR = 0.30
"""Alexander's star radius, in triangle sides."""
MARKER = 0.21
"""A destination marker's radius, in triangle sides."""
WALL = 0.11
"""A wall's thickness, in triangle sides."""
COLUMN = 0.31
"""The content column's distance from the base, as a fraction of the triangle's height."""
NUMBER_DY = -0.18
ICON_DY = 0.135
"""The number's and the symbol's centres above and below the base's middle, in triangle sides."""


KEY_SIZE = 26
"""The key's type: its digits and capitals are 9.5 px tall on a phone."""
KEY_ROW = 36
KEY_ROWS = 3
KEY_PAD = 10
KEY_H = 2 * KEY_PAD + KEY_ROW * KEY_ROWS
"""The key below the map: what a wash, a tax tag, a dotted, black or red wall and the star mean."""


def header_height(players: int) -> int:
    return HEADER_PAD * 2 + HEADER_ROW * (players + 1)


def image_height(board: Board, players: int) -> int:
    """The whole image: the header, the map and the key below it."""
    return board_frame(board, players).height + KEY_H


def board_frame(board: Board, players: int) -> Frame:
    """The frame of the whole image: the map below the header."""
    return Frame(board, header_height(players) + MARGIN)


@dataclass(frozen=True)
class Frame:
    """Board units (one triangle side) to pixels of the full-size image, the map turned upright."""

    board: Board
    top: int
    """Where the map's top margin ends: the header's height and the margin."""

    @property
    def unit(self) -> float:
        return (WIDTH - 2 * MARGIN) / self.board.height

    @property
    def height(self) -> int:
        return round(self.top + self.board.width * self.unit + MARGIN)

    def xy(self, point: tuple[float, float]) -> Px:
        x, y = point
        return (MARGIN + (self.board.height - y) * self.unit, self.top + x * self.unit)

    def point(self, index: int) -> Px:
        return self.xy(self.board.points[index])


@dataclass(frozen=True)
class Slots:
    """Where one space's things go: its number, its symbol or guard, and its tax tag (its centroid)."""

    number: Px
    icon: Px
    centre: Px


def space_slots(frame: Frame, space: int) -> Slots:
    board = frame.board
    corners = [frame.point(p) for p in board.space_points[space]]
    centre = (sum(x for x, _ in corners) / 3, sum(y for _, y in corners) / 3)
    # The base is the upright side: the two corners with (about) the same x.
    pairs = [(a, b) for i, a in enumerate(corners) for b in corners[i + 1 :]]
    base = min(pairs, key=lambda ab: abs(ab[0][0] - ab[1][0]))
    apex = next(c for c in corners if c not in base)
    bx, by = (base[0][0] + base[1][0]) / 2, (base[0][1] + base[1][1]) / 2
    x = bx + (apex[0] - bx) * COLUMN
    u = frame.unit
    return Slots(number=(x, by + NUMBER_DY * u), icon=(x, by + ICON_DY * u), centre=centre)


Box = tuple[float, float, float, float]


def number_box(at: Px, text: str) -> Box:
    """The ink box of a space number drawn centred on ``at``."""
    left, top, right, bottom = bold(NUMBER_SIZE).getbbox(text, anchor="mm")
    return (at[0] + left, at[1] + top, at[0] + right, at[1] + bottom)


def guard_reach(frame: Frame, icon: Px) -> tuple[int, int, int, int]:
    """The box a guard standing on a symbol at ``icon`` covers (the sprite's, in whole px)."""
    size = round(GUARD * frame.unit)
    left, top = round(icon[0] - size / 2), round(icon[1] - size / 2)
    return (left, top, left + size, top + size)


NUDGES = sorted(
    ((dx, dy) for dx in range(-16, 17) for dy in range(-8, 9)), key=lambda d: (abs(d[0]) + abs(d[1]), abs(d[1]))
)
"""The shifts a space number may take, least first, to keep clear of the guards on the spaces around it."""


@cache
def all_slots(frame: Frame) -> tuple[Slots, ...]:
    """Every space's slots; a number that a guard on a neighbouring space would cover is nudged clear of every
    guard's reach (a few px), its halo too, so no guard ever covers a space number."""
    slots = [space_slots(frame, s) for s in range(frame.board.space_count)]
    symbols = [s for s in range(frame.board.space_count) if frame.board.symbol[s] is not None]
    reach = [guard_reach(frame, slots[s].icon) for s in symbols]
    for space in symbols:
        x, y = slots[space].number
        for dx, dy in NUDGES:
            left, top, right, bottom = number_box((x + dx, y + dy), str(space))
            box = (left - HALO, top - HALO, right + HALO, bottom + HALO)
            if not any(_overlaps(box, guard) for guard in reach):
                slots[space] = Slots((x + dx, y + dy), slots[space].icon, slots[space].centre)
                break
    return tuple(slots)


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def phone_px(full: float) -> float:
    """A full-size length as a phone shows it."""
    return full * PHONE_WIDTH / WIDTH


def side_ends(frame: Frame, side: int) -> tuple[Px, Px]:
    a, b = frame.board.sides[side]
    return frame.point(a), frame.point(b)


def offset_towards(a: Px, b: Px, target: Px, by: float) -> tuple[Px, Px]:
    """The segment a-b moved ``by`` px perpendicular to itself, towards ``target``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length, dx / length
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    if (target[0] - mx) * nx + (target[1] - my) * ny < 0:
        nx, ny = -nx, -ny
    return (a[0] + nx * by, a[1] + ny * by), (b[0] + nx * by, b[1] + ny * by)
