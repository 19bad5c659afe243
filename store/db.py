"""The connection: pragmas, migrations, transactions and the small ``meta`` table."""

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from types import TracebackType
from typing import Self

import aiosqlite

from store.errors import StoreError
from store.migrations import MIGRATIONS

# busy_timeout first: switching to WAL needs a lock another connection may hold for a moment.
PRAGMAS = (
    "PRAGMA busy_timeout = 5000",
    "PRAGMA journal_mode = WAL",
    "PRAGMA synchronous = NORMAL",
    "PRAGMA foreign_keys = ON",
)


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


async def apply_migrations(conn: aiosqlite.Connection, migrations: Sequence[str] = MIGRATIONS) -> int:
    """Bring the schema up to ``len(migrations)``, each migration in its own transaction.

    The version is read again inside each write transaction, so two processes opening the same new file at
    once do not both apply a migration. Returns the final version.
    """
    while (version := await schema_version(conn)) < len(migrations):
        await conn.execute("BEGIN IMMEDIATE")
        try:
            version = await schema_version(conn)
            if version < len(migrations):
                for statement in split_statements(migrations[version]):
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


class Database:
    """One aiosqlite connection, and the transactions every query runs in.

    Operations on one instance are serialised by a lock, so a coroutine never sees another's half-finished
    transaction; separate instances (or processes) on one file are serialised by SQLite's own locking.
    """

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()
        self._closed = False
        self.transactions = 0
        """Transactions begun so far: each is one round trip's worth of waiting on the database."""

    @classmethod
    async def open(cls, path: str | Path) -> Self:
        """Open (creating if needed) the database at ``path``; ``":memory:"`` gives a private one."""
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        # isolation_level=None: the sqlite3 module opens no implicit transactions; we BEGIN ourselves.
        conn = await aiosqlite.connect(path, isolation_level=None)
        try:
            conn.row_factory = aiosqlite.Row
            for pragma in PRAGMAS:
                await conn.execute(pragma)
            await apply_migrations(conn)
        except BaseException:
            await conn.close()
            raise
        return cls(conn)

    async def close(self) -> None:
        if not self._closed:
            self._closed = True
            async with self._lock:
                await self._conn.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()

    @asynccontextmanager
    async def _transaction(self, begin: str) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            conn = self._conn
            if conn.in_transaction:
                # A cancelled task can leave its transaction open if the ROLLBACK itself was interrupted.
                await conn.execute("ROLLBACK")
            await conn.execute(begin)
            self.transactions += 1
            try:
                yield conn
                await conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    await conn.execute("ROLLBACK")
                raise

    def _write(self) -> AbstractAsyncContextManager[aiosqlite.Connection]:
        """A write transaction, holding SQLite's write lock from the start (no upgrade deadlocks)."""
        return self._transaction("BEGIN IMMEDIATE")

    def _read(self) -> AbstractAsyncContextManager[aiosqlite.Connection]:
        """A read transaction: several SELECTs see one consistent state."""
        return self._transaction("BEGIN")

    async def schema_version(self) -> int:
        async with self._read() as conn:
            return await schema_version(conn)

    async def get_meta(self, key: str) -> str | None:
        async with self._read() as conn, conn.execute("SELECT value FROM meta WHERE key = ?", (key,)) as cur:
            row = await cur.fetchone()
        return None if row is None else str(row["value"])

    async def set_meta(self, key: str, value: str) -> None:
        async with self._write() as conn:
            await conn.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )
