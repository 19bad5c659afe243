"""Alexandros board image and replay speed: ``python -m bench.alexandros_render [--quick] [--against REV]``.

Renders the board of a game in progress (guards, walls, tags, target labels) and prints the median time
of one render as ``FIGURE alexandros_render_ms <value> ms`` (and the PNG's size). Then draws the animated
replay of a whole four-player game between easy AI seats (seeded), and prints its frames, its size, the median
time to draw it and the peak growth of the process's resident memory while it is drawn (sampled every 5 ms),
as ``FIGURE alexandros_replay_* ...`` lines. Then the sizes a phone shows (the image halved to 400 px): the
smallest type and icons, as ``FIGURE alexandros_phone_* ...``.

``--against REV`` also runs this bench as it was at git revision REV (e.g. ``main``: the renderer before a
change), on a copy of that revision's tree, turn about with today's, ROUNDS times each in fresh processes, and
prints the median of every figure of both side by side (the same load falls on both).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from ai.alexandros import choose_action
from engine.alexandros import (
    MoveAlexander,
    Phase,
    PublicView,
    apply,
    legal_actions,
    new_game,
    private_view,
    public_view,
)
from render.alexandros import render_board
from render.alexandros.replay import render_replay
from service.alexandros.replays import Play, replay_steps

NAMES = ["Ada", "Bo", "Cy", "Dee"]
ROUNDS = 3


def bench_position() -> tuple[PublicView, list[tuple[str, int]]]:
    """A four-player game 80 random actions in, at a move: its view and Alexander's destinations."""
    state = new_game(4, 3)
    rng = random.Random(3)
    for _ in range(80):
        apply(state, rng.choice(legal_actions(state)))
    while state.phase.value != "move":
        apply(state, legal_actions(state)[-1])
    view = public_view(state)
    points = sorted({a.point for a in legal_actions(state) if isinstance(a, MoveAlexander)})
    return view, [(str(i + 1), p) for i, p in enumerate(points)]


def board_figures(repeat: int) -> None:
    view, targets = bench_position()
    times = []
    png = b""
    for _ in range(repeat):
        start = time.perf_counter()
        png = render_board(view, NAMES, targets=targets)
        times.append(time.perf_counter() - start)
    print(f"FIGURE alexandros_render_ms {1000 * statistics.median(times):.1f} ms")
    print(f"FIGURE alexandros_render_png_kb {len(png) / 1024:.1f} KiB")


def ai_game(seed: int, players: int = 4) -> list[Play]:
    """A whole game between easy AI seats, each given its own private view only."""
    state = new_game(players, seed)
    log: list[Play] = []
    while state.phase is not Phase.OVER:
        seat = state.to_move
        action = choose_action("easy", private_view(state, seat), seed=len(log))
        apply(state, action)
        log.append((seat, action))
    return log


def rss_mb() -> float:
    """The process's resident set size now, from /proc (0 where there is none)."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def peak_growth(run: Callable[[], bytes]) -> tuple[bytes, float, float]:
    """What ``run`` returned, its seconds, and how far the resident memory rose above where it started."""
    before, peak, done = rss_mb(), [0.0], threading.Event()

    def sample() -> None:
        while not done.is_set():
            peak[0] = max(peak[0], rss_mb())
            time.sleep(0.005)

    sampler = threading.Thread(target=sample)
    sampler.start()
    start = time.perf_counter()
    out = run()
    seconds = time.perf_counter() - start
    done.set()
    sampler.join()
    return out, seconds, max(peak[0] - before, 0.0)


def replay_figures(repeat: int, seed: int = 1) -> None:
    log = ai_game(seed)
    views, result = replay_steps(seed, 4, log)
    runs = [peak_growth(lambda: render_replay(views, log, result, NAMES)) for _ in range(repeat)]
    gif = runs[-1][0]
    print(f"FIGURE alexandros_replay_frames {len(views) + 1} frames")
    print(f"FIGURE alexandros_replay_kb {len(gif) / 1024:.0f} KiB")
    print(f"FIGURE alexandros_replay_draw_ms {1000 * statistics.median(run[1] for run in runs):.0f} ms")
    # The first drawing's growth: later ones reuse the memory the first one freed.
    print(f"FIGURE alexandros_replay_peak_rss_growth_mb {runs[0][2]:.1f} MB")


def phone_figures() -> None:
    """The smallest things a phone shows, from the layout's sizes and the shipped font, halved."""
    from engine.alexandros import load_board
    from render.alexandros.board_image import name_size
    from render.alexandros.layout import (
        GUARD,
        ICON,
        INFO_SIZE,
        MARKER,
        NAME_MIN_SIZE,
        NUMBER_SIZE,
        REGION_SIZE,
        STAR,
        TAG_SIZE,
        board_frame,
        phone_px,
    )
    from render.fonts import bold

    def tall(text: str, size: int) -> float:
        _, top, _, bottom = bold(size).getbbox(text, anchor="ls")
        return phone_px(bottom - top)

    unit = board_frame(load_board(), 4).unit
    figures = {
        "space_number": tall("80", NUMBER_SIZE),
        "region_name": tall("EGYPT", REGION_SIZE),
        "marker_letter": tall("B", TAG_SIZE),
        "tax_digit": tall("4", TAG_SIZE),
        "header_line": tall("W1", INFO_SIZE),
        "name_usual": tall("Ada", name_size("AI (normal) 4", 1e9)),
        "name_smallest": tall("M", NAME_MIN_SIZE),
        "symbol_icon": phone_px(ICON * unit),
        "guard": phone_px(GUARD * unit),
        "marker": phone_px(2 * MARKER * unit),
        "alexander": phone_px(2 * STAR * unit),
        "triangle_side": phone_px(unit),
    }
    for name, px in figures.items():
        print(f"FIGURE alexandros_phone_{name}_px {px:.1f} px")


def run(quick: bool, seed: int) -> None:
    board_figures(5 if quick else 25)
    replay_figures(1 if quick else 3, seed)
    phone_figures()


def figures_in(tree: str, argv: list[str]) -> dict[str, str]:
    """This bench's figures as the checkout at ``tree`` prints them, in a fresh process."""
    out = subprocess.run(
        [sys.executable, "-m", "bench.alexandros_render", *argv],
        cwd=tree,
        check=True,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": tree},
    ).stdout
    return _figures(out)


def medians(runs: list[dict[str, str]]) -> dict[str, str]:
    """Each figure's median over the runs, with its unit."""
    merged: dict[str, str] = {}
    for name in runs[0]:
        values = [float(run[name].split()[0]) for run in runs if name in run]
        unit = runs[0][name].split()[1] if len(runs[0][name].split()) > 1 else ""
        merged[name] = f"{statistics.median(values):.1f} {unit}".strip()
    return merged


def _figures(out: str) -> dict[str, str]:
    return {line.split()[1]: " ".join(line.split()[2:]) for line in out.splitlines() if line.startswith("FIGURE ")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--seed", type=int, default=1, help="the replayed game's seed")
    parser.add_argument("--against", metavar="REV", help="also run this bench at git revision REV, side by side")
    args = parser.parse_args()
    if not args.against:
        run(args.quick, args.seed)
        return
    argv = [*(["--quick"] if args.quick else []), "--seed", str(args.seed)]
    here = str(Path(__file__).resolve().parents[1])
    befores, afters = [], []
    with tempfile.TemporaryDirectory() as tree:
        archive = subprocess.run(["git", "archive", args.against], check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", tree], input=archive, check=True)
        for _ in range(ROUNDS):  # turn about, so that the machine's load falls on both alike
            befores.append(figures_in(tree, argv))
            afters.append(figures_in(here, argv))
    before, after = medians(befores), medians(afters)
    print(f"# medians of {ROUNDS} runs each, taken turn about")
    print(f"{'figure':44} {args.against:>14} {'now':>14}")
    for name in [*before, *(n for n in after if n not in before)]:
        print(f"{name:44} {before.get(name, '-'):>14} {after.get(name, '-'):>14}")


if __name__ == "__main__":
    main()
