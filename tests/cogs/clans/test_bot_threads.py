"""A game in its own thread: `/clans new` opens the lobby in a new thread "Clans #N" when the bot may create
one there, and stays put otherwise; and a missing permission is named before anything is opened."""

from __future__ import annotations

from pathlib import Path

import discord
from botkit import (  # every_interaction_answered: autouse, checks each test
    answered,
    custom_ids,
    every_interaction_answered,  # noqa: F401
    message_with,
    open_game,
    public_messages,
    refused,
    start_bot,
    users,
)
from fakediscord import FakeDiscord
from fakediscord_payloads import BOT_PERMISSIONS

WITH_THREADS = BOT_PERMISSIONS | discord.Permissions(create_public_threads=True).value


def thread_calls(fake: FakeDiscord) -> list[str]:
    return [c.path for c in fake.calls if c.method == "POST" and c.path.endswith("/threads")]


async def test_new_opens_the_lobby_in_a_thread_named_after_the_game(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path)
    fake.app_permissions = WITH_THREADS
    alice, bob, carol = users(fake, 3)
    result = answered(await fake.slash(alice, "clans new"))
    assert thread_calls(fake) == [f"/channels/{fake.channel.id}/threads"]
    [thread] = [c for c in fake.channels.values() if c.type == 11]
    assert thread.name == "Clans #1" and thread.parent_id == fake.channel.id
    assert result.response is not None and not result.response.ephemeral
    [told] = result.followups
    assert told.content == f"<@{alice.id}> opened **Clans game #1** in <#{thread.id}>: join there!"
    lobby = message_with(fake, "clans:join:1", thread)
    assert custom_ids(lobby)[:3] == ["clans:join:1", "clans:leave:1", "clans:start:1"]
    game = await bot.store.get_game(1)
    assert game is not None and game.channel_id == thread.id and game.lobby_message_id == int(lobby["id"])
    # The game is played in its thread; the channel is free for another game in another thread.
    answered(await fake.slash(bob, "clans join", channel=thread))
    answered(await fake.slash(alice, "clans start", channel=thread))
    assert (await bot.store.get_game(1)).status == "running"  # type: ignore[union-attr]
    assert any("has started" in m["content"] for m in public_messages(fake, thread))
    answered(await fake.slash(carol, "clans new"))
    threads = [c for c in fake.channels.values() if c.type == 11]
    assert [t.name for t in threads] == ["Clans #1", "Clans #2"]
    assert (await bot.store.get_game(2)).channel_id == threads[1].id  # type: ignore[union-attr]


async def test_without_the_permission_or_the_option_the_lobby_stays_in_the_channel(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    bot = await start_bot(fake, tmp_path)
    alice, bob = users(fake, 2)
    answered(await fake.slash(alice, "clans new"))  # the default invite grants no Create Public Threads
    assert thread_calls(fake) == []
    assert (await bot.store.get_game(1)).channel_id == fake.channel.id  # type: ignore[union-attr]
    fake.app_permissions = WITH_THREADS
    other = fake.text_channel(920)
    answered(await fake.slash(bob, "clans new", {"thread": False}, channel=other))
    assert thread_calls(fake) == []
    assert (await bot.store.get_game(2)).channel_id == other.id  # type: ignore[union-attr]
    message_with(fake, "clans:join:2", other)


async def test_in_a_thread_the_lobby_opens_right_there(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path)
    fake.app_permissions = WITH_THREADS
    alice, bob = users(fake, 2)
    thread = fake.thread(940)
    await open_game(fake, [alice, bob], channel=thread)
    assert thread_calls(fake) == []
    assert (await bot.store.get_game(1)).channel_id == thread.id  # type: ignore[union-attr]


async def test_a_failed_thread_creation_falls_back_to_the_channel(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path)
    fake.app_permissions = WITH_THREADS
    alice, _bob = users(fake, 2)
    fake.fail_next("POST", r"/threads$", status=403, code=50013, message="Missing Permissions")
    answered(await fake.slash(alice, "clans new"))
    game = await bot.services["clans"].active_game(fake.channel.id)
    assert game.channel_id == fake.channel.id
    message_with(fake, f"clans:join:{game.id}")
    # The lobby first opened for the thread was closed again, never shown.
    assert (await bot.store.get_game(1)).status == "cancelled"  # type: ignore[union-attr]


async def test_new_answers_before_discord_creates_the_thread(fake: FakeDiscord, tmp_path: Path) -> None:
    """Under thread rate limits, creating the thread can take longer than Discord's 3 s: `/clans new` has
    answered ("thinking…") before it writes the game or asks for the thread."""
    bot = await start_bot(fake, tmp_path)
    fake.app_permissions = WITH_THREADS
    alice = users(fake, 1)[0]
    gate = fake.hold_next("POST", r"/threads$")
    pending = await fake.slash(alice, "clans new", settle=False)
    await fake.wait_until(lambda: pending.response is not None)
    assert pending.response is not None and pending.response.callback_type == 5  # deferred, not ephemeral
    assert not pending.response.ephemeral and thread_calls(fake) == []
    gate.set()
    await fake.settle()
    [thread] = [c for c in fake.channels.values() if c.type == 11]
    assert (await bot.store.get_game(1)).channel_id == thread.id  # type: ignore[union-attr]
    message_with(fake, "clans:join:1", thread)


async def test_a_thread_that_cannot_be_used_leaves_no_game_and_no_empty_thread(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    bot = await start_bot(fake, tmp_path)
    fake.app_permissions = WITH_THREADS
    alice = users(fake, 1)[0]
    # The thread is created, but posting the lobby in it fails (e.g. a moderator locked it meanwhile).
    fake.fail_next("POST", r"/channels/\d+/messages$", status=403, code=50013, message="Missing Permissions")
    answered(await fake.slash(alice, "clans new"))
    assert thread_calls(fake) and not [c for c in fake.channels.values() if c.type == 11], "the thread was deleted"
    assert (await bot.store.get_game(1)).status == "cancelled"  # type: ignore[union-attr]
    game = await bot.services["clans"].active_game(fake.channel.id)  # the lobby opened in the channel instead
    message_with(fake, f"clans:join:{game.id}")


async def test_a_missing_permission_is_named_and_nothing_is_opened(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path)
    alice = users(fake, 1)[0]
    fake.app_permissions = BOT_PERMISSIONS & ~discord.Permissions(attach_files=True).value
    refused(await fake.slash(alice, "clans new"), "I need the **Attach Files** permission in this channel")
    fake.app_permissions = BOT_PERMISSIONS & ~discord.Permissions(embed_links=True, send_messages=True).value
    refused(await fake.slash(alice, "clans new"), "I need the **Send Messages** and **Embed Links** permissions")
    # Where a thread would be created, posting in threads is what counts.
    fake.app_permissions = WITH_THREADS & ~discord.Permissions(send_messages=True).value
    answered(await fake.slash(alice, "clans new"))
    assert thread_calls(fake)
    assert await bot.store.latest_game(fake.channel.id) is None  # the game lives in its thread
