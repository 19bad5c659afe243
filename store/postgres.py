"""The PostgreSQL backend: a pool of asyncpg connections; the schema version in the ``schema_version`` table.

Write transactions take transaction-level advisory locks with BEGIN, in the same round trip, across every
process on the database. A write of one game's own rows (``write(game_id)``) holds the spanning lock SHARED
and that game's lock exclusively: writes of one game run one at a time, writes of different games at once.
A write that spans games (ratings, lobby limits, days off, anything not given a game) holds the spanning lock
EXCLUSIVELY: it runs alone, exactly SQLite's BEGIN IMMEDIATE. Either way each writer sees every earlier commit
of what it may touch, so the read-check-write code of the query modules stays correct. Locks are always taken
spanning lock first, so two writers never wait on each other in a circle. Read transactions run at
REPEATABLE READ, READ ONLY: one consistent snapshot, no waiting for writers.
"""

import asyncio
import time
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from functools import lru_cache
from typing import Any, Self

import asyncpg

from store.backend import Backend, Connection, Cursor, IntegrityError, Params, Query, Row, UniqueViolation
from store.errors import StoreError
from store.migrations import MIGRATIONS, Migration, migration_text

# Advisory lock keys (any 64-bit numbers, fixed for this program): the spanning one, one for migrations.
WRITE_LOCK = 0x436C616E73_01  # "Clans" 1
MIGRATION_LOCK = 0x436C616E73_02
GAME_LOCKS = 0x436C6E  # a game's lock is the two-key (GAME_LOCKS, game id): PostgreSQL keeps these apart
# from the one-key locks above

BEGIN_WRITE = f"BEGIN; SELECT pg_advisory_xact_lock({WRITE_LOCK:d})"
BEGIN_GAME_WRITE = f"BEGIN; SELECT pg_advisory_xact_lock_shared({WRITE_LOCK:d}); SELECT pg_advisory_xact_lock"


def begin_game_write(game_id: int) -> str:
    """BEGIN for a write of one game's rows: the spanning lock shared, then the game's own."""
    return f"{BEGIN_GAME_WRITE}({GAME_LOCKS:d}, {int(game_id):d})"


BEGIN_READ = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"

POOL_SIZE = 10


def is_postgres_url(target: object) -> bool:
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))


@lru_cache(maxsize=1024)
def numbered(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1 .. $n``; a ``?`` inside a string, quoted name or comment stays."""
    out: list[str] = []
    count = 0
    i, n = 0, len(sql)
    while i < n:
        char = sql[i]
        if char in "'\"":
            end = i + 1
            while end < n:
                if sql[end] == char:
                    if end + 1 < n and sql[end + 1] == char:  # a doubled quote is an escaped quote
                        end += 2
                        continue
                    break
                end += 1
            out.append(sql[i : end + 1])
            i = end + 1
        elif sql.startswith("--", i):
            end = sql.find("\n", i)
            end = n if end < 0 else end
            out.append(sql[i:end])
            i = end
        elif sql.startswith("/*", i):
            end = sql.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append(sql[i:end])
            i = end
        elif char == "?":
            count += 1
            out.append(f"${count}")
            i += 1
        else:
            out.append(char)
            i += 1
    return "".join(out)


def _translated(exc: Exception) -> IntegrityError:
    kind = UniqueViolation if isinstance(exc, asyncpg.UniqueViolationError) else IntegrityError
    return kind(str(exc))


class PostgresCursor(Cursor):
    """The rows of a statement, fetched at once (asyncpg records index by name and by position)."""

    __slots__ = ("_next", "_rows")

    def __init__(self, rows: list[Row]) -> None:
        self._rows = rows
        self._next = 0

    async def fetchone(self) -> Row | None:
        if self._next >= len(self._rows):
            return None
        self._next += 1
        return self._rows[self._next - 1]

    async def fetchall(self) -> list[Row]:
        rest, self._next = self._rows[self._next :], len(self._rows)
        return rest


class PostgresConnection(Connection):
    __slots__ = ("_conn",)
    dialect = "postgres"

    def __init__(self, conn: Any) -> None:
        self._conn = conn  # an asyncpg.Connection (asyncpg ships no type information)

    def execute(self, sql: str, params: Params = ()) -> Query:
        async def run() -> Cursor:
            try:
                rows: list[Row] = await self._conn.fetch(numbered(sql), *params)
            except asyncpg.IntegrityConstraintViolationError as exc:
                raise _translated(exc) from exc
            return PostgresCursor(rows)

        return Query(run)

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        try:
            await self._conn.executemany(numbered(sql), [tuple(row) for row in rows])
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise _translated(exc) from exc


async def _release(conn: Any) -> None:
    """Pool reset: our transactions always end themselves, so skip asyncpg's reset query (a round trip)."""
    if conn.is_in_transaction():
        await conn.execute("ROLLBACK")


async def postgres_schema_version(conn: Any) -> int:
    """The schema version of the connection's database (0 before the first migration)."""
    exists = await conn.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
    if not exists:
        return 0
    return int(await conn.fetchval("SELECT version FROM schema_version"))


async def apply_postgres_migrations(conn: Any, migrations: Sequence[Migration | str] = MIGRATIONS) -> int:
    """Bring the schema up to ``len(migrations)``, one transaction per step, under an advisory lock so two
    processes starting at once apply each step once. Returns the final version."""
    while True:
        async with conn.transaction():
            await conn.execute(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK:d})")
            await conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_version ("
                " one BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (one), version INTEGER NOT NULL)"
            )
            await conn.execute("INSERT INTO schema_version (version) VALUES (0) ON CONFLICT DO NOTHING")
            version = int(await conn.fetchval("SELECT version FROM schema_version"))
            if version >= len(migrations):
                break
            # Without arguments asyncpg sends the script as one simple query: several statements, $$ bodies.
            await conn.execute(migration_text(migrations[version], "postgres"))
            await conn.execute("UPDATE schema_version SET version = $1", version + 1)
    if version > len(migrations):
        raise StoreError(f"database schema v{version} is newer than this program (v{len(migrations)})")
    return version


class PostgresBackend(Backend):
    dialect = "postgres"

    def __init__(self, pool: Any) -> None:
        self._pool = pool  # an asyncpg.Pool
        self._closed = False
        # Spanning writers of this process queue here, cheaply, rather than as server processes waiting on the
        # lock. A game's writers need no such queue: the service already runs one action of a game at a time.
        self._writers = asyncio.Lock()
        self.lock_wait = 0.0
        """Seconds this process's write transactions waited to begin: this process's queue of spanning writers,
        a pooled connection, and BEGIN with its advisory locks (one round trip included), for bench.store."""

    @classmethod
    async def open(cls, url: str, migrations: Sequence[Migration | str] = MIGRATIONS) -> Self:
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=POOL_SIZE, reset=_release)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            raise StoreError(f"cannot connect to PostgreSQL at {redacted(url)}: {exc}") from exc
        try:
            async with pool.acquire() as conn:
                await apply_postgres_migrations(conn, migrations)
        except BaseException:
            await pool.close()
            raise
        return cls(pool)

    async def close(self) -> None:
        if not self._closed:
            self._closed = True
            await self._pool.close()

    @asynccontextmanager
    async def _transaction(self, begin: str, asked_at: float | None = None) -> AsyncIterator[Connection]:
        """``asked_at``: when a writer asked for this transaction; the wait until it began adds to lock_wait."""
        async with self._pool.acquire() as conn:
            await conn.execute(begin)
            if asked_at is not None:
                self.lock_wait += time.perf_counter() - asked_at
            try:
                yield PostgresConnection(conn)
            except BaseException:
                try:
                    await conn.execute("ROLLBACK")
                except BaseException:
                    conn.terminate()  # interrupted mid-statement: drop the connection, the server rolls back
                raise
            await conn.execute("COMMIT")

    @asynccontextmanager
    async def write(self, game_id: int | None = None) -> AsyncIterator[Connection]:
        asked_at = time.perf_counter()
        if game_id is None:
            async with self._writers, self._transaction(BEGIN_WRITE, asked_at) as conn:
                yield conn
        else:
            async with self._transaction(begin_game_write(game_id), asked_at) as conn:
                yield conn

    def read(self) -> AbstractAsyncContextManager[Connection]:
        return self._transaction(BEGIN_READ)

    async def schema_version(self) -> int:
        async with self._pool.acquire() as conn:
            return await postgres_schema_version(conn)

    @property
    def pool(self) -> Any:
        """The asyncpg pool, for tools that copy data in bulk."""
        return self._pool


def redacted(url: str) -> str:
    scheme, sep, rest = url.partition("://")
    credentials, at, host = rest.rpartition("@")
    if not at or ":" not in credentials:
        return url
    return f"{scheme}{sep}{credentials.split(':', 1)[0]}:***@{host}"
