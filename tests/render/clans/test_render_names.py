"""Player names in every script the shipped fonts cover, never as empty boxes; long names cut cleanly."""

from __future__ import annotations

import io
from importlib import resources

import pytest
from PIL import Image, ImageChops, ImageDraw, features

import engine.clans as engine
from render.clans import name_is_drawable, render_board
from render.clans.gallery import crowded
from render.fonts import FONT_FILES, bold, clusters, draw_name, fit, text_width

CJK = "李小龍"
ARABIC = "محمد علي"
EMOJI = "🐉 Drake"
COMBINING = "Zoe\u0301 Ange\u0300le"
LONG = "abcdefghijklmnopqrstuvwxyz_01234"


def _drawn(text: str, size: int = 32) -> Image.Image:
    image = Image.new("RGB", (24 + 2 * size * max(1, len(text)), 2 * size), (0, 0, 0))
    draw_name(ImageDraw.Draw(image), (4, size), text, size, (255, 255, 255))
    return image.convert("L")


def _box_glyph(char: str, size: int = 32) -> Image.Image:
    """What DejaVu alone draws for ``char``: its empty-box glyph when it has none."""
    image = Image.new("L", (4 * size, 2 * size), 0)
    ImageDraw.Draw(image).text((4, size), char, font=bold(size), fill=255, anchor="lm")
    return image


def _same(a: Image.Image, b: Image.Image) -> bool:
    w, h = max(a.width, b.width), max(a.height, b.height)
    pa, pb = Image.new("L", (w, h)), Image.new("L", (w, h))
    pa.paste(a)
    pb.paste(b)
    return ImageChops.difference(pa, pb).getbbox() is None


def test_fonts_are_shipped_with_their_licences() -> None:
    folder = resources.files("data.fonts")
    for name in FONT_FILES:
        assert (folder / name).is_file(), name
        licence = folder / name.replace(".ttf", ".LICENSE.txt")
        assert licence.is_file() and len(licence.read_bytes()) > 200, licence
    assert sum(len((folder / name).read_bytes()) for name in FONT_FILES) < 10 * 1024 * 1024


@pytest.mark.parametrize("name", ["Ada", CJK, ARABIC, EMOJI, COMBINING, LONG, "José", "Ἀθηνᾶ", "Влад", "שרה", "さくら"])
def test_names_in_supported_scripts_are_drawable(name: str) -> None:
    assert name_is_drawable(name)


@pytest.mark.parametrize("name", ["", "   ", "\ue000\ue001", "\U000f0000", "한국어"])
def test_names_the_fonts_cannot_draw_are_refused(name: str) -> None:
    """Private-use characters, and Hangul, which no shipped font covers: the cog then takes the username."""
    assert not name_is_drawable(name)


@pytest.mark.parametrize("char", ["李", "龍", "🐉", "🦊", "🍕"])
def test_cjk_and_emoji_are_drawn_with_real_glyphs_not_boxes(char: str) -> None:
    box = _box_glyph(char)
    assert box.getbbox() is not None  # DejaVu alone draws its empty box here
    drawn = _drawn(char)
    assert drawn.getbbox() is not None and not _same(drawn, box)


def test_the_cjk_characters_of_a_name_are_all_different_glyphs() -> None:
    glyphs = [_drawn(c) for c in CJK]
    assert not _same(glyphs[0], glyphs[1]) and not _same(glyphs[1], glyphs[2]) and not _same(glyphs[0], glyphs[2])


def test_arabic_is_shaped_right_to_left() -> None:
    assert features.check("raqm")
    word = "محمد"
    shaped = bold(32).getlength(word)
    isolated = sum(bold(32).getlength(c) for c in word)
    assert shaped < isolated  # joined letters take their connected, narrower forms
    direct = Image.new("RGB", (300, 64))
    ascent, descent = bold(32).getmetrics()
    ImageDraw.Draw(direct).text(
        (4, 32 + (ascent - descent) / 2), word, font=bold(32), fill=(255, 255, 255), anchor="ls"
    )
    assert _same(_drawn(word).crop((0, 0, 300, 64)), direct.convert("L"))


def test_combining_accents_stay_on_their_letter() -> None:
    assert list(clusters("e\u0301a")) == ["e\u0301", "a"]
    for width in range(40, 260, 7):
        cut = fit(COMBINING * 3, 28, width)
        assert cut.endswith("…")
        assert not cut[-2:-1] or cut[-2] != " "  # trailing space stripped before the ellipsis
        assert "\u0301\u0300" not in cut and not cut.startswith("\u0301")
        body = cut[:-1]
        assert (COMBINING * 3).startswith(body)
        assert not (body and (body[-1] == "e" and (COMBINING * 3)[len(body)] in "\u0301\u0300"))


def test_a_long_name_is_shortened_with_an_ellipsis_on_a_glyph_boundary() -> None:
    assert len(LONG) == 32
    cut = fit(LONG, 26, 300)
    assert cut.endswith("…") and LONG.startswith(cut[:-1]) and len(cut) < len(LONG)
    assert text_width(cut, 26) <= 300
    emoji_cut = fit("🐉" * 20, 26, 120)
    assert emoji_cut.endswith("…") and set(emoji_cut[:-1]) == {"🐉"}
    assert fit("Ann", 26, 300) == "Ann"


def test_a_board_with_names_in_every_script_renders_them() -> None:
    view = engine.public_view(crowded())
    names = [CJK, ARABIC, EMOJI, LONG]
    png = render_board(view, names)
    assert Image.open(io.BytesIO(png)).size == Image.open(io.BytesIO(render_board(view))).size
    assert png != render_board(view, ["Ann", "Bo", "Cy", "Di"])
    assert png == render_board(view, names)
