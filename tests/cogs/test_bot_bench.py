"""The bot benchmark runs end to end and prints its FIGURE lines (format only: two moves per load in two human
games, one AI game thinking, a burst of three games), and with --why where the posts waited."""

from __future__ import annotations

import re

import pytest

from bench import bot as bench

pytestmark = pytest.mark.backend_blind("the bench's figures and their shape")


def test_bot_bench_prints_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--moves", "2", "--gap", "0", "--ai", "0,1", "--burst", "3", "--tables", "2", "--why"]) == 0
    out = capsys.readouterr().out
    lines = [line for line in out.splitlines() if line.startswith("FIGURE")]
    assert all(re.fullmatch(r"FIGURE [a-z0-9_]+ [0-9.]+ \S+", line) for line in lines), lines
    figures = {line.split()[1]: float(line.split()[2]) for line in lines}
    for load in (0, 1):
        assert {f"bot_move_p50_ms_ai{load}", f"bot_move_p99_ms_ai{load}", f"bot_first_answer_p99_ms_ai{load}"} <= set(
            figures
        )
    assert {"bot_burst3_first_answer_p99_ms", "bot_burst3_peak_rss_mb"} <= set(figures)
    for load in (0, 1):  # the public message apart from Discord's rate-limit waits, and no interaction failed
        assert figures[f"bot_post_p99_ms_ai{load}"] <= figures[f"bot_move_p99_ms_ai{load}"]
        assert figures[f"bot_failed_ai{load}"] == 0
    assert "bot_ai_step_cpu_max_ms" in figures
    for load in (0, 1):  # --why: where each load's posts waited, the slowest move named
        assert f"# {load} AI games: where the posts waited" in out
    assert re.search(r"#   move \d+: post \d+ ms: slot wait \d+ ms, drawing", out)
    assert figures["bot_db_round_trips_per_move"] == figures["bot_db_round_trips_per_move_max"] == 2
    assert figures["bot_db_announced_marks_per_move"] == 1  # after the public message: off the player's path
