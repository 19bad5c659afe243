"""The Alexandros board as a PNG, 800 px wide and upright, readable on a phone (400 px) and safe for
colour-blind eyes; drawn from the public view only.

The map (render/alexandros/layout.py for the geometry, static.py for the cached parts): spaces are sand or,
for symbol spaces, a soft tint under a drawn icon (temple, amphora, horse, lyre, helmet) and the space's
number that the menus name; the region names are written over open spaces; the coast is a thin blue line.
Over it (overlays.py): each owned province washed and outlined in its owner's colour with a tax tag bearing
the owner's shape; walls thick and black, red walls hollow, this turn's walls haloed; guards as their owner's
shape with the space's symbol on it; candidate wall paths and destination markers when asked; Alexander's
star last, so nothing covers him. A header lists the players (shape, colour, name, points), the walls left,
the face-up cards and the supply.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from engine.alexandros import Board, PublicView
from render.alexandros import overlays
from render.alexandros import palette as pal
from render.alexandros.icons import shape_sprite, symbol_sprite
from render.alexandros.layout import (
    HEADER_PAD,
    HEADER_ROW,
    INFO_SIZE,
    NAME_MIN_SIZE,
    NAME_SIZE,
    WIDTH,
    Frame,
    all_slots,
    board_frame,
    header_height,
)
from render.alexandros.palette import GOLD, INK, PAPER, PLAYER_COLOURS, RGB, SYMBOL_COLOURS, WALL, WHITE, washed
from render.alexandros.static import MapLayers, map_layers, region_names
from render.fonts import bold, draw_name, fit, text_width
from texts import DEFAULT, Texts, texts

EN = texts(DEFAULT)
COMPRESS_LEVEL = 1
PALETTE_SIZE = 256
"""The PNG is indexed: a third of the bytes of an RGB one and encoded several times faster (the board
must be drawn within 100 ms; bench/alexandros_render.py)."""

__all__ = [
    "GOLD",
    "INK",
    "PAPER",
    "PLAYER_COLOURS",
    "RGB",
    "SYMBOL_COLOURS",
    "WALL",
    "WHITE",
    "board_picture",
    "render_board",
    "washed",
]


def render_board(
    view: PublicView,
    names: Sequence[str] | None = None,
    *,
    targets: Sequence[tuple[str, int]] = (),
    t: Texts = EN,
    paths: Sequence[tuple[str, Sequence[int]]] = (),
    new_walls: int = 0,
) -> bytes:
    """The board as PNG bytes, from the public view only. Same arguments, same bytes.

    ``targets`` are (label, point) pairs: destination markers, e.g. the points Alexander may move to with the
    panel's letters. ``paths`` are (label, sides) pairs: candidate wall paths, each drawn in its own colour and
    lane and labelled once, never over a marker, Alexander or another label. ``new_walls`` has a bit per side
    whose wall was built this turn: those walls are haloed."""
    picture = board_picture(view, names, targets=targets, t=t, paths=paths, new_walls=new_walls)
    indexed = picture.quantize(palette=png_palette(view.board), dither=Image.Dither.NONE)
    out = io.BytesIO()
    indexed.save(out, format="PNG", compress_level=COMPRESS_LEVEL)
    return out.getvalue()


def key_colours() -> list[RGB]:
    """Colours that must come out exactly: every flat fill, wash, player, wall, path and marker colour."""
    tints = [pal.SAND, *pal.SYMBOL_COLOURS.values()]
    washes = [washed(tint, seat) for seat in range(len(PLAYER_COLOURS)) for tint in tints]
    flat = [pal.SEA, pal.SHORE, pal.GRID, INK, pal.NUMBER_INK, pal.REGION_INK, PAPER, WHITE, GOLD, WALL]
    flat += [pal.RED_WALL, pal.NEW_WALL, pal.MARKER, (140, 134, 126)]
    unique: list[RGB] = []
    for colour in [*flat, *PLAYER_COLOURS, *pal.PATH_COLOURS, *tints, *washes]:
        if colour not in unique:
            unique.append(colour)
    return unique


@cache
def png_palette(board: Board) -> Image.Image:
    """The key colours, then a median cut of the map plain and washed (its smoothed edges and icons)."""
    keys = key_colours()
    layers = map_layers(board)
    sample = Image.new("RGB", (layers.plain.width, layers.plain.height * (1 + len(layers.washed))))
    for k, layer in enumerate((layers.plain, *layers.washed)):
        sample.paste(layer, (0, k * layers.plain.height))
    spare = PALETTE_SIZE - len(keys)
    cut = sample.quantize(spare, method=Image.Quantize.MEDIANCUT).getpalette() or []
    palette = Image.new("P", (1, 1))
    palette.putpalette([c for colour in keys for c in colour] + cut[: 3 * spare])
    return palette


def board_picture(
    view: PublicView,
    names: Sequence[str] | None = None,
    *,
    targets: Sequence[tuple[str, int]] = (),
    t: Texts = EN,
    paths: Sequence[tuple[str, Sequence[int]]] = (),
    new_walls: int = 0,
) -> Image.Image:
    """The board as an RGB image, WIDTH px wide, before encoding (the replay animates these)."""
    frame = board_frame(view.board, view.players)
    layers = map_layers(view.board)
    top = header_height(view.players)
    image = Image.new("RGB", (WIDTH, frame.height), PAPER)
    image.paste(layers.plain, (0, top))
    _washes(image, view, layers, top)
    names_of_regions = region_names(view.board, t.lang)
    for region in names_of_regions:
        image.paste(region.sprite, (region.at[0], region.at[1] + top), region.sprite)
    draw = ImageDraw.Draw(image)
    slots = all_slots(frame)
    overlays.province_outlines(draw, view, frame, slots)
    overlays.walls(draw, view, frame, new_walls)
    overlays.guards(image, view, frame, slots)
    regions = [(x0, y0 + top, x1, y1 + top) for x0, y0, x1, y1 in (r.box for r in names_of_regions)]
    content = [(x0, y0 + top, x1, y1 + top) for x0, y0, x1, y1 in layers.content]
    star = overlays.alexander_box(frame, view.alexander_point)
    r = overlays.marker_radius(frame)
    markers = [(x - r, y - r, x + r, y + r) for x, y in overlays.marker_centres(frame, targets, view.alexander_point)]
    tags = overlays.tax_tags(image, view, frame, slots, [*regions, star, *markers, *content])
    if paths:
        overlays.wall_paths(draw, frame, paths, [star, *markers, *tags], content)
    overlays.destination_markers(draw, frame, targets, view.alexander_point)
    overlays.alexander(draw, frame, view.alexander_point)
    _header(image, draw, view, names, t)
    return image


def _washes(image: Image.Image, view: PublicView, layers: MapLayers, top: int) -> None:
    """Paste each player's washed map over the spaces of their provinces, through a mask of those spaces."""
    owned: dict[int, set[int]] = {}
    owner = overlays.owners(view)
    for space, pid in enumerate(view.province):
        if pid in owner:
            owned.setdefault(owner[pid], set()).add(space)
    for seat, spaces in sorted(owned.items()):
        box, mask = _mask(layers, frozenset(spaces))
        x0, y0, x1, y1 = box
        image.paste(layers.washed[seat].crop(box), (x0, y0 + top, x1, y1 + top), mask)


@lru_cache(maxsize=64)
def _mask(layers: MapLayers, spaces: frozenset[int]) -> tuple[tuple[int, int, int, int], Image.Image]:
    """The pixels of ``spaces`` (their bounding box, and the mask within it): provinces change seldom, so a
    replay's frames and a game's posts mostly reuse them."""
    ids = {space + 1 for space in spaces}
    mask = layers.spaces.point([255 if value in ids else 0 for value in range(256)])
    box = mask.getbbox() or (0, 0, 1, 1)
    return box, mask.crop(box)


def name_size(name: str, width: float) -> int:
    """The largest size, from NAME_SIZE down to NAME_MIN_SIZE, at which ``name`` fits ``width`` (else the
    smallest, where it is shortened)."""
    for size in range(NAME_SIZE, NAME_MIN_SIZE - 1, -1):
        if text_width(name, size) <= width:
            return size
    return NAME_MIN_SIZE


HEADER_MARGIN = 14
SHAPE = 34


def name_width() -> float:
    """The room for a name in the header: the row less the turn mark, the shape and the points (3 digits)."""
    return WIDTH - 2 * HEADER_MARGIN - 24 - (SHAPE + 10) - 64


def _header(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView, names: Sequence[str] | None, t: Texts
) -> None:
    draw.rectangle((0, 0, WIDTH, header_height(view.players) - 1), fill=PAPER)
    draw.line((0, header_height(view.players) - 1, WIDTH, header_height(view.players) - 1), fill=INK, width=2)
    shape = SHAPE
    for seat in range(view.players):
        y = HEADER_PAD + seat * HEADER_ROW + HEADER_ROW / 2
        x = HEADER_MARGIN
        if seat == view.to_move and view.end_reason is None:
            draw.polygon([(x, y - 11), (x + 16, y), (x, y + 11)], fill=INK)
        x += 24
        sprite = shape_sprite(seat, shape, PLAYER_COLOURS[seat], INK)
        image.paste(sprite, (x, round(y - shape / 2)), sprite)
        x += shape + 10
        name = names[seat] if names and seat < len(names) else f"P{seat + 1}"
        size = name_size(name, name_width())
        colour = INK if not view.resigned[seat] else (140, 134, 126)
        draw_name(draw, (x, y), fit(name, size, name_width()), size, colour)
        draw.text((WIDTH - HEADER_MARGIN, y), str(view.scores[seat]), font=bold(NAME_SIZE + 4), fill=INK, anchor="rm")
    y = HEADER_PAD + view.players * HEADER_ROW + HEADER_ROW / 2
    _supply_line(image, draw, view, t, y)


def _supply_line(image: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView, t: Texts, y: float) -> None:
    """Walls left, the face-up cards (as their icons, on little cards) and the supply, in the catalog's words:
    the sentence is cut where the cards go."""
    template = t._("Walls {black} black, {red} red · Face up {cards} · Supply {supply}")
    before, _, after = template.partition("{cards}")
    facts = {"black": view.black_left, "red": view.red_left, "supply": view.supply_size}
    before, after = before.format(**facts), after.format(**facts)
    card_w, card_h = 30, 38
    cards_w = len(view.face_up) * (card_w + 6)
    size = INFO_SIZE
    while size > 16 and text_width(before + after, size) + cards_w > WIDTH - 2 * HEADER_MARGIN:
        size -= 1
    font = bold(size)
    x = float(HEADER_MARGIN)
    draw.text((x, y), before, font=font, fill=INK, anchor="lm")
    x += font.getlength(before) + 2
    for card in view.face_up:
        box = (x, y - card_h / 2, x + card_w, y + card_h / 2)
        draw.rounded_rectangle(
            box, radius=5, fill=WHITE if card is None else SYMBOL_COLOURS[card], outline=INK, width=2
        )
        if card is not None:
            icon = symbol_sprite(card, card_w - 6, INK)
            image.paste(icon, (round(x + 3), round(y - (card_w - 6) / 2)), icon)
        x += card_w + 6
    draw.text((x, y), after.lstrip() if not view.face_up else after, font=font, fill=INK, anchor="lm")


def frame_of(view: PublicView) -> Frame:
    """The geometry of ``view``'s image (tests and the replay find things with it)."""
    return board_frame(view.board, view.players)
