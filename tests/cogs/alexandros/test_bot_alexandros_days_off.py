"""Days off and waking hours in Alexandros, through the real interaction path on an injected clock (never sleeping):
a player off for three days in a daily game never times out and is never away, the turn post and status show the
date in Discord's timestamp markup, the game goes on when they are back; days off declared under /clans hold an
Alexandros turn too, and a step of the player's own turn ends them; reminders in the waking hours of a zone far
from UTC; a restart during days off; and who was notified of each."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from botkit import (  # every_interaction_answered: autouse, checks each test
    answered,
    due,
    every_interaction_answered,  # noqa: F401
    public_messages,
    refused,
    stored_moves,
    users,
)
from fakediscord import FakeDiscord, FakeUser
from test_bot_alexandros import choose, open_panel
from test_bot_alexandros_clock import alex_bot, alexandros_cog, tick

from bot import GameBot
from service.pace import ManualClock

HOUR = timedelta(hours=1)
DAY = timedelta(days=1)


def marks(moment: datetime) -> str:
    stamp = round(moment.timestamp())
    return f"<t:{stamp}:f> (<t:{stamp}:R>)"


async def daily_game(fake: FakeDiscord, tmp_path: Path, clock: ManualClock) -> tuple[GameBot, FakeUser, FakeUser]:
    """A started daily Alexandros game between two humans; (the bot, the first mover, the other)."""
    bot = await alex_bot(fake, tmp_path, clock)
    alice, bob = users(fake, 2)
    answered(await fake.slash(alice, "alexandros new", {"pace": "daily"}))
    answered(await fake.slash(bob, "alexandros join"))
    answered(await fake.slash(alice, "alexandros start"))
    mover = (await bot.services["alexandros"].table(1)).mover.user_id
    first, other = (alice, bob) if mover == alice.id else (bob, alice)
    return bot, first, other


async def play_whole_turn(fake: FakeDiscord, user: FakeUser) -> None:
    panel = await open_panel(fake, user)
    going_on = True
    while going_on:
        _, going_on = await choose(fake, user, panel)


async def test_three_days_off_no_timeout_no_away_and_the_game_goes_on(fake: FakeDiscord, tmp_path: Path) -> None:
    clock = ManualClock()
    bot, first, off = await daily_game(fake, tmp_path, clock)
    until = clock() + 3 * DAY
    declared = answered(await fake.slash(off, "alexandros daysoff", {"days": 3}))
    assert declared.response is not None and declared.response.ephemeral
    assert f"You are off until {marks(until)}." in declared.response.content
    assert declared.posts == [] and declared.notified == []

    pings = len(fake.notifications)
    await play_whole_turn(fake, first)
    post = public_messages(fake)[-1]["content"]
    assert f"<@{off.id}>, your turn in Alexandros #1." in post
    assert post.endswith(f" · off until {marks(until)}: the game waits") and "due <t:" not in post
    assert fake.notified_users(pings) == [off.id]

    for _ in range(3 * 24 - 1):
        clock.advance(HOUR)
        assert await tick(fake, bot) == []
    status = answered(await fake.slash(first, "alexandros status")).response
    assert status is not None and f"🌴 {off.name}: off until {marks(until)}" in status.content
    seat = (await bot.services["alexandros"].table(1)).mover
    assert seat.user_id == off.id and seat.timeouts == 0 and not seat.away

    clock.advance(HOUR)
    pings = len(fake.notifications)
    assert await tick(fake, bot) == [
        f"🌅 <@{off.id}>, your days off are over: it is your turn in game #1, {due(clock() + 24 * HOUR)}."
    ]
    assert fake.notified_users(pings) == [off.id]
    await play_whole_turn(fake, off)
    assert public_messages(fake)[-1]["content"].endswith(f" · {due(clock() + 24 * HOUR)}")
    assert all(m.user_id is not None for m in await stored_moves(bot, 1))  # nobody's autopilot moved


async def test_days_off_declared_in_clans_hold_an_alexandros_turn_and_a_step_of_it_ends_them(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    clock = ManualClock()
    bot, first, off = await daily_game(fake, tmp_path, clock)
    answered(await fake.slash(off, "clans daysoff", {"days": 5}))  # one setting for every game
    await play_whole_turn(fake, first)
    assert (await bot.services["alexandros"].table(1)).record.held_until == clock() + 5 * DAY
    refused(await fake.slash(first, "alexandros daysoff", {"days": 0}), "You have no days off to end.")

    clock.advance(DAY)
    panel = await open_panel(fake, off)
    await choose(fake, off, panel)  # the first step of their turn: they are back
    pings = len(fake.notifications)
    assert await tick(fake, bot) == [
        f"🌅 <@{off.id}>, your days off are over: it is your turn in game #1, {due(clock() + 24 * HOUR)}."
    ]
    assert fake.notified_users(pings) == [off.id]
    assert await bot.store.latest_days_off(off.id) is not None
    shown = answered(await fake.slash(off, "alexandros daysoff")).response
    assert shown is not None and "You have no days off." in shown.content and "1 of 14 (13 left)" in shown.content


async def test_reminders_wait_for_the_morning_in_a_zone_far_from_utc(fake: FakeDiscord, tmp_path: Path) -> None:
    """Kiritimati is UTC+14: a game starting at midnight UTC (14:00 there) has its half time at 02:00 there, so
    the mover is reminded at 08:00; the last call, at noon there, comes on time."""
    clock = ManualClock(datetime(2026, 1, 1, 0, 0, tzinfo=UTC))
    bot, first, other = await daily_game(fake, tmp_path, clock)
    for person in (first, other):
        answered(await fake.slash(person, "alexandros hours", {"zone": "Pacific/Kiritimati"}))
    sent: list[tuple[datetime, str]] = []
    while clock() < datetime(2026, 1, 1, 23, 0, tzinfo=UTC):
        clock.advance(timedelta(minutes=30))
        sent += [(clock(), text) for text in await tick(fake, bot)]
    assert [(when.hour, text[:1]) for when, text in sent] == [(18, "⏳"), (22, "⌛")]
    assert all(f"<@{first.id}>" in text for _, text in sent)


async def test_a_restart_during_days_off_resumes_the_turn_when_they_end(fake: FakeDiscord, tmp_path: Path) -> None:
    clock = ManualClock()
    bot, first, off = await daily_game(fake, tmp_path, clock)
    answered(await fake.slash(off, "alexandros daysoff", {"days": 2}))
    await play_whole_turn(fake, first)
    await fake.close()
    clock.advance(3 * DAY)
    bot = await alex_bot(fake, tmp_path, clock, restart=True)
    assert await tick(fake, bot) == [
        f"🌅 <@{off.id}>, your days off are over: it is your turn in game #1, {due(clock() + 24 * HOUR)}."
    ]
    assert (await bot.services["alexandros"].table(1)).record.deadline_at == clock() + 24 * HOUR


async def test_days_off_declared_through_one_process_hold_a_turn_handed_over_by_another(
    fake: FakeDiscord, database_target: str
) -> None:
    """Two bot processes on one database (SQLite, then PostgreSQL): the player declares through the one Discord
    sends their command to, the other process commits the move that hands them the turn; it waits, and when the
    days off end it restarts once, whichever process's clock ticks first."""
    clock = ManualClock()
    first = await alex_bot(fake, database_target, clock)
    second = await alex_bot(fake, database_target, clock)  # the fake Discord now talks to this one
    try:
        alice, bob = users(fake, 2)
        answered(await fake.slash(alice, "alexandros new", {"pace": "relaxed"}))
        answered(await fake.slash(bob, "alexandros join"))
        answered(await fake.slash(alice, "alexandros start"))
        service = first.services["alexandros"]
        table = await service.table(1)
        mover, off = (alice, bob) if table.mover.user_id == alice.id else (bob, alice)
        answered(await fake.slash(off, "alexandros daysoff", {"days": 2}))
        while table.mover.user_id == mover.id:  # the other process plays the mover's turn, step by step
            legal = (await service.hand(1, mover.id)).legal
            table = (await service.act(1, mover.id, next(a for a in legal if not a.startswith("resign")))).table
        assert (await second.services["alexandros"].table(1)).record.held_until == clock() + 2 * DAY
        clock.advance(2 * DAY)
        resumed = [text for bot in (second, first) for text in await tick(fake, bot) if text.startswith("🌅")]
        assert resumed == [
            f"🌅 <@{off.id}>, your days off are over: it is your turn in game #1, {due(clock() + 72 * HOUR)}."
        ]
        assert [await alexandros_cog(bot).clock.tick() for bot in (first, second)] == [0, 0]
    finally:
        for bot in (first, second):
            if not bot.is_closed():
                await bot.close()
