"""The white-box observer keeps working and reads what it should (small samples: no statistical targets)."""

from __future__ import annotations

import math
import re

from bench import observer


def test_a_clan_blind_policy_gets_equal_likelihoods_under_every_clan() -> None:
    # The control plays uniform random moves: with the same seeds for every clan hypothesis (common
    # random numbers) each clan scores the same hits, so the posterior never moves from even.
    reading = observer.observe_game(observer.Task("control", seed=3, samples=4, hard_iterations=10, ai_path=None))
    assert reading.moves > 20
    assert reading.top1_end == [0.2] * 4 and reading.top1_move5 == [0.2] * 4
    assert reading.pins == 0


def test_a_transparent_policy_is_read_and_a_hiding_one_less() -> None:
    # The top guess with ties split: a sure reading scores 1, an even one 1/5.
    assert observer.top1([0.0, -1.0, -1.0, -1.0, -1.0], 0) == 1.0
    assert observer.top1([0.0] * 5, 3) == 0.2
    assert observer.top1([0.0, 0.0, -1.0, -1.0, -1.0], 4) == 0.0
    autopilot = observer.observe_game(observer.Task("autopilot", seed=5, samples=8, hard_iterations=10, ai_path=None))
    assert autopilot.moves > 20 and len(autopilot.top1_end) == 4
    assert all(0.0 <= x <= 1.0 for x in autopilot.top1_end)


def test_the_observer_prints_figures_for_each_level(capsys: object) -> None:
    argv = ["--levels", "control,easy,hard", "--games", "1", "--samples", "3", "--hard-samples", "1"]
    assert observer.main([*argv, "--hard-iterations", "4", "--workers", "1"]) == 0
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    lines = [line for line in out.splitlines() if line.strip()]
    assert all(re.fullmatch(r"FIGURE [a-z0-9_]+ -?[0-9.]+ \S+", line) for line in lines), lines
    figures = {line.split()[1]: float(line.split()[2]) for line in lines}
    for level in ("control", "easy", "hard"):
        for name in ("top1_move5", "top1_end", "pin_rate"):
            assert 0.0 <= figures[f"observer_{level}_{name}_ci95_low"] <= figures[f"observer_{level}_{name}"]
            assert figures[f"observer_{level}_{name}"] <= figures[f"observer_{level}_{name}_ci95_high"] <= 1.0
    assert figures["observer_control_top1_end"] == 0.2 and figures["observer_control_seats"] == 4
    assert figures["observer_hard_seats"] == 1  # hard sits among normal AIs, and only it is read
    assert not math.isnan(figures["observer_wall_time"])
