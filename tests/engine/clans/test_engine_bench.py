"""bench/engine.py runs and prints its figures in the agreed format (no timing is asserted)."""

from __future__ import annotations

import re

import pytest

from bench import engine as bench

LINE = re.compile(r"FIGURE [a-z_]+ \d+(\.\d+)? \S+")
NAMES = {
    "random_games_per_s",
    "random_games_per_s_checked",
    "legal_moves_us",
    "play_us",
    "apply_us",
    "moves_per_game",
    "json_roundtrip_us",
}


def test_measurements_have_the_expected_names() -> None:
    figures = [*bench.random_games(0.01), *bench.checked_games(0.01), *bench.per_call(0.001, samples=2)]
    assert {name for name, _, _ in figures} >= NAMES
    assert all(value > 0 for _, value, _ in figures)
    assert all(LINE.fullmatch(bench.format_figure(*figure)) for figure in figures)


def test_main_prints_one_figure_per_line(capsys: pytest.CaptureFixture[str]) -> None:
    bench.main(["--seconds", "0.01"])
    lines = capsys.readouterr().out.splitlines()
    assert all(LINE.fullmatch(line) for line in lines), lines
    assert {line.split()[1] for line in lines} >= NAMES
