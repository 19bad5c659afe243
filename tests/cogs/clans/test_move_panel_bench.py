"""The move panel's benchmark runs end to end and prints its FIGURE lines (format only: one whole game)."""

from __future__ import annotations

import re

import pytest

from bench import move_panel as bench

pytestmark = pytest.mark.backend_blind("the bench's figures and their shape")


def test_move_panel_bench_prints_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--games", "1", "--speed", "20"]) == 0  # Discord's windows compressed, as in the tests
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("FIGURE")]
    assert all(re.fullmatch(r"FIGURE [a-z0-9_]+ [0-9.]+ \S+", line) for line in lines), lines
    figures = {line.split()[1]: float(line.split()[2]) for line in lines}
    assert {
        "panel_taps_per_move_median",
        "panel_taps_per_move_worst",
        "panel_open_p99_ms",
        "panel_preview_p99_ms",
    } <= set(figures)
    assert (
        figures["panel_moves"] > 0
        and 4 <= figures["panel_taps_per_move_median"] <= figures["panel_taps_per_move_worst"]
    )
