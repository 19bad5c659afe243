"""The AI plays exactly the rollouts and games it always played, so its published figures stay valid.

rollout_fingerprint.json was written once, from main at ab8ee4e, before the engine was made faster; its
rollouts' fingerprints are never to be written again. Its games' were written again once, when hard's told
search changed its candidates (issue 41, ``TOLD_CANDIDATES``: a new AI with new evaluation figures; the
rollouts unchanged), and only a change to what the AI chooses, measured anew, may do so. The hard AI's figures
come from ``informed_playout`` rollouts over the engine's
fast primitives (``LiveTracker`` since issue 41, ``apply``, ``draw_hut_move``, ``villages_founded``; before it
``live_territories`` and ``founding_moves`` afresh each step): each fingerprint hashes the states they reach
and the random generator's state after each rollout, and a few whole games of every level hash their actions.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from ai.clans import AI_LEVELS, choose_action
from ai.clans.rollout import informed_playout
from engine.clans import Action, legal_moves, load_board, new_game, play, public_view
from tests.engine.clans.test_engine_fingerprint import CASES, digest

EXPECTED = json.loads((Path(__file__).parent / "rollout_fingerprint.json").read_text(encoding="utf-8"))
GAMES = 100


def rollouts(map_id: str, players: int) -> Iterator[str]:
    """Informed rollouts from the setup and from the middle of checked random games, with guessed clans."""
    board = load_board(map_id)
    for seed in range(GAMES):
        state = new_game(players, seed, board)
        rng = random.Random(seed)
        for _ in range(seed % 40):
            if state.over:
                break
            play(state, rng.choice(legal_moves(state)))
        clans = [int(c) for c in state.clans] if seed % 2 else rng.sample(range(5), players)
        informed_playout(state, clans, rng)
        yield state.to_json()
        yield repr(rng.getstate())


def ai_games(players: int) -> Iterator[str]:
    """Whole games of the three levels (each seat's level rotating), hard on a fixed number of rollouts."""
    for seed in range(2):
        levels = tuple(AI_LEVELS[(seed + s) % len(AI_LEVELS)] for s in range(players))
        state = new_game(players, 4200 + 10 * players + seed)
        start = public_view(state)
        history: list[Action] = []
        while not state.over:
            seat = state.to_move
            level = levels[seat]
            action = choose_action(
                level,
                start,
                history,
                seat,
                state.clans[seat],
                seed=seed,
                iterations=24 if level == "hard" else None,
            )
            play(state, action, seat)
            history.append(action)
            yield action.text
        yield state.to_json()


def fingerprints() -> dict[str, str]:
    found = {f"rollouts/{map_id}/{players}": digest(rollouts(map_id, players)) for map_id, players in CASES}
    found |= {f"games/{players}": digest(ai_games(players)) for players in (2, 3, 4)}
    return found


def test_every_case_has_its_fingerprint() -> None:
    expected = [f"rollouts/{m}/{p}" for m, p in CASES] + [f"games/{p}" for p in (2, 3, 4)]
    assert sorted(EXPECTED) == sorted(expected)


@pytest.mark.parametrize(("map_id", "players"), CASES)
def test_informed_rollouts_play_the_games_they_always_played(map_id: str, players: int) -> None:
    assert digest(rollouts(map_id, players)) == EXPECTED[f"rollouts/{map_id}/{players}"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_level_plays_the_games_it_always_played(players: int) -> None:
    assert digest(ai_games(players)) == EXPECTED[f"games/{players}"]
