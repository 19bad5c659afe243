"""CPU time per AI decision, this checkout side by side with another (the AI before a change).

    python -m bench.ai_cpu [--levels easy,normal,autopilot] [--games N] [--repeats R] [--old-ai DIR]

Each run plays N seeded 4-player games with every seat at one level and times each ``ai.clans.choose_action``
call in CPU time (process time, so other jobs on a loaded machine count less). Every run is a fresh
interpreter, so the caches start cold as in a new worker; the runs of the two checkouts alternate, so
a change in the machine's load falls on both. Prints, per level and checkout, the median over the R
runs of the mean CPU per decision: ``FIGURE ai_cpu_per_move_<level>_<label> <ms> ms`` (labels ``new``
and ``old``), with ``_runs`` and ``_decisions``. A level the other checkout lacks is left out there.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from bench.checkouts import clans_modules

ROOT = Path(__file__).resolve().parent.parent


def measure(levels: Sequence[str], games: int, seed: int) -> dict[str, tuple[float, int]]:
    """Per level: (mean CPU seconds per decision, decisions), with ``ai`` from the first path entry."""
    ai, engine = clans_modules()
    known = getattr(ai, "POLICIES", ai.AI_LEVELS)
    result: dict[str, tuple[float, int]] = {}
    for level in levels:
        if level not in known:
            continue
        spent = 0.0
        decisions = 0
        for game in range(games):
            state = engine.new_game(4, seed + game)
            start = engine.public_view(state)
            history: list[object] = []
            while not state.over:
                seat = state.to_move
                began = time.process_time()
                move = ai.choose_action(level, start, history, seat, state.clans[seat], seed + game)
                spent += time.process_time() - began
                decisions += 1
                engine.play(state, move, seat)
                history.append(move)
        result[level] = (spent / decisions, decisions)
    return result


def child(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--ai-path", required=True)
    parser.add_argument("--levels", required=True)
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--seed", type=int, required=True)
    args = parser.parse_args(argv)
    sys.path.insert(0, args.ai_path)
    print(json.dumps(measure(args.levels.split(","), args.games, args.seed)))
    return 0


def run_once(path: str, levels: str, games: int, seed: int) -> dict[str, tuple[float, int]]:
    command = [sys.executable, "-m", "bench.ai_cpu", "--child", "--ai-path", path]
    command += ["--levels", levels, "--games", str(games), "--seed", str(seed)]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run(command, cwd=ROOT, env=env, check=True, capture_output=True, text=True).stdout
    return {level: (secs, n) for level, (secs, n) in json.loads(out.splitlines()[-1]).items()}


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["--child"]:
        return child(argv[1:])
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--levels", default="easy,normal,autopilot")
    parser.add_argument("--games", type=int, default=4, help="games per run and level")
    parser.add_argument("--repeats", type=int, default=3, help="runs per checkout; the median is reported")
    parser.add_argument("--old-ai", default=None, help="another checkout, timed in alternation with this one")
    parser.add_argument("--seed", type=int, default=500)
    args = parser.parse_args(argv)
    checkouts = [("new", str(ROOT))] + ([("old", args.old_ai)] if args.old_ai else [])
    runs: dict[tuple[str, str], list[tuple[float, int]]] = {}
    for _ in range(args.repeats):
        for label, path in checkouts:
            for level, reading in run_once(path, args.levels, args.games, args.seed).items():
                runs.setdefault((level, label), []).append(reading)
    for level in args.levels.split(","):
        for label, _ in checkouts:
            readings = runs.get((level, label))
            if not readings:
                continue
            name = f"ai_cpu_per_move_{level}_{label}"
            print(f"FIGURE {name} {1000 * statistics.median(r[0] for r in readings):.2f} ms")
            print(f"FIGURE {name}_runs {len(readings)} runs")
            print(f"FIGURE {name}_decisions {readings[0][1]} decisions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
