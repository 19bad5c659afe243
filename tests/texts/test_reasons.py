"""Reasons are data below the text layer: the engine and the service say why with codes and facts; the
words come from the catalogs, in any language."""

from __future__ import annotations

import pickle

import pytest

from frame.service.errors import GameError, Why
from frame.texts import texts
from frame.texts.reasons import end_reason, say
from games.clans.engine import EndReason, IllegalMove, Move, new_game, play
from games.clans.engine.moves import NotAMove, NotNeighbours


def test_an_illegal_move_carries_its_facts_not_a_sentence() -> None:
    state = new_game(2, 7)
    with pytest.raises(IllegalMove) as info:
        play(state, Move(24, 40))
    assert info.value == NotNeighbours(24, 40)
    assert (info.value.src, info.value.dst) == (24, 40)  # type: ignore[attr-defined]
    assert pickle.loads(pickle.dumps(info.value)) == info.value  # it may cross a process boundary
    assert str(info.value) == "24 and 40 are not neighbours"  # str(): English, for logs
    assert say(texts("de"), info.value) == "24 und 40 sind keine Nachbarn"
    assert say(texts("it"), info.value) == "24 e 40 non sono confinanti"


def test_text_that_is_no_move_is_a_reason_too() -> None:
    with pytest.raises(NotAMove) as info:
        Move.parse("hello")
    assert info.value.text == "hello"
    assert "23-24" in say(texts("de"), info.value)


def test_a_refusal_of_the_service_is_a_code_with_facts() -> None:
    refusal = GameError(Why.LOBBY_FULL, seats=4)
    assert (refusal.why, refusal.facts) == (Why.LOBBY_FULL, {"seats": 4})
    assert str(refusal) == "This game already has 4 players."
    assert say(texts("de"), refusal) == "Diese Partie hat schon 4 Spieler."
    assert say(texts("it"), refusal) == "Questa partita ha già 4 giocatori."
    cooldown = GameError(Why.REPLAY_COOLDOWN, seconds=1)
    assert str(cooldown) == "You asked for a replay a moment ago: try again in 1 second."
    assert say(texts("de"), cooldown).endswith("in 1 Sekunde noch einmal.")
    nested = GameError(Why.ILLEGAL_MOVE, reason=NotNeighbours(1, 9))
    assert say(texts("it"), nested) == "1 e 9 non sono confinanti"


@pytest.mark.parametrize("reason", list(EndReason))
def test_end_reasons_are_codes_worded_in_each_language(reason: EndReason) -> None:
    assert " " not in reason.value  # a code, as the database stores it
    words = {lang: end_reason(texts(lang), reason) for lang in ("en", "de", "it")}
    assert len(set(words.values())) == 3 and all(words.values())


def test_every_refusal_code_has_words() -> None:
    facts = {"seats": 4, "game": 3, "status": "running", "move": Move(1, 2), "name": "ann", "user_id": None,
             "levels": ("easy",), "low": 2, "high": 4, "seated": 1, "paces": ("daily",), "reason": NotNeighbours(1, 2),
             "permissions": ("Embed Links",), "lobbies": 2, "games": 10, "seconds": 20}  # fmt: skip
    fallback = say(texts("en"), GameError(Why.CANNOT))
    for why in Why:
        for lang in ("en", "de", "it"):
            text = say(texts(lang), GameError(why, **facts))
            assert text and (why is Why.CANNOT or text != fallback), (why, lang)
