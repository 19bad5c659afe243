"""The pool benchmark prints its FIGURE lines (format only; two decisions of four rollouts)."""

from __future__ import annotations

import re

from bench import ai_pool


def test_pool_bench_prints_figures(capsys: object) -> None:
    assert ai_pool.main(["--thinking", "2", "--rollouts", "4"]) == 0
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    lines = [line for line in out.splitlines() if line.strip()]
    assert all(re.fullmatch(r"FIGURE [a-z0-9_]+ [0-9.]+ \S+", line) for line in lines), lines
    names = {line.split()[1] for line in lines}
    for mode in ("idle", "threads", "pool"):
        assert {f"probe_latency_p50_{mode}", f"probe_latency_p99_{mode}"} <= names
