"""CPU per AI decision, on the same positions for two checkouts: today's AI against an older one.

    python -m bench.ai_cpu_positions [--levels hard] [--games 2] [--every 3] [--ai-path DIR] [--label NAME]

Positions come from seeded 4-player games played with uniform random legal moves (engine only, so every
checkout sees the very same positions); at each, the level to time decides for the seat to move, with
its real clan and a fixed seed. Prints per level the median, mean and 90th percentile of process CPU
time per decision (``<label>_cpu_per_move_<level>_median`` ...) and the number of decisions. Run it
once with ``--ai-path`` on the old checkout and once without, in the same load, to compare.

Hard is told the seats' levels (its own seat hard, the others normal: it reads them by normal's strategy,
whose moves at earlier positions it works out as it goes, as a worker does whose cache holds the game)
unless ``--general`` (every seat read as a person), or with ``--ai-path`` (an older AI knows no levels).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence

from bench.observer import _modules


def positions(engine: object, games: int, seed: int) -> list[tuple[object, list[object], int, object]]:
    found: list[tuple[object, list[object], int, object]] = []
    for g in range(games):
        state = engine.new_game(4, seed + g)  # type: ignore[attr-defined]
        start = engine.public_view(state)  # type: ignore[attr-defined]
        history: list[object] = []
        rng = random.Random(seed * 1_000 + g)
        while not state.over:
            moves = engine.legal_moves(state)  # type: ignore[attr-defined]
            if len(moves) > 1:
                found.append((start, list(history), state.to_move, state.clans[state.to_move]))
            move = rng.choice(moves)
            engine.play(state, move, state.to_move)  # type: ignore[attr-defined]
            history.append(move)
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--levels", default="hard")
    parser.add_argument("--games", type=int, default=2, help="seeded games whose positions are timed")
    parser.add_argument("--every", type=int, default=3, help="time one position in this many")
    parser.add_argument("--ai-path", default=None, help="read ai/ and engine/ from this checkout instead")
    parser.add_argument("--hard-iterations", type=int, default=None, help="hard's rollouts (default: the bot's)")
    parser.add_argument("--label", default="ai")
    parser.add_argument("--general", action="store_true", help="hard reads every seat as a person")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    ai, engine = _modules(args.ai_path)
    spots = positions(engine, args.games, args.seed)[:: args.every]
    for level in args.levels.split(","):
        times = []
        for start, history, seat, clan in spots:
            began = time.process_time()
            options: dict[str, object] = {}
            if level == "hard" and args.hard_iterations is not None:
                options["iterations"] = args.hard_iterations
            if level == "hard" and not args.general and args.ai_path is None:
                options["levels"] = tuple("hard" if s == seat else "normal" for s in range(start.players))  # type: ignore[attr-defined]
            ai.choose_action(level, start, history, seat, clan, 12345, **options)
            times.append(time.process_time() - began)
        times.sort()
        name = f"{args.label}_cpu_per_move_{level}"
        print(f"FIGURE {name}_median {1000 * statistics.median(times):.1f} ms")
        print(f"FIGURE {name}_mean {1000 * statistics.fmean(times):.1f} ms")
        print(f"FIGURE {name}_p90 {1000 * times[int(0.9 * (len(times) - 1))]:.1f} ms")
        print(f"FIGURE {name}_decisions {len(times)} decisions")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
