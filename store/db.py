"""The database: a backend chosen by the target, the transactions every query runs in, the ``meta`` table.

``Database.open("var/clans.db")`` is SQLite (a file, created if missing; ``":memory:"`` for a private one);
``Database.open("postgresql://user:password@host/dbname")`` is PostgreSQL. Either way the schema is migrated
to the latest version first, and the query modules see the same ``Connection`` (see ``store.backend``).
"""

import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from types import TracebackType
from typing import Self

from store.backend import Backend, Connection, Dialect
from store.migrations import MIGRATIONS, Migration
from store.postgres import PostgresBackend, is_postgres_url
from store.sqlite import SqliteBackend, apply_migrations, schema_version, split_statements

__all__ = ["Database", "apply_migrations", "open_backend", "schema_version", "split_statements"]


async def open_backend(target: str | Path, migrations: Sequence[Migration | str] = MIGRATIONS) -> Backend:
    """PostgreSQL for a ``postgresql://`` URL, otherwise SQLite at that path; migrated to the latest schema."""
    if is_postgres_url(target):
        return await PostgresBackend.open(str(target), migrations)
    return await SqliteBackend.open(target, migrations)


@asynccontextmanager
async def _timed(
    transaction: AbstractAsyncContextManager[Connection], kind: str, told: Callable[[str, float], None]
) -> AsyncIterator[Connection]:
    began = time.perf_counter()
    try:
        async with transaction as conn:
            yield conn
    finally:
        told(kind, time.perf_counter() - began)


class Database:
    """A backend, and the transactions every query runs in."""

    def __init__(self, backend: Backend) -> None:
        self._backend = backend
        self.transactions = 0
        """Transactions begun so far: each is one round trip's worth of waiting on the database."""
        self.on_transaction: Callable[[str, float], None] | None = None
        """Told each transaction's kind ("read", "write") and seconds, waiting for its turn included (the bot's
        metrics: service/metrics.py)."""
        self.on_announced: Callable[[int, int], None] | None = None
        """Told (game id, ply) when a game's actions up to ``ply`` are recorded announced (the bot's metrics)."""

    @classmethod
    async def open(cls, target: str | Path) -> Self:
        """Open the database at ``target``: a file path (SQLite) or a ``postgresql://`` URL."""
        return cls(await open_backend(target))

    @property
    def dialect(self) -> Dialect:
        return self._backend.dialect

    async def close(self) -> None:
        await self._backend.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()

    def _write(self, game_id: int | None = None) -> AbstractAsyncContextManager[Connection]:
        """A write transaction, seeing every earlier commit. Give ``game_id`` only when it touches nothing but
        that game's own rows (no ratings, limits, days off or other game): then, on PostgreSQL, writes of other
        games do not wait for it. Without it, it runs alone (store.postgres)."""
        self.transactions += 1
        if self.on_transaction is None:
            return self._backend.write(game_id)
        return _timed(self._backend.write(game_id), "write", self.on_transaction)

    def _read(self) -> AbstractAsyncContextManager[Connection]:
        """A read transaction: several SELECTs see one consistent state."""
        self.transactions += 1
        if self.on_transaction is None:
            return self._backend.read()
        return _timed(self._backend.read(), "read", self.on_transaction)

    async def ping(self) -> None:
        """One round trip: raises if the database does not answer (the health check's)."""
        async with self._read() as conn, conn.execute("SELECT 1 AS one") as cursor:
            await cursor.fetchone()

    @property
    def lock_wait(self) -> float:
        """Seconds this store's write transactions spent taking their locks so far (PostgreSQL measures it)."""
        return self._backend.lock_wait

    async def schema_version(self) -> int:
        return await self._backend.schema_version()

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
