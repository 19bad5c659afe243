"""The SQLite backend: one aiosqlite connection in WAL mode, the schema version in ``PRAGMA user_version``."""

import asyncio
import os
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager, suppress
from pathlib import Path
from typing import Self

import aiosqlite

from store.backend import Backend, Connection, Cursor, IntegrityError, Params, Query, Row, UniqueViolation
from store.errors import StoreError
from store.migrations import MIGRATIONS, Migration, migration_text

SYNCHRONOUS = "FULL"
"""Every commit waits for its WAL write to reach the disk: a move the bot has announced survives a power loss
(NORMAL could undo it). The cost, side by side, is measured by bench/store.py, which sets this."""

# busy_timeout first: switching to WAL needs a lock another connection may hold for a moment.
PRAGMAS = (
    "PRAGMA busy_timeout = 5000",
    "PRAGMA journal_mode = WAL",
    "PRAGMA foreign_keys = ON",
)

_UNIQUE = ("SQLITE_CONSTRAINT_UNIQUE", "SQLITE_CONSTRAINT_PRIMARYKEY")


def private_file(path: Path) -> None:
    """Create the database's folder (0700) and file (0600) for their owner alone, when they do not exist yet:
    the file holds every game's secret clans. SQLite gives its -wal and -shm files the file's permissions.
    Existing ones are left as their owner set them."""
    if not path.parent.exists():
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    with suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))


async def _execute_when_unlocked(conn: aiosqlite.Connection, pragma: str, attempts: int = 50) -> None:
    """Run a pragma, waiting while another process holds the lock it needs. Switching a new file to WAL can be
    refused at once with "database is locked" (SQLite skips the busy handler where waiting could deadlock), so
    processes starting together retry here instead of failing."""
    for attempt in range(attempts):
        try:
            await conn.execute(pragma)
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or attempt == attempts - 1:
                raise
            await asyncio.sleep(0.1)


def split_statements(script: str) -> list[str]:
    """Split an SQL script into single statements (``;`` inside strings or comments is kept)."""
    statements: list[str] = []
    pending = ""
    for piece in script.split(";"):
        pending += piece + ";"
        if sqlite3.complete_statement(pending):
            if pending.strip(" \t\n;"):
                statements.append(pending.strip())
            pending = ""
    if pending.strip(" \t\n;"):
        raise ValueError(f"incomplete SQL statement at the end of a migration: {pending!r}")
    return statements


async def schema_version(conn: aiosqlite.Connection) -> int:
    async with conn.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    assert row is not None
    return int(row[0])


async def apply_migrations(conn: aiosqlite.Connection, migrations: Sequence[Migration | str] = MIGRATIONS) -> int:
    """Bring the schema up to ``len(migrations)``, each migration in its own transaction.

    The version is read again inside each write transaction, so two processes opening the same new file at
    once do not both apply a migration. Returns the final version.
    """
    while (version := await schema_version(conn)) < len(migrations):
        await conn.execute("BEGIN IMMEDIATE")
        try:
            version = await schema_version(conn)
            if version < len(migrations):
                for statement in split_statements(migration_text(migrations[version], "sqlite")):
                    await conn.execute(statement)
                # PRAGMA takes no parameters; version + 1 is an int we computed.
                await conn.execute(f"PRAGMA user_version = {version + 1:d}")
            await conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                await conn.execute("ROLLBACK")
            raise
    if version > len(migrations):
        raise StoreError(f"database schema v{version} is newer than this program (v{len(migrations)})")
    return version


def _translated(exc: sqlite3.IntegrityError) -> IntegrityError:
    kind = UniqueViolation if getattr(exc, "sqlite_errorname", "") in _UNIQUE else IntegrityError
    return kind(str(exc))


class SqliteCursor(Cursor):
    __slots__ = ("_cursor",)

    def __init__(self, cursor: aiosqlite.Cursor) -> None:
        self._cursor = cursor

    async def fetchone(self) -> Row | None:
        try:
            return await self._cursor.fetchone()
        except sqlite3.IntegrityError as exc:
            raise _translated(exc) from exc

    async def fetchall(self) -> list[Row]:
        try:
            return list(await self._cursor.fetchall())
        except sqlite3.IntegrityError as exc:
            raise _translated(exc) from exc

    async def close(self) -> None:
        await self._cursor.close()


class SqliteConnection(Connection):
    __slots__ = ("_conn",)
    dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    def execute(self, sql: str, params: Params = ()) -> Query:
        async def run() -> Cursor:
            try:
                return SqliteCursor(await self._conn.execute(sql, params))
            except sqlite3.IntegrityError as exc:
                raise _translated(exc) from exc

        return Query(run)

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        try:
            await self._conn.executemany(sql, rows)
        except sqlite3.IntegrityError as exc:
            raise _translated(exc) from exc


class SqliteBackend(Backend):
    """One aiosqlite connection. Operations on one instance are serialised by a lock, so a coroutine never sees
    another's half-finished transaction; separate instances (or processes) on one file are serialised by
    SQLite's own locking (BEGIN IMMEDIATE takes the write lock at once: no upgrade deadlocks)."""

    dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        self._wrapped = SqliteConnection(conn)
        self._lock = asyncio.Lock()
        self._closed = False

    @classmethod
    async def open(cls, path: str | Path, migrations: Sequence[Migration | str] = MIGRATIONS) -> Self:
        """Open (creating if needed) the database at ``path``; ``":memory:"`` gives a private one."""
        if str(path) != ":memory:":
            private_file(Path(path))
        # isolation_level=None: the sqlite3 module opens no implicit transactions; we BEGIN ourselves.
        conn = await aiosqlite.connect(path, isolation_level=None)
        try:
            conn.row_factory = aiosqlite.Row
            for pragma in PRAGMAS:
                await _execute_when_unlocked(conn, pragma)
            await conn.execute(f"PRAGMA synchronous = {SYNCHRONOUS}")
            await apply_migrations(conn, migrations)
        except BaseException:
            await conn.close()
            raise
        return cls(conn)

    async def close(self) -> None:
        if not self._closed:
            self._closed = True
            async with self._lock:
                await self._conn.close()

    @asynccontextmanager
    async def _transaction(self, begin: str) -> AsyncIterator[Connection]:
        async with self._lock:
            conn = self._conn
            if conn.in_transaction:
                # A cancelled task can leave its transaction open if the ROLLBACK itself was interrupted.
                await conn.execute("ROLLBACK")
            await conn.execute(begin)
            try:
                yield self._wrapped
                await conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    # A task cancelled during COMMIT: the COMMIT may still finish in aiosqlite's thread, and then
                    # there is nothing to roll back. The cancellation (or error) is what the caller must see.
                    with suppress(sqlite3.OperationalError):
                        await conn.execute("ROLLBACK")
                raise

    def write(self, game_id: int | None = None) -> AbstractAsyncContextManager[Connection]:
        return self._transaction("BEGIN IMMEDIATE")  # one writer at a time, whichever game

    def read(self) -> AbstractAsyncContextManager[Connection]:
        return self._transaction("BEGIN")

    async def schema_version(self) -> int:
        async with self._lock:
            return await schema_version(self._conn)
