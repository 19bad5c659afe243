"""The Alexandros board as a PNG, 400 px wide, readable on a phone and safe for colour-blind eyes.

Spaces are sand (open) or tinted with a letter (T temple, A amphora, H horse, L lyre, S soldier: the letter,
not the tint, carries the meaning). Walls are thick black lines, red walls thick vermilion; the coast is a
dark outline against the sea. Occupied provinces are washed with their owner's colour (Okabe-Ito palette)
and carry a tag with their tax value (0 when two or more guards stand there). Guards are discs in the
player's colour with a white rim and the space's letter; Alexander is a gold star on his point. Points he may
move to can be labelled (1, 2, 3..., white on black, unlike the white tax tags). A strip on top shows
scores, walls and face-up cards.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.alexandros import PublicView, Symbol
from render.fonts import bold, draw_name, fit, text_width
from texts import DEFAULT, Texts, texts

EN = texts(DEFAULT)

RGB = tuple[int, int, int]

WIDTH = 400
SCALE = 2
"""Drawn at twice the size, then shrunk: smooth lines without Pillow's antialiasing options."""
HEADER = 44
MARGIN = 8

SEA: RGB = (178, 208, 226)
SAND: RGB = (240, 228, 196)
GRID: RGB = (196, 178, 140)
COAST: RGB = (70, 62, 50)
WALL: RGB = (20, 20, 20)
RED_WALL: RGB = (213, 94, 0)
INK: RGB = (24, 22, 20)
PAPER: RGB = (250, 247, 240)
WHITE: RGB = (255, 255, 255)
GOLD: RGB = (240, 200, 40)
PLAYER_COLOURS: tuple[RGB, ...] = ((0, 114, 178), (230, 159, 0), (0, 158, 115), (204, 121, 167))
"""Okabe-Ito blue, orange, bluish green, reddish purple: told apart with every common colour deficiency."""
SYMBOL_COLOURS: dict[Symbol, RGB] = {
    Symbol.TEMPLE: (214, 214, 226),
    Symbol.AMPHORA: (236, 206, 150),
    Symbol.HORSE: (206, 184, 160),
    Symbol.LYRE: (214, 196, 228),
    Symbol.SOLDIER: (232, 184, 176),
}
LETTER = {
    Symbol.TEMPLE: "T",
    Symbol.AMPHORA: "A",
    Symbol.HORSE: "H",
    Symbol.LYRE: "L",
    Symbol.SOLDIER: "S",
}


def washed(fill: RGB, seat: int) -> RGB:
    """A space's fill under its owner's colour."""
    return _mix(fill, PLAYER_COLOURS[seat], 0.45)


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


class _Frame:
    """Board units (one triangle side) to pixels of the big canvas."""

    def __init__(self, view: PublicView) -> None:
        board = view.board
        self.unit = (WIDTH - 2 * MARGIN) * SCALE / board.width
        self.left = MARGIN * SCALE
        self.top = (HEADER + MARGIN) * SCALE
        self.height = round(self.top + board.height * self.unit + MARGIN * SCALE)

    def xy(self, point: tuple[float, float]) -> tuple[float, float]:
        return (self.left + point[0] * self.unit, self.top + point[1] * self.unit)


def space_centre(view: PublicView, space: int) -> tuple[float, float]:
    pts = [view.board.points[p] for p in view.board.space_points[space]]
    return (sum(x for x, _ in pts) / 3, sum(y for _, y in pts) / 3)


def render_board(
    view: PublicView,
    names: Sequence[str] | None = None,
    *,
    targets: Sequence[tuple[str, int]] = (),
    t: Texts = EN,
) -> bytes:
    """The board as PNG bytes, from the public view only. ``targets`` are (label, point) pairs, e.g. the
    points Alexander may move to, drawn as numbered tags. Same arguments, same bytes."""
    out = io.BytesIO()
    board_picture(view, names, targets=targets, t=t).save(out, format="PNG", optimize=True)
    return out.getvalue()


def board_picture(
    view: PublicView,
    names: Sequence[str] | None = None,
    *,
    targets: Sequence[tuple[str, int]] = (),
    t: Texts = EN,
) -> Image.Image:
    """The board as an RGB image, WIDTH px wide, before encoding (the replay animates these)."""
    frame = _Frame(view)
    image = Image.new("RGB", (WIDTH * SCALE, frame.height), SEA)
    draw = ImageDraw.Draw(image)
    board = view.board
    owner = _owners(view)
    for space in range(board.space_count):
        symbol = board.symbol[space]
        fill = SAND if symbol is None else SYMBOL_COLOURS[symbol]
        seat = owner.get(view.province[space])
        if seat is not None:
            fill = washed(fill, seat)
        draw.polygon([frame.xy(board.points[p]) for p in board.space_points[space]], fill=fill)
    for side, (a, b) in enumerate(board.sides):
        if not view.walls >> side & 1:
            coast = board.coast[side]
            draw.line(
                [frame.xy(board.points[a]), frame.xy(board.points[b])],
                fill=COAST if coast else GRID,
                width=(3 if coast else 1) * SCALE,
            )
    for side, (a, b) in enumerate(board.sides):
        if view.walls >> side & 1:
            colour = RED_WALL if view.red >> side & 1 else WALL
            ends = [frame.xy(board.points[a]), frame.xy(board.points[b])]
            draw.line(ends, fill=colour, width=round(0.15 * frame.unit))
            for x, y in ends:
                r = 0.075 * frame.unit
                draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)
    letter_font = bold(round(0.36 * frame.unit))
    for space in range(board.space_count):
        symbol = board.symbol[space]
        if symbol is None:
            continue
        x, y = frame.xy(space_centre(view, space))
        guard = view.guards[space]
        if guard >= 0:
            r = 0.26 * frame.unit
            draw.ellipse((x - r, y - r, x + r, y + r), fill=PLAYER_COLOURS[guard], outline=WHITE, width=2 * SCALE)
            draw.text((x, y), LETTER[symbol], font=letter_font, fill=WHITE, anchor="mm")
        else:
            draw.text((x, y), LETTER[symbol], font=letter_font, fill=INK, anchor="mm")
    _tax_tags(draw, view, frame, owner)
    _alexander(draw, frame.xy(board.points[view.alexander_point]), 0.3 * frame.unit)
    tag_font = bold(round(0.3 * frame.unit))
    for label, point in targets:
        x, y = frame.xy(board.points[point])
        r = 0.2 * frame.unit
        draw.ellipse((x - r, y - r, x + r, y + r), fill=INK, outline=WHITE, width=SCALE)
        draw.text((x, y), label, font=tag_font, fill=WHITE, anchor="mm")
    _header(draw, view, names, t)
    return image.resize((WIDTH, round(frame.height / SCALE)), Image.Resampling.LANCZOS)


def _owners(view: PublicView) -> dict[int, int]:
    owner: dict[int, int] = {}
    for space, seat in enumerate(view.guards):
        if seat >= 0:
            owner[view.province[space]] = seat
    return owner


def _tax_tags(draw: ImageDraw.ImageDraw, view: PublicView, frame: _Frame, owner: dict[int, int]) -> None:
    """Each occupied province's tax value, on the open space nearest the province's middle."""
    board = view.board
    font = bold(round(0.34 * frame.unit))
    for pid, seat in sorted(owner.items()):
        members = [s for s, p in enumerate(view.province) if p == pid]
        guards = sum(1 for s in members if view.guards[s] >= 0)
        opens = [s for s in members if board.symbol[s] is None]
        value = len(opens) if guards == 1 else 0
        centres = [space_centre(view, s) for s in members]
        mx, my = sum(x for x, _ in centres) / len(centres), sum(y for _, y in centres) / len(centres)
        spot = min(opens or members, key=lambda s: math.dist(space_centre(view, s), (mx, my)))
        x, y = frame.xy(space_centre(view, spot))
        text = str(value)
        w = font.getlength(text) + 0.2 * frame.unit
        h = 0.42 * frame.unit
        draw.rounded_rectangle(
            (x - w / 2, y - h / 2, x + w / 2, y + h / 2),
            radius=round(h / 3),
            fill=WHITE,
            outline=PLAYER_COLOURS[seat],
            width=2 * SCALE,
        )
        draw.text((x, y), text, font=font, fill=INK, anchor="mm")


def _alexander(draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float) -> None:
    x, y = centre
    star = []
    for k in range(10):
        r = radius if k % 2 == 0 else radius * 0.45
        angle = -math.pi / 2 + k * math.pi / 5
        star.append((x + r * math.cos(angle), y + r * math.sin(angle)))
    draw.polygon(star, fill=GOLD, outline=INK, width=SCALE)


def _header(draw: ImageDraw.ImageDraw, view: PublicView, names: Sequence[str] | None, t: Texts) -> None:
    draw.rectangle((0, 0, WIDTH * SCALE, HEADER * SCALE), fill=PAPER)
    x: float = MARGIN * SCALE
    y = 13 * SCALE
    for seat in range(view.players):
        name = names[seat] if names and seat < len(names) else f"P{seat + 1}"
        text = f"{fit(name, 12 * SCALE, 60 * SCALE)} {view.scores[seat]}"
        r = 5 * SCALE
        draw.ellipse((x, y - r, x + 2 * r, y + r), fill=PLAYER_COLOURS[seat], outline=INK)
        if seat == view.to_move and not view.end_reason:
            draw.rectangle((x, y + r + 2 * SCALE, x + 2 * r, y + r + 4 * SCALE), fill=INK)
        x += 2 * r + 3 * SCALE
        draw_name(draw, (x, y), text, 12 * SCALE, INK)
        x += text_width(text, 12 * SCALE) + 10 * SCALE
    cards = " ".join(LETTER[c] if c is not None else "-" for c in view.face_up)
    line = t._(
        "Walls {black} black, {red} red · Face up {cards} · Supply {supply}",
        black=view.black_left,
        red=view.red_left,
        cards=cards,
        supply=view.supply_size,
    )
    draw.text((MARGIN * SCALE, 32 * SCALE), line, font=bold(10 * SCALE), fill=INK, anchor="lm")
