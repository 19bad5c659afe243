"""The key below the Alexandros map, in the game's language: a player's province (the washes of the players at
the table, each with its texture), a province's tax tag, the walls built this turn (dotted), a wall, a red wall
(the last turn) and Alexander's star: three rows of two, at KEY_SIZE (9.5 px tall on a phone).
``key_items`` is what is drawn, so tests can check that every catalog's words fit.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.alexandros import Board, PublicView, load_board
from render.alexandros import overlays
from render.alexandros import palette as pal
from render.alexandros.icons import shape_sprite
from render.alexandros.layout import KEY_H, KEY_PAD, KEY_ROW, KEY_SIZE, WIDTH, all_slots, image_height
from render.alexandros.static import map_frame, map_layers
from render.fonts import bold
from texts import Texts

MARGIN = 14
SAMPLE_W = 58
"""Room for each sample; its words follow."""
COLUMN_W = (WIDTH - 2 * MARGIN) // 2
GAP = 24

Sample = Callable[[Image.Image, ImageDraw.ImageDraw, float, float], None]
"""Draws a sample with its left edge at x and its middle at y."""


def key_items(t: Texts, board: Board, players: int) -> list[tuple[Sample, str]]:
    """The key's samples and words, in reading order (row by row, left first): KEY_ROWS rows of two, a long item
    beside a short one."""
    return [
        (_washes(board, players), t._("a player's province")),
        (_wall(pal.WALL), t._("wall")),
        (_tag, t._("tax value (0: shared)")),
        (_star, t._("Alexander")),
        (_new_wall, t._("built this turn")),
        (_red_wall, t._("red wall: last turn")),
    ]


def _width(words: str) -> float:
    return SAMPLE_W + bold(KEY_SIZE).getlength(words)


def second_column(first: str, second: str) -> float:
    """Where a row's second item begins: the middle of the key, after a long first item, or earlier for a long
    second one."""
    return max(_width(first) + GAP, min(float(COLUMN_W), WIDTH - 2 * MARGIN - _width(second)))


def words_fit(t: Texts) -> bool:
    items = key_items(t, load_board(), 4)
    rows = [(items[k][1], items[k + 1][1]) for k in range(0, len(items), 2)]
    return all(second_column(a, b) + _width(b) <= WIDTH - 2 * MARGIN for a, b in rows)


def draw_key(image: Image.Image, view: PublicView, t: Texts) -> None:
    """The key along the image's foot (drawn once per board, table size and language)."""
    image.paste(key_strip(view.board, view.players, t), (0, image_height(view.board, view.players) - KEY_H))


@lru_cache(maxsize=32)
def key_strip(board: Board, players: int, t: Texts) -> Image.Image:
    strip = Image.new("RGB", (WIDTH, KEY_H), pal.PAPER)
    draw = ImageDraw.Draw(strip)
    draw.line((0, 0, WIDTH, 0), fill=pal.INK, width=2)
    font = bold(KEY_SIZE)
    items = key_items(t, board, players)
    for k, (sample, words) in enumerate(items):
        row, column = divmod(k, 2)
        x = MARGIN + (second_column(items[k - 1][1], words) if column else 0)
        y = KEY_PAD + row * KEY_ROW + KEY_ROW / 2
        sample(strip, draw, x, y)
        draw.text((x + SAMPLE_W, y), words, font=font, fill=pal.INK, anchor="lm")
    return strip


def _washes(board: Board, players: int) -> Sample:
    """A strip of each player's wash of an open space, its texture and its owner's outline below it."""
    layers = map_layers(board)
    space = next(s for s, symbol in enumerate(board.symbol) if symbol is None)
    cx, cy = (round(v) for v in all_slots(map_frame(board))[space].centre)

    def sample(image: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
        width = (SAMPLE_W - 8) // players
        h = KEY_ROW - 8
        for seat in range(players):
            patch = layers.washed[seat].crop((cx - width // 2, cy - h // 2, cx - width // 2 + width, cy - h // 2 + h))
            image.paste(patch, (round(x) + seat * width, round(y - h / 2)))
            draw.line(
                (x + seat * width, y + h / 2 - 2, x + (seat + 1) * width - 1, y + h / 2 - 2),
                fill=pal.PLAYER_COLOURS[seat],
                width=3,
            )

    return sample


def _tag(image: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    h, shape = KEY_ROW - 6, KEY_ROW - 14
    box = (x, y - h / 2, x + SAMPLE_W - 8, y + h / 2)
    draw.rounded_rectangle(box, radius=h // 3, fill=pal.WHITE, outline=pal.PLAYER_COLOURS[0], width=3)
    sprite = shape_sprite(0, shape, pal.PLAYER_COLOURS[0], pal.INK)
    image.paste(sprite, (round(x + 4), round(y - shape / 2)), sprite)
    draw.text((x + 8 + shape, y), "3", font=bold(KEY_SIZE), fill=pal.INK, anchor="lm")


def _ends(x: float, y: float) -> tuple[tuple[float, float], tuple[float, float]]:
    return (x + 6, y), (x + SAMPLE_W - 14, y)


def _wall(colour: pal.RGB) -> Sample:
    def sample(image: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
        overlays.bar(draw, _ends(x, y), 12, colour)

    return sample


def _red_wall(image: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    overlays.bar(draw, _ends(x, y), 12, pal.WALL)
    overlays.bar(draw, _ends(x, y), 6, pal.RED_WALL)


def _new_wall(image: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    overlays.bar(draw, _ends(x, y), 12, pal.WALL)
    overlays.dots(draw, _ends(x, y), 4.5)


def _star(image: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    overlays.star(draw, x + 20, y, KEY_ROW / 2 - 4)
