"""The Alexandros board as a PNG, 800 px wide and upright, readable on a phone (400 px) and safe for
colour-blind eyes; drawn from the public view only.

The map (render/alexandros/layout.py for the geometry, static.py for the cached parts): spaces are sand or,
for symbol spaces, a soft tint under a drawn icon (temple, amphora, horse, lyre, helmet); the coast is a thin
blue line. Over it (overlays.py): each owned province washed and outlined in its owner's colour; walls thick
and black, red walls hollow, this turn's walls dotted; candidate wall paths when asked. Then the words
(labels.py): the space numbers that the menus name and the region names, over all of these, each glyph on a
rim of its ground. Then what keeps off the words: guards as their owner's shape with the space's symbol on
it, tax tags bearing the owner's shape, the paths' labels. Last, on the points, the destination markers when
asked and Alexander's star, so that nothing covers them. A header lists the players (shape, colour, name,
points), the walls left, the face-up cards and the supply; on the last image of a game, that the game is over,
why and who won, the winners' rows starred on a gold band. A key below the map (key.py) says what the marks
mean.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from engine.alexandros import Board, PublicView, winners
from render.alexandros import overlays
from render.alexandros import palette as pal
from render.alexandros.icons import shape_sprite, symbol_sprite
from render.alexandros.key import draw_key
from render.alexandros.labels import draw_labels, region_names
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
    image_height,
)
from render.alexandros.palette import GOLD, INK, PAPER, PLAYER_COLOURS, RGB, SYMBOL_COLOURS, WALL, WHITE, washed
from render.alexandros.static import MapLayers, map_layers
from render.fonts import bold, draw_name, fit, text_width
from texts import DEFAULT, Texts, texts
from texts.alexandros.names import end_reason_text

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
    flat += [pal.RED_WALL, pal.NEW_WALL, pal.MARKER, (140, 134, 126), pal.WINNER_BAND]
    unique: list[RGB] = []
    for colour in [*flat, *PLAYER_COLOURS, *pal.PATH_COLOURS, *tints, *washes]:
        if colour not in unique:
            unique.append(colour)
    return unique


@cache
def png_palette(board: Board) -> Image.Image:
    """The key colours, then a median cut of the map plain and washed (its smoothed edges and icons), less the
    cut's colours near a key colour: Pillow maps a pixel through a cache of 4-value cells, each holding the
    entry nearest the cell's corner, so a near neighbour would take a key colour's place."""
    keys = key_colours()
    layers = map_layers(board)
    sample = Image.new("RGB", (layers.plain.width, layers.plain.height * (1 + len(layers.washed))))
    for k, layer in enumerate((layers.plain, *layers.washed)):
        sample.paste(layer, (0, k * layers.plain.height))
    spare = PALETTE_SIZE - len(keys)
    cut = sample.quantize(PALETTE_SIZE, method=Image.Quantize.MEDIANCUT).getpalette() or []
    cuts = [(cut[i], cut[i + 1], cut[i + 2]) for i in range(0, len(cut) - 2, 3)]
    far = [colour for colour in cuts if all(math.dist(colour, key) > KEY_CLEARANCE for key in keys)]
    palette = Image.new("P", (1, 1))
    palette.putpalette([c for colour in [*keys, *far[:spare]] for c in colour])
    return palette


KEY_CLEARANCE = 11.0
"""Twice the farthest a colour lies from its cache cell's corner (3 in each channel: 5.2), and a little more."""


@dataclass(frozen=True)
class Placement:
    """Where the labels and the marks over the map go (full-image px): what the board draws, and what tests
    check that no tag, guard or path label covers a region name or a space number."""

    regions: tuple[overlays.Box, ...]
    numbers: tuple[overlays.Box, ...]
    symbols: tuple[overlays.Box, ...]
    guards: tuple[overlays.Box, ...]
    star: overlays.Box
    markers: tuple[overlays.Box, ...]
    tags: tuple[overlays.TaxTag, ...]
    path_labels: tuple[overlays.Box, ...]


def placement(
    view: PublicView,
    targets: Sequence[tuple[str, int]] = (),
    t: Texts = EN,
    paths: Sequence[tuple[str, Sequence[int]]] = (),
) -> Placement:
    frame = board_frame(view.board, view.players)
    layers = map_layers(view.board)
    top = header_height(view.players)
    slots = all_slots(frame)

    def shifted(box: overlays.Box) -> overlays.Box:
        return (box[0], box[1] + top, box[2], box[3] + top)

    regions = tuple(shifted(r.box) for r in region_names(view.board, t.lang))
    numbers = tuple(shifted(box) for box in layers.numbers)
    symbols = tuple(shifted(box) for box in layers.symbols)
    guards = tuple(overlays.guard_box(frame, slots, s) for s, seat in enumerate(view.guards) if seat >= 0)
    star = overlays.alexander_box(frame, view.alexander_point)
    r = overlays.marker_radius(frame)
    centres = overlays.marker_centres(frame, targets, view.alexander_point)
    markers = tuple((x - r, y - r, x + r, y + r) for x, y in centres)
    keep_off = [*regions, star, *markers, *numbers, *symbols]
    tags = tuple(overlays.tax_tags(view, frame, slots, layers.spaces, keep_off))
    labels: tuple[overlays.Box, ...] = ()
    if paths:
        taken = [star, *markers, *(tag.box for tag in tags)]
        labels = tuple(overlays.path_labels(frame, paths, taken, [*regions, *numbers, *symbols]))
    return Placement(regions, numbers, symbols, guards, star, markers, tags, labels)


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
    image = Image.new("RGB", (WIDTH, image_height(view.board, view.players)), PAPER)
    image.paste(layers.plain, (0, top))
    _washes(image, view, layers, top)
    draw = ImageDraw.Draw(image)
    slots = all_slots(frame)
    placed = placement(view, targets, t, paths)
    overlays.province_outlines(draw, view, frame, slots)
    overlays.walls(draw, view, frame, new_walls)
    overlays.path_lines(draw, frame, paths)
    draw_labels(image, view, t.lang, top)  # over whatever runs across them, under what keeps off them
    overlays.guards(image, view, frame, slots)
    overlays.draw_tax_tags(image, placed.tags, frame)
    overlays.draw_path_labels(draw, paths, placed.path_labels)
    overlays.destination_markers(draw, frame, targets, view.alexander_point)
    overlays.alexander(draw, frame, view.alexander_point)
    _header(image, draw, view, names, t)
    draw_key(image, view, t)
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
    over = view.end_reason is not None
    won = set(winners(view.scores, view.resigned)) if over else set()
    for seat in range(view.players):
        y = HEADER_PAD + seat * HEADER_ROW + HEADER_ROW / 2
        x = HEADER_MARGIN
        if seat in won:  # the final scores: the winners on a gold band, starred
            band = (HEADER_MARGIN - 8, y - HEADER_ROW / 2 + 3, WIDTH - HEADER_MARGIN + 8, y + HEADER_ROW / 2 - 3)
            draw.rounded_rectangle(band, radius=8, fill=pal.WINNER_BAND)
            draw.text((x - 3, y), "★", font=bold(NAME_SIZE - 2), fill=INK, anchor="lm")
        elif seat == view.to_move and not over:
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
    if over:
        _result_line(draw, view, names, t, y)
    else:
        _supply_line(image, draw, view, t, y)


def _result_line(draw: ImageDraw.ImageDraw, view: PublicView, names: Sequence[str] | None, t: Texts, y: float) -> None:
    """Where the supply was: that the game is over, why, and who won (their rows above are starred)."""
    over = t._("Game over: {reason}.", reason=end_reason_text(t, view.end_reason))
    won = [names[s] if names and s < len(names) else f"P{s + 1}" for s in winners(view.scores, view.resigned)]
    line = over + " " + t.n_("Winner: {winners}", "Winners: {winners}", len(won), winners=t.listing(won))
    room = WIDTH - 2 * HEADER_MARGIN
    size = INFO_SIZE
    while size > RESULT_MIN_SIZE and text_width(line, size) > room:
        size -= 1
    if text_width(line, size) > room:  # long names: the starred rows name the winners
        line, size = over, INFO_SIZE
        while size > RESULT_MIN_SIZE and text_width(line, size) > room:
            size -= 1
    draw_name(draw, (HEADER_MARGIN, y), fit(line, size, room), size, INK)


RESULT_MIN_SIZE = 19
"""The result line is never set smaller (9 px on a phone is 18)."""


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
