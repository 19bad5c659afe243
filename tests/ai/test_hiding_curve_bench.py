"""The strength-against-leakage bench applies each setting and prints its FIGURE lines (format only)."""

from __future__ import annotations

import re

import pytest

import ai.clans
from ai.clans.hiding import Hiding
from bench import hiding_curve


def test_a_setting_reads_as_two_or_three_knots() -> None:
    assert hiding_curve.parse("1.5:1.0") == Hiding(start=1.5, end=1.0)
    assert hiding_curve.parse("1:2:3") == Hiding(start=1.0, middle=2.0, end=3.0)
    assert hiding_curve.name("1.0:2.0:3.0") == "1p0_2p0_3p0"


def test_the_curve_prints_strength_and_leakage_per_setting(capsys: object) -> None:
    argv = ["--settings", "9:9", "--games", "2", "--observer-games", "1", "--samples", "2", "--workers", "1"]
    assert hiding_curve.main(argv) == 0
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    lines = [line for line in out.splitlines() if line.strip()]
    assert all(re.fullmatch(r"FIGURE [a-z0-9_]+ [0-9.]+ \S+", line) for line in lines), lines
    names = {line.split()[1] for line in lines}
    for figure in ("normal_vs_3easy_win_rate", "normal_vs_3easy_win_rate_games", "top1_end", "pin_rate"):
        assert f"curve_9_9_{figure}" in names


def test_a_worker_plays_normal_with_the_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai.clans, "NORMAL_HIDING", ai.clans.NORMAL_HIDING)  # restored after the test
    setting = Hiding(start=9.0, end=9.0)
    hiding_curve.use(setting)
    assert ai.clans.NORMAL_HIDING is setting  # type: ignore[attr-defined]
