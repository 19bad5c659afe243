"""Fixtures for driving a real bot through the fake Discord in fakediscord.py."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from fakediscord import FakeDiscord


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    """An installed fake Discord with no bot yet: `await fake.start(bot)` attaches one.

    On teardown the bot is closed, discord.py's HTTP is restored, and the test fails if the bot made a request
    the fake does not know or a bot task died with an exception.
    """
    discord_ = FakeDiscord()
    discord_.install()
    try:
        yield discord_
        await discord_.close()
    finally:
        discord_.uninstall()
    discord_.assert_clean()
