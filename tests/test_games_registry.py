"""Both games answer the shared code's questions (engine/rules.py) through their registration records, and
the log replays to the same state."""

import random

import pytest

from engine.rules import replay
from registry import GAME_NAMES as GAMES
from registry import rules_of

BOARDS = [(name, board) for name in sorted(GAMES) for board in ("", *rules_of(name).boards)]
"""Each game on its original board ("") and on each board a new game may choose."""


@pytest.mark.parametrize(("name", "board"), BOARDS)
def test_a_seeded_game_through_the_interface_replays_to_the_same_state(name: str, board: str) -> None:
    rules = rules_of(name)
    assert rules.name == name and 2 <= rules.min_players <= rules.max_players <= 4
    state = rules.setup(3, 11, board)
    rng = random.Random(5)
    log: list[str] = []
    while rules.result(state) is None and len(log) < 120:
        actions = rules.legal_actions(state)
        assert actions == sorted(actions, key=actions.index) and actions  # a fixed order, never empty
        action = rng.choice(actions)
        rules.play(state, action, rules.to_move(state))
        log.append(action)
    assert rules.to_json(replay(rules, 3, 11, log, board)) == rules.to_json(state)
    assert rules.to_json(rules.from_json(rules.to_json(state))) == rules.to_json(state)
    assert rules.public_view(state) is not None and rules.private_view(state, 0) is not None


def test_a_checked_play_refuses_what_the_fast_apply_trusts() -> None:
    rules = rules_of("alexandros")
    state = rules.setup(2, seed=3)
    with pytest.raises(ValueError):
        rules.play(state, rules.legal_actions(state)[0], seat=1 - rules.to_move(state))  # not their turn
    with pytest.raises(ValueError, match="No game is called"):
        rules_of("chess")
