"""bench/alexandros_sim.py runs and prints its figures in the agreed format (no timing is asserted)."""

from __future__ import annotations

import re

from bench import alexandros_sim as sim

LINE = re.compile(r"FIGURE [a-z0-9_]+ \d+(\.\d+)? \S+")


def test_both_policies_play_legal_games_to_the_end() -> None:
    """docs/RULES.md A7.1, A7.2: simulated games end by the walls or at 100 points."""
    for policy in (sim.random_policy, sim.greedy_policy):
        state, kinds = sim.simulate(3, 7, policy)
        assert state.over and kinds["MoveAlexander"] >= 20


def test_figures_are_in_the_agreed_format() -> None:
    lines = sim.figures("random", sim.random_policy, 2, 3)
    assert len(lines) == 11 and all(LINE.fullmatch(line) for line in lines)
    assert any(line.startswith("FIGURE alexandros_random_2p_rounds_median ") for line in lines)


def test_speed_figures() -> None:
    lines = sim.speed(1)
    assert [line.split()[1] for line in lines] == [
        "alexandros_legal_actions_us",
        "alexandros_apply_us",
        "alexandros_actions_per_random_game",
    ]
    assert all(LINE.fullmatch(line) for line in lines)
