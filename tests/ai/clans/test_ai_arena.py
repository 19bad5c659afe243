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


def test_arena_prints_the_strength_per_cpu_curve(capsys: object) -> None:
    argv = ["--curve", "--games", "1", "--budget-games", "1", "--points", "4,0.01s", "--workers", "1"]
    assert ai_arena.main(argv) == 0
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    lines = [line for line in out.splitlines() if line.strip()]
    assert all(re.fullmatch(r"FIGURE [a-z0-9_]+ -?[0-9.]+ \S+", line) for line in lines), lines
    figures = {line.split()[1]: line.split()[2] for line in lines}
    for point in ("r4", "0p01s"):
        for suffix in ("win_rate", "win_rate_ci95_low", "win_rate_ci95_high", "games", "seconds_per_move"):
            assert f"curve_{point}_{suffix}" in figures
        assert figures[f"curve_{point}_games"] == "1"
        assert 0 <= float(figures[f"curve_{point}_win_rate_ci95_low"]) <= float(figures[f"curve_{point}_win_rate"])
    assert ai_arena.parse_point("800") == ("r800", None, 800)
    assert ai_arena.parse_point("2s") == ("2s", 2.0, None)
