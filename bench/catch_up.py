"""The catch-up of a "your move" ping ("Since your last move: …"), before and after the log tail.

    python -m bench.catch_up [--games 3] [--players 4] [--seed 1]

Four-player games are played to their end through the service on a SQLite file (random legal actions); after
each action the next mover's catch-up is asked, as the bot does when it announces. Two services on the same
database do it side by side: one keeping no tail (every catch-up reads the whole log and tells it from the seed,
as before) and one keeping the tail (service/clans/history.py). Measured per catch-up: the time, and how many
actions were told from the seed. Prints `FIGURE <name> <value> <unit>` lines (medians, and the last quarter of
each game, where the log is longest).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import service.clans.history as history
from engine.clans import Action, GameState, Move, PublicView
from service.clans.games import ClansService
from service.clans.history import MoveFact
from service.clans.tables import Played
from store import Store

GUILD = 1


async def play_game(
    games: ClansService, kept: ClansService, channel: int, players: int, seed: int
) -> dict[str, list[float]]:
    """One game to its end; the catch-up's cost after each action, for each service."""
    host = 100
    lobby = await games.open_lobby(GUILD, channel, host, "p0")
    for n in range(1, players):
        await games.join(lobby.id, host + n, f"p{n}")
    table = await games.start(lobby.id, host)
    rng = random.Random(seed)
    costs: dict[str, list[float]] = {"whole": [], "tail": [], "told_whole": [], "told_tail": []}
    told: list[int] = []  # actions told from the seed by the catch-up being measured
    replay = history.replay_public

    def counted(start: PublicView, actions: Sequence[Action | str]) -> tuple[GameState, list[MoveFact]]:
        told.append(len(actions))
        return replay(start, actions)

    history.replay_public = counted
    try:
        played: Played | None = None
        while not table.view.over:
            mover = table.mover.user_id
            assert mover is not None
            view = table.view
            action = Move.village(rng.choice(view.pending)) if view.pending else rng.choice(table.hut_moves())
            played = await kept.play(table.id, mover, action)  # the tail's service commits (it is kept current)
            table = played.table
            if table.view.over:
                break
            for name, service in (("whole", games), ("tail", kept)):
                told.clear()
                began = time.perf_counter()
                await service.catch_up(table, table.mover.seat, shown=1)
                costs[name].append((time.perf_counter() - began) * 1000)
                costs[f"told_{name}"].append(sum(told))
    finally:
        history.replay_public = replay
    return costs


async def main(games_count: int, players: int, seed: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        async with await Store.open(Path(folder) / "bench.db") as store:
            whole = ClansService(store)
            whole.log_tails.capacity = 0  # keeps nothing: as before the tail
            kept = ClansService(store)
            results: dict[str, list[float]] = {"whole": [], "tail": [], "told_whole": [], "told_tail": []}
            late: dict[str, list[float]] = {"whole": [], "tail": []}
            actions: list[int] = []
            for number in range(games_count):
                costs = await play_game(whole, kept, 7000 + number, players, seed + number)
                for key, values in costs.items():
                    results[key] += values
                for key in late:
                    late[key] += costs[key][-len(costs[key]) // 4 :]
                actions.append(len(costs["whole"]))
    print(f"# {games_count} games of {players} players, {statistics.median(actions)} actions each (median)")
    for name in ("whole", "tail"):
        print(f"FIGURE catch_up_{name}_median_us {statistics.median(results[name]) * 1000:.0f} us")
        print(f"FIGURE catch_up_{name}_last_quarter_median_us {statistics.median(late[name]) * 1000:.0f} us")
        told = results[f"told_{name}"]
        print(f"FIGURE catch_up_{name}_actions_told_from_seed_per_catch_up {statistics.fmean(told):.2f} actions")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    asyncio.run(main(arguments.games, arguments.players, arguments.seed))
