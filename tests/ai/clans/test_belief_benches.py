"""The belief benches read each setting they are given and print their FIGURE lines."""

from __future__ import annotations

import re

import pytest

from ai.clans import belief
from bench import belief_strength, calibration

FIGURE = r"FIGURE [a-z0-9_.]+ [0-9.]+ \S+"


def test_a_setting_changes_only_the_knobs_it_names() -> None:
    base = belief.Model(beta=2.0, noise=0.2, tau=0.5)
    assert calibration.model("current", base) is base
    assert calibration.model("b0.9:t1", base) == belief.Model(beta=0.9, noise=0.2, tau=1.0)
    assert calibration.model("n0.3", base) == belief.Model(beta=2.0, noise=0.3, tau=0.5)
    with pytest.raises(ValueError, match="Unknown setting"):
        calibration.model("x1", base)


def test_calibration_reads_the_same_games_with_each_setting(capsys: pytest.CaptureFixture[str]) -> None:
    model = belief.MODEL
    assert calibration.main(["--quick", "--settings", "current,b0.9:t1", "--bins"]) == 0
    assert belief.MODEL is model  # the model in use is put back
    lines = [line for line in capsys.readouterr().out.splitlines() if line.strip()]
    assert all(re.fullmatch(FIGURE, line) for line in lines), lines
    values = {line.split()[1]: float(line.split()[2]) for line in lines}
    for name in ("ece", "brier", "top1", "sure_share", "sure_wrong_at30", "readings_at30", "bin0_stated"):
        assert f"calibration_current_{name}" in values
        assert f"calibration_b0.9_t1_{name}" in values
    assert values["calibration_current_readings_at30"] == values["calibration_b0.9_t1_readings_at30"] > 0
    # Untempered, the same moves make a sharper reading: more of the top guesses claim >= 90%.
    assert values["calibration_b0.9_t1_sure_share"] > values["calibration_current_sure_share"]


def test_a_worker_reads_with_the_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(belief, "MODEL", belief.MODEL)  # restored after the test
    belief_strength.use("b1.5:t0.5")
    assert (belief.MODEL.beta, belief.MODEL.tau) == (1.5, 0.5)


def test_the_strength_bench_prints_strength_and_leakage(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--settings", "t0.5", "--games", "2", "--observer-games", "1", "--samples", "2", "--workers", "1"]
    assert belief_strength.main(argv) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.strip()]
    assert all(re.fullmatch(FIGURE, line) for line in lines), lines
    names = {line.split()[1] for line in lines}
    for figure in ("normal_vs_3easy_win_rate", "normal_vs_3easy_win_rate_games", "top1_end", "pin_rate"):
        assert f"belief_t0.5_{figure}" in names
