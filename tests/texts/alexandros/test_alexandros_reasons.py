"""Every illegal Alexandros action is answered with its own reason, in every language: no code falls back to
"That move is not allowed.", no two codes share a sentence, and the facts an error carries are shown."""

from __future__ import annotations

import pytest

import engine.alexandros as alex
from errors import GameError, Why
from texts import LANGUAGES, texts
from texts.alexandros.reasons import illegal_action
from texts.reasons import refusal

FACTS = {"space": 77, "left": 1, "needed": 3, "cards": (alex.Symbol.HORSE, alex.Symbol.HORSE), "size": 2}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_code_has_its_own_sentence(lang: str) -> None:
    t = texts(lang)
    generic = t._("That move is not allowed.")
    said = {code: illegal_action(t, alex.IllegalAction(code, **FACTS)) for code in alex.Why}
    assert generic not in said.values()
    assert len(set(said.values())) == len(said)
    if lang != "en":  # translated, not English
        english = texts("en")
        assert all(text != illegal_action(english, alex.IllegalAction(code, **FACTS)) for code, text in said.items())
    assert "77" in said[alex.Why.NOT_YOUR_GUARD] and "3" in said[alex.Why.NOT_ENOUGH_GUARDS]
    assert said[alex.Why.MISSING_CARDS].count("2") == 1  # "2× horse"


def test_the_service_refusal_of_an_illegal_action_gives_its_reason() -> None:
    t = texts("en")
    error = GameError(Why.ILLEGAL_MOVE, reason=alex.IllegalAction(alex.Why.ALREADY_TAXED))
    assert refusal(t, error) == "You have already levied taxes this turn."
    state = alex.new_game(2, 1)
    with pytest.raises(alex.IllegalAction) as raised:
        alex.play(state, alex.Tax(5))
    assert refusal(t, GameError(Why.ILLEGAL_MOVE, reason=raised.value)) == (
        "That is not possible at this step of the turn: choose from the menus of your panel."
    )
