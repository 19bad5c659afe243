"""PostgreSQL's write locks (store/postgres.py): a game's writes wait for that game's only, and a write that
spans games (ratings, limits, days off) waits for every game's write and every game's write for it.

Each test holds one transaction open on one store and watches what a second store's write does meanwhile:
``waiting`` reads from the server that a connection waits on an advisory lock, so nothing here depends on
timing. The races these locks keep out are tested on both backends where they live (test_store_moves.py,
test_store_days_off.py, test_store_backends.py, test_store_lobby.py)."""

import asyncio
from collections.abc import Coroutine
from typing import Any, TypeVar

import asyncpg
import pytest
from store_helpers import ANN, BOB, CHANNEL, StartGame

from store import MoveRecord, StaleAction, Store

T = TypeVar("T")

CAREL = 3
DEADLOCK_GUARD = 60.0
"""Seconds after which a write that should not wait at all is taken for a deadlock (a failure, not a figure)."""


async def waiting_on_advisory_locks(url: str) -> int:
    """How many connections to the database wait on an advisory lock right now."""
    conn = await asyncpg.connect(url)
    try:
        return int(
            await conn.fetchval(
                "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
                " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
            )
        )
    finally:
        await conn.close()


async def blocked(url: str, write: Coroutine[Any, Any, T]) -> asyncio.Task[T]:
    """Start ``write`` and return its task once the server shows it waiting on an advisory lock."""
    task = asyncio.create_task(write)
    for _ in range(2000):
        if await waiting_on_advisory_locks(url):
            assert not task.done()
            return task
        assert not task.done(), "the write went through while the lock it needs was held"
        await asyncio.sleep(0.01)
    raise AssertionError("the write neither finished nor waited on a lock")


async def test_a_games_write_does_not_wait_for_another_games(postgres_target: str, start_game: StartGame) -> None:
    async with await Store.open(postgres_target) as one, await Store.open(postgres_target) as two:
        first = await start_game(one, (ANN, BOB), CHANNEL)
        second = await start_game(one, (ANN, BOB), CHANNEL + 1)
        async with one._write(first.id) as conn:
            await conn.execute("UPDATE games SET snapshot_ply = snapshot_ply WHERE id = ?", (first.id,))
            move = await asyncio.wait_for(two.append_action(second.id, 1, 0, ANN, "1-2", '{"ply": 1}'), DEADLOCK_GUARD)
            assert isinstance(move, MoveRecord) and move.ply == 1
            assert await waiting_on_advisory_locks(postgres_target) == 0


async def test_writes_of_one_game_wait_for_each_other(postgres_target: str, start_game: StartGame) -> None:
    async with await Store.open(postgres_target) as one, await Store.open(postgres_target) as two:
        game = await start_game(one)
        async with one._write(game.id) as conn:
            await conn.execute("UPDATE games SET snapshot_ply = 1 WHERE id = ?", (game.id,))
            late = await blocked(postgres_target, two.append_action(game.id, 1, 0, ANN, "1-2", '{"ply": 1}'))
        # It read the game only after the holder committed: ply 1 is taken, so this one is stale.
        with pytest.raises(StaleAction):
            await late


async def test_a_spanning_write_waits_for_a_games_write(postgres_target: str, start_game: StartGame) -> None:
    async with await Store.open(postgres_target) as one, await Store.open(postgres_target) as two:
        game = await start_game(one)
        async with one._write(game.id) as conn:
            await conn.execute("UPDATE games SET snapshot_ply = snapshot_ply WHERE id = ?", (game.id,))
            lobby = await blocked(postgres_target, two.create_lobby(1, CHANNEL + 5, CAREL, "Carel", 7, game="clans"))
        assert (await lobby).host_id == CAREL


async def test_a_games_write_waits_for_a_spanning_write(postgres_target: str, start_game: StartGame) -> None:
    async with await Store.open(postgres_target) as one, await Store.open(postgres_target) as two:
        game = await start_game(one)
        async with one._write() as conn:
            await conn.execute("UPDATE games SET snapshot_ply = snapshot_ply WHERE id = ?", (game.id,))
            move = await blocked(postgres_target, two.append_action(game.id, 1, 0, ANN, "1-2", '{"ply": 1}'))
        assert isinstance(await move, MoveRecord)
