"""Normal's strength against its leakage, for several hiding settings, on the same deals.

    python -m bench.hiding_curve [--settings 1.5:1.0,1.0:2.0:3.0] [--games N] [--observer-games M]

A setting is normal's λ ``start:end``, or ``start:middle:end`` with λ at half the chips between
(``ai.clans.hiding.Hiding``). For each, the
arena's 4-player games of normal in a rotating seat against three easy AIs (``bench.ai_arena``), and
the white-box observer on games of four normal AIs (``bench.observer``, 24 samples per clan per
move), with that setting in every worker. Prints per setting (its name: the numbers joined by ``_``,
dots as ``p``): ``curve_<name>_normal_vs_3easy_win_rate`` with its 95% interval and games, and
``curve_<name>_top1_move5`` / ``_top1_end`` / ``_pin_rate`` with their intervals and seats.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from collections.abc import Sequence

import ai.clans
from ai.clans.hiding import Hiding
from bench import ai_arena, observer


def parse(text: str) -> Hiding:
    numbers = [float(x) for x in text.split(":")]
    if len(numbers) not in (2, 3):
        raise argparse.ArgumentTypeError(f"a setting is start:end or start:middle:end, not {text!r}")
    if len(numbers) == 2:
        return Hiding(start=numbers[0], end=numbers[1])
    return Hiding(start=numbers[0], middle=numbers[1], end=numbers[2])


def name(text: str) -> str:
    return text.replace(":", "_").replace(".", "p")


def use(hiding: Hiding) -> None:
    """Make ``hiding`` normal's setting in this process (a worker's initializer)."""
    ai.clans.NORMAL_HIDING = hiding  # type: ignore[attr-defined]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--settings", default="1.5:1.0,1.0:2.0:3.0", help="comma list of start:end or start:middle:end")
    parser.add_argument("--games", type=int, default=300, help="arena games per setting")
    parser.add_argument("--observer-games", type=int, default=50, help="observed games of four normal AIs")
    parser.add_argument("--samples", type=int, default=24)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    began = time.perf_counter()
    for text in args.settings.split(","):
        hiding = parse(text)
        prefix = f"curve_{name(text)}"
        context = multiprocessing.get_context("spawn")
        with context.Pool(args.workers, initializer=use, initargs=(hiding,)) as pool:
            records = pool.map(ai_arena.play_game, ai_arena.normal_tasks(args.games, args.seed), chunksize=1)
            tasks = [observer.Task("normal", args.seed + i, args.samples, 0, None) for i in range(args.observer_games)]
            readings = pool.map(observer.observe_game, tasks, chunksize=1)
        wins = sum(r.share for r in records)
        low, high = ai_arena.wilson(wins, len(records))
        rate = f"{prefix}_normal_vs_3easy_win_rate"
        print(f"FIGURE {rate} {wins / len(records) if records else 0.0:.3f} share")
        print(f"FIGURE {rate}_ci95_low {low:.3f} share")
        print(f"FIGURE {rate}_ci95_high {high:.3f} share")
        print(f"FIGURE {rate}_games {len(records)} games")
        for line in observer.figures(prefix, readings):
            print(line)
        sys.stdout.flush()
    print(f"FIGURE hiding_curve_wall_time {time.perf_counter() - began:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
