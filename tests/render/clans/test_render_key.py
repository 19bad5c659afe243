"""The key at the foot of the board names the four marks that carry a number (the territory number, the hut
total, the village and its value, the move tag), each drawn as the map draws it, beside the terrains, lakes and
rivers; in every language it fits its rows, and every glyph of it, the samples' digits included, is at least 9 px
tall on a phone (the old key's type was about 7 px there)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import engine.clans as engine
from render.clans import palette as pal
from render.clans import render_board
from render.clans.key import SAMPLE_H, key_rows, row_fits, starts
from render.clans.layout import BLOCK_W, LEGEND_AT, LEGEND_H, LEGEND_ROWS, LEGEND_SIZE, phone_px
from render.fonts import bold
from texts import LANGUAGES, texts

MIN_KEY_PX = 9.0


def _tall(text: str, size: int) -> float:
    """The height on a phone of ``text``'s capitals and digits at ``size`` (its ink box in the font)."""
    _, top, _, bottom = bold(size).getbbox(text, anchor="ls")
    return phone_px(bottom - top)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_key_names_every_mark_and_fits_its_rows_in_every_language(lang: str) -> None:
    t = texts(lang, "clans")
    rows = key_rows(t)
    assert len(rows) == LEGEND_ROWS and [len(r) for r in rows] == [4, 2, 2, 2]
    for row in rows:
        assert row_fits(row), [item.words for item in row]
    words = [item.words for row in rows for item in row]
    assert len(set(words)) == len(words) and all(words)
    expected = ["territory number", "huts in all", "village and its value", "move and its number"]
    assert words[4:8] == [t._(w) for w in expected]
    for row in rows:
        for item in row:
            assert item.sample.height <= LEGEND_H // LEGEND_ROWS


def test_every_glyph_of_the_key_is_9px_tall_on_a_phone() -> None:
    """Capitals and digits at the key's type size, in the font; the digits of the samples are set at it too."""
    assert _tall("H0", LEGEND_SIZE) >= MIN_KEY_PX
    assert phone_px(SAMPLE_H) >= MIN_KEY_PX


def _ink_rows(image: Image.Image, box: tuple[int, int, int, int], colours: set[pal.RGB]) -> int:
    crop = image.crop(box)
    rows = [y for y in range(crop.height) if any(crop.getpixel((x, y)) in colours for x in range(crop.width))]
    return max(rows) - min(rows) + 1 if rows else 0


def test_on_the_image_the_keys_words_and_sample_digits_are_9px_tall_on_a_phone() -> None:
    """Measured on the pixels of a rendered board (full size, scaled to the phone): each row's words, and the
    digits inside the samples of the total ("5", dark in a rim of another colour) and the move tag ("12", white).
    (The village's "4" is set the same way, at the key's size, inside a dark outline that cannot be told apart.)"""
    image = Image.open(io.BytesIO(render_board(engine.public_view(engine.new_game(3, 1))))).convert("RGB")
    left, top = LEGEND_AT
    pitch = LEGEND_H // LEGEND_ROWS
    rows = key_rows(texts("en", "clans"))
    for r, row in enumerate(rows):
        y0 = top + r * pitch
        for x, item in zip(starts(row), row, strict=True):
            words_at = round(left + x + item.sample.width + 8)
            width = round(bold(LEGEND_SIZE).getlength(item.words))
            height = _ink_rows(image, (words_at, y0, words_at + width, y0 + pitch), {pal.INK})
            assert phone_px(height) >= MIN_KEY_PX, (item.words, height)
    total, tag = rows[1][1], rows[2][1]
    for r, item, ink in ((1, total, pal.INK), (2, tag, pal.WHITE)):
        x = starts(rows[r])[1]
        box = (round(left + x), top + r * pitch, round(left + x + item.sample.width), top + (r + 1) * pitch)
        assert phone_px(_ink_rows(image, box, {ink})) >= MIN_KEY_PX, item.words


def test_the_key_stays_inside_the_panel() -> None:
    for lang in LANGUAGES:
        for row in key_rows(texts(lang, "clans")):
            assert sum(item.width for item in row) <= BLOCK_W
