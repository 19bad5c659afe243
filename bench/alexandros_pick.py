"""What one pick in the Alexandros panel costs the service, the old way and the pipeline's way, side by side.
``python -m bench.alexandros_pick``

The same random 2-player games (SQLite in a temporary folder) are played twice, every pick that leaves the
mover's turn going on (so the panel is shown again) measured:

- ``three_reads``: the panel's old calls: the channel check (``game``), ``act``, then ``panel`` (each reads the
  game);
- ``one_read``: ``act(..., where=..., panel=True)``: the channel checked and the next panel built from the
  game's one read and the state the action left.

Prints ``FIGURE <name> <value> <unit>`` lines: reads of the game per pick and the median and 95th percentile
time of a pick.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from service.alexandros import AlexandrosService
from store import GameRecord, Store

GUILD, CHANNEL, ANN, BOB = 1, 100, 11, 12


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def play(store: Store, games: int, one_read: bool, reads: list[int]) -> list[float]:
    """Every pick's time in ms (only picks after which the mover's turn goes on); ``reads``: per pick."""
    service = AlexandrosService(store, seed_source=lambda: 8)
    get_game = store.get_game
    count = [0]

    async def counted(game_id: int) -> GameRecord | None:
        count[0] += 1
        return await get_game(game_id)

    store.get_game = counted  # type: ignore[method-assign]
    times: list[float] = []
    where = (GUILD, CHANNEL)
    for number in range(games):
        rng = random.Random(number)
        lobby = await service.open_lobby(GUILD, CHANNEL, ANN, "Ann")
        await service.join(lobby.id, BOB, "Bob")
        await service.start(lobby.id, ANN)
        for _ in range(120):
            table = await service.table(lobby.id)
            if table.over:
                break
            user = table.mover.user_id
            assert user is not None
            legal = [a for a in (await service.hand(lobby.id, user)).legal if not a.startswith("resign")]
            action, ply = rng.choice(legal), table.record.snapshot_ply
            count[0] = 0
            start = time.perf_counter()
            if one_read:
                acted = await service.act(lobby.id, user, action, expected_ply=ply, where=where, panel=True)
                goes_on = acted.panel is not None
            else:
                await service.record(lobby.id)
                acted = await service.act(lobby.id, user, action, expected_ply=ply)
                goes_on = not acted.table.over and acted.table.view.to_move == acted.seat.seat
                if goes_on:
                    await service.panel(lobby.id, user)
            if goes_on:
                times.append((time.perf_counter() - start) * 1000)
                reads.append(count[0])
        if not (await service.table(lobby.id)).over:
            await service.resign(lobby.id, ANN)  # the channel's game ends: the next one opens there
    store.get_game = get_game  # type: ignore[method-assign]
    return times


async def run(games: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        for one_read in (False, True):
            name = "one_read" if one_read else "three_reads"
            async with await Store.open(str(Path(folder) / f"{name}.db")) as store:
                reads: list[int] = []
                times = await play(store, games, one_read, reads)
            print(f"FIGURE pick_{name}_picks {len(times)} picks")
            print(f"FIGURE pick_{name}_reads_per_pick {statistics.median(reads):.0f} reads")
            print(f"FIGURE pick_{name}_median {statistics.median(times):.2f} ms")
            print(f"FIGURE pick_{name}_p95 {quantile(times, 0.95):.2f} ms")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="2 games instead of 8")
    args = parser.parse_args(argv)
    asyncio.run(run(2 if args.quick else 8))


if __name__ == "__main__":
    main()
