"""The parts of the map that never change during a game, drawn once per board and cached: the sea, the
spaces' fills, the grid, the coast and the symbol icons; the same map washed (and textured) in each player's
colour; a map of which space every pixel belongs to; and where every space number and symbol goes.

A render copies the plain map and pastes, through a mask read off the space map, the washed map over the
spaces of each player's provinces: a few milliseconds instead of drawing a hundred triangles and icons. The
words and numbers are not part of it: they are drawn over the walls (labels.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw

from engine.alexandros import Board
from render.alexandros import palette as pal
from render.alexandros.icons import symbol_sprite
from render.alexandros.layout import (
    GUARD,
    HALO,
    ICON,
    MARGIN,
    WIDTH,
    Frame,
    all_slots,
    number_box,
)

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
    numbers: tuple[Box, ...]
    """The space numbers' boxes, their halo included, by space (symbol spaces only: open spaces have none)."""
    symbols: tuple[Box, ...]
    """The boxes a symbol space's guard covers (the symbol's own is smaller), by space."""


def map_frame(board: Board) -> Frame:
    """The frame of the map alone (no header): the static layers are pasted below the header."""
    return Frame(board, MARGIN)


def space_label(space: int) -> str:
    """A space's number as the menus name it."""
    return str(space)


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
    content: list[Box] = []
    numbers: list[Box] = []
    symbols: list[Box] = []
    for space, symbol in enumerate(board.symbol):
        if symbol is None:
            continue
        x, y = slots[space].icon
        ink.alpha_composite(symbol_sprite(symbol, icon, pal.INK), (round(x - icon / 2), round(y - icon / 2)))
        half = GUARD * frame.unit / 2
        symbols.append((x - half, y - half, x + half, y + half))
        left, upper, right, lower = number_box(slots[space].number, space_label(space))
        numbers.append((left - HALO, upper - HALO, right + HALO, lower + HALO))
        content += [symbols[-1], numbers[-1]]
    plain = fills.copy()
    plain.paste(ink, (0, 0), ink)
    washed = []
    for seat, colour in enumerate(pal.PLAYER_COLOURS):
        tinted = Image.blend(fills, Image.new("RGB", size, colour), pal.WASH)
        _texture(ImageDraw.Draw(tinted), seat, size, pal.mix(colour, pal.INK, 0.4))
        tinted.paste(ink, (0, 0), ink)
        washed.append(tinted)
    return MapLayers(plain, tuple(washed), spaces, tuple(content), tuple(numbers), tuple(symbols))


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
