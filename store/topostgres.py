"""Moving up: copy an SQLite database into an empty PostgreSQL database, then check the copy
(``python -m tools.migrate``, which also replays every game's move log with the game's own rules).

Stop the bot first. The SQLite file is brought to the current schema (as the bot would at start), every table
is copied in one PostgreSQL transaction keeping every id (new games then continue from the largest id, as on
SQLite: there is no sequence to move).
Then the copy is checked: each table holds exactly the source's rows.
"""

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from store import Store
from store.backend import Row
from store.errors import StoreError
from store.postgres import WRITE_LOCK, PostgresBackend, is_postgres_url
from store.sqlite import SqliteBackend

# Parents before children (foreign keys), each with the key that orders its rows.
TABLES: dict[str, str] = {
    "games": "id",
    "seats": "game_id, seat",
    "moves": "game_id, ply",
    "results": "game_id, seat",
    "ratings": "guild_id, game, user_id",
    "meta": "key",
    "user_languages": "user_id",
    "days_off": "user_id, starts_at",
    "waking_hours": "user_id",
}
CHUNK = 20_000


@dataclass
class CopyReport:
    rows: dict[str, int] = field(default_factory=dict)
    games_replayed: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def _as_postgres(value: object, data_type: str) -> object:
    """SQLite's loosely typed value as the PostgreSQL column wants it (asyncpg's COPY is strict)."""
    if value is None:
        return None
    if data_type in ("bigint", "integer", "smallint"):
        return int(value)  # type: ignore[call-overload]
    if data_type in ("double precision", "real"):
        return float(value)  # type: ignore[arg-type]
    return str(value)


async def _columns(conn: Any, table: str) -> list[tuple[str, str]]:
    rows = await conn.fetch(
        "SELECT column_name, data_type FROM information_schema.columns"
        " WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position",
        table,
    )
    return [(str(row["column_name"]), str(row["data_type"])) for row in rows]


async def _chunks(source: SqliteBackend, table: str, columns: Sequence[str]) -> list[list[Row]]:
    chunks: list[list[Row]] = []
    async with source.read() as conn:  # one snapshot for the whole table
        offset = 0
        while True:
            query = f"SELECT {', '.join(columns)} FROM {table} ORDER BY {TABLES[table]} LIMIT ? OFFSET ?"
            async with conn.execute(query, (CHUNK, offset)) as cursor:
                rows = await cursor.fetchall()
            if not rows:
                return chunks
            chunks.append(rows)
            offset += len(rows)


async def copy_tables(source: SqliteBackend, target: PostgresBackend) -> dict[str, int]:
    """Copy every table in one transaction, refusing a target that already holds data."""
    counts: dict[str, int] = {}
    async with target.pool.acquire() as conn, conn.transaction():
        await conn.execute(f"SELECT pg_advisory_xact_lock({WRITE_LOCK:d})")  # no writer runs meanwhile
        for table in TABLES:
            if await conn.fetchval(f"SELECT EXISTS (SELECT 1 FROM {table})"):
                raise StoreError(f"the PostgreSQL database already has rows in {table}: copy into an empty one")
        for table in TABLES:
            columns = await _columns(conn, table)
            names = [name for name, _ in columns]
            counts[table] = 0
            for rows in await _chunks(source, table, names):
                records = [
                    tuple(_as_postgres(row[i], data_type) for i, (_, data_type) in enumerate(columns)) for row in rows
                ]
                await conn.copy_records_to_table(table, records=records, columns=names)
                counts[table] += len(records)
    return counts


async def _all_rows(backend: SqliteBackend | PostgresBackend, table: str) -> list[tuple[object, ...]]:
    async with backend.read() as conn, conn.execute(f"SELECT * FROM {table} ORDER BY {TABLES[table]}") as cursor:
        return [tuple(row[i] for i in range(len(row))) for row in await cursor.fetchall()]


async def compare_tables(source: SqliteBackend, target: PostgresBackend) -> list[str]:
    problems = []
    for table in TABLES:
        theirs, ours = await _all_rows(source, table), await _all_rows(target, table)
        if theirs != ours:
            differing = sum(1 for a, b in zip(theirs, ours, strict=False) if a != b)
            problems.append(f"{table}: {len(theirs)} rows in SQLite, {len(ours)} in PostgreSQL, {differing} differ")
    return problems


async def game_ids(target: PostgresBackend) -> list[int]:
    """Every game's id on the copy, in order (the games whose move logs the check replays)."""
    async with target.read() as conn, conn.execute("SELECT id FROM games ORDER BY id") as cursor:
        return [int(row["id"]) for row in await cursor.fetchall()]


GameCheck = Callable[[Store, Sequence[int]], Awaitable[tuple[int, list[str]]]]
"""Replays the games of the given ids on the copy: (how many were replayed, the problems found)."""


async def copy_to_postgres(sqlite_path: str | Path, postgres_url: str, check: GameCheck | None = None) -> CopyReport:
    """Copy, compare every table, then (``check``) replay every game's move log on the copy."""
    if not is_postgres_url(postgres_url):
        raise StoreError(f"not a PostgreSQL URL (postgresql://...): {postgres_url!r}")
    if not Path(sqlite_path).is_file():
        raise StoreError(f"no SQLite database at {sqlite_path}")
    source = await SqliteBackend.open(sqlite_path)
    try:
        target = await PostgresBackend.open(postgres_url)
        try:
            report = CopyReport(rows=await copy_tables(source, target))
            report.problems += await compare_tables(source, target)
            if check is not None:
                report.games_replayed, problems = await check(Store(target), await game_ids(target))
                report.problems += problems
            return report
        finally:
            await target.close()
    finally:
        await source.close()
