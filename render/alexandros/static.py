"""The parts of the map that never change during a game, drawn once per board and language and cached: the
sea, the spaces' fills, the grid, the coast, the symbol icons, the space numbers and the region names; the
same map washed in each player's colour; and a map of which space every pixel belongs to.

A render copies the plain map and pastes, through a mask read off the space map, the washed map over the
spaces of each player's provinces: a few milliseconds instead of drawing a hundred triangles and icons.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw

from engine.alexandros import Board
from render.alexandros import palette as pal
from render.alexandros.icons import symbol_sprite
from render.alexandros.layout import (
    GUARD,
    ICON,
    MARGIN,
    NUMBER_SIZE,
    REGION_SIZE,
    WIDTH,
    Frame,
    Px,
    all_slots,
)
from render.fonts import bold
from texts import texts
from texts.alexandros import region_name

Box = tuple[float, float, float, float]


@dataclass(frozen=True, eq=False)
class MapLayers:
    """Compared and hashed by identity: one per board and language, cached."""

    plain: Image.Image
    washed: tuple[Image.Image, ...]
    spaces: Image.Image
    """Mode "L": the space id + 1 under every pixel, 0 off the board."""
    regions: tuple[Box, ...]
    """Where the region names are written (boxes to keep tax tags off)."""
    content: tuple[Box, ...]
    """Every symbol space's number and symbol (or guard): path labels keep off them."""


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
def map_layers(board: Board, lang: str) -> MapLayers:
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
            draw.line([frame.point(a), frame.point(b)], fill=(*pal.SHORE, 255), width=4)
            for end in (a, b):
                x, y = frame.point(end)
                draw.ellipse((x - 2, y - 2, x + 2, y + 2), fill=(*pal.SHORE, 255))
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
    regions = _region_names(draw, board, frame, spaces, content, lang)
    plain = fills.copy()
    plain.paste(ink, (0, 0), ink)
    washed = []
    for colour in pal.PLAYER_COLOURS:
        tinted = Image.blend(fills, Image.new("RGB", size, colour), pal.WASH)
        tinted.paste(ink, (0, 0), ink)
        washed.append(tinted)
    return MapLayers(plain, tuple(washed), spaces, regions, tuple(content))


def _region_names(
    draw: ImageDraw.ImageDraw, board: Board, frame: Frame, spaces: Image.Image, content: list[Box], lang: str
) -> tuple[Box, ...]:
    """Each region's name, in capitals, over open spaces of that region, clear of every number and icon (two
    lines when one does not fit): where it crosses the fewest sides and points (a wall or a marker may come
    there), then nearest the region's middle."""
    t = texts(lang)
    font = bold(REGION_SIZE)
    placed: list[Box] = []
    segments = [(frame.point(a), frame.point(b)) for a, b in board.sides]
    for region in sorted(set(board.region)):
        if not region:
            continue
        members = [s for s, r in enumerate(board.region) if r == region]
        name = region_name(t, region).upper()
        points = {frame.point(p) for s in members for p in board.space_points[s]}
        mid = (sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points))
        spots = sorted(points | {_centre(frame, board, s) for s in members})
        spots += [(x + dx, y) for x, y in spots for dx in (-0.25 * frame.unit, 0.25 * frame.unit)]
        layouts = [name] + ([name.replace(" ", "\n", 1)] if " " in name else [])
        best: tuple[float, Px, str, Box] | None = None
        for text in layouts:
            for at in spots:
                box = _text_box(draw, at, text, font)
                if not _fits(box, spaces, board, region, content + placed):
                    continue
                crossed = sum(1 for a, b in segments if _crosses(a, b, box))
                inside = sum(1 for x, y in points if box[0] < x < box[2] and box[1] < y < box[3])
                score = crossed + 3 * inside + math.dist(at, mid) / frame.unit
                if best is None or score < best[0]:
                    best = (score, at, text, box)
        if best is not None:
            _, at, text, box = best
            draw.multiline_text(
                at, text, font=font, fill=(*pal.REGION_INK, 255), anchor="mm", align="center", spacing=2
            )
            placed.append(box)
    return tuple(placed)


def _crosses(a: Px, b: Px, box: Box) -> bool:
    return any(
        box[0] < a[0] + (b[0] - a[0]) * k / 8 < box[2] and box[1] < a[1] + (b[1] - a[1]) * k / 8 < box[3]
        for k in range(9)
    )


def _centre(frame: Frame, board: Board, space: int) -> Px:
    xs, ys = zip(*(frame.point(p) for p in board.space_points[space]), strict=True)
    return (round(sum(xs) / 3, 1), round(sum(ys) / 3, 1))


def _text_box(draw: ImageDraw.ImageDraw, at: Px, text: str, font: object) -> Box:
    left, top, right, bottom = draw.multiline_textbbox(at, text, font=font, anchor="mm", align="center", spacing=2)  # type: ignore[arg-type]
    return (left - 3, top - 3, right + 3, bottom + 3)


def _fits(box: Box, spaces: Image.Image, board: Board, region: str, taken: list[Box]) -> bool:
    left, top, right, bottom = box
    if left < MARGIN or right > spaces.width - MARGIN or top < 0 or bottom > spaces.height:
        return False
    if any(left < b[2] and b[0] < right and top < b[3] and b[1] < bottom for b in taken):
        return False
    for i in range(7):
        for j in range(3):
            x = left + (right - left) * i / 6
            y = top + (bottom - top) * j / 2
            space = spaces.getpixel((min(round(x), spaces.width - 1), min(round(y), spaces.height - 1)))
            if not isinstance(space, int) or space == 0 or board.region[space - 1] != region:
                return False
    return True
