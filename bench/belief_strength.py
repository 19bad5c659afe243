"""What a belief model does to normal's play: its strength and its leakage, on the same deals.

    python -m bench.belief_strength [--settings current,b2:t0.4] [--games N] [--observer-games M] [--hard-games H]

The belief model (``ai.clans.belief.Model``; a setting as in ``bench.calibration``: ``current``, or
``:``-separated tokens ``b`` BETA, ``n`` noise, ``t`` tau) is read inside the AI too: normal's
threat term weighs the opponents' guessed clans (``ai.clans.players.clan_scores``), and the
white-box observer runs that same code. For each setting, in every worker: the arena's 4-player
games of normal in a rotating seat against three easy AIs (``bench.ai_arena``), and the observer
on games of four normal AIs (``bench.observer``, 24 samples per clan per move). Prints per setting
(its name: the tokens joined by ``_``) ``belief_<name>_normal_vs_3easy_win_rate`` with its 95%
interval and games, and ``belief_<name>_top1_move5`` / ``_top1_end`` / ``_pin_rate`` with their
intervals and seats; with ``--hard-games``, also ``belief_<name>_hard_vs_3normal_win_rate``: the
arena's hard (800 rollouts, its opponents' clans sampled from the belief) in a rotating seat against
three normal AIs. The games and observed deals are the same for every setting.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from collections.abc import Sequence

from ai.clans import belief
from bench import ai_arena, calibration, deals, observer


def use(spec: str) -> None:
    """Make the model ``spec`` names the belief model of this process (a worker's initializer)."""
    belief.MODEL = calibration.model(spec, belief.MODEL)


def rate(name: str, records: Sequence[ai_arena.GameRecord]) -> list[str]:
    wins = sum(r.share for r in records)
    low, high = ai_arena.wilson(wins, len(records))
    return [
        f"FIGURE {name} {wins / len(records) if records else 0.0:.3f} share",
        f"FIGURE {name}_ci95_low {low:.3f} share",
        f"FIGURE {name}_ci95_high {high:.3f} share",
        f"FIGURE {name}_games {len(records)} games",
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--settings", default="current", help="comma list of belief models, e.g. current,b2:t0.4")
    parser.add_argument("--games", type=int, default=600, help="arena games per setting")
    parser.add_argument("--observer-games", type=int, default=100, help="observed games of four normal AIs")
    parser.add_argument("--hard-games", type=int, default=0, help="games of hard against three normal AIs")
    parser.add_argument("--samples", type=int, default=24)
    parser.add_argument("--workers", type=int, default=2)
    deals.add_arguments(parser)
    args = parser.parse_args(argv)
    args.seed = deals.first_seed(parser, args)
    began = time.perf_counter()
    for spec in args.settings.split(","):
        calibration.model(spec, belief.MODEL)  # a bad setting fails here, not in a worker
        prefix = f"belief_{spec.replace(':', '_')}"
        arena = ai_arena.normal_tasks(args.games, args.seed)
        tasks = [observer.Task("normal", args.seed + i, args.samples, 0, None) for i in range(args.observer_games)]
        hard_tasks = ai_arena.hard_tasks(args.hard_games, None, ai_arena.DEFAULT_HARD_ITERATIONS, args.seed)
        deals.announce(t.seed for t in [*arena, *tasks, *hard_tasks])
        with multiprocessing.get_context("spawn").Pool(args.workers, initializer=use, initargs=(spec,)) as pool:
            records = pool.map(ai_arena.play_game, arena, chunksize=1)
            readings = pool.map(observer.observe_game, tasks, chunksize=1)
            hard = pool.map(ai_arena.play_game, hard_tasks, chunksize=1)
        for line in rate(f"{prefix}_normal_vs_3easy_win_rate", records):
            print(line)
        if hard:
            for line in rate(f"{prefix}_hard_vs_3normal_win_rate", hard):
                print(line)
        for line in observer.figures(prefix, readings):
            print(line)
        sys.stdout.flush()
    print(f"FIGURE belief_strength_wall_time {time.perf_counter() - began:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
