"""What hard's search wins when it is told the clan it holds: the ceiling any hiding works under.

    python -m bench.hard_ceiling [--scales 0.25,2] [--games N] [--rollouts R] [--reader-seats M]
                                 [--reader-seeds K] [--old-ai DIR] [--workers W] [--seed S]

Hard (``ai.clans.hard``) searches blind to its clan until TOLD_FROM villages are founded, so that
what it finds weighs every clan's draw alike. This asks what that costs: hard's told search from the first
move (``ai.clans.hard.told_choice``), in a rotating seat against three normal AIs on the arena's
deals (``bench.ai_arena.hard_tasks``), reading every seat with the general model: its candidates (the
moves normal values most for the clan it holds, ``told_candidates``; the union for all five clans before
2026-11-29, when the figures in docs/AI.md were measured) searched for that clan, a round of
normal replies with the opponents' likeliest clans given its own, then flat Monte Carlo with sequential
halving, every rollout for its clan. It draws q(m) ∝ menu(m) · exp(value(m) / (scale · normal's λ)), where the menu
is normal's strategy averaged over the five clans, and its values are in final points of margin. A
small scale is an almost transparent search; a large one hides behind normal's menu. With
``--old-ai`` the three rivals are the normal AI of that checkout instead (``bench.old_ai``: the
transparent normal from before hiding, whose clan the belief model reads), on the same deals.

Per scale: ``ceiling_<scale>_win_rate`` with its 95% interval and games, and, over M seats of their
own games, an exact reader's ``ceiling_<scale>_top1_move5`` / ``_top1_end`` / ``_pin_rate``. The
reader runs the told search for each of the five clans with K seeds of its own (2) and averages each
clan's probability of the move played (it pays 5·K searches a move, so keep M small).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ai.clans import choose_action, hard
from ai.clans.belief import Observation, observe
from ai.clans.hard import ToldChoice
from ai.clans.hiding import draw
from bench import ai_arena, deals
from engine.clans import CLAN_COUNT, Action, Clan, Move, Phase, PublicView, new_game, play, public_view

READER_SEEDS = 2


def told_choice(obs: Observation, seat: int, clan: Clan, rng: random.Random, rollouts: int, scale: float) -> ToldChoice:
    """The told search at one position: hard's own (``ai.clans.hard.told_choice``), reading every
    seat with the general model, at ``scale``."""
    return hard.told_choice(obs, seat, clan, rng, None, rollouts, None, scale)


def told_move(
    start: PublicView, history: Sequence[Action], seat: int, clan: Clan, seed: int, rollouts: int, scale: float
) -> Move:
    obs = observe(start, history)
    search = random.Random(f"{seed}:{len(history)}:{seat}:told-search")
    choice = told_choice(obs, seat, clan, search, rollouts, scale)
    return choice.moves[draw(choice.probabilities, random.Random(f"{seed}:{len(history)}:{seat}:told"))]


def use(rollouts: int, scale: float) -> None:
    """Make the arena's hard the told hard in this process (a worker's initializer)."""

    def told(start: PublicView, history: Sequence[Action], seat: int, clan: Clan, seed: int) -> Move:
        return told_move(start, history, seat, clan, seed, rollouts, scale)

    ai_arena.override("hard", told)


@dataclass(frozen=True)
class Reading:
    top1_move5: float
    top1_end: float
    pins: int
    moves: int


def read_seat(task: tuple[int, int, float, int, int]) -> Reading:
    """One game of the told hard (seat ``game % 4``) against three normals on deal ``first + 700_000 + game``
    (``first`` the bench's first deal less one), read exactly with ``reader_seeds`` searches a clan."""
    game, rollouts, scale, first, reader_seeds = task
    state = new_game(4, first + 700_000 + game)
    start = public_view(state)
    history: list[Action] = []
    told = game % 4
    logs = [0.0] * CLAN_COUNT
    at5: list[float] | None = None
    pins = moves = 0
    while not state.over:
        seat = state.to_move
        if seat != told:
            move = choose_action("normal", start, history, seat, state.clans[seat], seed=game)
        else:
            move = told_move(start, history, seat, state.clans[seat], game, rollouts, scale)
            if state.phase is Phase.MOVE:
                odds = _odds(observe(start, history), seat, move, game + len(history), rollouts, scale, reader_seeds)
                pins += odds[int(state.clans[seat])] / sum(odds) >= 0.9
                logs = [x + math.log(p) for x, p in zip(logs, odds, strict=True)]
                moves += 1
                if moves == 5:
                    at5 = list(logs)
        play(state, move, seat)
        history.append(move)
    true = int(state.clans[told])
    return Reading(_top1(at5 or logs, true), _top1(logs, true), pins, moves)


def _odds(obs: Observation, seat: int, move: Move, salt: int, rollouts: int, scale: float, seeds: int) -> list[float]:
    """Each clan's probability of ``move``, averaged over ``seeds`` searches of the reader's own."""
    odds = [0.0] * CLAN_COUNT
    for c in range(CLAN_COUNT):
        for s in range(seeds):
            choice = told_choice(obs, seat, Clan(c), random.Random(f"reader:{salt}:{s}"), rollouts, scale)
            if move in choice.moves:
                odds[c] += choice.probabilities[choice.moves.index(move)] / seeds
    return [max(p, 1e-6) for p in odds]


def _top1(logs: Sequence[float], true: int) -> float:
    best = max(logs)
    tied = [c for c, x in enumerate(logs) if x >= best - 1e-9]
    return 1 / len(tied) if true in tied else 0.0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--scales", default="0.25,2", help="comma list of λ scales (times normal's λ)")
    parser.add_argument("--games", type=int, default=160)
    parser.add_argument("--rollouts", type=int, default=ai_arena.DEFAULT_HARD_ITERATIONS)
    parser.add_argument("--reader-seats", type=int, default=0)
    parser.add_argument("--reader-seeds", type=int, default=READER_SEEDS, help="the exact reader's own seeds")
    parser.add_argument("--old-ai", default=None, help="a checkout whose normal AI plays the rivals")
    parser.add_argument("--workers", type=int, default=2)
    deals.add_arguments(parser)
    args = parser.parse_args(argv)
    args.seed = deals.first_seed(parser, args)
    began = time.perf_counter()
    context = multiprocessing.get_context("spawn")
    for scale in (float(x) for x in args.scales.split(",")):
        prefix = f"ceiling_{scale:g}".replace(".", "p") + ("_vs_old" if args.old_ai else "")
        rivals = "old-normal" if args.old_ai else "normal"
        tasks = ai_arena.hard_tasks(args.games, None, None, args.seed, rivals, args.old_ai)
        deals.announce([*(t.seed for t in tasks), *(args.seed + 699_999 + g for g in range(args.reader_seats))])
        with context.Pool(args.workers, initializer=use, initargs=(args.rollouts, scale)) as pool:
            records = pool.map(ai_arena.play_game, tasks, chunksize=1)
            read = [(g, args.rollouts, scale, args.seed - 1, args.reader_seeds) for g in range(args.reader_seats)]
            readings = pool.map(read_seat, read, chunksize=1)
        wins = sum(r.share for r in records)
        low, high = ai_arena.wilson(wins, len(records))
        print(f"FIGURE {prefix}_win_rate {wins / max(1, len(records)):.3f} share")
        print(f"FIGURE {prefix}_win_rate_ci95_low {low:.3f} share")
        print(f"FIGURE {prefix}_win_rate_ci95_high {high:.3f} share")
        print(f"FIGURE {prefix}_win_rate_games {len(records)} games")
        if readings:
            seats = len(readings)
            moves = sum(r.moves for r in readings)
            print(f"FIGURE {prefix}_top1_move5 {sum(r.top1_move5 for r in readings) / seats:.3f} share")
            print(f"FIGURE {prefix}_top1_end {sum(r.top1_end for r in readings) / seats:.3f} share")
            print(f"FIGURE {prefix}_pin_rate {sum(r.pins for r in readings) / max(1, moves):.4f} share")
            print(f"FIGURE {prefix}_reader_seats {seats} seats")
        sys.stdout.flush()
    print(f"FIGURE hard_ceiling_wall_time {time.perf_counter() - began:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
