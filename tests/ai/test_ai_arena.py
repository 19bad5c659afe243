"""The arena prints FIGURE lines; run it on two games per match-up (format only)."""

from __future__ import annotations

import re

from bench import ai_arena


def test_arena_prints_figures(capsys: object) -> None:
    assert ai_arena.main(["--games", "2", "--hard-iterations", "10", "--workers", "1"]) == 0
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    lines = [line for line in out.splitlines() if line.strip()]
    assert all(re.fullmatch(r"FIGURE [a-z0-9_]+ -?[0-9.]+ \S+", line) for line in lines), lines
    names = {line.split()[1] for line in lines}
    for name in (
        "hard_vs_3normal_win_rate",
        "hard_vs_3normal_win_rate_ci95_low",
        "hard_vs_3normal_win_rate_ci95_high",
        "normal_vs_easy_win_rate",
        "normal_vs_easy_win_rate_ci95_low",
        "normal_vs_easy_win_rate_ci95_high",
        "belief_accuracy_move10",
        "belief_accuracy_move20",
        "belief_accuracy_move30",
        "seconds_per_move_easy",
        "seconds_per_move_normal",
        "seconds_per_move_hard",
        "hard_iterations_per_move",
    ):
        assert name in names


def test_wilson_interval_brackets_the_rate() -> None:
    low, high = ai_arena.wilson(30, 100)
    assert 0.2 < low < 0.3 < high < 0.4
