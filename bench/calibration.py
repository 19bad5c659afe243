"""Is the belief model calibrated against hiding players? When it says 70%, is it right ~70%?

    python -m bench.calibration [--games N] [--levels normal,hard] [--settings current,b0.9:t1] [--bins] [--quick]

Plays 4-player games of the given AI levels (hard: one hard seat among normal ones), then reads
every seat's belief (``ai.clans.clan_beliefs``) about each other seat after 10, 20 and 30 hut moves and at
the end, and scores each stated probability of each clan against the truth. Each belief model in
``--settings`` reads the same games (the games themselves are played with the model in use, which
normal and hard read too). A setting is ``current`` (the model in use, ``ai.clans.belief.MODEL``) or
``:``-separated tokens, any left out as in the model in use: ``b`` the players' sharpness beta,
``n`` the uniform noise, ``t`` the tempering tau of each move's log-likelihood (``b0.9:t1`` is the
model before tempering). For each it prints the expected calibration error over ten bins
(``calibration_<setting>_ece``: the mean gap between stated probability and observed frequency,
weighted by how often the bin is used), the Brier score, the top-1 accuracy, the share of top
guesses that claimed >= 90% (and how often those were right), and the share of seat readings >= 95%
sure of a wrong clan, overall and at move 30 (what tests/ai/clans/test_ai_belief.py bounds). ``--bins``
adds the reliability table (stated vs observed per bin) of every setting.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from collections.abc import Sequence

from ai.clans import belief, choose_action, clan_beliefs
from bench import deals
from engine.clans import Action, Clan, PublicView, new_game, play, public_view

POINTS = (10, 20, 30)
BINS = 10


def game(levels: Sequence[str], seed: int) -> tuple[PublicView, list[Action], list[Clan], list[int]]:
    """A seeded game; returns its start, its actions, the clans and the history lengths to read at."""
    state = new_game(len(levels), seed)
    start = public_view(state)
    history: list[Action] = []
    reads: dict[int, int] = {}
    while not state.over:
        seat = state.to_move
        move = choose_action(levels[seat], start, history, seat, state.clans[seat], seed=seed * 31 + len(history))
        play(state, move, seat)
        history.append(move)
        if state.turn in POINTS:
            reads.setdefault(state.turn, len(history))
    return start, history, list(state.clans), [*reads.values(), len(history)]


def model(spec: str, current: belief.Model) -> belief.Model:
    """The belief model a setting names (tokens b, n, t; see the module's docstring), the rest as
    in ``current``."""
    fields = {"b": "beta", "n": "noise", "t": "tau"}
    if spec == "current":
        return current
    changes: dict[str, float] = {}
    for token in spec.split(":"):
        if token[:1] not in fields:
            raise ValueError(f"Unknown setting {token!r}: use b, n or t followed by a number")
        changes[fields[token[0]]] = float(token[1:])
    return dataclasses.replace(current, **changes)


def readings(
    games: Sequence[tuple[PublicView, list[Action], list[Clan], list[int]]],
) -> tuple[list[tuple[float, bool, bool]], list[tuple[int, bool]]]:
    """(stated probability, true?, top guess?) for every seat's view of every other seat and clan;
    and (move read at, >= 95% sure of a wrong clan?) for every seat's view of every other seat."""
    out: list[tuple[float, bool, bool]] = []
    sure: list[tuple[int, bool]] = []
    for start, history, clans, points in games:
        for k, n in enumerate(points):
            at = POINTS[k] if k < len(points) - 1 else 0
            for observer in range(len(clans)):
                beliefs = clan_beliefs(start, history[:n], observer, clans[observer])
                for seat, b in enumerate(beliefs):
                    if seat == observer:
                        continue
                    top = max(b, key=lambda c: b[c])
                    for c, p in b.items():
                        out.append((p, c == clans[seat], c == top))
                    sure.append((at, any(p >= 0.95 for c, p in b.items() if c != clans[seat])))
    return out, sure


def scores(rows: Sequence[tuple[float, bool, bool]]) -> dict[str, float]:
    bins: list[list[tuple[float, bool]]] = [[] for _ in range(BINS)]
    for p, truth, _ in rows:
        bins[min(BINS - 1, int(p * BINS))].append((p, truth))
    n = len(rows)
    ece = sum(abs(sum(p for p, _ in b) - sum(t for _, t in b)) for b in bins) / n
    brier = sum((p - truth) ** 2 for p, truth, _ in rows) / n
    tops = [truth for _, truth, top in rows if top]
    sure = [truth for p, truth, _ in rows if p >= 0.9]
    return {
        "ece": ece,
        "brier": brier,
        "top1": sum(tops) / len(tops),
        "sure_share": len(sure) / max(1, sum(1 for _, _, top in rows if top)),
        "sure_right": sum(sure) / len(sure) if sure else float("nan"),
    }


def table(rows: Sequence[tuple[float, bool, bool]], label: str) -> list[str]:
    bins: list[list[tuple[float, bool]]] = [[] for _ in range(BINS)]
    for p, truth, _ in rows:
        bins[min(BINS - 1, int(p * BINS))].append((p, truth))
    lines = []
    for i, b in enumerate(bins):
        if b:
            stated = sum(p for p, _ in b) / len(b)
            seen = sum(t for _, t in b) / len(b)
            lines.append(f"FIGURE calibration_{label}_bin{i}_stated {stated:.3f} share")
            lines.append(f"FIGURE calibration_{label}_bin{i}_observed {seen:.3f} share")
            lines.append(f"FIGURE calibration_{label}_bin{i}_readings {len(b)} readings")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--levels", default="normal", help="comma list: normal, hard, easy, autopilot")
    parser.add_argument("--settings", default="current", help="comma list of belief models, e.g. b0.9,b0.9:t0.7")
    parser.add_argument("--bins", action="store_true", help="print the reliability table of every setting")
    parser.add_argument("--quick", action="store_true")
    deals.add_arguments(parser)
    args = parser.parse_args(argv)
    args.seed = deals.first_seed(parser, args)
    games = 3 if args.quick else args.games
    deals.announce(args.seed + i for i in range(games))
    began = time.perf_counter()
    played = []
    for level in args.levels.split(","):
        for i in range(games):
            levels = ["hard" if s == i % 4 else "normal" for s in range(4)] if level == "hard" else [level] * 4
            played.append(game(levels, args.seed + i))
    current = belief.MODEL
    try:
        for spec in args.settings.split(","):
            belief.MODEL = model(spec, current)
            belief._tracks.clear()
            rows, sure = readings(played)
            label = spec.replace(":", "_")
            for name, value in scores(rows).items():
                print(f"FIGURE calibration_{label}_{name} {value:.3f} share")
            at30 = [wrong for at, wrong in sure if at == 30]
            print(f"FIGURE calibration_{label}_sure_wrong {sum(w for _, w in sure) / len(sure):.3f} share")
            print(f"FIGURE calibration_{label}_sure_wrong_at30 {sum(at30)} readings")
            print(f"FIGURE calibration_{label}_readings_at30 {len(at30)} readings")
            if args.bins:
                for line in table(rows, label):
                    print(line)
            sys.stdout.flush()
    finally:
        belief.MODEL = current
        belief._tracks.clear()
    print(f"FIGURE calibration_wall_time {time.perf_counter() - began:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
