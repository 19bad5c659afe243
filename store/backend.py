"""What the query modules see of a database, whichever engine holds it.

A ``Connection`` is handed out by ``Database._read()`` / ``_write()`` for one transaction and speaks the shape
aiosqlite made familiar: ``await conn.execute(sql, params)`` or ``async with conn.execute(...) as cursor``, then
``await cursor.fetchone()`` / ``fetchall()``; rows are indexed by column name (or position). SQL is written
with ``?`` placeholders; the PostgreSQL backend numbers them. A constraint violation raises ``IntegrityError``
(``UniqueViolation`` for a duplicate key) on every backend.

On PostgreSQL a failed statement aborts the whole transaction: after catching ``IntegrityError`` the query
code may only re-raise (as a StoreError), never go on with more SQL in the same transaction.
"""

from abc import ABC, abstractmethod
from collections.abc import Callable, Coroutine, Generator, Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from types import TracebackType
from typing import Any, Literal, Protocol

Dialect = Literal["sqlite", "postgres"]

Params = Sequence[object]


class Row(Protocol):
    """One result row: ``row["column"]`` or ``row[0]``."""

    def __getitem__(self, key: int | str, /) -> Any: ...

    def __len__(self) -> int: ...


class IntegrityError(Exception):
    """A constraint (CHECK, NOT NULL, foreign key, unique) refused the statement."""


class UniqueViolation(IntegrityError):
    """A primary key or unique index already holds that value."""


class Cursor(ABC):
    @abstractmethod
    async def fetchone(self) -> Row | None: ...

    @abstractmethod
    async def fetchall(self) -> list[Row]: ...

    async def close(self) -> None:
        return None


class Query:
    """What ``Connection.execute`` returns: await it for the cursor, or use it as ``async with``."""

    __slots__ = ("_cursor", "_run")

    def __init__(self, run: Callable[[], Coroutine[Any, Any, Cursor]]) -> None:
        self._run = run
        self._cursor: Cursor | None = None

    def __await__(self) -> Generator[Any, None, Cursor]:
        return self._run().__await__()

    async def __aenter__(self) -> Cursor:
        self._cursor = await self._run()
        return self._cursor

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, traceback: TracebackType | None
    ) -> None:
        if self._cursor is not None:
            await self._cursor.close()


class Connection(ABC):
    """A connection inside one transaction (valid only within its ``_read()`` / ``_write()`` block)."""

    dialect: Dialect

    @abstractmethod
    def execute(self, sql: str, params: Params = ()) -> Query: ...

    @abstractmethod
    async def executemany(self, sql: str, rows: Iterable[Params]) -> None: ...


class Backend(ABC):
    """One database engine: its transactions, its schema version and its migrations."""

    dialect: Dialect
    lock_wait = 0.0
    """Seconds write transactions spent waiting to begin, where the backend measures it (PostgreSQL)."""

    @abstractmethod
    def read(self) -> AbstractAsyncContextManager[Connection]:
        """A read transaction: several SELECTs see one consistent state."""

    @abstractmethod
    def write(self, game_id: int | None = None) -> AbstractAsyncContextManager[Connection]:
        """A write transaction, seeing every earlier commit of what it may touch. Without ``game_id`` it may
        touch anything (ratings, limits, several games) and runs alone; with one, it touches that game's rows
        only, and a backend may run it beside writes of other games (PostgreSQL does, SQLite does not)."""

    @abstractmethod
    async def schema_version(self) -> int: ...

    @abstractmethod
    async def close(self) -> None: ...
