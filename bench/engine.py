"""Engine speed on one core: ``python -m bench.engine [--quick | --seconds S]``.

Prints one line per figure: ``FIGURE <name> <value> <unit>``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence

from engine.clans import GameState, Move, apply, legal_moves, new_game, play, random_playout

Figure = tuple[str, float, str]


def _games(seconds: float, play_one: Callable[[int], int]) -> tuple[float, float]:
    """Play games until ``seconds`` have passed (at least 3); return (games per second, actions per game)."""
    start = time.perf_counter()
    games = actions = 0
    while games < 3 or time.perf_counter() - start < seconds:
        actions += play_one(games)
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / games


def random_games(seconds: float) -> list[Figure]:
    """Full random games with the fast playout, from setup to the end."""

    def one(seed: int) -> int:
        state = new_game(2 + seed % 3, seed)
        random_playout(state, random.Random(seed))
        return state.turn

    rate, moves = _games(seconds, one)
    return [("random_games_per_s", rate, "games/s"), ("moves_per_game", moves, "moves")]


def checked_games(seconds: float) -> list[Figure]:
    """Full random games through the checked path: play(state, rng.choice(legal_moves(state)))."""

    def one(seed: int) -> int:
        rng = random.Random(seed)
        state = new_game(2 + seed % 3, seed)
        while not state.over:
            play(state, rng.choice(legal_moves(state)))
        return state.turn

    rate, _ = _games(seconds, one)
    return [("random_games_per_s_checked", rate, "games/s")]


def sample_game(seed: int) -> tuple[GameState, list[Move]]:
    """The opening of one random game and every action played in it."""
    rng = random.Random(seed)
    state = new_game(2 + seed % 3, seed)
    start = state.copy()
    moves = []
    while not state.over:
        move = rng.choice(legal_moves(state))
        moves.append(move)
        play(state, move)
    return start, moves


def _per_call(seconds: float, batch: Callable[[], int]) -> float:
    """Microseconds per call, running ``batch`` (which returns how many calls it made) for ``seconds``."""
    calls = 0
    elapsed = 0.0
    while calls == 0 or elapsed < seconds:
        start = time.perf_counter()
        calls += batch()
        elapsed += time.perf_counter() - start
    return elapsed / calls * 1e6


def per_call(seconds: float, samples: int = 20) -> list[Figure]:
    """legal_moves, play, apply, copy and the JSON round trip, on positions sampled from random games."""
    games = [sample_game(seed) for seed in range(samples)]
    positions = []
    for opening, moves in games:
        state = opening.copy()
        for move in moves:
            positions.append(state.copy())
            apply(state, move)
    texts = [s.to_json() for s in positions]

    def listing() -> int:
        for s in positions:
            legal_moves(s)
        return len(positions)

    def copying() -> int:
        for s in positions:
            s.copy()
        return len(positions)

    def roundtrip() -> int:
        for text in texts:
            GameState.from_json(text).to_json()
        return len(texts)

    def timed_games(step: Callable[[GameState, Move], object]) -> float:
        """Replay the sampled games action by action, timing the actions only."""
        calls = 0
        elapsed = 0.0
        while calls == 0 or elapsed < seconds:
            for opening, moves in games:
                state = opening.copy()
                start = time.perf_counter()
                for move in moves:
                    step(state, move)
                elapsed += time.perf_counter() - start
                calls += len(moves)
        return elapsed / calls * 1e6

    return [
        ("legal_moves_us", _per_call(seconds, listing), "us"),
        ("play_us", timed_games(play), "us"),
        ("apply_us", timed_games(apply), "us"),
        ("copy_us", _per_call(seconds, copying), "us"),
        ("json_roundtrip_us", _per_call(seconds, roundtrip), "us"),
    ]


def figures(seconds: float) -> list[Figure]:
    return [*random_games(seconds), *checked_games(seconds), *per_call(seconds / 3)]


def format_figure(name: str, value: float, unit: str) -> str:
    return f"FIGURE {name} {value:.1f} {unit}"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.engine", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a short run (about 0.5 s per figure)")
    parser.add_argument("--seconds", type=float, default=None, help="time spent on each game figure")
    args = parser.parse_args(argv)
    seconds = args.seconds if args.seconds is not None else (0.5 if args.quick else 3.0)
    for name, value, unit in figures(seconds):
        print(format_figure(name, value, unit), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
