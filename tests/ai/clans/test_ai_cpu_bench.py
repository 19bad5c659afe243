"""The CPU bench times both checkouts and prints FIGURE lines (one short game, format only)."""

from __future__ import annotations

import re

from bench import ai_cpu


def test_cpu_bench_prints_a_figure_per_level_and_checkout(capsys: object) -> None:
    argv = ["--levels", "easy,normal", "--games", "1", "--repeats", "1", "--old-ai", str(ai_cpu.ROOT)]
    assert ai_cpu.main(argv) == 0
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    lines = [line for line in out.splitlines() if line.strip()]
    assert all(re.fullmatch(r"FIGURE [a-z0-9_]+ [0-9.]+ \S+", line) for line in lines), lines
    values = {line.split()[1]: float(line.split()[2]) for line in lines}
    for level in ("easy", "normal"):
        for label in ("new", "old"):
            assert values[f"ai_cpu_per_move_{level}_{label}"] > 0
            assert values[f"ai_cpu_per_move_{level}_{label}_decisions"] > 0
