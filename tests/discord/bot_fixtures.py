"""Fixtures for driving a real bot through the fake Discord in fakediscord.py.

``CLANS_TEST_BACKEND=postgres`` runs the bot tests on PostgreSQL: every bot that botkit starts on a folder
(``start_bot(fake, tmp_path)``) gets a fresh schema on the session's server instead of ``clans.db`` in it, the
same schema again for the same folder (``restart_bot``). Only those tests run then: the ones already run on
both backends (``database_target``), on PostgreSQL alone (``postgres_target``) or without a bot are left out,
as are tests marked ``sqlite_only``, and ``backend_blind("why")``: a test whose subject is what the bot computes,
draws or words, never what it stores, or whose storing is run on both backends by a test beside it, named in the
reason. ``make test`` runs the bot tests (tests/cogs) a second time this way.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import botkit
import pytest
from fakediscord import FakeDiscord

BACKEND = os.environ.get("CLANS_TEST_BACKEND", "sqlite").strip() or "sqlite"
ONE_BACKEND_FIXTURES = {"database_target", "postgres_target"}
TEST_SPEED = 100.0
"""The `fake` fixture's Discord runs its rate-limit windows 100 times faster than Discord: a channel's 5 messages
per 5 s become 5 per 0.05 s, so discord.py's real waits stay short (see docs/DISCORD.md)."""


def pytest_configure(config: pytest.Config) -> None:
    if BACKEND not in ("sqlite", "postgres"):
        raise pytest.UsageError(f"CLANS_TEST_BACKEND must be sqlite or postgres, not {BACKEND!r}")
    config.addinivalue_line("markers", "sqlite_only: a bot test about the SQLite file itself (one backend)")
    config.addinivalue_line(
        "markers", "backend_blind(why): a bot test that does not depend on the store's backend (run on SQLite only)"
    )


def runs_on_postgres_switch(item: pytest.Item) -> bool:
    """A bot test on a folder: one that the switch moves to PostgreSQL."""
    names = set(getattr(item, "fixturenames", ()))
    one_backend = names & ONE_BACKEND_FIXTURES or item.get_closest_marker("sqlite_only")
    blind = item.get_closest_marker("backend_blind")
    return {"fake", "tmp_path"} <= names and not one_backend and blind is None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:  # on either backend, so a reasonless mark is caught where it is written
        blind = item.get_closest_marker("backend_blind")
        if blind is not None and not (blind.args and str(blind.args[0]).strip()):
            raise pytest.UsageError(f"{item.nodeid}: backend_blind needs its reason")
    if BACKEND != "postgres":
        return
    kept, left = [], []
    for item in items:
        (kept if "cogs" in item.path.parts and runs_on_postgres_switch(item) else left).append(item)
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = kept


@pytest.fixture(autouse=True)
def bots_on_postgres(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Under ``CLANS_TEST_BACKEND=postgres``: botkit gives each folder a PostgreSQL schema of its own."""
    if BACKEND != "postgres" or not runs_on_postgres_switch(request.node):
        yield
        return
    postgres: Any = request.getfixturevalue("postgres")
    schemas: dict[Path, str] = {}

    def schema_for(folder: Path) -> str:
        if folder not in schemas:
            # botkit's builders are called inside the test's running loop: the schema is made on a loop of its own
            with ThreadPoolExecutor(1) as pool:
                _, schemas[folder] = pool.submit(asyncio.run, postgres.fresh_schema()).result()
        return schemas[folder]

    monkeypatch.setattr(botkit, "folder_database", schema_for)
    yield
    assert schemas, "this bot test never opened a database through botkit"
    stray = [str(p) for folder in schemas for p in folder.glob("clans.db*")]
    assert not stray, f"a SQLite database was made under CLANS_TEST_BACKEND=postgres: {stray}"


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    """An installed fake Discord with no bot yet: `await fake.start(bot)` attaches one.

    On teardown the bot is closed, discord.py's HTTP is restored, and the test fails if the bot made a request
    the fake does not know or a bot task died with an exception.
    """
    discord_ = FakeDiscord(speed=TEST_SPEED)
    discord_.install()
    try:
        yield discord_
        await discord_.close()
    finally:
        discord_.uninstall()
    discord_.assert_clean()
