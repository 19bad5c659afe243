"""The Alexandros AI levels' ratings, measured: a round robin fitted as bench.ai_ratings fits Clans'.

    python -m bench.alexandros_ratings [--games N] [--hard-games M] [--boot B] [--workers W] [--seed S]
                                       [--games-file PATH]

Four players: ``random`` (uniform legal actions, the floor), easy, normal and hard. Every pair, every triple
and all four meet in 2-, 3- and 4-player games, N games a match-up (M for those with hard, whose decisions
cost some 30 times normal's), the seats rotating over the games. Each finished game ranks its seats by score
as the bot ranks an Alexandros game (``store.ratings.finishing_ranks``), and the fit is Clans' own
(``bench.ai_ratings.fit``: openskill's Plackett-Luce model, every game rated twice over in a seeded shuffled
order from the newcomer prior, the μ the mean over ORDERS orders, the spread over B bootstrap resamples of
the games), anchored so that normal keeps its published μ (players have been rated against it).

FIGURE lines: ``alexandros_ratings_<player>_mu`` with ``_mu_sd``, ``_published`` (1500 + 20 × (μ − 3σ) at the
published σ) with ``_published_sd``, ``_was`` (today's), and the games played. With ``--games-file`` every
finished game is appended to that file (a JSON line each) and the fit is over all the games in it. A line
``PUBLISH {...}`` is what goes into data/alexandros/ai_ratings.json.
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

from ai.alexandros import AI_LEVELS, choose_action
from bench import deals
from bench.ai_ratings import ANCHOR, ORDERS, fit, published
from engine.alexandros import legal_actions, new_game, play, private_view, result
from registry import game
from service.ratings import SCALE
from store.ratings import finishing_ranks
from store.records import ResultInput

AI_RATINGS = game("alexandros").ai_ratings
"""The ratings published now: the fit is anchored to normal's, and compared with them."""
PLAYERS = ("random", *AI_LEVELS)

Game = tuple[tuple[str, ...], tuple[int, ...]]


@dataclass(frozen=True)
class Match:
    levels: tuple[str, ...]
    """The level at each seat."""
    seed: int


def play_match(match: Match) -> Game:
    """The seats' levels and their finishing ranks (1 = best, ties shared)."""
    state = new_game(len(match.levels), match.seed)
    while not state.over:
        seat = state.to_move
        level = match.levels[seat]
        if level == "random":
            action = random.Random(f"{match.seed}:{state.ply}").choice(legal_actions(state))
        else:
            action = choose_action(level, private_view(state, seat), match.seed * 10 + seat + 1)
        play(state, action, seat)
    outcome = result(state)
    assert outcome is not None
    return match.levels, tuple(finishing_order(outcome.scores))


def finishing_order(scores: Sequence[int]) -> list[int]:
    """The seats' ranks as the bot rates a finished Alexandros game (its score is its total)."""
    results = [ResultInput(seat=s, user_id=None, name="", total=t, winner=False) for s, t in enumerate(scores)]
    return finishing_ranks(results)


def matches(games: int, hard_games: int, seed: int) -> list[Match]:
    """Every match-up of 2, 3 and 4 of the players, the seats rotating game by game; round g of every match-up
    comes before round g + 1, so a run cut short is still balanced."""
    lineups = [lineup for size in (2, 3, 4) for lineup in itertools.combinations(PLAYERS, size)]
    found = []
    for g in range(max(games, hard_games)):
        for lineup in lineups:
            if g >= (hard_games if "hard" in lineup else games):
                continue
            turn = g % len(lineup)
            levels = lineup[turn:] + lineup[:turn]
            found.append(Match(levels, seed + 1000 * len(lineup) + 37 * g))  # one deal per round and size
    return found


def _game(raw: list[list[object]]) -> Game:
    levels, ranks = raw
    return tuple(str(x) for x in levels), tuple(int(str(x)) for x in ranks)


def ratings(games: Sequence[Game], seed: int, boot: int) -> tuple[dict[str, float], dict[str, float]]:
    """Each player's μ (the mean over ORDERS orders of the games) and its spread over ``boot`` resamples."""
    anchor = AI_RATINGS[ANCHOR][0]
    orders = [fit(games, seed * 1000 + k, PLAYERS, anchor) for k in range(ORDERS)]
    mus = {p: statistics.fmean(o[p] for o in orders) for p in PLAYERS}
    rng = random.Random(seed)
    boots = [fit([rng.choice(games) for _ in games], seed + b + 1, PLAYERS, anchor) for b in range(boot)]
    sds = {p: statistics.pstdev(b[p] for b in boots) if boots else 0.0 for p in PLAYERS}
    return mus, sds


def duel(games: Sequence[Game], a: str, b: str) -> tuple[float, int]:
    """``a``'s share of the two-player games between ``a`` and ``b`` (a tie counts half), and their number."""
    shares = []
    for levels, ranks in games:
        if len(levels) == 2 and set(levels) == {a, b}:
            mine, theirs = ranks[levels.index(a)], ranks[levels.index(b)]
            shares.append(1.0 if mine < theirs else 0.5 if mine == theirs else 0.0)
    return (statistics.fmean(shares) if shares else 0.0), len(shares)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=40, help="games per match-up without hard")
    parser.add_argument("--hard-games", type=int, default=24, help="games per match-up with hard")
    parser.add_argument("--boot", type=int, default=40, help="bootstrap resamples for the uncertainty")
    parser.add_argument("--workers", type=int, default=2)
    deals.add_arguments(parser)
    parser.add_argument("--games-file", default=None, help="append the games here and fit all the games in it")
    args = parser.parse_args(argv)
    args.seed = deals.first_seed(parser, args)
    began = time.perf_counter()
    todo = matches(args.games, args.hard_games, args.seed)
    deals.announce(m.seed for m in todo)
    games: list[Game] = []
    with multiprocessing.get_context("fork").Pool(max(1, args.workers)) as pool:
        for played in pool.imap(play_match, todo, chunksize=1):
            games.append(played)
            if args.games_file:
                with open(args.games_file, "a", encoding="utf-8") as out:
                    out.write(json.dumps(played) + "\n")
    if args.games_file:
        with open(args.games_file, encoding="utf-8") as saved:
            games = [_game(json.loads(line)) for line in saved if line.strip()]
    mus, sds = ratings(games, args.seed, args.boot)
    sigma = AI_RATINGS[ANCHOR][1]
    publish = {}
    for p in PLAYERS:
        print(f"FIGURE alexandros_ratings_{p}_mu {mus[p]:.2f} mu")
        print(f"FIGURE alexandros_ratings_{p}_mu_sd {sds[p]:.2f} mu")
        print(f"FIGURE alexandros_ratings_{p}_published {published(mus[p], sigma):.0f} rating")
        print(f"FIGURE alexandros_ratings_{p}_published_sd {SCALE * sds[p]:.0f} rating")
        if p in AI_RATINGS:
            print(f"FIGURE alexandros_ratings_{p}_was {published(*AI_RATINGS[p]):.0f} rating")
        if p in AI_LEVELS:
            publish[p] = {"mu": round(mus[p], 1), "sigma": sigma}
    for a, b in itertools.combinations(PLAYERS, 2):
        share, played = duel(games, a, b)
        if played:
            print(f"FIGURE alexandros_ratings_duel_{a}_vs_{b} {share:.3f} share")
            print(f"FIGURE alexandros_ratings_duel_{a}_vs_{b}_games {played} games")
    for size in (2, 3, 4):
        print(f"FIGURE alexandros_ratings_games_{size}p {sum(len(levels) == size for levels, _ in games)} games")
    print(f"FIGURE alexandros_ratings_wall_time {time.perf_counter() - began:.0f} s")
    print("PUBLISH " + json.dumps(publish, sort_keys=True))
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
