"""The parts of the map that never change during a game, drawn once per board and cached: the sea, the
spaces' fills, the grid, the coast, the symbol icons and the space numbers; the same map washed (and
textured) in each player's colour; and a map of which space every pixel belongs to. The region names, the
one part in words, are small sprites cached per board and language.

A render copies the plain map and pastes, through a mask read off the space map, the washed map over the
spaces of each player's provinces, then the region names: a few milliseconds instead of drawing a hundred
triangles and icons.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from engine.alexandros import Board
from render.alexandros import palette as pal
from render.alexandros.icons import symbol_sprite
from render.alexandros.layout import GUARD, ICON, MARGIN, NUMBER_SIZE, REGION_SIZE, WIDTH, Frame, Px, all_slots
from render.fonts import bold
from texts import texts
from texts.alexandros.names import region_name

Box = tuple[float, float, float, float]


@dataclass(frozen=True, eq=False)
class MapLayers:
    """Compared and hashed by identity: one per board, cached."""

    plain: Image.Image
    washed: tuple[Image.Image, ...]
    spaces: Image.Image
    """Mode "L": the space id + 1 under every pixel, 0 off the board."""
    content: tuple[Box, ...]
    """Every symbol space's number and symbol (or guard): region names, tags and path labels keep off them."""


@dataclass(frozen=True)
class RegionName:
    sprite: Image.Image
    """RGBA: the name's letters on a clear ground."""
    at: tuple[int, int]
    """Where the sprite's corner goes on the map."""
    box: Box
    """The name's box on the map (tax tags keep off it)."""


def map_frame(board: Board) -> Frame:
    """The frame of the map alone (no header): the static layers are pasted below the header."""
    return Frame(board, MARGIN)


def space_label(space: int) -> str:
    """A space's number as the menus name it."""
    return str(space)


def number_box(at: Px, text: str) -> Box:
    font = bold(NUMBER_SIZE)
    left, top, right, bottom = font.getbbox(text, anchor="mm")
    return (at[0] + left, at[1] + top, at[0] + right, at[1] + bottom)


@cache
def map_layers(board: Board) -> MapLayers:
    frame = map_frame(board)
    size = (WIDTH, frame.height)
    fills = Image.new("RGB", size, pal.SEA)
    spaces = Image.new("L", size, 0)
    fill_draw, space_draw = ImageDraw.Draw(fills), ImageDraw.Draw(spaces)
    for space in range(board.space_count):
        corners = [frame.point(p) for p in board.space_points[space]]
        symbol = board.symbol[space]
        fill_draw.polygon(corners, fill=pal.SAND if symbol is None else pal.SYMBOL_COLOURS[symbol])
        space_draw.polygon(corners, fill=space + 1)
    ink = Image.new("RGBA", size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(ink)
    for side, (a, b) in enumerate(board.sides):
        if not board.coast[side]:
            draw.line([frame.point(a), frame.point(b)], fill=(*pal.GRID, 255), width=2)
    for side, (a, b) in enumerate(board.sides):
        if board.coast[side]:
            draw.line([frame.point(a), frame.point(b)], fill=(*pal.SHORE, 255), width=3)
            for end in (a, b):
                x, y = frame.point(end)
                draw.ellipse((x - 1.5, y - 1.5, x + 1.5, y + 1.5), fill=(*pal.SHORE, 255))
    slots = all_slots(frame)
    icon = round(ICON * frame.unit)
    font = bold(NUMBER_SIZE)
    content: list[Box] = []
    for space, symbol in enumerate(board.symbol):
        if symbol is None:
            continue
        x, y = slots[space].icon
        ink.alpha_composite(symbol_sprite(symbol, icon, pal.INK), (round(x - icon / 2), round(y - icon / 2)))
        text = space_label(space)
        draw.text(slots[space].number, text, font=font, fill=(*pal.NUMBER_INK, 255), anchor="mm")
        half = GUARD * frame.unit / 2
        content.append((x - half, y - half, x + half, y + half))
        content.append(number_box(slots[space].number, text))
    plain = fills.copy()
    plain.paste(ink, (0, 0), ink)
    washed = []
    for seat, colour in enumerate(pal.PLAYER_COLOURS):
        tinted = Image.blend(fills, Image.new("RGB", size, colour), pal.WASH)
        _texture(ImageDraw.Draw(tinted), seat, size, pal.mix(colour, pal.INK, 0.4))
        tinted.paste(ink, (0, 0), ink)
        washed.append(tinted)
    return MapLayers(plain, tuple(washed), spaces, tuple(content))


TEXTURE_STEP = 18
"""The spacing of a wash's stripes or dots, in px (9 on a phone)."""


def _texture(draw: ImageDraw.ImageDraw, seat: int, size: tuple[int, int], colour: pal.RGB) -> None:
    """A wash's own texture, so that provinces differ without their colours: none for the first player,
    rising stripes for the second, dots for the third, level stripes for the fourth."""
    width, height = size
    step = TEXTURE_STEP
    if seat == 1:
        for x in range(-height, width, step):
            draw.line([(x, height), (x + height, 0)], fill=colour, width=4)
    elif seat == 2:
        for y in range(step // 2, height, step):
            for x in range((y // step % 2) * step // 2, width, step):
                draw.ellipse((x - 5, y - 5, x + 5, y + 5), fill=colour)
    elif seat == 3:
        for y in range(0, height, step):
            draw.line([(0, y), (width, y)], fill=colour, width=4)


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
