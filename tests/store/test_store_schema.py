"""Opening the database: parent directory, WAL, migrations and user_version, meta."""

from pathlib import Path

import aiosqlite
import pytest

from store import MIGRATIONS, ChannelBusy, Store, StoreError, apply_migrations, schema_version
from store.db import split_statements


async def test_open_creates_the_parent_directory_and_migrates_to_the_latest_version(db_path: Path) -> None:
    assert not db_path.parent.exists()
    async with await Store.open(db_path) as store:
        assert await store.schema_version() == len(MIGRATIONS) >= 2
    assert db_path.is_file()


async def test_a_file_database_uses_write_ahead_logging(db_path: Path) -> None:
    async with await Store.open(db_path) as store:
        await store.set_meta("probe", "1")
        # In WAL mode committed pages go to the -wal file first; a rollback journal would never create it.
        assert Path(f"{db_path}-wal").exists()
        assert not Path(f"{db_path}-journal").exists()


async def test_an_old_database_is_upgraded_and_keeps_its_data(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    async with aiosqlite.connect(db_path, isolation_level=None) as conn:
        assert await apply_migrations(conn, MIGRATIONS[:1]) == 1
        # A lobby as the v1 program wrote it (v1 had no results, ratings or games.rated).
        await conn.execute(
            "INSERT INTO games (id, guild_id, channel_id, host_id, seed, created_at)"
            " VALUES (5, 1, 100, 11, 7, '2024-01-01T00:00:00+00:00')"
        )
        await conn.execute("INSERT INTO seats (game_id, seat, user_id, name) VALUES (5, 0, 11, 'Ann')")
    async with await Store.open(db_path) as store:
        assert await store.schema_version() == len(MIGRATIONS)
        game = await store.get_game(5)
        assert game is not None
        assert (game.status, game.rated, [seat.name for seat in game.seats]) == ("lobby", False, ["Ann"])
        with pytest.raises(ChannelBusy):
            await store.create_lobby(1, 100, 12, "Bob", seed=8, game="clans")
        assert await store.leaderboard(1, game="clans") == []


async def test_reopening_is_a_no_op(db_path: Path) -> None:
    async with await Store.open(db_path) as store:
        game = await store.create_lobby(1, 100, 11, "Ann", seed=7, game="clans")
    # Re-running v1 would fail on CREATE TABLE games; reopening must neither fail nor lose data.
    async with await Store.open(db_path) as store:
        assert await store.schema_version() == len(MIGRATIONS)
        assert await store.get_game(game.id) == game


async def test_migrations_are_recorded_one_by_one(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    async with aiosqlite.connect(db_path, isolation_level=None) as conn:
        assert await schema_version(conn) == 0
        assert await apply_migrations(conn, MIGRATIONS[:1]) == 1
        assert await schema_version(conn) == 1
        assert await apply_migrations(conn) == len(MIGRATIONS)
        assert await apply_migrations(conn) == len(MIGRATIONS)  # nothing left to do; must not fail


async def test_a_failing_migration_changes_nothing(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    broken = (*MIGRATIONS, "CREATE TABLE extra (x INTEGER);\nTHIS IS NOT SQL;")
    async with aiosqlite.connect(db_path, isolation_level=None) as conn:
        with pytest.raises(aiosqlite.OperationalError):
            await apply_migrations(conn, broken)
        assert await schema_version(conn) == len(MIGRATIONS)
        assert not conn.in_transaction
        # `extra` was rolled back with the failed statement, so the fixed migration can create it.
        assert await apply_migrations(conn, (*MIGRATIONS, "CREATE TABLE extra (x INTEGER);")) == len(MIGRATIONS) + 1


async def test_a_database_from_a_newer_program_is_refused(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    async with aiosqlite.connect(db_path, isolation_level=None) as conn:
        await apply_migrations(conn, (*MIGRATIONS, "CREATE TABLE future (x INTEGER);"))
    with pytest.raises(StoreError, match="newer"):
        await Store.open(db_path)


def test_split_statements_keeps_semicolons_inside_strings_and_comments() -> None:
    script = "CREATE TABLE t (x TEXT DEFAULT 'a;b'); -- one; two\nINSERT INTO t VALUES ('c;d');\n"
    assert split_statements(script) == [
        "CREATE TABLE t (x TEXT DEFAULT 'a;b');",
        "-- one; two\nINSERT INTO t VALUES ('c;d');",
    ]
    with pytest.raises(ValueError, match="incomplete"):
        split_statements("CREATE TABLE t (x TEXT DEFAULT 'a;b)")


async def test_meta_round_trips_and_overwrites(db_path: Path) -> None:
    async with await Store.open(db_path) as store:
        assert await store.get_meta("command_tree_hash") is None
        await store.set_meta("command_tree_hash", "abc")
        await store.set_meta("command_tree_hash", "def")
    async with await Store.open(db_path) as store:
        assert await store.get_meta("command_tree_hash") == "def"


async def test_close_is_idempotent() -> None:
    store = await Store.open(":memory:")
    await store.close()
    await store.close()
