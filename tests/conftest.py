"""Database targets for every test that needs one: SQLite, and PostgreSQL from a throwaway server.

``database_target`` is parametrised over ``sqlite`` and ``postgres`` and yields what ``Store.open`` takes: a
fresh SQLite file path, or the URL of a fresh, empty schema on the session's PostgreSQL server. The server is
the one at ``CLANS_TEST_POSTGRES`` (a superuser URL) if set, otherwise one started for this session from the
local PostgreSQL binaries (see ``store/pgserver.py``) and stopped at the end. If neither works every
PostgreSQL test fails with the reason: they are never skipped.
"""

import asyncio
import itertools
import os
import secrets
import sys
from collections.abc import AsyncIterator, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from store import Store
from store.pgserver import ThrowawayPostgres, url_with
from store.postgres import redacted

TESTS = Path(__file__).resolve().parent
HELPERS = (
    "discord",
    "store",
    "service",
    "render",
    "engine/clans",
    "service/clans",
    "cogs/clans",
    "engine/alexandros",
    "cogs/alexandros",
    "web",
)
"""Folders whose modules other tests import by name (the fake Discord, store and service helpers, positions, the
Alexandros bot tests' panel helpers)."""
sys.path[:0] = [str(TESTS / folder) for folder in HELPERS]
pytest_plugins = ["bot_fixtures"]
"""The fake Discord's fixtures (tests/discord/bot_fixtures.py), for the bot tests of the shared code and of each
game."""

_schemas = itertools.count(1)


def _run(coroutine: Coroutine[Any, Any, None]) -> None:
    """Run setup or teardown work on a loop of its own (a fixture may be set up inside a running loop)."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, coroutine).result()


class PostgresForTests:
    """One database on a server, made for this test session; each test gets its own schema in it."""

    def __init__(self, server_url: str) -> None:
        self.server_url = server_url
        self.dbname = f"clans_tests_{os.getpid()}_{secrets.token_hex(3)}"
        self.url = url_with(server_url, self.dbname)

    async def create(self) -> None:
        conn = await asyncpg.connect(self.server_url)
        try:
            await conn.execute(f'CREATE DATABASE "{self.dbname}" TEMPLATE template0')
        finally:
            await conn.close()

    async def drop(self) -> None:
        conn = await asyncpg.connect(self.server_url)
        try:
            await conn.execute(f'DROP DATABASE IF EXISTS "{self.dbname}" WITH (FORCE)')
        finally:
            await conn.close()

    async def fresh_schema(self) -> tuple[str, str]:
        """A new empty schema; returns its name and a URL whose connections use only that schema."""
        name = f"t{next(_schemas)}"
        conn = await asyncpg.connect(self.url)
        try:
            await conn.execute(f"CREATE SCHEMA {name}")
        finally:
            await conn.close()
        return name, url_with(self.url, search_path=name)


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresForTests]:
    """The session's PostgreSQL database (fails, never skips, when there is none)."""
    external = os.environ.get("CLANS_TEST_POSTGRES", "").strip()
    server: ThrowawayPostgres | None = None
    failure = ""
    try:
        if external:
            target = PostgresForTests(external)
        else:
            server = ThrowawayPostgres().start()
            target = PostgresForTests(server.url)
        _run(target.create())
    except Exception as exc:  # any reason at all: say it, and fail every PostgreSQL test
        if server is not None:
            server.stop()
        where = f"the server at CLANS_TEST_POSTGRES={redacted(external)!r}" if external else "a throwaway server"
        failure = f"PostgreSQL tests need {where}, and it failed: {exc}"
    if failure:
        pytest.fail(failure, pytrace=False)
    try:
        yield target
    finally:
        if server is not None:
            server.stop()
        else:
            _run(target.drop())


@pytest.fixture(params=["sqlite", "postgres"])
async def database_target(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """What ``Store.open`` takes, once per backend: a new SQLite file, or a new PostgreSQL schema's URL."""
    if request.param == "sqlite":
        yield str(tmp_path / "var" / "clans.db")
        return
    postgres: PostgresForTests = request.getfixturevalue("postgres")
    _, url = await postgres.fresh_schema()  # left behind: the session's database is dropped as a whole
    yield url


@pytest.fixture
async def postgres_target(postgres: PostgresForTests) -> str:
    """The URL of a new, empty PostgreSQL schema (for tests about PostgreSQL alone)."""
    _, url = await postgres.fresh_schema()
    return url


@pytest.fixture
async def store(database_target: str) -> AsyncIterator[Store]:
    """A fresh store, once on SQLite and once on PostgreSQL."""
    async with await Store.open(database_target) as opened:
        yield opened
