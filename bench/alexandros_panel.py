"""What the Alexandros turn panel and the turn post cost on the bot's event loop. ``python -m bench.alexandros_panel``

Over random 3-player games (cards taken often, so hands grow and menus get long), for every position:

- the facts of every legal option (``foresee``, and ``destinations`` for Alexander's points), as the service's
  ``panel`` computes them before the panel is shown;
- the replay that tells a whole turn from the seed and the move log (``whole_turn``), at the end of each turn.

Prints ``FIGURE <name> <value> <unit>`` lines: medians, 95th percentiles and the worst, and how many menus were
longer than one select (so paged).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import engine.alexandros as alex
from engine.alexandros.facts import destinations, foresee_all, told

MAX_OPTIONS = 25


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(games: int) -> None:
    facts_ms: list[float] = []
    replay_ms: list[float] = []
    options: list[int] = []
    long_menus = 0
    for seed in range(games):
        state = alex.new_game(3, seed)
        rng = random.Random(seed)
        log: list[alex.Action] = []
        while not state.over:
            legal = alex.legal_actions(state)
            start = time.perf_counter()
            foresee_all(state, legal)
            destinations(state, sorted({a.point for a in legal if isinstance(a, alex.MoveAlexander)}))
            facts_ms.append((time.perf_counter() - start) * 1000)
            options.append(len(legal))
            kinds: dict[type, int] = {}
            for action in legal:
                kinds[type(action)] = kinds.get(type(action), 0) + 1
            long_menus += sum(1 for n in kinds.values() if n > MAX_OPTIONS)
            takes = [a for a in legal if isinstance(a, alex.TakeCard)]
            action = rng.choice(takes) if takes and rng.random() < 0.6 else rng.choice(legal)
            mover = state.to_move
            alex.apply(state, action)
            log.append(action)
            if state.over or state.to_move != mover:
                start = time.perf_counter()
                replayed = alex.new_game(3, seed)
                for done in log:
                    before = replayed.copy()
                    alex.apply(replayed, done)
                    told(before, done, replayed)
                replay_ms.append((time.perf_counter() - start) * 1000)
    print(f"FIGURE panel_positions {len(facts_ms)} positions")
    print(f"FIGURE panel_options_median {statistics.median(options):.0f} options")
    print(f"FIGURE panel_options_max {max(options)} options")
    print(f"FIGURE panel_paged_menus {long_menus} menus")
    print(f"FIGURE panel_facts_median {statistics.median(facts_ms):.2f} ms")
    print(f"FIGURE panel_facts_p95 {quantile(facts_ms, 0.95):.2f} ms")
    print(f"FIGURE panel_facts_max {max(facts_ms):.2f} ms")
    print(f"FIGURE turn_replay_median {statistics.median(replay_ms):.2f} ms")
    print(f"FIGURE turn_replay_p95 {quantile(replay_ms, 0.95):.2f} ms")
    print(f"FIGURE turn_replay_max {max(replay_ms):.2f} ms")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="5 games instead of 30")
    args = parser.parse_args(argv)
    run(5 if args.quick else 30)


if __name__ == "__main__":
    main()
