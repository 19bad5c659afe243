"""The rate-limit benchmark runs end to end and prints its FIGURE lines (format only: a few actions per game,
Discord's windows 20 times faster)."""

from __future__ import annotations

import re

import pytest

from bench import rate_limits as bench

pytestmark = pytest.mark.backend_blind("the bench's figures and their shape")


def test_rate_limits_bench_prints_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--actions", "6", "--speed", "20"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("FIGURE")]
    assert all(re.fullmatch(r"FIGURE [a-z0-9_]+ [0-9.]+ \S+", line) for line in lines), lines
    figures = {line.split()[1]: float(line.split()[2]) for line in lines}
    wanted = {"rate_limits_rate_limited_429", "rate_limits_message_wait_p50_s", "rate_limits_message_wait_p99_s"}
    assert wanted <= set(figures)
    assert figures["rate_limits_unannounced_actions"] == 0
    assert figures["rate_limits_messages"] > 0
