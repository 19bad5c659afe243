"""A white-box observer: how well can someone who runs the AI's own code read an AI seat's clan?

    python -m bench.observer [--games N] [--samples K] [--levels easy,normal,hard,autopilot,control]
                             [--hard-iterations R] [--ai-path DIR] [--quick] [--workers W]

For every move an observed seat makes, the observer asks the public ``ai.clans.choose_action`` what that
seat would play holding each of the five clans, K times with fresh seeds (the same K seeds for every
clan: common random numbers, so a policy blind to the clan gets exactly equal likelihoods), and
multiplies P(move | clan) ~ (hits + SMOOTH) / (K + SMOOTH * legal moves) into a posterior per seat
(even prior; the seats are read apart, so the observer does not use that two seats hold different
clans). Games are 4-player; every seat plays the observed level except for hard, which sits in a
rotating seat among three normal AIs. ``control`` plays uniform random legal moves.

FIGURE lines, per level: ``observer_<level>_top1_move5`` (share of seats whose true clan is the top
guess after 5 of their own moves, a tie among k clans counting 1/k), ``observer_<level>_top1_end``,
``observer_<level>_pin_rate`` (share of single moves that alone, from an even prior, put >= 90% on
the true clan), each with a 95% Wilson interval, and ``observer_<level>_seats``/``_moves``.
``--ai-path`` reads another checkout's ``ai`` and ``engine`` (``--ai-path /path/to/main`` measures
the AI before hiding; there the autopilot is the normal AI, as it was).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bench import deals
from bench.checkouts import clans_modules, use_checkout

CLANS = 5
SMOOTH = 0.1
"""Pseudo-count per legal move: a move never sampled under a clan is rare there, not impossible."""
PIN = 0.9
MOVE5 = 5
LEVELS = ("easy", "normal", "hard", "autopilot", "control")


@dataclass(frozen=True)
class Task:
    level: str
    seed: int
    samples: int
    hard_iterations: int
    ai_path: str | None


@dataclass
class SeatReading:
    clan: int
    logs: list[float] = field(default_factory=lambda: [0.0] * CLANS)
    moves: int = 0
    at_move5: float | None = None


@dataclass
class GameReading:
    top1_move5: list[float] = field(default_factory=list)
    top1_end: list[float] = field(default_factory=list)
    pins: int = 0
    moves: int = 0
    seconds: float = 0.0


def top1(logs: Sequence[float], clan: int) -> float:
    """1/k when the true clan is among the k clans tied at the top, else 0."""
    best = max(logs)
    tied = [c for c in range(CLANS) if logs[c] >= best - 1e-9]
    return 1 / len(tied) if clan in tied else 0.0


def _modules(ai_path: str | None) -> tuple[Any, Any]:
    if ai_path is not None:
        use_checkout(ai_path)
    return clans_modules()


def observe_game(task: Task) -> GameReading:
    ai, engine = _modules(task.ai_path)
    policies = getattr(ai, "POLICIES", ai.AI_LEVELS)
    played = task.level if task.level in policies or task.level == "control" else "normal"
    state = engine.new_game(4, task.seed)
    start = engine.public_view(state)
    hard_seat = task.seed % 4
    levels = [played] * 4
    if task.level == "hard":
        levels = ["hard" if s == hard_seat else "normal" for s in range(4)]
    watched = {s for s in range(4) if levels[s] == played}
    readings = {s: SeatReading(int(state.clans[s])) for s in watched}
    rng = random.Random(task.seed * 7919 + 17)

    def policy(level: str, history: Sequence[Any], seat: int, clan: int, seed: int) -> Any:
        if level == "control":
            return random.Random(seed).choice(engine.legal_moves(_replay(engine, start, history)))
        iterations = task.hard_iterations if level == "hard" else None
        return ai.choose_action(level, start, history, seat, engine.Clan(clan), seed, iterations=iterations)

    history: list[Any] = []
    result = GameReading()
    began = time.process_time()
    while not state.over:
        seat = state.to_move
        level = levels[seat]
        move = policy(level, history, seat, int(state.clans[seat]), rng.getrandbits(62))
        if seat in watched and len(engine.legal_moves(state)) > 1:
            reading = readings[seat]
            seeds = [rng.getrandbits(62) for _ in range(task.samples)]
            hits = [sum(policy(level, history, seat, c, s) == move for s in seeds) for c in range(CLANS)]
            smooth = [h + SMOOTH for h in hits]
            total = sum(smooth)
            likes = [math.log(x) for x in smooth]
            reading.logs = [a + b for a, b in zip(reading.logs, likes, strict=True)]
            reading.moves += 1
            result.moves += 1
            if smooth[reading.clan] / total >= PIN:
                result.pins += 1
            if reading.moves == MOVE5:
                reading.at_move5 = top1(reading.logs, reading.clan)
        engine.play(state, move, seat)
        history.append(move)
    for reading in readings.values():
        result.top1_end.append(top1(reading.logs, reading.clan))
        result.top1_move5.append(reading.at_move5 if reading.at_move5 is not None else top1(reading.logs, reading.clan))
    result.seconds = time.process_time() - began
    return result


def _replay(engine: Any, start: Any, history: Sequence[Any]) -> Any:
    state = engine.state_from_view(start, tuple(engine.Clan(c) for c in range(start.players)))
    for action in history:
        engine.apply(state, action)
    return state


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def figures(prefix: str, readings: Sequence[GameReading]) -> list[str]:
    lines = []

    def share(name: str, hits: float, n: int) -> None:
        low, high = wilson(hits, n)
        lines.append(f"FIGURE {prefix}_{name} {hits / n if n else 0.0:.3f} share")
        lines.append(f"FIGURE {prefix}_{name}_ci95_low {low:.3f} share")
        lines.append(f"FIGURE {prefix}_{name}_ci95_high {high:.3f} share")

    move5 = [x for r in readings for x in r.top1_move5]
    end = [x for r in readings for x in r.top1_end]
    moves = sum(r.moves for r in readings)
    share("top1_move5", sum(move5), len(move5))
    share("top1_end", sum(end), len(end))
    share("pin_rate", sum(r.pins for r in readings), moves)
    lines.append(f"FIGURE {prefix}_seats {len(end)} seats")
    lines.append(f"FIGURE {prefix}_moves {moves} moves")
    return lines


def run(tasks: Sequence[Task], workers: int, play: Callable[[Task], GameReading] = observe_game) -> list[GameReading]:
    if workers <= 1:
        return [play(t) for t in tasks]
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        return pool.map(play, tasks, chunksize=1)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=12, help="games per level (hard: one observed seat a game)")
    parser.add_argument("--hard-games", type=int, default=None, help="games for hard (default: --games)")
    parser.add_argument("--samples", type=int, default=24, help="choose_action calls per clan per observed move")
    parser.add_argument("--hard-samples", type=int, default=6, help="the same for hard, whose moves cost more")
    parser.add_argument("--hard-iterations", type=int, default=800, help="hard's rollouts per move")
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--ai-path", default=None, help="read ai/ and engine/ from this checkout instead")
    parser.add_argument("--label", default="observer", help="FIGURE name prefix")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 2 games, few samples, cheap hard")
    parser.add_argument("--workers", type=int, default=2)
    deals.add_arguments(parser)
    args = parser.parse_args(argv)
    args.seed = deals.first_seed(parser, args)
    if args.quick:
        args.games, args.samples, args.hard_samples, args.hard_iterations = 2, 8, 3, 50
    began = time.perf_counter()
    for level in args.levels.split(","):
        hard = level == "hard"
        n = (args.hard_games or args.games) if hard else args.games
        samples = args.hard_samples if hard else args.samples
        tasks = [Task(level, args.seed + i, samples, args.hard_iterations, args.ai_path) for i in range(n)]
        deals.announce(t.seed for t in tasks)
        for line in figures(f"{args.label}_{level}", run(tasks, args.workers)):
            print(line)
        sys.stdout.flush()
    print(f"FIGURE {args.label}_wall_time {time.perf_counter() - began:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
