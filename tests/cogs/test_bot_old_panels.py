"""Panels opened long ago keep working: an interaction's token dies after 15 minutes (401, 50027), so every click
must be answered through its own new interaction, never through the token of the command that opened the panel.

Discord's clock is moved with `fake.advance` (never slept); the bot's own clock is not touched.
"""

from __future__ import annotations

from pathlib import Path

import discord
import pytest
from botkit import (  # every_interaction_answered: autouse, checks each test
    answered,
    by_id,
    custom_ids,
    every_interaction_answered,  # noqa: F401
    open_game,
    play_turn,
    start_bot,
    users,
)
from fakediscord import FakeDiscord
from fakediscord_server import TOKEN_LIFETIME
from test_bot_alexandros import bot_on, choose, menus, open_panel

pytestmark = pytest.mark.backend_blind(
    "old panels' custom ids against Discord's token lifetimes; the turns and pages they store and read on "
    "PostgreSQL: alexandros/test_bot_alexandros.py's database_target tests, clans/test_bot_overview.py"
)


LONG_AGO = TOKEN_LIFETIME + 60.0


def token_that_opened(fake: FakeDiscord, message_id: int) -> str:
    return next(token for token, record in fake._interactions.items() if record.original == message_id)


async def assert_token_dead(fake: FakeDiscord, token: str) -> None:
    """The opening interaction's token is refused now: anything still working went through a new one."""
    webhook = discord.Webhook.partial(fake.application_id, token, client=fake.bot)
    with pytest.raises(discord.HTTPException) as refused:
        await webhook.send("late")
    assert refused.value.status == 401 and refused.value.code == 50027


def no_webhook_refusals(fake: FakeDiscord, since: int) -> None:
    assert [c for c in fake.calls[since:] if c.status >= 400] == []


async def test_an_alexandros_panel_opened_long_ago_still_plays_the_turn(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await bot_on(fake, tmp_path)
    alice, bob = users(fake, 2)
    answered(await fake.slash(alice, "alexandros new"))
    answered(await fake.slash(bob, "alexandros join"))
    answered(await fake.slash(alice, "alexandros start"))
    table = await bot.services["alexandros"].table(1)
    mover = alice if table.mover.user_id == alice.id else bob
    panel = await open_panel(fake, mover)
    fake.advance(LONG_AGO)  # the mover comes back to the panel 16 minutes later
    await assert_token_dead(fake, token_that_opened(fake, panel))
    since = len(fake.calls)
    action, going_on = await choose(fake, mover, panel)
    assert action.startswith("move") and going_on
    assert (await bot.services["alexandros"].table(1)).record.snapshot_ply == 1
    assert menus(fake.message(panel))  # the same panel shows the next step's menus
    no_webhook_refusals(fake, since)
    # The "Play my turn" button of the turn post, clicked long after it was posted, opens a fresh panel.
    fake.advance(LONG_AGO)
    again = await open_panel(fake, mover)
    assert again != panel
    no_webhook_refusals(fake, since)


async def test_a_clans_history_page_opened_long_ago_still_turns(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[9])
    alice, bob = users(fake, 2)
    await open_game(fake, [alice, bob])
    for _ in range(20):
        await play_turn(fake, bot, 1, by_id(alice, bob))
    opened = answered(await fake.slash(bob, "clans history"))
    shown = opened.response
    assert shown is not None and shown.message is not None
    earlier, _ = custom_ids(shown.message)
    fake.advance(LONG_AGO)
    await assert_token_dead(fake, opened.payload["token"])
    since = len(fake.calls)
    turned = answered(await fake.click(bob, shown.message, earlier))
    assert turned.response is not None and turned.response.callback_type == 7
    assert turned.response.embeds[0]["footer"]["text"].startswith("Page 1/2")
    assert fake.message(int(shown.message["id"]))["embeds"][0]["footer"]["text"].startswith("Page 1/2")
    no_webhook_refusals(fake, since)
