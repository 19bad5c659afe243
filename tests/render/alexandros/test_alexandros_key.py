"""The Alexandros board explains itself: a key below the map names a player's province (the washes), the tax tag,
a wall, a red wall, the walls built this turn and Alexander, each beside a sample drawn as the map draws it; its
words fit their column in every language and stand 9 px tall on a phone (the old board had no key)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import engine.alexandros as alex
from render.alexandros import palette as pal
from render.alexandros import render_board
from render.alexandros.key import MARGIN, SAMPLE_W, key_items, second_column, words_fit
from render.alexandros.layout import KEY_H, KEY_PAD, KEY_ROW, KEY_ROWS, KEY_SIZE, image_height, phone_px
from render.fonts import bold
from texts import LANGUAGES, texts


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_key_names_each_mark_and_fits_in_every_language(lang: str) -> None:
    t = texts(lang, "alexandros")
    items = key_items(t, alex.load_board(), 4)
    words = [w for _, w in items]
    expected = ["a player's province", "wall", "tax value (0: shared)", "Alexander", "built this turn"]
    assert words == [t._(w) for w in [*expected, "red wall: last turn"]]
    assert len(items) <= 2 * KEY_ROWS and words_fit(t)


def test_the_keys_type_is_9px_tall_on_a_phone() -> None:
    _, top, _, bottom = bold(KEY_SIZE).getbbox("H0", anchor="ls")
    assert phone_px(bottom - top) >= 9


def test_the_key_is_drawn_below_the_map_with_every_sample() -> None:
    view = alex.public_view(alex.new_game(3, 4))
    image = Image.open(io.BytesIO(render_board(view, ["Ada", "Bo", "Cy"]))).convert("RGB")
    assert image.height == image_height(view.board, view.players)
    top = image.height - KEY_H
    colours = {c for _, c in image.crop((0, top, image.width, image.height)).getcolors(1 << 16) or []}
    for colour in (pal.WALL, pal.RED_WALL, pal.NEW_WALL, pal.GOLD, *pal.PLAYER_COLOURS[:3]):
        assert colour in colours, colour
    # every row's words: ink 9 px tall on a phone
    items = key_items(texts("en", "alexandros"), view.board, view.players)
    for row in range(KEY_ROWS):
        first, second = items[2 * row][1], items[2 * row + 1][1]
        for start, words in ((0.0, first), (second_column(first, second), second)):
            x = round(MARGIN + start + SAMPLE_W)
            y = top + KEY_PAD + row * KEY_ROW
            crop = image.crop((x, y, x + round(bold(KEY_SIZE).getlength(words)), y + KEY_ROW))
            rows = [r for r in range(crop.height) if any(crop.getpixel((c, r)) == pal.INK for c in range(crop.width))]
            assert rows and phone_px(max(rows) - min(rows) + 1) >= 9, words
