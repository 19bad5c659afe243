"""History and replays of a game in another channel follow Discord's visibility: a member who cannot see
that channel (from the cached roles and permission overwrites; a thread follows its parent) is refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from botkit import (  # every_interaction_answered: autouse, checks each test
    answered,
    by_id,
    every_interaction_answered,  # noqa: F401
    first_picker,
    open_game,
    play_game,
    raw_component,
    refused,
    start_bot,
    users,
)
from fakediscord import FakeDiscord

pytestmark = pytest.mark.backend_blind(
    "who may see a game in a private channel: Discord's permissions, from the bot's cache; history and "
    "replays read on PostgreSQL: clans/test_bot_overview.py's history tests, clans/test_bot_replay_price.py"
)


HIDDEN = "That game is in a channel you cannot see."


CLUB = 77
"""The role that may see the private channel."""


async def test_private_channel_history_and_replay_are_refused_to_who_cannot_see_it(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[21, 22])
    private = fake.private_channel(906, "club-only", CLUB)
    thread = fake.thread(907, "club-thread", parent_id=private.id)
    alice, bob = (fake.user(u.id, u.name, roles=(CLUB,)) for u in users(fake, 2))
    carol = fake.user(103, "carol", roles=(CLUB,))
    eve = fake.user(666, "eve")  # an ordinary member: the private channel is hidden from her
    fake.guild_available({CLUB: "club"})

    finished = await open_game(fake, [alice, bob], channel=private)
    await play_game(fake, bot, finished, by_id(alice, bob), first_picker, channel=private)
    running = await open_game(fake, [alice, bob], channel=thread)
    since = len(fake.calls)

    refused(await fake.slash(eve, "clans history", {"game": finished}), HIDDEN)
    refused(await fake.slash(eve, "clans history", {"game": running}), HIDDEN)  # the thread follows its parent
    refused(await fake.slash(eve, "clans replay", {"game": finished}), HIDDEN)
    page = raw_component(
        fake,
        eve,
        {**fake.channel_messages(private.id)[-1], "channel_id": str(fake.channel.id)},
        f"clans:history:{finished}:0",
    )
    refused(await page, HIDDEN)
    assert not [c for c in fake.calls[since:] if c.path.startswith("/channels/") and c.method == "POST"]

    # A member of the role sees them, from any channel; another channel's replay is shown to her alone.
    history = answered(await fake.slash(carol, "clans history", {"game": finished})).response
    assert history is not None and history.ephemeral and f"Game #{finished} — history" in history.embeds[0]["title"]
    assert answered(await fake.slash(carol, "clans history", {"game": running})).response is not None
    replay = answered(await fake.slash(carol, "clans replay", {"game": finished}))
    shown = [s for s in [replay.response, *replay.followups] if s is not None and s.files]
    assert shown and all(s.ephemeral for s in shown)
    # In the game's own channel, the replay is public as before.
    public = answered(await fake.slash(alice, "clans replay", {"game": finished}, channel=private))
    assert any(s.files and not s.ephemeral for s in public.followups)


async def test_an_alexandros_game_in_a_private_channel_is_hidden_too(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path)
    private = fake.private_channel(906, "club-only", CLUB)
    alice = fake.user(101, "alice", roles=(CLUB,))
    eve = fake.user(666, "eve")
    fake.guild_available({CLUB: "club"})
    answered(await fake.slash(alice, "alexandros new", channel=private))
    game = await bot.store.latest_game(private.id)
    assert game is not None
    refused(await fake.slash(eve, "alexandros replay", {"game": game.id}), HIDDEN)
