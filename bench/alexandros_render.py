"""Alexandros board image speed: ``python -m bench.alexandros_render [--quick]``.

Renders the board of a game in progress (guards, walls, tags, target labels) and prints the median time
of one render as ``FIGURE alexandros_render_ms <value> ms`` (and the PNG's size).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from engine.alexandros import MoveAlexander, apply, legal_actions, new_game, public_view
from render.alexandros import render_board


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    state = new_game(4, 3)
    rng = random.Random(3)
    for _ in range(80):
        apply(state, rng.choice(legal_actions(state)))
    while state.phase.value != "move":
        apply(state, legal_actions(state)[-1])
    view = public_view(state)
    points = sorted({a.point for a in legal_actions(state) if isinstance(a, MoveAlexander)})
    targets = [(str(i + 1), p) for i, p in enumerate(points)]
    names = ["Ada", "Bo", "Cy", "Dee"]
    times = []
    png = b""
    for _ in range(5 if args.quick else 25):
        start = time.perf_counter()
        png = render_board(view, names, targets=targets)
        times.append(time.perf_counter() - start)
    print(f"FIGURE alexandros_render_ms {1000 * statistics.median(times):.1f} ms")
    print(f"FIGURE alexandros_render_png_kb {len(png) / 1024:.1f} KiB")


if __name__ == "__main__":
    main()
