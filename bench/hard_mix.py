"""Hard's told weight: how much it wins, and how readable it is, as it plays its own clan more openly.

    python -m bench.hard_mix [--scales none,1,2] [--games N] [--read N] [--rollouts R] [--workers W]
                             [--rivals normal|easy] [--games-file PATH]

Hard's search is blind to its clan and gives every candidate a value for each of the five clans
(``ai.clans.hard``). At told scale s it draws from q_c(m) ∝ μ(m) · exp(V_c(m) / (s · normal's λ)),
``none`` being today's blind draw over normal's odds. For each scale hard plays the arena's deals
(``bench.ai_arena.hard_tasks``: a rotating seat against three hiding normals) and the first ``--read``
of them are read twice:

- exactly, by a white-box reader who runs hard's search with two seeds of its own (the AI's seed is
  its secret) and multiplies each clan's averaged probability of the move played;
and every game is read by the belief model (``ai.clans.clan_beliefs``), the reader every normal AI
is: the share of the other seats' views whose top guess is hard's true clan after 10 / 20 / 30 hut
moves, side by side with the same share for the normal seats of the same games. ``--games-file``
appends each game's levels and ranks for ``bench.ai_ratings``.

FIGURE lines per scale (``mix_<scale>_...``): win_rate with its 95% interval and games, top1_move5,
top1_end, pin_rate (single moves putting >= 90% on the true clan), belief_hard_moveN and
belief_normal_moveN, seconds_per_move.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from ai.clans import choose_action, clan_beliefs
from ai.clans.belief import Observation, observe
from ai.clans.hard import hard_choice
from ai.clans.hiding import draw
from bench import ai_arena, ai_ratings
from engine.clans import CLAN_COUNT, Action, Clan, Move, Phase, PublicView, new_game, play, public_view

READER_SEEDS = 2
PIN = 0.9


@dataclass(frozen=True)
class MixTask:
    game: int
    seed: int
    scale: float | None
    rollouts: int
    read: bool
    rivals: str = "normal"


@dataclass
class MixRecord:
    share: float
    seconds: float = 0.0
    decisions: int = 0
    top1_move5: float | None = None
    top1_end: float | None = None
    pins: int = 0
    moves: int = 0
    belief: dict[str, dict[int, tuple[int, int]]] = field(default_factory=dict)
    """"hard" / "normal" -> hut move -> (views whose top guess was right, views)."""
    seats: tuple[tuple[str, ...], tuple[int, ...]] = ((), ())
    """Each seat's level and finishing rank, for ``bench.ai_ratings --games-file``."""


def play_mix(task: MixTask) -> MixRecord:
    state = new_game(4, task.seed)
    start = public_view(state)
    history: list[Action] = []
    hard = task.game % 4
    record = MixRecord(share=0.0, belief={"hard": {}, "normal": {}})
    logs = [0.0] * CLAN_COUNT
    while not state.over:
        seat = state.to_move
        clan = state.clans[seat]
        if seat != hard:
            move = choose_action(task.rivals, start, history, seat, clan, seed=task.seed)
        else:
            began = time.perf_counter()
            obs = observe(start, history)
            rng = random.Random(f"{task.seed}:{len(history)}:{seat}:hard-search")
            choice = hard_choice(obs, seat, rng, None, task.rollouts, task.scale)
            pick = draw(choice.by_clan[int(clan)], random.Random(f"{task.seed}:{len(history)}:{seat}:hard"))
            move = choice.moves[pick]
            record.seconds += time.perf_counter() - began
            record.decisions += 1
            if task.read and state.phase is Phase.MOVE:
                odds = _odds(obs, seat, move, f"{task.seed}:{len(history)}", task.rollouts, task.scale)
                record.pins += odds[int(clan)] / sum(odds) >= PIN
                logs = [x + math.log(p) for x, p in zip(logs, odds, strict=True)]
                record.moves += 1
                if record.moves == 5:
                    record.top1_move5 = _top1(logs, int(clan))
        outcome = play(state, move, seat)
        history.append(move)
        if state.phase is Phase.MOVE and state.turn in ai_arena.BELIEF_MOVES:
            for kind in ("hard", "normal"):
                record.belief[kind].setdefault(state.turn, _belief(start, history, state.clans, hard, kind))
    if task.read:
        record.top1_end = _top1(logs, int(state.clans[hard]))
        if record.top1_move5 is None:
            record.top1_move5 = record.top1_end
    result = outcome.result
    assert result is not None
    levels = tuple("hard" if s == hard else task.rivals for s in range(4))
    record.seats = (levels, tuple(ai_ratings.finishing_order(result.totals)))
    if hard in result.winners:
        record.share = 1 / len(result.winners)
    return record


def _odds(obs: Observation, seat: int, move: Move, salt: str, rollouts: int, scale: float | None) -> list[float]:
    """Each clan's probability of ``move``, averaged over the reader's own searches."""
    odds = [0.0] * CLAN_COUNT
    for s in range(READER_SEEDS):
        choice = hard_choice(obs, seat, random.Random(f"reader:{salt}:{s}"), None, rollouts, scale)
        if move in choice.moves:
            i = choice.moves.index(move)
            for c in range(CLAN_COUNT):
                odds[c] += choice.by_clan[c][i] / READER_SEEDS
    return [max(p, 1e-6) for p in odds]


def _belief(
    start: PublicView, history: Sequence[Action], clans: Sequence[Clan], hard: int, kind: str
) -> tuple[int, int]:
    """How many of the other seats' belief models put the observed seats' true clans on top."""
    targets = [hard] if kind == "hard" else [s for s in range(len(clans)) if s != hard]
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


def parse_scale(text: str) -> float | None:
    return None if text.strip() == "none" else float(text)


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
    read = [r for r in records if r.top1_end is not None]
    if read:
        moves = sum(r.moves for r in read)
        lines += [
            f"FIGURE {prefix}_top1_move5 {sum(r.top1_move5 or 0.0 for r in read) / len(read):.3f} share",
            f"FIGURE {prefix}_top1_end {sum(r.top1_end or 0.0 for r in read) / len(read):.3f} share",
            f"FIGURE {prefix}_pin_rate {sum(r.pins for r in read) / max(1, moves):.4f} share",
            f"FIGURE {prefix}_reader_seats {len(read)} seats",
        ]
    secs = sum(r.seconds for r in records)
    n = sum(r.decisions for r in records)
    lines.append(f"FIGURE {prefix}_seconds_per_move {secs / max(1, n):.4f} s")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--scales", default="none,2", help="comma list of told scales; none = blind")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--read", type=int, default=24, help="games whose hard seat is read")
    parser.add_argument("--rollouts", type=int, default=ai_arena.DEFAULT_HARD_ITERATIONS)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rivals", default="normal", help="the level of hard's three rivals")
    parser.add_argument("--games-file", default=None, help="append each game's levels and ranks (bench.ai_ratings)")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    for text in args.scales.split(","):
        scale = parse_scale(text)
        label = ("none" if scale is None else f"{scale:g}".replace(".", "p")) + (
            "" if args.rivals == "normal" else f"_vs_{args.rivals}"
        )
        tasks = [MixTask(i, args.seed + i, scale, args.rollouts, i < args.read, args.rivals) for i in range(args.games)]
        with multiprocessing.get_context("fork").Pool(max(1, args.workers)) as pool:
            records = []
            for record in pool.imap(play_mix, tasks, chunksize=1):
                records.append(record)
                if args.games_file:
                    with open(args.games_file, "a", encoding="utf-8") as out:
                        out.write(json.dumps(record.seats) + "\n")
                won = sum(r.share for r in records)
                print(f"{label}: {len(records)}/{len(tasks)} games, won {won:g}", file=sys.stderr, flush=True)
        for line in figures(label, records):
            print(line)
        sys.stdout.flush()
    print(f"FIGURE hard_mix_wall_time {time.perf_counter() - began:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
