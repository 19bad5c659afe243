"""One behaviour on both backends: migrations, large ids, constraint errors, placeholders, serialised writers."""

import asyncio
from pathlib import Path

import aiosqlite
import pytest
from store_helpers import ANN, BOB, CHANNEL, StartGame

from store import MIGRATIONS, ChannelBusy, Store, StoreError
from store.backend import IntegrityError, UniqueViolation
from store.db import open_backend
from store.migrations import Migration
from store.postgres import numbered
from store.sqlite import apply_migrations

SNOWFLAKE = 1_234_567_890_123_456_789  # a Discord id: needs 64 bits, and more than a double's 53

# A step with different text per dialect, as a real one would be (BIGINT is spelled differently).
V3_NOTES = Migration(
    sqlite="CREATE TABLE notes (game_id INTEGER NOT NULL REFERENCES games (id), author INTEGER, body TEXT);",
    postgres="CREATE TABLE notes (game_id BIGINT NOT NULL REFERENCES games (id), author BIGINT, body TEXT);",
)


def test_placeholders_are_numbered_outside_strings_names_and_comments() -> None:
    sql = "SELECT '?', \"a?\", x FROM t -- why?\nWHERE a = ? AND b IN (?, ?) /* ? */ AND c = 'it''s ?' AND d = ?"
    assert numbered(sql) == (
        "SELECT '?', \"a?\", x FROM t -- why?\nWHERE a = $1 AND b IN ($2, $3) /* ? */ AND c = 'it''s ?' AND d = $4"
    )


async def test_every_migration_step_is_recorded_and_reopening_is_a_no_op(database_target: str) -> None:
    backend = await open_backend(database_target, MIGRATIONS[:1])
    try:
        assert await backend.schema_version() == 1
    finally:
        await backend.close()
    for _ in range(2):
        backend = await open_backend(database_target)
        try:
            assert await backend.schema_version() == len(MIGRATIONS)
        finally:
            await backend.close()


async def test_a_v1_database_is_upgraded_and_keeps_its_data(database_target: str) -> None:
    backend = await open_backend(database_target, MIGRATIONS[:1])
    try:
        async with backend.write() as conn:
            await conn.execute(
                "INSERT INTO games (id, guild_id, channel_id, host_id, seed, created_at)"
                " VALUES (5, ?, 100, 11, 7, '2024-01-01T00:00:00+00:00')",
                (SNOWFLAKE,),
            )
            await conn.execute("INSERT INTO seats (game_id, seat, user_id, name) VALUES (5, 0, ?, 'Ann')", (SNOWFLAKE,))
    finally:
        await backend.close()
    async with await Store.open(database_target) as store:
        assert await store.schema_version() == len(MIGRATIONS)
        game = await store.get_game(5)
        assert game is not None
        assert (game.guild_id, game.status, game.rated) == (SNOWFLAKE, "lobby", False)
        assert [(seat.user_id, seat.name) for seat in game.seats] == [(SNOWFLAKE, "Ann")]


async def test_a_current_database_moves_forward_through_a_new_step_without_losing_data(
    database_target: str, start_game: StartGame
) -> None:
    async with await Store.open(database_target) as store:
        game = await start_game(store)
        await store.append_action(game.id, 1, 0, ANN, "23-24", '{"ply": 1}')
    backend = await open_backend(database_target, (*MIGRATIONS, V3_NOTES))
    try:
        assert await backend.schema_version() == len(MIGRATIONS) + 1
        async with backend.write() as conn:
            await conn.execute("INSERT INTO notes (game_id, author, body) VALUES (?, ?, ?)", (game.id, SNOWFLAKE, "gg"))
        async with backend.read() as conn, conn.execute("SELECT author FROM notes") as cursor:
            assert [row["author"] for row in await cursor.fetchall()] == [SNOWFLAKE]
    finally:
        await backend.close()
    # The program that knows only the shipped steps refuses the newer database instead of damaging it.
    with pytest.raises(StoreError, match="newer"):
        await Store.open(database_target)
    backend = await open_backend(database_target, (*MIGRATIONS, V3_NOTES))
    try:
        async with backend.read() as conn, conn.execute("SELECT action FROM moves") as cursor:
            assert [row["action"] for row in await cursor.fetchall()] == ["23-24"]
    finally:
        await backend.close()


async def test_a_sqlite_file_at_v2_from_the_previous_program_migrates_forward(tmp_path: Path) -> None:
    path = tmp_path / "clans.db"
    async with aiosqlite.connect(path, isolation_level=None) as conn:  # exactly what the v2 program ran
        assert await apply_migrations(conn, MIGRATIONS[:2]) == 2
        await conn.execute(
            "INSERT INTO games (id, guild_id, channel_id, host_id, seed, created_at, status, rated)"
            " VALUES (9, 1, 100, 11, 7, '2024-01-01T00:00:00+00:00', 'finished', 1)"
        )
        await conn.execute(
            "INSERT INTO ratings (guild_id, user_id, name, mu, sigma, games, wins, points, updated_at)"
            " VALUES (1, 11, 'Ann', 27.5, 7.1, 1, 1, 40, '2024-01-01T00:00:00+00:00')"
        )
    backend = await open_backend(path, (*MIGRATIONS, V3_NOTES))
    await backend.close()
    async with aiosqlite.connect(path) as conn, conn.execute("PRAGMA user_version") as cursor:
        assert await cursor.fetchone() == (len(MIGRATIONS) + 1,)
    backend = await open_backend(path, (*MIGRATIONS, V3_NOTES))
    try:
        async with backend.read() as conn, conn.execute("SELECT status, rated FROM games WHERE id = 9") as cursor:
            row = await cursor.fetchone()
        assert row is not None and (row["status"], row["rated"]) == ("finished", 1)
        async with backend.read() as conn, conn.execute("SELECT name, mu FROM ratings") as cursor:
            assert [(r["name"], r["mu"]) for r in await cursor.fetchall()] == [("Ann", 27.5)]
    finally:
        await backend.close()


async def test_a_failing_migration_changes_nothing(database_target: str) -> None:
    broken = (*MIGRATIONS, "CREATE TABLE extra (x INTEGER);\nTHIS IS NOT SQL;")
    with pytest.raises(Exception, match=r"(?i)syntax"):
        await open_backend(database_target, broken)
    backend = await open_backend(database_target, (*MIGRATIONS, "CREATE TABLE extra (x INTEGER);"))
    try:  # `extra` was rolled back with the failed step, so the fixed step can create it
        assert await backend.schema_version() == len(MIGRATIONS) + 1
    finally:
        await backend.close()


async def test_processes_starting_at_once_migrate_once(database_target: str) -> None:
    counted = (*MIGRATIONS, "CREATE TABLE started (x INTEGER);")  # a second run of this step would fail
    backends = await asyncio.gather(*(open_backend(database_target, counted) for _ in range(4)))
    try:
        assert [await backend.schema_version() for backend in backends] == [len(counted)] * 4
    finally:
        for backend in backends:
            await backend.close()


async def test_discord_snowflakes_round_trip(store: Store) -> None:
    game = await store.create_lobby(SNOWFLAKE, SNOWFLAKE + 1, SNOWFLAKE + 2, "Ann", seed=2**62 - 1, game="clans")
    await store.add_seat(game.id, SNOWFLAKE + 3, "Bob")
    await store.set_lobby_message(game.id, SNOWFLAKE + 4)
    loaded = await store.active_game(SNOWFLAKE + 1)
    assert loaded is not None
    assert (loaded.guild_id, loaded.host_id, loaded.seed, loaded.lobby_message_id) == (
        SNOWFLAKE,
        SNOWFLAKE + 2,
        2**62 - 1,
        SNOWFLAKE + 4,
    )
    assert [seat.user_id for seat in loaded.seats] == [SNOWFLAKE + 2, SNOWFLAKE + 3]


async def test_constraint_errors_are_the_same_on_both_backends(store: Store, start_game: StartGame) -> None:
    game = await start_game(store)
    with pytest.raises(UniqueViolation):
        async with store._write() as conn:
            await conn.execute("INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, 0, 99, 'Zed')", (game.id,))
    with pytest.raises(IntegrityError) as refused:
        async with store._write() as conn:
            await conn.execute("INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, 3, 99, NULL)", (game.id,))
    assert not isinstance(refused.value, UniqueViolation)
    loaded = await store.get_game(game.id)
    assert loaded is not None and [seat.user_id for seat in loaded.seats] == [ANN, BOB]


async def test_concurrent_writers_see_each_others_commits(database_target: str) -> None:
    """Four stores (four connections, as four processes would have) fill one lobby: each seat once, no error."""
    stores = [await Store.open(database_target) for _ in range(4)]
    try:
        lobby = await stores[0].create_lobby(1, CHANNEL, ANN, "Ann", seed=1, game="clans")
        joined = await asyncio.gather(
            *(store.add_seat(lobby.id, 100 + n, f"P{n}") for n, store in enumerate(stores)), return_exceptions=True
        )
        seated = [seat for seat in joined if not isinstance(seat, BaseException)]
        assert sorted(seat.seat for seat in seated) == [1, 2, 3]
        assert [type(e).__name__ for e in joined if isinstance(e, BaseException)] == ["LobbyFull"]
    finally:
        for store in stores:
            await store.close()


async def test_a_refused_lobby_leaves_no_gap_in_game_ids(store: Store) -> None:
    first = await store.create_lobby(1, CHANNEL, ANN, "Ann", seed=1, game="clans")
    for _ in range(2):
        with pytest.raises(ChannelBusy):
            await store.create_lobby(1, CHANNEL, BOB, "Bob", seed=2, game="clans")
    second = await store.create_lobby(1, CHANNEL + 1, BOB, "Bob", seed=2, game="clans")
    assert second.id == first.id + 1
