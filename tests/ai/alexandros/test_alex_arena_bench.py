"""bench/alexandros_arena.py plays its match-ups and prints FIGURE lines (the format only, no timing)."""

from __future__ import annotations

import re

import pytest

from bench import alexandros_arena as arena


def test_every_deal_is_played_with_normal_in_every_seat() -> None:
    todo = arena.tasks(2)
    assert len(todo) == 2 * (2 + 3 + 4)
    for players in (2, 3, 4):
        mine = [t for t in todo if len(t.levels) == players]
        for seed in {t.seed for t in mine}:
            seats = sorted(t.tracked for t in mine if t.seed == seed)
            assert seats == list(range(players))
            assert all(t.levels[t.tracked] == "normal" and t.levels.count("normal") == 1 for t in mine)


def test_the_arena_prints_figures(capsys: pytest.CaptureFixture[str]) -> None:
    records = arena.run([arena.Task(("normal", "easy"), 3, 0), arena.Task(("easy", "easy", "normal"), 4, 2)], 1)
    assert all(r.actions > 20 and 0 <= r.share <= 1 for r in records)
    lines = arena.figures(records)
    assert all(re.fullmatch(r"FIGURE [a-z0-9_]+ [0-9.]+ \S+", line) for line in lines), lines
    names = {line.split()[1] for line in lines}
    assert "alexandros_normal_vs_easy_2p_win_rate_ci95_low" in names
    assert "alexandros_ai_cpu_per_move_normal_p95" in names
    assert "alexandros_normal_vs_easy_4p_win_rate" not in names
