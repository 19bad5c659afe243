"""The schema's CHECKs repeat the player-count bound and the AI levels; they must agree with their sources.

The sources are engine.MAX_PLAYERS (docs/RULES.md R1.5) and ai.AI_LEVELS; the store's MAX_SEATS is the
engine's bound, not a number of its own.
"""

import sqlite3

import aiosqlite
import pytest

from frame.store import MAX_SEATS, MIGRATIONS, apply_migrations
from games.clans.ai import AI_LEVELS
from games.clans.engine import MAX_PLAYERS


async def _seat(conn: aiosqlite.Connection, seat: int, level: str) -> None:
    await conn.execute(
        "INSERT INTO seats (game_id, seat, user_id, name, ai_level) VALUES (1, ?, NULL, 'AI', ?)", (seat, level)
    )


async def _schema() -> aiosqlite.Connection:
    conn = await aiosqlite.connect(":memory:", isolation_level=None)
    await apply_migrations(conn, MIGRATIONS)
    await conn.execute(
        "INSERT INTO games (id, guild_id, channel_id, host_id, seed, created_at)"
        " VALUES (1, 1, 100, 11, 7, '2024-01-01T00:00:00+00:00')"
    )
    return conn


def test_the_store_seats_as_many_players_as_the_engine_allows() -> None:
    assert MAX_SEATS == MAX_PLAYERS


async def test_the_schema_takes_every_seat_the_engine_allows_and_no_more() -> None:
    conn = await _schema()
    try:
        for seat in range(MAX_PLAYERS):
            await _seat(conn, seat, AI_LEVELS[0])
        with pytest.raises(sqlite3.IntegrityError):
            await _seat(conn, MAX_PLAYERS, AI_LEVELS[0])
    finally:
        await conn.close()


async def test_the_schema_takes_every_ai_level_and_nothing_else() -> None:
    conn = await _schema()
    try:
        for seat, level in enumerate(AI_LEVELS):
            await _seat(conn, seat, level)
        with pytest.raises(sqlite3.IntegrityError):
            await _seat(conn, len(AI_LEVELS), "grandmaster")
    finally:
        await conn.close()
