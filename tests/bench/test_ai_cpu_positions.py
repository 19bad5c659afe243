"""The CPU bench times every level on the same positions and prints FIGURE lines."""

from __future__ import annotations

import re

import pytest

from bench import ai_cpu_positions as ai_cpu


def test_ai_cpu_prints_a_median_per_level(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--levels", "easy,hard", "--games", "1", "--every", "12", "--hard-iterations", "10", "--label", "t"]
    assert ai_cpu.main(argv) == 0
    lines = dict(line.split()[1:3] for line in capsys.readouterr().out.splitlines())
    for level in ("easy", "hard"):
        assert re.fullmatch(r"\d+\.\d", lines[f"t_cpu_per_move_{level}_median"])
        assert int(lines[f"t_cpu_per_move_{level}_decisions"]) >= 2
