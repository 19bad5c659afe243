"""STYLE.md 7: the versioned JSON state, its validating loader, and replay of the move log."""

from __future__ import annotations

import json
import random

import pytest
from positions import m, random_position

from engine.clans import (
    BadState,
    Board,
    GameState,
    IllegalMove,
    Move,
    Phase,
    Resign,
    legal_moves,
    new_game,
    play,
    replay,
)
from engine.clans.moves import EmptyTerritory, GameIsOver, NotAMove, NotNeighbours


def roundtrip(state: GameState) -> None:
    text = state.to_json()
    again = GameState.from_json(text)
    assert again == state
    assert again.to_json() == text, "the JSON form must be stable"
    assert again.counts == state.counts and again.occupied == state.occupied


@pytest.mark.parametrize("seed", range(6))
def test_every_state_of_a_game_round_trips(seed: int, board: Board) -> None:
    """STYLE.md 7: every state round-trips through JSON (also mid-order and after the end)."""
    rng = random.Random(seed)
    state = new_game(2 + seed % 3, seed, board)
    roundtrip(state)
    while not state.over:
        play(state, rng.choice(legal_moves(state)))
        roundtrip(state)
    roundtrip(state)


def test_json_is_versioned() -> None:
    raw = json.loads(new_game(2, 1).to_json())
    assert raw["format"] == "clans-state" and raw["version"] == 1


def _a_state_with_villages() -> dict:  # type: ignore[type-arg]
    """A running game, waiting for a hut move, whose first village still stands."""
    for seed in range(100):
        state = random_position(seed, 30, players=3)
        if state.phase is Phase.MOVE and len(state.villages) >= 2 and state.villages[0].value:
            return json.loads(state.to_json())  # type: ignore[no-any-return]
    raise AssertionError("no such game")


def rejected(raw: object) -> str:
    text = raw if isinstance(raw, str) else json.dumps(raw)
    with pytest.raises(BadState) as info:
        GameState.from_json(text)
    assert isinstance(info.value, ValueError)
    return str(info.value)


def test_loader_rejects_huts_that_do_not_add_up() -> None:
    """docs/RULES.md R1.4: 12 huts per colour, on the board or removed."""
    raw = json.loads(new_game(2, 1).to_json())
    raw["huts"][0][0] += 1
    assert "huts do not add up" in rejected(raw)
    raw = json.loads(new_game(2, 1).to_json())
    raw["removed"][3] = 1
    assert rejected(raw) == "yellow huts do not add up: 12 on the board + 1 removed"
    raw = json.loads(new_game(2, 1).to_json())
    raw["huts"][5] = [-1, 0, 0, 0, 0]
    raw["removed"][0] = 1 + raw["removed"][0]
    assert rejected(raw) == "Hut counts cannot be negative"


def test_loader_rejects_unknown_territories() -> None:
    """docs/RULES.md R2.1: territories 1..60 only."""
    raw = json.loads(new_game(2, 1).to_json())
    raw["huts"].append([0, 0, 0, 0, 0])
    assert rejected(raw) == "Saved game must list 5 hut counts for each of 60 territories"
    raw = json.loads(new_game(2, 1).to_json())
    raw["huts"][0] = [1, 0, 0, 0]
    assert rejected(raw) == "Saved game must list 5 hut counts for each of 60 territories"
    raw = _a_state_with_villages()
    raw["villages"][1]["territory"] = 99
    assert rejected(raw) == "Unknown territory 99"


def test_loader_rejects_wrong_version_and_garbage() -> None:
    raw = json.loads(new_game(2, 1).to_json())
    raw["version"] = 2
    assert rejected(raw) == "Unsupported saved-game version 2 (expected 1)"
    assert rejected("not json at all").startswith("Saved game is malformed")
    assert rejected("").startswith("Saved game is malformed")
    assert rejected([1, 2, 3]) == "Not a saved Clans game"
    assert rejected({"format": "chess"}) == "Not a saved Clans game"
    raw = json.loads(new_game(2, 1).to_json())
    del raw["huts"]
    assert rejected(raw).startswith("Saved game is malformed")
    raw = json.loads(new_game(2, 1).to_json())
    raw["phase"] = "dancing"
    assert rejected(raw).startswith("Saved game is malformed")


def test_loader_rejects_scores_not_matching_villages() -> None:
    """docs/RULES.md R6.8: clan scores are the sum of the values of the villages each colour is in."""
    raw = _a_state_with_villages()
    raw["scores"][0] += 1
    assert rejected(raw) == "Clan scores do not match the villages founded"


def test_loader_rejects_other_impossible_states() -> None:
    raw = json.loads(new_game(3, 1).to_json())
    raw["clans"] = ["red", "red", "blue"]
    assert rejected(raw) == "Each player needs a different clan"
    raw = json.loads(new_game(3, 1).to_json())
    raw["players"] = 5
    assert rejected(raw) == "A game has 2 to 4 players"
    raw = json.loads(new_game(3, 1).to_json())
    raw["to_move"] = 3
    assert rejected(raw) == "The player to move is not in the game"
    raw = _a_state_with_villages()
    raw["chips"][0] += 1
    assert rejected(raw) == "Village chips taken must equal villages founded"
    raw = _a_state_with_villages()
    raw["villages"][0]["epoch"] = 3
    assert rejected(raw) == "Village 1 has the wrong epoch"
    raw = json.loads(new_game(3, 1).to_json())
    raw["phase"] = Phase.ORDER.value
    assert rejected(raw) == "Pending villages exist exactly while ordering"


# --- replay -------------------------------------------------------------------------------------


def _log(seed: int, players: int, board: Board | None = None) -> tuple[list[Move | Resign], GameState]:
    rng = random.Random(seed * 31)
    state = new_game(players, seed, board)
    actions: list[Move | Resign] = []
    while not state.over:
        action = rng.choice(legal_moves(state))
        play(state, action)
        actions.append(action)
    return actions, state


@pytest.mark.parametrize(("seed", "players"), [(1, 2), (2, 3), (3, 4), (4, 2)])
def test_replay_rebuilds_the_same_state(seed: int, players: int, board: Board) -> None:
    """STYLE.md 7: state = replay(seed, moves), from Move objects or from their text, on the game's map."""
    actions, state = _log(seed, players, board)
    assert replay(seed, players, actions, board) == state
    assert replay(seed, players, [a.text for a in actions], board).to_json() == state.to_json()
    half = len(actions) // 2
    partial = replay(seed, players, actions[:half], board)
    assert partial.ply == half


def test_replay_with_resignations() -> None:
    state = new_game(3, 8)
    log = ["23-24", "resign:0", "1-2"]
    for text in log:
        play(state, m(text) if ":" not in text else Resign(int(text[-1])))
    assert replay(8, 3, log) == state


def test_replay_of_an_illegal_log_raises() -> None:
    """STYLE.md 3: replay checks every action."""
    with pytest.raises(IllegalMove) as info:
        replay(1, 2, ["22-23", "24-40"])
    assert info.value == NotNeighbours(24, 40)
    with pytest.raises(IllegalMove) as info:
        replay(1, 2, ["23-24", "23-22"])
    assert info.value == EmptyTerritory(23)
    with pytest.raises(IllegalMove) as info:
        replay(1, 2, ["23-24", "hello"])
    assert info.value == NotAMove("hello")
    actions, _ = _log(5, 2)
    with pytest.raises(IllegalMove) as info:
        replay(5, 2, [*actions, Move(1, 2)])
    assert info.value == GameIsOver()


def _finished() -> dict:  # type: ignore[type-arg]
    state = random_position(0, 200, players=2)
    assert state.over and len(state.villages) == 12
    return json.loads(state.to_json())  # type: ignore[no-any-return]


def _ordering() -> dict:  # type: ignore[type-arg]
    for seed in range(200):
        state = random_position(seed, 35)
        if state.phase is Phase.ORDER:
            return json.loads(state.to_json())  # type: ignore[no-any-return]
    raise AssertionError("no game waited for an order")


def _edit(raw: dict, path: str, value: object) -> dict:  # type: ignore[type-arg]
    target = raw
    *keys, last = path.split(".")
    for key in keys:
        target = target[int(key) if key.isdigit() else key]
    target[int(last) if last.isdigit() else last] = value
    return raw


@pytest.mark.parametrize(
    ("build", "path", "value", "message"),
    [
        (_a_state_with_villages, "villages.1.territory", "first", "Territory {} holds two villages"),
        (_a_state_with_villages, "villages.1.number", 7, "Villages must be numbered in founding order"),
        (_a_state_with_villages, "villages.0.terrain", "other", "Village 1 has the wrong terrain"),
        (_a_state_with_villages, "villages.0.huts", [9, 0, 0, 0, 0], "Village 1 huts differ"),
        (_a_state_with_villages, "end_reason", "no moves left", "Only a finished game has an end reason"),
        (_a_state_with_villages, "last_move", "61-60", "Unknown territory in last move"),
        (_ordering, "pending", [1, 2], "Pending village 1 is empty"),
        (_ordering, "phase", "move", "Pending villages exist exactly while ordering"),
        (_finished, "villages", "thirteen", "At most 12 villages"),
    ],
)
def test_loader_rejects_inconsistent_villages(build, path: str, value: object, message: str) -> None:  # type: ignore[no-untyped-def]
    """STYLE.md 7: the loader checks the invariants of villages, pending choices and the end."""
    raw = build()
    if value == "first":
        value = raw["villages"][0]["territory"]
        message = message.format(value)
    elif value == "other":
        value = "forest" if raw["villages"][0]["terrain"] != "forest" else "steppe"
    elif value == "thirteen":
        value = [*raw["villages"], raw["villages"][-1]]
    if path == "pending":
        for t in value:  # type: ignore[attr-defined]
            raw["removed"] = [n + k for n, k in zip(raw["removed"], raw["huts"][t - 1], strict=True)]
            raw["huts"][t - 1] = [0] * 5
    assert rejected(_edit(raw, path, value)) == message


def test_loader_rejects_a_village_value_the_rules_cannot_give() -> None:
    """docs/RULES.md R6.6, R6.7: value = huts after strife (+ bonus / 0 by terrain and epoch).

    A saved game whose village is worth 40, with the scores raised to match, must be refused: the loader
    recomputes each village's strife, value and destroyed flag from huts_before, terrain and the chart.
    """
    raw = _a_state_with_villages()
    village = raw["villages"][0]
    extra = 40 - village["value"]
    village["value"] = 40
    for c, n in enumerate(village["huts"]):
        if n:
            raw["scores"][c] += extra
    rejected(raw)
