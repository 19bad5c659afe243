"""Alexandros AI arena: normal against easy, printing ``FIGURE <name> <value> <unit>`` lines.

    python -m bench.alexandros_arena [--deals N] [--quick] [--workers W]

For 2, 3 and 4 players, every deal (a game seed) is played once with the normal AI in each seat and easy
AIs in the others, so seats and deals are the same for both levels:

- alexandros_normal_vs_easy_<n>p_win_rate: normal's share of the wins (a k-way tie gives each winner 1/k),
  with its 95% Wilson interval and the number of games; an even match would be 1/n.
- alexandros_ai_cpu_per_move_<level>_median / _p95: CPU time (process time) per decision, every phase.
- alexandros_arena_<n>p_rounds_median, _actions_median: how long the games were.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from ai.alexandros import choose_action
from bench.ai_arena import wilson
from engine.alexandros import new_game, play, private_view, result


@dataclass(frozen=True)
class Task:
    levels: tuple[str, ...]
    seed: int
    tracked: int
    """The seat of the normal AI."""


@dataclass
class Record:
    players: int
    share: float
    rounds: int
    actions: int
    cpu: dict[str, list[float]] = field(default_factory=dict)


def play_game(task: Task) -> Record:
    state = new_game(len(task.levels), task.seed)
    record = Record(players=len(task.levels), share=0.0, rounds=0, actions=0)
    while not state.over:
        seat = state.to_move
        level = task.levels[seat]
        began = time.process_time()
        # Each seat's own AI seed, never the game's seed.
        action = choose_action(level, private_view(state, seat), task.seed * 10 + seat + 1)
        record.cpu.setdefault(level, []).append(time.process_time() - began)
        play(state, action, seat)
        record.actions += 1
    outcome = result(state)
    assert outcome is not None
    if task.tracked in outcome.winners:
        record.share = 1 / len(outcome.winners)
    record.rounds = outcome.rounds
    return record


def tasks(deals: int, first_seed: int = 5000) -> list[Task]:
    found = []
    for players in (2, 3, 4):
        for deal in range(deals):
            for normal in range(players):
                levels = tuple("normal" if s == normal else "easy" for s in range(players))
                found.append(Task(levels, first_seed + 100 * players + deal, normal))
    return found


def run(todo: Sequence[Task], workers: int) -> list[Record]:
    if workers <= 1:
        return [play_game(t) for t in todo]
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        return pool.map(play_game, todo, chunksize=1)


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def figures(records: Sequence[Record]) -> list[str]:
    lines = []
    for players in (2, 3, 4):
        games = [r for r in records if r.players == players]
        if not games:
            continue
        wins = sum(r.share for r in games)
        low, high = wilson(wins, len(games))
        name = f"alexandros_normal_vs_easy_{players}p_win_rate"
        lines += [
            f"FIGURE {name} {wins / len(games):.3f} share",
            f"FIGURE {name}_ci95_low {low:.3f} share",
            f"FIGURE {name}_ci95_high {high:.3f} share",
            f"FIGURE {name}_even {1 / players:.3f} share",
            f"FIGURE {name}_games {len(games)} games",
            f"FIGURE alexandros_arena_{players}p_rounds_median {statistics.median(r.rounds for r in games):.1f} rounds",
            f"FIGURE alexandros_arena_{players}p_actions_median {statistics.median(r.actions for r in games):.1f} "
            "actions",
        ]
    for level in ("easy", "normal"):
        cpu = [t for r in records for t in r.cpu.get(level, [])]
        if cpu:
            lines += [
                f"FIGURE alexandros_ai_cpu_per_move_{level}_median {1000 * statistics.median(cpu):.2f} ms",
                f"FIGURE alexandros_ai_cpu_per_move_{level}_p95 {1000 * percentile(cpu, 0.95):.2f} ms",
                f"FIGURE alexandros_ai_cpu_per_move_{level}_max {1000 * max(cpu):.2f} ms",
            ]
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=20, help="deals per player count (each played in every seat)")
    parser.add_argument("--quick", action="store_true", help="3 deals per player count (for make bench)")
    parser.add_argument("--workers", type=int, default=2, help="processes playing games side by side")
    args = parser.parse_args(argv)
    deals = 3 if args.quick else args.deals
    began = time.perf_counter()
    for line in figures(run(tasks(deals), args.workers)):
        print(line, flush=True)
    print(f"FIGURE alexandros_arena_wall_time {time.perf_counter() - began:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
