"""Alexandros turns reach their players as Discord really notifies: every change of turn to a human is a new
message that pings exactly them, the end pings everyone who played, and an AI hand-off arriving while the AI's
run is still being posted (Discord holding the post under a rate limit) is played at once."""

from __future__ import annotations

from pathlib import Path

import pytest
from botkit import (  # every_interaction_answered: autouse, checks each test
    answered,
    custom_ids,
    every_interaction_answered,  # noqa: F401
    message_with,
    users,
)
from fakediscord import FakeDiscord, FakeUser, InteractionResult
from test_bot_alexandros import bot_on, choose, menus, open_panel, pick

from bot import GameBot
from cogs.alexandros.cog import AlexandrosCog


def alexandros(bot: GameBot) -> AlexandrosCog:
    found = bot.get_cog("Alexandros")
    assert found is not None
    return found  # type: ignore[return-value]


async def play_my_turn(fake: FakeDiscord, user: FakeUser) -> None:
    panel = await open_panel(fake, user)
    going_on = True
    while going_on:
        _, going_on = await choose(fake, user, panel)


@pytest.mark.backend_blind(
    "who each post pings and notifies; "
    "Alexandros turns stored on PostgreSQL: test_bot_alexandros.py's database_target tests, "
    "test_bot_alexandros_clock.py"
)
async def test_every_change_of_turn_to_a_human_notifies_them_and_the_end_everyone(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    bot = await bot_on(fake, tmp_path)
    alice, bob = users(fake, 2)
    people = {alice.id: alice, bob.id: bob}
    answered(await fake.slash(alice, "alexandros new"))
    answered(await fake.slash(bob, "alexandros join"))
    answered(await fake.slash(alice, "alexandros addbot", {"level": "easy"}))
    answered(await fake.slash(alice, "alexandros start"))
    await alexandros(bot).ai.idle()
    first = (await bot.services["alexandros"].table(1)).mover
    assert first.user_id is not None
    # The start post pings every seated human at once; the first human to move hears it there, or (after the AI
    # seat's opening turn) in the AI run's "your turn" post.
    started = fake.notified_users()
    assert sorted(started[:2]) == sorted([alice.id, bob.id]) and started[2:] in ([], [first.user_id]), started
    handoffs = 0
    for _ in range(8):  # eight turns by the humans, with the AI's in between
        table = await bot.services["alexandros"].table(1)
        assert table.mover.user_id is not None
        since = len(fake.notifications)
        mover = people[table.mover.user_id]
        await play_my_turn(fake, mover)
        await alexandros(bot).ai.idle()
        after = await bot.services["alexandros"].table(1)
        assert not after.over and after.mover.user_id is not None
        assert fake.notified_users(since) == [after.mover.user_id], (mover.name, fake.notified_users(since))
        handoffs += 1
    assert handoffs == 8
    # Both humans resign in turn: the end post notifies each of them, though neither is to move.
    since = len(fake.notifications)
    for person in (alice, bob):
        answered(await fake.slash(person, "alexandros resign"))
        await alexandros(bot).ai.idle()
    assert (await bot.services["alexandros"].table(1)).over
    end = fake.channel_messages(fake.channel.id)[-1]
    assert "is over" in end["content"]
    assert end in fake.notified(alice.id) and end in fake.notified(bob.id)
    assert set(fake.notified_users(since)) <= {alice.id, bob.id}


async def quietly(fake: FakeDiscord, sent: InteractionResult) -> InteractionResult:
    """An interaction dispatched without settling (an AI run's post is held), once it has its answer."""
    await fake.wait_until(lambda: sent.response is not None)
    return sent


async def play_my_turn_quietly(fake: FakeDiscord, user: FakeUser) -> list[InteractionResult]:
    """``play_my_turn`` while a held post keeps bot tasks running (so nothing may wait for them to settle)."""
    post = message_with(fake, "alex:panel:")
    [button] = [cid for cid in custom_ids(post) if cid.startswith("alex:panel:")]
    opened = await quietly(fake, await fake.click(user, post, button, settle=False))
    assert opened.response is not None and opened.response.message is not None
    panel = int(opened.response.message["id"])
    results = [opened]
    while True:
        offered = menus(fake.message(panel))
        action = pick([value for values in offered.values() for value in values])
        [menu] = [cid for cid, values in offered.items() if action in values]
        chosen = await quietly(fake, await fake.select(user, panel, menu, [action], settle=False))
        results.append(chosen)
        assert chosen.response is not None
        if "Your turn is over." in chosen.response.content:
            return results


async def test_a_hand_off_while_the_ai_run_is_being_posted_is_played_at_once(fake: FakeDiscord, tmp_path: Path) -> None:
    """Discord holds the AI run's post (a rate limit) while alice already plays her next turn: her hand-off
    reaches the AI task still posting, which plays on at once instead of leaving the AI's turn to the sweep."""
    bot = await bot_on(fake, tmp_path)
    [alice] = users(fake, 1)
    answered(await fake.slash(alice, "alexandros new"))
    answered(await fake.slash(alice, "alexandros addbot", {"level": "easy"}))
    answered(await fake.slash(alice, "alexandros start"))
    ai = alexandros(bot).ai
    await ai.idle()
    held = fake.hold_next("POST", r"^/channels/\d+/messages$")  # the AI run's post waits, as under a rate limit
    first = await play_my_turn_quietly(fake, alice)
    await fake.wait_until(lambda: not fake._holds)  # the AI played, its post is held
    table = await bot.services["alexandros"].table(1)
    assert table.mover.user_id == alice.id
    ply = table.record.snapshot_ply
    second = await play_my_turn_quietly(fake, alice)
    await fake.wait_until(lambda: 1 in ai._again)  # alice's hand-off reached the task still posting
    assert (await bot.services["alexandros"].table(1)).record.snapshot_ply > ply
    held.set()
    await fake.settle(timeout=30)
    for result in [*first, *second]:
        answered(result)
    await ai.idle()
    after = await bot.services["alexandros"].table(1)
    assert after.over or after.mover.user_id == alice.id  # the AI answered alice's second turn by itself
    posts = [m for m in fake.channel_messages(fake.channel.id) if f"<@{alice.id}>, your turn" in m["content"]]
    assert fake.notified(alice.id)[-1] == posts[-1]
