"""Hard's schedule: how much it wins, and how readable its clan is, as it plays its own clan from some point on.

    python -m bench.hard_mix [--variants shipped,6:0.5,blind] [--games N] [--read N] [--reader-seeds 8]
                             [--rollouts R] [--workers W] [--rivals normal|easy] [--general] [--games-file PATH]
                             [--hiding-only]

Hard (``ai.clans.hard``) is blind to its clan for its first TOLD_AFTER hut moves and until TOLD_FROM
villages are founded (its draw keeps normal's odds between clans), then plays its told search at
TOLD_SCALE. A variant is ``told_from:scale`` (``blind``: never told; ``shipped``: the constants in the code).
For each, hard plays the arena's deals
(``bench.ai_arena.hard_tasks``: a rotating seat against three hiding ``--rivals``), told the seats' levels
as the bot tells it (so it reads the AI seats by their own strategy; ``--general``: told nothing, it reads
them with the general model, as people), and the first ``--read`` games are read:

- exactly, by a white-box reader who knows the seats' levels and runs hard's own decision for each of the
  five clans with ``--reader-seeds`` seeds of its own (the AI's seed is its secret), multiplying each
  clan's averaged probability of every action hard took: the share of seats whose true clan is the
  reader's top guess after hard's 5th hut move, once 10 villages are founded, and at the end;
and every game is read by the belief model (``ai.clans.clan_beliefs``), the reader every normal AI
is: the share of the other seats' views whose top guess is hard's true clan after 10 / 20 / 30 hut
moves, side by side with the same share for the normal seats of the same games. ``--games-file``
appends each game's levels and ranks for ``bench.ai_ratings``.

FIGURE lines per variant (``mix_<label>_...``): win_rate with its 95% interval and games, top1_move5,
top1_villages10, top1_end, pin_rate (single actions putting >= 90% on the true clan), reader_seats,
belief_hard_moveN and belief_normal_moveN, cpu_per_move_median.

``--hiding-only`` measures the hiding bar alone, at a fraction of the cost: every game is read, and stops once
hard's 5th hut move is read (no result, no later reading): FIGURE lines top1_move5 with its 95% interval,
pin_rate over those moves, reader_seats and cpu_per_move_median.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from ai.clans import choose_action, clan_beliefs, hard, reading
from ai.clans.belief import Observation, observe
from ai.clans.hard import blind, hard_choice, hut_moves, told_choice
from ai.clans.reading import read
from bench import ai_arena, ai_ratings, deals
from engine.clans import CLAN_COUNT, Action, Clan, Move, Phase, PublicView, new_game, play, public_view

READER_SEEDS = 8
PIN = 0.9
NEVER = 10**6
"""TOLD_FROM for a hard that is never told its clan."""


@dataclass(frozen=True)
class MixTask:
    game: int
    seed: int
    told_from: int
    scale: float
    rollouts: int
    read: bool
    rivals: str = "normal"
    levels_known: bool = True
    reader_seeds: int = READER_SEEDS
    hiding_only: bool = False
    """Stop the game once hard's 5th hut move is read."""


@dataclass
class MixRecord:
    share: float
    cpu: list[float] = field(default_factory=list)
    top1_move5: float | None = None
    top1_villages10: float | None = None
    top1_end: float | None = None
    pins: int = 0
    moves: int = 0
    belief: dict[str, dict[int, tuple[int, int]]] = field(default_factory=dict)
    """"hard" / "normal" -> hut move -> (views whose top guess was right, views)."""
    seats: tuple[tuple[str, ...], tuple[int, ...]] = ((), ())
    """Each seat's level and finishing rank, for ``bench.ai_ratings --games-file``."""


SHIPPED_TOLD_AFTER = hard.TOLD_AFTER


def _schedule(told_from: int, scale: float) -> None:
    """Set hard's schedule in this process (the reading's cache keys on none of it: cleared on a change). A
    hard never told (``NEVER``) is blind whatever its own moves; any other keeps the shipped TOLD_AFTER."""
    told_after = NEVER if told_from >= NEVER else SHIPPED_TOLD_AFTER
    if (told_from, scale, told_after) != (hard.TOLD_FROM, hard.TOLD_SCALE, hard.TOLD_AFTER):
        hard.TOLD_FROM, hard.TOLD_SCALE, hard.TOLD_AFTER = told_from, scale, told_after
        reading._cache.clear()


def play_mix(task: MixTask) -> MixRecord:
    _schedule(task.told_from, task.scale)
    state = new_game(4, task.seed)
    start = public_view(state)
    history: list[Action] = []
    seat_of_hard = task.game % 4
    levels = tuple("hard" if s == seat_of_hard else task.rivals for s in range(4))
    known = levels if task.levels_known else None
    record = MixRecord(share=0.0, belief={"hard": {}, "normal": {}})
    logs = [0.0] * CLAN_COUNT
    hut_moves = 0
    while not state.over:
        seat = state.to_move
        clan = state.clans[seat]
        if seat != seat_of_hard:
            move = choose_action(task.rivals, start, history, seat, clan, seed=task.seed)
        else:
            cpu = time.process_time()
            move = choose_action("hard", start, history, seat, clan, task.seed, iterations=task.rollouts, levels=known)
            record.cpu.append(time.process_time() - cpu)
            if task.read:
                odds = _odds(start, history, seat, move, known, task)
                record.pins += odds[int(clan)] / sum(odds) >= PIN
                logs = [x + math.log(p) for x, p in zip(logs, odds, strict=True)]
                record.moves += 1
                hut_moves += state.phase is Phase.MOVE
                if hut_moves == 5 and record.top1_move5 is None:
                    record.top1_move5 = _top1(logs, int(clan))
                    if task.hiding_only:
                        return record
        outcome = play(state, move, seat)
        history.append(move)
        if task.read and record.top1_villages10 is None and len(state.villages) >= 10:
            record.top1_villages10 = _top1(logs, int(state.clans[seat_of_hard]))
        if state.phase is Phase.MOVE and state.turn in ai_arena.BELIEF_MOVES:
            for kind in ("hard", "normal"):
                record.belief[kind].setdefault(state.turn, _belief(start, history, state.clans, seat_of_hard, kind))
    if task.read:
        true = int(state.clans[seat_of_hard])
        record.top1_end = _top1(logs, true)
        record.top1_move5 = record.top1_end if record.top1_move5 is None else record.top1_move5
        record.top1_villages10 = record.top1_end if record.top1_villages10 is None else record.top1_villages10
    result = outcome.result
    assert result is not None
    record.seats = (levels, tuple(ai_ratings.finishing_order(result.totals)))
    if seat_of_hard in result.winners:
        record.share = 1 / len(result.winners)
    return record


def _odds(
    start: PublicView,
    history: Sequence[Action],
    seat: int,
    move: Move,
    levels: Sequence[str | None] | None,
    task: MixTask,
) -> list[float]:
    """Each clan's probability of ``move``, averaged over the reader's own seeds of hard's decision."""
    obs: Observation = observe(start, history)
    kinds = reading.exact_levels(levels) if levels is not None else (None,) * start.players
    loglik = read(start, history, kinds)
    odds = [0.0] * CLAN_COUNT
    n = task.reader_seeds
    for s in range(n):
        salt = f"reader:{task.seed}:{len(history)}:{s}"
        if blind(obs.state, hut_moves(start, history)[seat]):
            choice = hard_choice(obs, seat, random.Random(salt), None, task.rollouts, loglik)
            if move in choice.moves:
                i = choice.moves.index(move)
                for c in range(CLAN_COUNT):
                    odds[c] += choice.by_clan[c][i] / n
            continue
        for c in range(CLAN_COUNT):
            told = told_choice(obs, seat, Clan(c), random.Random(salt), None, task.rollouts, loglik)
            if move in told.moves:
                odds[c] += told.probabilities[told.moves.index(move)] / n
    return [max(p, 1e-6) for p in odds]


def _belief(
    start: PublicView, history: Sequence[Action], clans: Sequence[Clan], hard_seat: int, kind: str
) -> tuple[int, int]:
    """How many of the other seats' belief models put the observed seats' true clans on top."""
    targets = [hard_seat] if kind == "hard" else [s for s in range(len(clans)) if s != hard_seat]
    hits = judged = 0
    for observer in range(len(clans)):
        beliefs = clan_beliefs(start, history, observer, clans[observer])
        for target in targets:
            if target == observer:
                continue
            judged += 1
            belief = beliefs[target]
            hits += max(belief, key=lambda c: belief[c]) == clans[target]
    return hits, judged


def _top1(logs: Sequence[float], true: int) -> float:
    best = max(logs)
    tied = [c for c, x in enumerate(logs) if x >= best - 1e-9]
    return 1 / len(tied) if true in tied else 0.0


def parse_variant(text: str) -> tuple[str, int, float]:
    """``shipped``, ``blind`` or ``told_from:scale`` -> (label, told_from, scale)."""
    text = text.strip()
    if text == "shipped":
        return "shipped", hard.TOLD_FROM, hard.TOLD_SCALE
    if text == "blind":
        return "blind", NEVER, hard.TOLD_SCALE
    told_from, scale = text.split(":")
    return f"v{int(told_from)}_{float(scale):g}".replace(".", "p"), int(told_from), float(scale)


def hiding_figures(label: str, records: Sequence[MixRecord]) -> list[str]:
    """``--hiding-only``'s figures: the reading after hard's 5th hut move."""
    prefix = f"mix_{label}"
    read_ = [r for r in records if r.top1_move5 is not None]
    hits = sum(r.top1_move5 or 0.0 for r in read_)
    low, high = ai_arena.wilson(hits, len(read_))
    cpu = [t for r in records for t in r.cpu]
    return [
        f"FIGURE {prefix}_top1_move5 {hits / max(1, len(read_)):.3f} share",
        f"FIGURE {prefix}_top1_move5_ci95_low {low:.3f} share",
        f"FIGURE {prefix}_top1_move5_ci95_high {high:.3f} share",
        f"FIGURE {prefix}_pin_rate {sum(r.pins for r in read_) / max(1, sum(r.moves for r in read_)):.4f} share",
        f"FIGURE {prefix}_reader_seats {len(read_)} seats",
        f"FIGURE {prefix}_cpu_per_move_median {1000 * statistics.median(cpu) if cpu else 0.0:.1f} ms",
    ]


def figures(label: str, records: Sequence[MixRecord]) -> list[str]:
    prefix = f"mix_{label}"
    wins = sum(r.share for r in records)
    low, high = ai_arena.wilson(wins, len(records))
    lines = [
        f"FIGURE {prefix}_win_rate {wins / max(1, len(records)):.3f} share",
        f"FIGURE {prefix}_win_rate_ci95_low {low:.3f} share",
        f"FIGURE {prefix}_win_rate_ci95_high {high:.3f} share",
        f"FIGURE {prefix}_win_rate_games {len(records)} games",
    ]
    for kind in ("hard", "normal"):
        for move in ai_arena.BELIEF_MOVES:
            hits = sum(r.belief[kind][move][0] for r in records if move in r.belief[kind])
            judged = sum(r.belief[kind][move][1] for r in records if move in r.belief[kind])
            lines.append(f"FIGURE {prefix}_belief_{kind}_move{move} {hits / max(1, judged):.3f} share")
    read_ = [r for r in records if r.top1_end is not None]
    if read_:
        moves = sum(r.moves for r in read_)
        for name in ("top1_move5", "top1_villages10", "top1_end"):
            values = [getattr(r, name) or 0.0 for r in read_]
            share = sum(values) / len(read_)
            low, high = ai_arena.wilson(sum(values), len(read_))
            lines.append(f"FIGURE {prefix}_{name} {share:.3f} share")
            lines.append(f"FIGURE {prefix}_{name}_ci95_low {low:.3f} share")
            lines.append(f"FIGURE {prefix}_{name}_ci95_high {high:.3f} share")
        lines += [
            f"FIGURE {prefix}_pin_rate {sum(r.pins for r in read_) / max(1, moves):.4f} share",
            f"FIGURE {prefix}_reader_seats {len(read_)} seats",
        ]
    cpu = [t for r in records for t in r.cpu]
    lines.append(f"FIGURE {prefix}_cpu_per_move_median {1000 * statistics.median(cpu) if cpu else 0.0:.1f} ms")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--variants", default="shipped", help="comma list: shipped, blind, or told_from:scale")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--read", type=int, default=24, help="games whose hard seat is read")
    parser.add_argument("--reader-seeds", type=int, default=READER_SEEDS, help="the exact reader's own seeds")
    parser.add_argument("--rollouts", type=int, default=ai_arena.DEFAULT_HARD_ITERATIONS)
    parser.add_argument("--workers", type=int, default=2)
    deals.add_arguments(parser)
    parser.add_argument("--rivals", default="normal", help="the level of hard's three rivals")
    parser.add_argument("--general", action="store_true", help="hard is not told the levels: reads as people")
    parser.add_argument("--games-file", default=None, help="append each game's levels and ranks (bench.ai_ratings)")
    parser.add_argument("--hiding-only", action="store_true", help="read every game to hard's 5th hut move, then stop")
    args = parser.parse_args(argv)
    if args.hiding_only and args.games_file:
        parser.error("--hiding-only games have no result for --games-file")
    args.seed = deals.first_seed(parser, args)
    began = time.perf_counter()
    for text in args.variants.split(","):
        name, told_from, scale = parse_variant(text)
        label = name + ("" if args.rivals == "normal" else f"_vs_{args.rivals}") + ("_general" if args.general else "")
        tasks = [
            MixTask(
                i,
                args.seed + i,
                told_from,
                scale,
                args.rollouts,
                i < args.read or args.hiding_only,
                args.rivals,
                not args.general,
                args.reader_seeds,
                args.hiding_only,
            )
            for i in range(args.games)
        ]
        deals.announce(t.seed for t in tasks)
        with multiprocessing.get_context("fork").Pool(max(1, args.workers)) as pool:
            records = []
            for record in pool.imap(play_mix, tasks, chunksize=1):
                records.append(record)
                if args.games_file:
                    with open(args.games_file, "a", encoding="utf-8") as out:
                        out.write(json.dumps(record.seats) + "\n")
                won = sum(r.share for r in records)
                print(f"{label}: {len(records)}/{len(tasks)} games, won {won:g}", file=sys.stderr, flush=True)
        for line in (hiding_figures if args.hiding_only else figures)(label, records):
            print(line)
        sys.stdout.flush()
    print(f"FIGURE hard_mix_wall_time {time.perf_counter() - began:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
