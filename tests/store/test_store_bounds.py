"""The schema's CHECKs bound the seats and the AI levels; every game must fit in them.

The store knows no game: its MAX_SEATS and AiLevel are the schema's own bounds, and each game's player bound
(Clans: docs/RULES.md R1.5) and AI levels must fit inside them.
"""

import sqlite3
from typing import get_args

import aiosqlite
import pytest

from registry import every_game
from store import MAX_SEATS, MIGRATIONS, AiLevel, apply_migrations

AI_LEVELS: tuple[str, ...] = get_args(AiLevel)


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


def test_every_game_fits_in_the_schema() -> None:
    assert max(game.rules.max_players for game in every_game()) == MAX_SEATS
    for game in every_game():
        assert set(game.ai_levels) <= set(AI_LEVELS), game.name


async def test_the_schema_takes_every_seat_a_game_may_have_and_no_more() -> None:
    conn = await _schema()
    try:
        for seat in range(MAX_SEATS):
            await _seat(conn, seat, AI_LEVELS[0])
        with pytest.raises(sqlite3.IntegrityError):
            await _seat(conn, MAX_SEATS, AI_LEVELS[0])
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
