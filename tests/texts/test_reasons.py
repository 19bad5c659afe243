"""Reasons are data below the text layer: the engine and the service say why with codes and facts; the
words come from the catalogs, in any language, each game's through the words its registration record names."""

from __future__ import annotations

import pickle
import subprocess
import sys

import pytest

import engine.alexandros as alex
from engine.clans import EndReason, IllegalMove, Move, new_game, play
from engine.clans.moves import (
    ChooseVillageFirst,
    EmptyTerritory,
    GameIsOver,
    NoSuchTerritory,
    NotAMove,
    NotInGame,
    NotNeighbours,
    NotYourTurn,
    OnlySmallerMoves,
    ResignOnlyYourself,
    SameTerritory,
    TooManyHuts,
)
from errors import GameError, Why
from texts import texts
from texts.reasons import end_reason, english, illegal_reason, is_illegal_move, say, shown_move


def test_an_illegal_move_carries_its_facts_not_a_sentence() -> None:
    state = new_game(2, 7)
    with pytest.raises(IllegalMove) as info:
        play(state, Move(24, 40))
    assert info.value == NotNeighbours(24, 40)
    assert (info.value.src, info.value.dst) == (24, 40)  # type: ignore[attr-defined]
    assert pickle.loads(pickle.dumps(info.value)) == info.value  # it may cross a process boundary
    assert str(info.value) == "NotNeighbours(src=24, dst=40)"  # str(): the reason and its facts, for logs
    assert english(info.value) == "24 and 40 are not neighbours"
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
    assert str(refusal) == "lobby_full (seats=4)"  # the code and its facts, for logs
    assert english(refusal) == "This game already has 4 players."
    assert say(texts("de"), refusal) == "Diese Partie hat schon 4 Spieler."
    assert say(texts("it"), refusal) == "Questa partita ha già 4 giocatori."
    cooldown = GameError(Why.REPLAY_COOLDOWN, seconds=1)
    assert str(cooldown) == "replay_cooldown (seconds=1)"
    assert english(cooldown) == "You asked for a replay a moment ago: try again in 1 second."
    assert say(texts("de"), cooldown).endswith("in 1 Sekunde noch einmal.")
    nested = GameError(Why.ILLEGAL_MOVE, reason=NotNeighbours(1, 9))
    assert say(texts("it"), nested) == "1 e 9 non sono confinanti"
    assert str(nested) == "illegal_move (reason=NotNeighbours(src=1, dst=9))"
    assert str(GameError(Why.CANNOT)) == "cannot"


def test_an_illegal_action_of_alexandros_says_its_code_and_facts() -> None:
    error = alex.IllegalAction(alex.Why.NO_SUCH_SPACE, space=99)
    assert str(error) == "no_such_space (space=99)"
    assert str(alex.IllegalAction(alex.Why.NOT_YOUR_TURN)) == "not_your_turn"
    assert english(error) == "There is no space 99 on the board."


def test_each_game_words_its_own_illegal_moves_through_the_shared_text_layer() -> None:
    t = texts("en")
    assert illegal_reason(t, NotYourTurn()) == "It is not your turn"
    assert illegal_reason(t, alex.IllegalAction(alex.Why.NOT_YOUR_TURN)) == "It is not your turn."
    assert illegal_reason(t, ValueError("no game's")) == "That move is not allowed."
    assert is_illegal_move(NotNeighbours(1, 2)) and is_illegal_move(alex.IllegalAction(alex.Why.BAD_TEXT))
    assert not is_illegal_move(ValueError("a bug")) and not is_illegal_move(GameError(Why.CANNOT))


def test_each_game_shows_its_moves_and_words_its_end_reasons_through_the_shared_text_layer() -> None:
    t, de = texts("en"), texts("de")
    assert shown_move(t, Move(23, 24)) == "23 → 24"
    assert shown_move(t, Move.village(23)) == "village 23" and shown_move(de, Move.village(23)) != "village 23"
    assert shown_move(t, alex.EndTurn()) == alex.EndTurn().text  # a move without words of its own: its text
    assert end_reason(t, EndReason.NO_MOVES) == "no moves left"
    assert end_reason(t, alex.EndReason.HUNDRED) == "someone reached 100 points"
    assert (
        end_reason(de, EndReason.RESIGNATIONS)
        == end_reason(de, alex.EndReason.RESIGNATIONS)
        != "fewer than two players left"
    )
    assert end_reason(t, "idle") == "closed after a day without players"


def test_the_frame_finds_every_game_s_words_without_being_told_to_import_them() -> None:
    """A process that imports only the shared text layer and the engines still words every game's reasons:
    the shared text layer reaches each game's words through the registry."""
    script = (
        "import sys\n"
        "from texts import texts\n"
        "from texts.reasons import is_illegal_move, say\n"
        "from engine.alexandros import IllegalAction, Why\n"
        "from engine.clans.moves import NotYourTurn\n"
        "assert not any(name.endswith('texts.reasons') and name.startswith('games.') for name in sys.modules)\n"
        "assert is_illegal_move(NotYourTurn())\n"
        "print(say(texts('de'), NotYourTurn()))\n"
        "print(say(texts('de'), IllegalAction(Why.NOT_YOUR_TURN)))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == [
        say(texts("de"), NotYourTurn()),
        say(texts("de"), alex.IllegalAction(alex.Why.NOT_YOUR_TURN)),
    ]
    assert "nicht" in out  # German words, not the generic refusal


@pytest.mark.parametrize("reason", list(EndReason))
def test_end_reasons_are_codes_worded_in_each_language(reason: EndReason) -> None:
    assert " " not in reason.value  # a code, as the database stores it
    words = {lang: end_reason(texts(lang), reason) for lang in ("en", "de", "it")}
    assert len(set(words.values())) == 3 and all(words.values())


def test_every_refusal_code_has_words() -> None:
    facts = {"seats": 4, "game": 3, "status": "running", "move": Move(1, 2), "name": "ann", "user_id": None,
             "levels": ("easy",), "low": 2, "high": 4, "seated": 1, "paces": ("daily",), "reason": NotNeighbours(1, 2),
             "permissions": ("Embed Links",), "lobbies": 2, "games": 10, "seconds": 20, "left": 3, "allowance": 14,
             "boards": ("x",), "window": 60, "ahead": 30, "zone": "Mars/Olympus", "start": 8, "end": 8}  # fmt: skip
    fallback = say(texts("en"), GameError(Why.CANNOT))
    for why in Why:
        for lang in ("en", "de", "it"):
            text = say(texts(lang), GameError(why, **facts))
            assert text and (why is Why.CANNOT or text != fallback), (why, lang)


@pytest.mark.parametrize(
    ("reason", "words"),
    [
        (NotNeighbours(23, 40), "23 and 40 are not neighbours"),
        (EmptyTerritory(23), "Territory 23 is empty"),
        (NoSuchTerritory(61, 60), "There is no territory 61: the map has 1 to 60"),
        (SameTerritory(), "Choose two different territories, like 23-24"),
        (NotYourTurn(), "It is not your turn"),
        (GameIsOver(), "The game is over"),
        (NotInGame(1), "That player is not in the game"),
        (ResignOnlyYourself(), "You can only resign yourself"),
        (TooManyHuts(23, 7), "Territory 23 holds 7 huts and cannot move"),
        (
            OnlySmallerMoves(src=24, count=9, dst=23, target=8),
            "Territory 24 holds 9 huts and cannot move onto the 8 of territory 23: only the smaller group may move",
        ),
        (ChooseVillageFirst((1, 19)), "First choose which village is founded next: territory 1, 19"),
        (NotAMove("hello"), "'hello' is not a move: write two territory numbers, like 23-24"),
    ],
)
def test_each_illegal_clans_move_is_worded_with_its_facts(reason: IllegalMove, words: str) -> None:
    assert english(reason) == words
    assert english(GameError(Why.ILLEGAL_MOVE, reason=reason)) == words


@pytest.mark.parametrize(
    ("refusal", "words"),
    [
        (GameError(Why.LOBBY_FULL, seats=4), "This game already has 4 players."),
        (GameError(Why.CHANNEL_BUSY), "This channel already has a game; finish or cancel it first."),
        (GameError(Why.ALREADY_SEATED), "You are already in this game."),
        (GameError(Why.HOST_CANNOT_LEAVE, game="clans"), "You are the host: use `/clans cancel` to close the lobby."),
        (GameError(Why.NOT_SEATED), "You are not in this game."),
        (GameError(Why.JOIN_FIRST), "Join the game first to add AI players."),
        (GameError(Why.AI_LEVELS, levels=("easy", "normal", "hard")), "The AI levels are easy, normal, hard."),
        (
            GameError(Why.PLAYER_COUNT, game="clans", low=2, high=4, seated=1),
            "Clans needs 2 to 4 players; this lobby has 1.",
        ),
        (GameError(Why.ONLY_HOST_START), "Only the host can start the game."),
        (GameError(Why.GAME_GONE), "That game no longer exists."),
        (GameError(Why.STARTED), "That game has already started."),
        (GameError(Why.NOT_PLAYING), "You are not playing in this game."),
        (GameError(Why.ONLY_HOST_CANCEL), "Only the host or a member with Manage Messages can cancel the game."),
        (GameError(Why.CANCELLED), "That game was cancelled."),
        (
            GameError(Why.NO_GAME_IN_CHANNEL, game="clans"),
            "There is no game in this channel. Open one with `/clans new`.",
        ),
        (
            GameError(Why.CANCEL_MOVED_ON),
            "A move was made while you were cancelling, so the game was not cancelled. Try again.",
        ),
        (GameError(Why.THEIR_TURN, name="Ann", user_id=11), "It is <@11>'s turn."),
        (GameError(Why.THEIR_TURN, name="AI (easy)", user_id=None), "It is AI (easy)'s turn."),
        (
            GameError(Why.MOVED_ON),
            "Too late: the game moved on while you were choosing. Look at the latest board.",
        ),
        (GameError(Why.GAME_OVER), "The game is over."),
        (GameError(Why.RESIGNED), "You have resigned from this game."),
        (GameError(Why.ALREADY_PLAYED, move=Move(23, 24)), "Your move 23 → 24 was already played."),
        (GameError(Why.ALREADY_PLAYED, move=Move.village(23)), "Your move village 23 was already played."),
    ],
)
def test_the_refusals_of_the_service_in_english(refusal: GameError, words: str) -> None:
    """The service's tests assert each refusal's code and facts (tests/service/refused.py); these are its
    words."""
    assert english(refusal) == words
