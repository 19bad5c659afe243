"""Plurals in every language, the game's terms, and the words drawn on boards."""

from __future__ import annotations

import random

import pytest

from engine.clans import new_game, public_view, random_playout
from render.clans import render_board, render_final
from render.fonts import covered
from texts import LANGUAGES, texts
from texts.catalogs import CATALOGS, read_catalog
from texts.clans.game import huts
from texts.clans.terms import clan_name, terrain_name

PLURALS = {
    "en": {0: "0 huts", 1: "1 hut", 2: "2 huts", 5: "5 huts"},
    "de": {0: "0 Hütten", 1: "1 Hütte", 2: "2 Hütten", 5: "5 Hütten"},
    "it": {0: "0 capanne", 1: "1 capanna", 2: "2 capanne", 5: "5 capanne"},
}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("n", [0, 1, 2, 5])
def test_plural_forms_for_0_1_2_and_5(lang: str, n: int) -> None:
    assert huts(texts(lang), n) == PLURALS[lang][n]


@pytest.mark.parametrize(
    ("lang", "n", "expected"),
    [
        ("en", 1, "1 village chip left"),
        ("en", 0, "0 village chips left"),
        ("de", 1, "noch 1 Dorfchip"),
        ("de", 5, "noch 5 Dorfchips"),
        ("it", 1, "1 gettone villaggio rimasto"),
        ("it", 2, "2 gettoni villaggio rimasti"),
    ],
)
def test_a_whole_phrase_agrees_with_its_number(lang: str, n: int, expected: str) -> None:
    t = texts(lang)
    assert t.n_("{count} village chip left", "{count} village chips left", n, count=n) == expected


def test_the_printed_games_terms() -> None:
    from engine.clans import Clan, Terrain

    de, it = texts("de"), texts("it")
    assert [clan_name(de, c) for c in Clan] == ["rot", "blau", "grün", "gelb", "schwarz"]
    assert [clan_name(it, c) for c in Clan] == ["rosso", "blu", "verde", "giallo", "nero"]
    assert [terrain_name(de, x) for x in Terrain] == ["Wald", "Gebirge", "Steppe", "Weideland"]
    assert [terrain_name(it, x) for x in Terrain] == ["foresta", "montagna", "steppa", "prateria"]


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_the_board_font_draws_every_letter_of_the_catalog(lang: str) -> None:
    """Umlauts, ß and accented vowels are in the board's main font (no empty boxes on the image)."""
    letters = set()
    for message in (m for place in CATALOGS for m in read_catalog(lang, place.domain)):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        letters |= {c for s in strings if s for c in s if c.isalpha()}
    assert {"ü", "ö", "ä"} <= letters if lang == "de" else {"è", "à"} <= letters
    missing = sorted(c for c in letters if ord(c) not in covered(0))
    assert not missing


@pytest.mark.parametrize("lang", LANGUAGES)
def test_boards_render_in_every_language(lang: str) -> None:
    state = new_game(3, 11)
    view = public_view(state)
    board = render_board(view, ("Jürgen", "Niccolò", "Zoë"), t=texts(lang))
    random_playout(state, random.Random(11))
    final = render_final(public_view(state), ("Jürgen", "Niccolò", "Zoë"), texts(lang))
    assert board.startswith(b"\x89PNG") and final.startswith(b"\x89PNG")
    if lang != "en":  # the words on the image are the language's own
        assert board != render_board(view, ("Jürgen", "Niccolò", "Zoë"))
