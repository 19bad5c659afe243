"""Moves committed per second through the store, on SQLite and on PostgreSQL, in one process and in two.

    nice python -m bench.store [--games 8] [--plies 60] [--postgres URL]

``--games`` games run at once (one coroutine each, as many channels would), each appending ``--plies`` random
legal moves with their snapshots through ``Store.append_action`` (the commit every move makes). The engine's work
and the games' setup (lobby, seats, start) are done before the clock starts. PostgreSQL is the server at
``--postgres`` / ``CLANS_BENCH_POSTGRES`` (an empty database: the bench makes a schema of its own) or a throwaway
local server with durable settings. Figures:
commits per second and the 50th/99th percentile of one commit, for SQLite (WAL, synchronous=NORMAL and FULL, the
store's setting, alternating three rounds each: ``--sqlite-only`` runs just these), PostgreSQL
(synchronous_commit on: every commit waits for its WAL flush) and PostgreSQL with synchronous_commit off (the
closer match to SQLite's NORMAL: a crash may lose the last moments, never consistency). Then the same games on
PostgreSQL split between one and two real OS processes (``multiprocessing``, each its own store and connection
pool, started together), as several bot processes on one database would commit them: ``_1proc`` / ``_2proc``,
each with the store's locks (a move holds its game's lock: writes of different games never wait for each other)
and, alternating with it, with every move under the one spanning lock as all writes were before (``_one_lock``).
Each PostgreSQL figure comes with the lock wait per move: from asking for its write transaction until it holds its
locks (the process's own queue, a pooled connection, BEGIN and its advisory locks, one round trip included:
``store_lock_wait_per_move_*``).
"""

import argparse
import asyncio
import multiprocessing
import os
import random
import secrets
import statistics
import tempfile
import time
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg

import store.sqlite
from engine.clans import legal_moves, new_game, play
from store import Store
from store.backend import Connection
from store.pgserver import ThrowawayPostgres, url_with
from store.postgres import PostgresBackend

PLAYERS = 4


@dataclass(frozen=True)
class Script:
    """One game's moves, worked out in advance: (seat, action, snapshot after it)."""

    seed: int
    moves: list[tuple[int, str, str]]


def scripts(games: int, plies: int, seed: int) -> list[Script]:
    out = []
    for n in range(games):
        rng = random.Random(seed + n)
        state = new_game(PLAYERS, seed + n)
        moves = []
        while not state.over and state.ply < plies:
            seat = state.to_move
            move = rng.choice(legal_moves(state))
            play(state, move, seat=seat)
            moves.append((seat, move.text, state.to_json()))
        out.append(Script(seed + n, moves))
    return out


async def start_script(store: Store, channel: int, script: Script) -> int:
    """The script's game, started (before the clock does: only the moves are measured)."""
    game = await store.create_lobby(1, channel, 1000, "P0", seed=script.seed, game="clans")
    for seat in range(1, PLAYERS):
        await store.add_seat(game.id, 1000 + seat, f"P{seat}")
    await store.start_game(game.id, new_game(PLAYERS, script.seed).to_json())
    return game.id


async def play_script(store: Store, game_id: int, script: Script, timings: list[float]) -> None:
    for ply, (seat, action, snapshot) in enumerate(script.moves, start=1):
        began = time.perf_counter()
        await store.append_action(game_id, ply, seat, 1000 + seat, action, snapshot)
        timings.append(time.perf_counter() - began)


async def measure(target: str, games: list[Script]) -> tuple[float, list[float], float]:
    """Moves per second, each move's seconds, and the seconds the moves' writes waited for their locks."""
    timings: list[float] = []
    async with await Store.open(target) as store:
        ids = [await start_script(store, 100 + n, script) for n, script in enumerate(games)]
        began = time.perf_counter()
        waited = store.lock_wait
        moves = (play_script(store, game_id, script, timings) for game_id, script in zip(ids, games, strict=True))
        await asyncio.gather(*moves)
        elapsed = time.perf_counter() - began
        waited = store.lock_wait - waited
    return len(timings) / elapsed, timings, waited


Share = list[tuple[int, Script]]
"""One process's games, each with its channel (unique across the processes)."""


async def _play_share(target: str, share: Share, ready: Any, go: Any) -> tuple[float, float, list[float], float]:
    timings: list[float] = []
    async with await Store.open(target) as store:
        ids = [await start_script(store, channel, script) for channel, script in share]
        ready.put(None)
        await asyncio.to_thread(go.wait)
        began = time.monotonic()  # system-wide on Linux: comparable between the processes
        waited = store.lock_wait
        await asyncio.gather(
            *(play_script(store, game_id, script, timings) for game_id, (_, script) in zip(ids, share, strict=True))
        )
        return began, time.monotonic(), timings, store.lock_wait - waited


def _one_lock() -> None:
    """Every write of this process under the one spanning lock, as before games had locks of their own."""
    original = PostgresBackend.write

    def write(self: PostgresBackend, game_id: int | None = None) -> AbstractAsyncContextManager[Connection]:
        return original(self)

    PostgresBackend.write = write  # type: ignore[method-assign, assignment]


def _process_main(target: str, share: Share, ready: Any, go: Any, results: Any, one_lock: bool) -> None:
    if one_lock:
        _one_lock()
    results.put(asyncio.run(_play_share(target, share, ready, go)))


def measure_processes(
    target: str, games: list[Script], processes: int, one_lock: bool = False
) -> tuple[float, list[float], float]:
    """The games split between ``processes`` OS processes on one database, started at once."""
    context = multiprocessing.get_context("spawn")
    ready, results, go = context.Queue(), context.Queue(), context.Event()
    shares: list[Share] = [[] for _ in range(processes)]
    for n, script in enumerate(games):
        shares[n % processes].append((100 + n, script))
    workers = [
        context.Process(target=_process_main, args=(target, share, ready, go, results, one_lock)) for share in shares
    ]
    for worker in workers:
        worker.start()
    for _ in workers:
        ready.get(timeout=120)
    go.set()
    outcomes = [results.get(timeout=600) for _ in workers]
    for worker in workers:
        worker.join()
    timings = [t for _, _, share, _ in outcomes for t in share]
    elapsed = max(end for _, end, _, _ in outcomes) - min(began for began, _, _, _ in outcomes)
    return len(timings) / elapsed, timings, sum(waited for _, _, _, waited in outcomes)


async def fresh_schema(url: str) -> str:
    name = f"bench_{secrets.token_hex(4)}"
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f"CREATE SCHEMA {name}")
    finally:
        await conn.close()
    return url_with(url, search_path=name)


def report(label: str, rate: float, timings: list[float], lock_wait: float | None = None) -> None:
    ordered = sorted(timings)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    print(f"FIGURE store_moves_per_s_{label} {rate:.0f} moves/s")
    print(f"FIGURE store_move_p50_{label} {statistics.median(timings) * 1000:.2f} ms")
    print(f"FIGURE store_move_p99_{label} {p99 * 1000:.2f} ms")
    if lock_wait is not None:
        print(f"FIGURE store_lock_wait_per_move_{label} {lock_wait / len(timings) * 1000:.2f} ms")


async def run_sqlite(games: list[Script]) -> None:
    """synchronous=NORMAL and FULL (the store's setting) side by side, alternating, three rounds each."""
    results: dict[str, list[tuple[float, list[float]]]] = {"normal": [], "full": []}
    for _ in range(3):
        for level in results:
            store.sqlite.SYNCHRONOUS = level.upper()
            with tempfile.TemporaryDirectory() as tmp:
                rate, timings, _ = await measure(str(Path(tmp) / "clans.db"), games)
                results[level].append((rate, timings))
    store.sqlite.SYNCHRONOUS = "FULL"
    for level, runs in results.items():
        rate = statistics.median(r for r, _ in runs)
        report(f"sqlite_{level}", rate, [t for _, timings in runs for t in timings])


async def run(games: list[Script], postgres_url: str) -> None:
    await run_sqlite(games)
    report("postgres", *await measure(await fresh_schema(postgres_url), games))
    relaxed = url_with(await fresh_schema(postgres_url), synchronous_commit="off")
    report("postgres_async_commit", *await measure(relaxed, games))
    for processes in (1, 2):
        for one_lock in (False, True):
            target = await fresh_schema(postgres_url)
            label = f"postgres_{processes}proc{'_one_lock' if one_lock else ''}"
            report(label, *await asyncio.to_thread(measure_processes, target, games, processes, one_lock))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--plies", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--postgres", default=os.environ.get("CLANS_BENCH_POSTGRES", ""))
    parser.add_argument("--sqlite-only", action="store_true", help="only SQLite, NORMAL and FULL side by side")
    args = parser.parse_args()
    games = scripts(args.games, args.plies, args.seed)
    print(f"{sum(len(g.moves) for g in games)} moves in {len(games)} concurrent games per backend")
    if args.sqlite_only:
        asyncio.run(run_sqlite(games))
    elif args.postgres:
        asyncio.run(run(games, args.postgres))
    else:
        with ThrowawayPostgres(durable=True) as server:
            asyncio.run(run(games, server.url))


if __name__ == "__main__":
    main()
