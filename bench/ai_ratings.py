"""The AI levels' ratings, measured: a round robin fitted with the model players are rated with.

    python -m bench.ai_ratings [--games N] [--hard-games M] [--rollouts R] [--boot B] [--workers W]
                               [--games-file PATH]

Four players: ``random`` (uniform legal moves, the floor), easy, normal and hard. Every pair, every
triple and all four meet in 2-, 3- and 4-player games, N games a match-up (M for those with hard,
whose moves cost 70 times more), the seats rotating over the games. Each finished game ranks its
seats by total as the bot does (``store.ratings.finishing_ranks``), and openskill's Plackett-Luce
model (``store.ratings.MODEL``) rates the four levels over all the games from the newcomer prior,
in a seeded shuffled order, twice over; the μ reported is the mean over ORDERS such orders. The
ratings are shifted so that normal keeps its published μ (the scale's anchor: players have been rated
against normal, and only differences are measured); the uncertainty is the spread of that fit over B
bootstrap resamples of the games. Hard's games against three normals (``bench.ai_arena --games-file``
or ``bench.hard_mix --games-file``) may be added to the file: there normal keeps its rating (see ``fit``).

FIGURE lines: ``ratings_<level>_mu`` with ``_mu_sd`` and its 95% interval (``_mu_ci95_low`` /
``_high``, μ ± 1.96 sd); ``ratings_<level>_published`` (1500 + 20 × (μ − 3σ) at the published σ) with
``_published_sd``; ``ratings_<level>_was`` (today's); ``ratings_levels_apart`` (1 when easy < normal <
hard with the 95% intervals apart, else 0); and the games played. Normal is the anchor, so its interval is
a point and another level's is the uncertainty of its difference from normal. With ``--games-file``
every finished game is appended to that file (a JSON line each)
and the fit is over all the games in it, so the games without hard and those with it may be played
in separate runs. A JSON line ``PUBLISH {...}`` is what goes into data/clans/ai_ratings.json.
"""

from __future__ import annotations

import argparse
import itertools
import json
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ai.clans import AI_LEVELS, choose_action
from bench import deals
from bench.stand_ins import STAND_INS, stand_in_move
from engine.clans import Action, new_game, play, public_view
from registry import game
from service.ratings import CENTRE, SCALE
from store.ratings import MODEL, finishing_ranks
from store.records import ResultInput

AI_RATINGS = game("clans").ai_ratings
"""The ratings published now, which a run's fit is anchored to and compared with."""

PLAYERS = ("random", *AI_LEVELS)
ANCHOR = "normal"
PASSES = 2
ORDERS = 20


@dataclass(frozen=True)
class Match:
    levels: tuple[str, ...]
    """The level at each seat."""
    seed: int
    rollouts: int


def play_match(match: Match) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The seats' levels and their finishing ranks (1 = best, ties shared)."""
    state = new_game(len(match.levels), match.seed)
    start = public_view(state)
    history: list[Action] = []
    while not state.over:
        seat = state.to_move
        level = match.levels[seat]
        if level in STAND_INS:
            move = stand_in_move(level, state, match.seed, len(history))
        else:
            iterations = match.rollouts if level == "hard" else None
            clan = state.clans[seat]
            # The seats' levels are public, as in the bot: hard reads the AI seats by them (random as a person).
            move = choose_action(
                level, start, history, seat, clan, match.seed, iterations=iterations, levels=match.levels
            )
        outcome = play(state, move, seat)
        history.append(move)
    assert outcome.result is not None
    return match.levels, tuple(finishing_order(outcome.result.totals))


def finishing_order(totals: Sequence[int]) -> list[int]:
    """The seats' ranks as the bot rates a finished game (``store.ratings.finishing_ranks``)."""
    results = [ResultInput(seat=s, user_id=None, name="", total=t, winner=False) for s, t in enumerate(totals)]
    return finishing_ranks(results)


def matches(games: int, hard_games: int, rollouts: int, seed: int) -> list[Match]:
    """Every match-up of 2, 3 and 4 of the players, the seats rotating game by game; round g of every
    match-up comes before round g + 1, so a run cut short is still balanced."""
    lineups = [lineup for size in (2, 3, 4) for lineup in itertools.combinations(PLAYERS, size)]
    result = []
    for g in range(max(games, hard_games)):
        for lineup in lineups:
            if g >= (hard_games if "hard" in lineup else games):
                continue
            turn = g % len(lineup)
            levels = lineup[turn:] + lineup[:turn]
            result.append(Match(levels, seed + 1000 * len(lineup) + 37 * g, rollouts))  # one deal per round and size
    return result


def fit(
    games: Sequence[tuple[tuple[str, ...], tuple[int, ...]]],
    seed: int,
    players: Sequence[str] = PLAYERS,
    anchor_mu: float | None = None,
) -> dict[str, float]:
    """Each player's μ after rating every game, in a seeded shuffled order, PASSES times; normal anchored at
    ``anchor_mu`` (Clans' published one by default; another game's players and anchor: bench.alexandros_ratings).

    A player at several seats of one game (hard against three normals, from ``bench.hard_mix``) keeps
    its rating there, as AI seats do in a rated game: the game rates the others against it."""
    ratings = {p: MODEL.rating() for p in players}
    rng = random.Random(seed)
    for _ in range(PASSES):
        order = list(games)
        rng.shuffle(order)
        for levels, ranks in order:
            after = MODEL.rate([[ratings[p]] for p in levels], ranks=[float(r) for r in ranks])
            for p, team in zip(levels, after, strict=True):
                if levels.count(p) == 1:
                    ratings[p] = team[0]
    shift = (AI_RATINGS[ANCHOR][0] if anchor_mu is None else anchor_mu) - ratings[ANCHOR].mu
    return {p: r.mu + shift for p, r in ratings.items()}


def _game(raw: list[list[object]]) -> tuple[tuple[str, ...], tuple[int, ...]]:
    levels, ranks = raw
    return tuple(str(x) for x in levels), tuple(int(str(x)) for x in ranks)


def levels_apart(intervals: dict[str, tuple[float, float]]) -> bool:
    """Whether the levels are strictly ordered, weakest first, with their intervals apart."""
    return all(intervals[a][1] < intervals[b][0] for a, b in itertools.pairwise(AI_LEVELS))


def published(mu: float, sigma: float) -> float:
    return CENTRE + SCALE * (mu - 3 * sigma)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=60, help="games per match-up without hard")
    parser.add_argument("--hard-games", type=int, default=24, help="games per match-up with hard")
    parser.add_argument("--rollouts", type=int, default=800, help="hard's rollouts per move")
    parser.add_argument("--boot", type=int, default=40, help="bootstrap resamples for the uncertainty")
    parser.add_argument("--workers", type=int, default=2)
    deals.add_arguments(parser)
    parser.add_argument("--games-file", default=None, help="append the games here and fit all the games in it")
    args = parser.parse_args(argv)
    args.seed = deals.first_seed(parser, args)
    began = time.perf_counter()
    tasks = matches(args.games, args.hard_games, args.rollouts, args.seed)
    if not tasks and not args.games_file:
        parser.error("no games to play (--games 0 --hard-games 0) and no --games-file to fit")
    if tasks:  # with none, the games file is fitted as it stands (its games name their own deals)
        deals.announce(t.seed for t in tasks)
    with multiprocessing.get_context("fork").Pool(max(1, args.workers)) as pool:
        games = []
        for game in pool.imap(play_match, tasks, chunksize=1):
            games.append(game)
            if args.games_file:
                with open(args.games_file, "a", encoding="utf-8") as out:
                    out.write(json.dumps(game) + "\n")
    if args.games_file:
        with open(args.games_file, encoding="utf-8") as saved:
            games = [_game(json.loads(line)) for line in saved if line.strip()]
    # Online updates weigh the early games most, so one order is one draw: average over ORDERS orders.
    orders = [fit(games, args.seed * 1000 + k) for k in range(ORDERS)]
    mus = {p: statistics.fmean(o[p] for o in orders) for p in PLAYERS}
    rng = random.Random(args.seed)
    boots = [fit([rng.choice(games) for _ in games], args.seed + b + 1) for b in range(args.boot)]
    sigma = AI_RATINGS[ANCHOR][1]
    publish = {}
    intervals = {}
    for p in PLAYERS:
        sd = statistics.pstdev(b[p] for b in boots) if boots else 0.0
        intervals[p] = (mus[p] - 1.96 * sd, mus[p] + 1.96 * sd)
        print(f"FIGURE ratings_{p}_mu {mus[p]:.2f} mu")
        print(f"FIGURE ratings_{p}_mu_sd {sd:.2f} mu")
        print(f"FIGURE ratings_{p}_mu_ci95_low {intervals[p][0]:.2f} mu")
        print(f"FIGURE ratings_{p}_mu_ci95_high {intervals[p][1]:.2f} mu")
        print(f"FIGURE ratings_{p}_published {published(mus[p], sigma):.0f} rating")
        print(f"FIGURE ratings_{p}_published_sd {SCALE * sd:.0f} rating")
        if p in AI_RATINGS:
            print(f"FIGURE ratings_{p}_was {published(*AI_RATINGS[p]):.0f} rating")
            publish[p] = {"mu": round(mus[p], 1), "sigma": sigma}
    print(f"FIGURE ratings_levels_apart {int(levels_apart(intervals))} bool")
    for size in (2, 3, 4):
        print(f"FIGURE ratings_games_{size}p {sum(len(levels) == size for levels, _ in games)} games")
    print(f"FIGURE ratings_wall_time {time.perf_counter() - began:.0f} s")
    print("PUBLISH " + json.dumps(publish, sort_keys=True))
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
