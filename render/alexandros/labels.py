"""The words and numbers on the map: the region names and the symbol spaces' numbers, drawn after everything
that may run across them (province washes and outlines, walls, candidate wall paths) and before the marks that
keep off them by placement (guards, tax tags, path labels; overlays.py). Each glyph stands on a rim (HALO px)
of the ground it is written on, so that a wall or a path passing under a label shows on either side of it and
never through a letter or a digit: the names on sand, as the open spaces they sit on; a number on its space's
tint, washed in the owner's colour when the space lies in an owned province, so that its rim shows only where
something passes under it. Only Alexander's star and the destination markers, drawn last on the points so that
nothing ever covers them, may stand over a label.

A name goes where it crosses the fewest sides and points (a wall or a marker may come there), so its rim seldom
breaks a wall. The names and the numbers are sprites cached per board (and language): a render pastes them.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from engine.alexandros import Board, PublicView
from render.alexandros import palette as pal
from render.alexandros.layout import HALO, NUMBER_SIZE, REGION_SIZE, Frame, Px, all_slots
from render.alexandros.overlays import owners
from render.alexandros.static import Box, map_frame, map_layers, space_label
from render.fonts import bold
from texts import texts
from texts.alexandros.names import region_name


def draw_labels(image: Image.Image, view: PublicView, lang: str, top: int) -> None:
    """Paste every space number, on the ground of its space as ``view`` washes it, then every region name in
    ``lang``; ``top`` is where the map starts on ``image``."""
    owner = owners(view)
    for number in space_numbers(view.board):
        sprite = number.sprites[owner.get(view.province[number.space])]
        image.paste(sprite, (number.at[0], number.at[1] + top), sprite)
    for region in region_names(view.board, lang):
        image.paste(region.sprite, (region.at[0], region.at[1] + top), region.sprite)


@dataclass(frozen=True)
class SpaceNumber:
    space: int
    at: tuple[int, int]
    """Where the sprites' corner goes on the map."""
    sprites: Mapping[int | None, Image.Image]
    """RGBA, by the seat whose wash the space wears (None: unowned): the digits on a halo of that ground."""


@cache
def space_numbers(board: Board) -> tuple[SpaceNumber, ...]:
    """Every symbol space's number, centred where layout.all_slots puts it (clear of every guard)."""
    slots = all_slots(map_frame(board))
    font = bold(NUMBER_SIZE)
    numbers = []
    for space, symbol in enumerate(board.symbol):
        if symbol is None:
            continue
        text = space_label(space)
        x, y = slots[space].number
        left, upper, right, lower = font.getbbox(text, anchor="mm", stroke_width=HALO)
        corner = (math.floor(x + left) - 1, math.floor(y + upper) - 1)
        size = (math.ceil(x + right) + 1 - corner[0], math.ceil(y + lower) + 1 - corner[1])
        tint = pal.SYMBOL_COLOURS[symbol]
        grounds: dict[int | None, pal.RGB] = {None: tint}
        grounds.update({seat: pal.washed(tint, seat) for seat in range(len(pal.PLAYER_COLOURS))})
        sprites = {}
        for seat, ground in grounds.items():
            sprite = Image.new("RGBA", size, (0, 0, 0, 0))
            ImageDraw.Draw(sprite).text(
                (x - corner[0], y - corner[1]),
                text,
                font=font,
                fill=(*pal.NUMBER_INK, 255),
                anchor="mm",
                stroke_width=HALO,
                stroke_fill=(*ground, 255),
            )
            sprites[seat] = sprite
        numbers.append(SpaceNumber(space, corner, sprites))
    return tuple(numbers)


@dataclass(frozen=True)
class RegionName:
    sprite: Image.Image
    """RGBA: the name's letters on a clear ground."""
    at: tuple[int, int]
    """Where the sprite's corner goes on the map."""
    box: Box
    """The name's box on the map (tax tags keep off it)."""


@cache
def region_names(board: Board, lang: str) -> tuple[RegionName, ...]:
    """Each region's name, in capitals, over open spaces of that region, clear of every number and icon (two
    lines when one does not fit): where it crosses the fewest sides and points (a wall or a marker may come
    there), then nearest the region's middle."""
    t = texts(lang)
    frame = map_frame(board)
    layers = map_layers(board)
    spaces, content = layers.spaces, list(layers.content)
    font = bold(REGION_SIZE)
    placed: list[Box] = []
    names: list[RegionName] = []
    segments = [(frame.point(a), frame.point(b)) for a, b in board.sides]
    for region in sorted(set(board.region)):
        if not region:
            continue
        members = [s for s, r in enumerate(board.region) if r == region]
        name = region_name(t, region).upper()
        points = {frame.point(p) for s in members for p in board.space_points[s]}
        mid = (sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points))
        spots = sorted(points | {_centre(frame, board, s) for s in members})
        shifts = [(dx * frame.unit, dy * frame.unit) for dx in (-0.5, -0.25, 0, 0.25, 0.5) for dy in (-0.25, 0, 0.25)]
        spots = [(x + dx, y + dy) for x, y in spots for dx, dy in shifts]
        layouts = [name] + ([name.replace(" ", "\n", 1)] if " " in name else [])
        best: tuple[float, Px, str, Box] | None = None
        for sea, text in [(sea, text) for sea in (0, 1, 2) for text in layouts]:
            if best is not None:
                break  # over the sea, then over neighbours, only where the region's own spaces leave no room
            for at in spots:
                box = _text_box(at, text, font)
                if not _fits(box, spaces, board, region, content + placed, sea):
                    continue
                crossed = sum(1 for a, b in segments if _near(a, b, box) and _crosses(a, b, box))
                inside = sum(1 for x, y in points if box[0] < x < box[2] and box[1] < y < box[3])
                score = crossed + 3 * inside + math.dist(at, mid) / frame.unit
                if best is None or score < best[0]:
                    best = (score, at, text, box)
        if best is not None:
            _, at, text, box = best
            corner = (math.floor(box[0]), math.floor(box[1]))
            sprite = Image.new("RGBA", (math.ceil(box[2]) - corner[0], math.ceil(box[3]) - corner[1]), (0, 0, 0, 0))
            ImageDraw.Draw(sprite).multiline_text(
                (at[0] - corner[0], at[1] - corner[1]),
                text,
                font=font,
                fill=(*pal.REGION_INK, 255),
                anchor="mm",
                align="center",
                spacing=2,
                stroke_width=HALO,
                stroke_fill=(*pal.SAND, 255),
            )
            names.append(RegionName(sprite, corner, box))
            placed.append(box)
    return tuple(names)


def _near(a: Px, b: Px, box: Box) -> bool:
    return (
        min(a[0], b[0]) < box[2] and box[0] < max(a[0], b[0]) and min(a[1], b[1]) < box[3] and box[1] < max(a[1], b[1])
    )


def _crosses(a: Px, b: Px, box: Box) -> bool:
    return any(
        box[0] < a[0] + (b[0] - a[0]) * k / 8 < box[2] and box[1] < a[1] + (b[1] - a[1]) * k / 8 < box[3]
        for k in range(9)
    )


def _centre(frame: Frame, board: Board, space: int) -> Px:
    xs, ys = zip(*(frame.point(p) for p in board.space_points[space]), strict=True)
    return (round(sum(xs) / 3, 1), round(sum(ys) / 3, 1))


def _text_box(at: Px, text: str, font: ImageFont.FreeTypeFont) -> Box:
    left, top, right, bottom = _text_extent(text, font)
    return (at[0] + left - 3, at[1] + top - 3, at[0] + right + 3, at[1] + bottom + 3)


@cache
def _text_extent(text: str, font: ImageFont.FreeTypeFont) -> Box:
    scratch = ImageDraw.Draw(Image.new("L", (1, 1)))
    return scratch.multiline_textbbox((0, 0), text, font=font, anchor="mm", align="center", spacing=2)


def _fits(box: Box, spaces: Image.Image, board: Board, region: str, taken: list[Box], sea: int) -> bool:
    """Whether ``box`` lies over the region's spaces (``sea`` 1: and the sea; 2: and anything, its middle on
    the region), clear of ``taken``."""
    left, top, right, bottom = box
    if left < 4 or right > spaces.width - 4 or top < 0 or bottom > spaces.height:
        return False
    if any(left < b[2] and b[0] < right and top < b[3] and b[1] < bottom for b in taken):
        return False
    for i in range(7):
        for j in range(3):
            x = left + (right - left) * i / 6
            y = top + (bottom - top) * j / 2
            space = spaces.getpixel((min(round(x), spaces.width - 1), min(round(y), spaces.height - 1)))
            if not isinstance(space, int) or (space == 0 and not sea):
                return False
            if space and board.region[space - 1] != region and (sea < 2 or (i, j) == (3, 1)):
                return False
    return True
