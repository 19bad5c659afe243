"""Normal's strength against its leakage, for several hiding settings, on the same deals.

    python -m bench.hiding_curve [--settings 1.5:1.0,1.0:2.0:3.0] [--games N] [--observer-games M]
                                 [--chip-tilt T] [--prospects P] [--spread S] [--next-founding F] [--live L]
                                 [--uniform-beliefs] [--draw-seed-offset K]

A setting is normal's λ ``start:end``, or ``start:middle:end`` with λ at half the chips between
(``ai.clans.hiding.Hiding``). For each, the
arena's 4-player games of normal in a rotating seat against three easy AIs (``bench.ai_arena``), and
the white-box observer on games of four normal AIs (``bench.observer``, 24 samples per clan per
move), with that setting in every worker. Prints per setting (its name: the numbers joined by ``_``,
dots as ``p``): ``curve_<name>_normal_vs_3easy_win_rate`` with its 95% interval and games, and
``curve_<name>_top1_move5`` / ``_top1_end`` / ``_pin_rate`` with their intervals and seats.

The other options try normal variants without editing the AI (every one applies to every setting;
docs/AI.md has what each measured). Public weights, the same whatever the clan and so leak-neutral by
themselves (``ai.clans.hiding.tilted``), multiplied into every clan's strategy as exp(weight · feature):
``--spread`` (feature: minus how far apart the clans' log-probabilities of the action lie, so the moves
that tell the clans apart are played less), ``--next-founding`` (the share of the next player's legal
moves that found a village after the action), ``--live`` (the territories still in play after it).
``--chip-tilt`` replaces ``CHIP_TILT`` and ``--prospects`` ``NORMAL_PROSPECTS``; ``--uniform-beliefs``
values the threat as if the moves so far told nothing of the opponents' clans; ``--draw-seed-offset``
shifts the seeds of normal's own draws in the arena (the same deals, other draws: how much of a
difference the draws alone make).
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import multiprocessing
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import ai.clans.strategies
from ai.clans import players
from ai.clans.belief import Observation
from ai.clans.hiding import Hiding, tilted
from bench import ai_arena, deals, observer
from engine.clans import Action, Clan, Move, Phase, PublicView, apply, legal_moves
from engine.clans.hutmoves import founding_moves, live_territories

PolicyMaker = Callable[..., players.Policy]
SPREAD_CAP = 10.0
"""Nats: beyond this, an action's clans are as far apart as can matter to --spread."""


@dataclass(frozen=True)
class Variant:
    """Normal variants to try against the chosen code (the defaults change nothing)."""

    chip_tilt: float | None = None
    prospects: float | None = None
    spread: float = 0.0
    next_founding: float = 0.0
    live: float = 0.0
    uniform_beliefs: bool = False
    draw_seed_offset: int = 0


def parse(text: str) -> Hiding:
    numbers = [float(x) for x in text.split(":")]
    if len(numbers) not in (2, 3):
        raise argparse.ArgumentTypeError(f"a setting is start:end or start:middle:end, not {text!r}")
    if len(numbers) == 2:
        return Hiding(start=numbers[0], end=numbers[1])
    return Hiding(start=numbers[0], middle=numbers[1], end=numbers[2])


def name(text: str) -> str:
    return text.replace(":", "_").replace(".", "p")


def use(hiding: Hiding, variant: Variant = Variant()) -> None:
    """Make ``hiding`` normal's setting in this process, with ``variant`` (a worker's initializer)."""
    ai.clans.strategies.NORMAL_HIDING = hiding  # type: ignore[attr-defined]
    if variant.chip_tilt is not None:
        ai.clans.strategies.CHIP_TILT = variant.chip_tilt  # type: ignore[attr-defined]
    if variant.prospects is not None:
        ai.clans.strategies.NORMAL_PROSPECTS = variant.prospects  # type: ignore[attr-defined]
    if variant.spread or variant.next_founding or variant.live or variant.uniform_beliefs:
        ai.clans.strategies.normal_policy = _varied(variant)  # type: ignore[attr-defined]
    if variant.draw_seed_offset:
        ai_arena.override("normal", _shifted(variant.draw_seed_offset))


def _varied(variant: Variant) -> PolicyMaker:
    def normal_policy(
        obs: Observation, seat: int, hiding: Hiding, chip_tilt: float = 0.0, prospects: float = 1.0
    ) -> players.Policy:
        if variant.uniform_beliefs:
            obs = dataclasses.replace(obs, loglik=[[0.0] * len(row) for row in obs.loglik])
        policy = players.normal_policy(obs, seat, hiding, chip_tilt, prospects)
        weights = [
            public_weight(obs, move, variant, [q[i] for q in policy.by_clan]) for i, move in enumerate(policy.moves)
        ]
        return players.Policy(policy.moves, tilted(policy.by_clan, weights), policy.values)

    return normal_policy


def public_weight(obs: Observation, move: Move, variant: Variant, odds: Sequence[float]) -> float:
    """The log-weight ``variant`` gives ``move``: from the public position and every clan's odds of it
    alike, so the same whatever clan normal holds."""
    logs = [math.log(max(p, 1e-12)) for p in odds]
    weight = -variant.spread * min(max(logs) - min(logs), SPREAD_CAP)
    if (variant.next_founding or variant.live) and obs.state.phase is Phase.MOVE:
        after = obs.state.copy()
        apply(after, move)
        if after.phase is Phase.MOVE:
            live = live_territories(after)
            share = len(founding_moves(after, live)) / max(1, len(legal_moves(after)))
            weight += variant.next_founding * share + variant.live * len(live)
    return weight


def _shifted(offset: int) -> ai_arena.LevelChooser:
    """Normal as it is, its own draws from seeds shifted by ``offset``."""

    def normal(start: PublicView, history: Sequence[Action], seat: int, clan: Clan, seed: int) -> Move:
        return ai_arena.choose_action("normal", start, history, seat, clan, seed + 1_000_003 * offset)  # type: ignore[attr-defined]

    return normal


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--settings", default="1.5:1.0,1.0:2.0:3.0", help="comma list of start:end or start:middle:end")
    parser.add_argument("--games", type=int, default=300, help="arena games per setting")
    parser.add_argument("--observer-games", type=int, default=50, help="observed games of four normal AIs")
    parser.add_argument("--samples", type=int, default=24)
    parser.add_argument("--workers", type=int, default=2)
    deals.add_arguments(parser)
    parser.add_argument("--chip-tilt", type=float, default=None, help="instead of ai.clans.players.CHIP_TILT")
    parser.add_argument("--prospects", type=float, default=None, help="instead of ai.clans.players.NORMAL_PROSPECTS")
    parser.add_argument("--spread", type=float, default=0.0)
    parser.add_argument("--next-founding", type=float, default=0.0)
    parser.add_argument("--live", type=float, default=0.0)
    parser.add_argument("--uniform-beliefs", action="store_true")
    parser.add_argument("--draw-seed-offset", type=int, default=0)
    args = parser.parse_args(argv)
    args.seed = deals.first_seed(parser, args)
    variant = Variant(
        args.chip_tilt,
        args.prospects,
        args.spread,
        args.next_founding,
        args.live,
        args.uniform_beliefs,
        args.draw_seed_offset,
    )
    began = time.perf_counter()
    for text in args.settings.split(","):
        hiding = parse(text)
        prefix = f"curve_{name(text)}"
        context = multiprocessing.get_context("spawn")
        arena = ai_arena.normal_tasks(args.games, args.seed)
        tasks = [observer.Task("normal", args.seed + i, args.samples, 0, None) for i in range(args.observer_games)]
        deals.announce([*(t.seed for t in arena), *(t.seed for t in tasks)])
        with context.Pool(args.workers, initializer=use, initargs=(hiding, variant)) as pool:
            records = pool.map(ai_arena.play_game, arena, chunksize=1)
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
