"""A game's word is written and translated once: the terminal games word the game's terms, refusals and
endings with the bot's functions and catalog messages."""

from __future__ import annotations

import pytest

import texts.alexandros.terminal as w
from engine.alexandros import SYMBOLS, EndReason, IllegalAction, Symbol, Why
from texts import texts
from texts.alexandros.names import REGION_NAME, SYMBOL_NAME, end_reason_text, region_name, symbol_name
from texts.alexandros.reasons import illegal_action
from texts.catalogs import CATALOGS, read_catalog

TERMINAL_ONLY = {Why.BAD_TEXT, Why.WRONG_PHASE}
"""Refusals the terminal words its own way: a typed line, numbered options instead of the panel's menus."""


def _ids(lang: str) -> list[str]:
    return [
        message.id if isinstance(message.id, str) else message.id[0]
        for place in CATALOGS
        for message in read_catalog(lang, place.domain)
        if message.id
    ]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_alexandros_region_and_symbol_name_is_one_message(lang: str) -> None:
    ids = _ids(lang)
    for name in [*REGION_NAME.values(), *SYMBOL_NAME.values()]:
        assert ids.count(name) == 1, f"{name!r} is in the catalogs {ids.count(name)} times"
    plural_symbols = [i for i in ids if i in {f"{{count}} {name}" for name in SYMBOL_NAME.values()}]
    assert plural_symbols == []


@pytest.mark.parametrize("lang", ["en", "de", "it"])
@pytest.mark.parametrize("code", [code for code in Why if code not in TERMINAL_ONLY])
def test_the_terminal_refuses_an_action_in_the_bot_s_words(lang: str, code: Why) -> None:
    t = texts(lang, "alexandros")
    error = IllegalAction(code, space=12, left=1, needed=2, size=2, cards=(Symbol.HORSE,))
    assert w.illegal(t, error, "help") == "  " + illegal_action(t, error)


@pytest.mark.parametrize("reason", list(EndReason))
def test_the_terminal_ends_a_game_in_the_bot_s_words(reason: EndReason) -> None:
    t = texts("it", "alexandros")
    assert end_reason_text(t, reason) in w.game_over(t, reason, 7)


def test_the_terminal_names_the_hand_s_symbols_as_the_bot_does() -> None:
    t = texts("de", "alexandros")
    hand = [0] * len(SYMBOLS)
    hand[Symbol.HORSE] = 2
    hand[Symbol.LYRE] = 1
    assert w.your_hand(t, hand) == f"  Deine Hand: 2× {symbol_name(t, Symbol.HORSE)}, {symbol_name(t, Symbol.LYRE)}"
    assert symbol_name(t, Symbol.HORSE) == "Pferd"
    assert w.symbols(t, [Symbol.TEMPLE]) == [symbol_name(t, Symbol.TEMPLE)] == ["Tempel"]
    assert region_name(t, "Egypt") == "Ägypten"
