"""A clock that never drops an event: every timed step (the half-time reminder, the last call, the timeout, the end
of days off, an idle lobby) reached on time, a second late, a minute late and after a restart past it, through the
real command tree on an injected clock. Each is delivered once, never twice and never not at all, while its limit
is ahead, and in order; one left out says so in the turn's next step. Waking hours far from UTC with a late tick:
the last call still comes before the deadline."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from botkit import (  # every_interaction_answered: autouse, checks each test
    answered,
    cog,
    every_interaction_answered,  # noqa: F401
    peek,
    public_messages,
    restart_bot,
    start_bot,
    stored_moves,
    users,
)
from fakediscord import FakeDiscord, FakeUser

from bot import GameBot
from service.pace import ManualClock

HOUR = timedelta(hours=1)
SECOND = timedelta(seconds=1)
MINUTE = timedelta(minutes=1)
DAY = timedelta(days=1)
START = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)

LATENESS = {"on time": timedelta(0), "a second late": SECOND, "a minute late": MINUTE, "after a restart": MINUTE}
"""How late each event's tick comes; "after a restart": the bot is down when it falls due and starts a minute after."""

KIND = {"⏳": "half", "⌛": "last", "⏰": "timeout", "▶": "resumed"}


class Table:
    """A bot on an injected clock whose loop is stopped (the test drives each tick), its posts counted, and a way
    to reach a moment as the test's lateness says: ticking then, or with the bot down until then."""

    def __init__(self, fake: FakeDiscord, tmp_path: Path, clock: ManualClock, bot: GameBot, late: str) -> None:
        self.fake, self.tmp_path, self.clock, self.bot, self.late = fake, tmp_path, clock, bot, late
        self.seen = len(public_messages(fake))

    async def reach(self, moment: datetime) -> list[str]:
        """The clock at ``moment`` plus the lateness; one tick there (after a restart: the new bot's own start and
        its first tick); the public texts posted since the last look."""
        target = moment + LATENESS[self.late]
        assert target >= self.clock(), "the test walks forwards"
        if self.late == "after a restart":
            await self.fake.close()
            self.clock.advance(target - self.clock())
            self.bot = await restart_bot(self.fake, self.tmp_path, now=self.clock)
            cog(self.bot).clock.stop()
        else:
            self.clock.advance(target - self.clock())
        await cog(self.bot).clock.tick()
        return self.posted()

    def posted(self) -> list[str]:
        texts = [m["content"] for m in public_messages(self.fake)[self.seen :]]
        self.seen = len(public_messages(self.fake))
        return texts


async def timed_table(fake: FakeDiscord, tmp_path: Path, late: str) -> tuple[Table, list[FakeUser]]:
    clock = ManualClock(START)
    bot = await start_bot(fake, tmp_path, seeds=[41], now=clock)
    cog(bot).clock.stop()
    people = users(fake, 2)
    answered(await fake.slash(people[0], "clans new", {"pace": "daily"}))
    answered(await fake.slash(people[1], "clans join"))
    answered(await fake.slash(people[0], "clans start"))
    return Table(fake, tmp_path, clock, bot, late), people


async def mover_of(bot: GameBot, people: list[FakeUser]) -> FakeUser:
    table = await peek(bot, 1)
    return next(p for p in people if p.id == table.mover.user_id)


def kinds(texts: list[str]) -> list[str]:
    return [KIND.get(text[:1], text[:1]) for text in texts if text[:1] in KIND]


@pytest.mark.parametrize("late", list(LATENESS))
async def test_each_step_of_a_turn_comes_once_and_in_order_however_late_its_tick(
    fake: FakeDiscord, tmp_path: Path, late: str
) -> None:
    table, people = await timed_table(fake, tmp_path, late)
    mover = await mover_of(table.bot, people)
    steps: list[str] = []
    [other] = [p for p in people if p != mover]
    # The reminders ping the mover; the timeout's post pings whoever moves next.
    for moment, told in ((START + 12 * HOUR, mover), (START + 22 * HOUR, mover), (START + 24 * HOUR, other)):
        before = len(fake.notifications)
        texts = await table.reach(moment)
        steps += kinds(texts)
        assert fake.notified_users(before) == [told.id], f"the step due at {moment} reached its player"
        await cog(table.bot).clock.tick()  # a second tick at the same moment says nothing more
        assert kinds(table.posted()) == []
    assert steps == ["half", "last", "timeout"]
    [timeout] = [t for t in public_messages(fake) if t["content"].startswith("⏰")]
    assert "No last call" not in timeout["content"]  # it had its last call
    assert len(await stored_moves(table.bot, 1)) == 1  # one autopilot move


@pytest.mark.parametrize("late", list(LATENESS))
async def test_a_held_turn_restarts_once_when_its_days_off_end_however_late_the_tick(
    fake: FakeDiscord, tmp_path: Path, late: str
) -> None:
    table, people = await timed_table(fake, tmp_path, late)
    mover = await mover_of(table.bot, people)
    answered(await fake.slash(mover, "clans daysoff", {"days": 1}))
    assert (await peek(table.bot, 1)).record.held_until == START + DAY
    table.posted()
    texts = await table.reach(START + DAY)
    [resumed] = [t for t in texts if f"<@{mover.id}>" in t]
    assert "it is your turn in game #1" in resumed
    now = table.clock()
    assert (await peek(table.bot, 1)).record.deadline_at == now + DAY  # the whole turn, from when it restarted
    await cog(table.bot).clock.tick()
    assert table.posted() == []


@pytest.mark.parametrize("late", list(LATENESS))
async def test_an_idle_lobby_is_closed_once_and_the_clock_wakes_for_it(
    fake: FakeDiscord, tmp_path: Path, late: str
) -> None:
    clock = ManualClock(START)
    bot = await start_bot(fake, tmp_path, now=clock)
    cog(bot).clock.stop()
    [alice] = users(fake, 1)
    answered(await fake.slash(alice, "clans new"))
    table = Table(fake, tmp_path, clock, bot, late)
    closes = START + DAY + SECOND
    assert await cog(bot).clock.deadlines.next_due() == closes  # the loop sleeps until then, not past it
    clock.advance(DAY)  # opened exactly a day ago: not yet idle
    await cog(bot).clock.tick()
    assert table.posted() == []
    texts = await table.reach(closes)
    assert texts == ["Game #1 was closed: nobody started it within 24 hours. `/clans new` opens a new one."]
    await cog(table.bot).clock.tick()
    assert table.posted() == []
    assert await cog(table.bot).clock.deadlines.next_due() is None


async def test_a_tick_past_the_deadline_plays_the_turn_and_says_no_last_call_reached_them(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    table, people = await timed_table(fake, tmp_path, "after a restart")
    mover = await mover_of(table.bot, people)
    assert kinds(await table.reach(START + 12 * HOUR)) == ["half"]
    texts = await table.reach(START + 25 * HOUR)  # down from before the last call until after the deadline
    [timeout] = [t for t in texts if t.startswith("⏰")]
    assert timeout.startswith(f"⏰ <@{mover.id}> ran out of time; autopilot moved ")
    assert "No last call could reach them before the deadline." in timeout
    assert kinds(texts) == ["timeout"]  # never a reminder after its limit


# --- waking hours ---------------------------------------------------------------------------------------------


HONOLULU_START = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)  # 02:00 in Honolulu (UTC-10)


async def honolulu_game(fake: FakeDiscord, tmp_path: Path, start: int = 8, end: int = 22) -> tuple[Table, FakeUser]:
    """alice reminds only in her waking hours in Honolulu; her daily turn begins at 02:00 her time."""
    clock = ManualClock(HONOLULU_START)
    bot = await start_bot(fake, tmp_path, seeds=[41], now=clock)
    cog(bot).clock.stop()
    people = users(fake, 2)
    for person in people:
        answered(await fake.slash(person, "clans hours", {"zone": "Pacific/Honolulu", "start": start, "end": end}))
    answered(await fake.slash(people[0], "clans new", {"pace": "daily"}))
    answered(await fake.slash(people[1], "clans join"))
    answered(await fake.slash(people[0], "clans start"))
    table = Table(fake, tmp_path, clock, bot, "on time")
    return table, await mover_of(bot, people)


def honolulu(hour: int, minute: int = 0, second: int = 0, day: int = 1) -> datetime:
    return datetime(2026, 1, day, hour, minute, second, tzinfo=UTC) + timedelta(hours=10)


@pytest.mark.parametrize("late", [timedelta(seconds=3), timedelta(minutes=31)])
async def test_the_last_call_moved_into_waking_hours_comes_before_the_deadline_when_its_tick_is_late(
    fake: FakeDiscord, tmp_path: Path, late: timedelta
) -> None:
    """The last call (due at 00:00 her time, asleep) moves to the evening before, half an hour inside her hours:
    21:30. A tick a few seconds late, or past the end of her hours (22:01), still sends it, before the deadline."""
    table, alice = await honolulu_game(fake, tmp_path)
    assert kinds(await table.reach(honolulu(14))) == ["half"]  # half time: 14:00 her time
    planned = (await peek(table.bot, 1)).record.next_event_at
    assert planned == honolulu(21, 30)
    assert kinds(await table.reach(honolulu(21, 29, 59))) == []
    before = len(fake.notifications)
    texts = await table.reach(planned + late)
    assert kinds(texts) == ["last"] and texts[0].startswith(f"⌛ Last call, <@{alice.id}>")
    assert alice.id in fake.notified_users(before)
    texts = await table.reach(honolulu(2, day=2))  # the deadline: 02:00 the next day there
    [timeout] = [t for t in texts if t.startswith("⏰")]
    assert "No last call" not in timeout


async def test_a_last_call_left_out_for_the_waking_hours_is_said_by_the_timeout(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    """Hours of 12:00 to 13:00 in Honolulu, the turn from 02:00: neither the half-time reminder (14:00) nor the last
    call (00:00) has a waking moment of hers before its limit, so both are left out; the timeout says so."""
    table, alice = await honolulu_game(fake, tmp_path, start=12, end=13)
    texts = await table.reach(honolulu(14))
    for moment in (honolulu(18), honolulu(0, day=2), honolulu(1, 59, day=2)):
        texts += await table.reach(moment)
    assert kinds(texts) == []
    [timeout] = [t for t in await table.reach(honolulu(2, day=2)) if t.startswith("⏰")]
    assert timeout.startswith(f"⏰ <@{alice.id}> ran out of time")
    assert "No last call could reach them before the deadline." in timeout


async def test_a_half_time_reminder_left_out_is_said_by_the_last_call(fake: FakeDiscord, tmp_path: Path) -> None:
    """Hours of 00:00 to 01:00 in Honolulu, the turn from 02:00: at half time (14:00) her next waking moment is
    the last call's own time (00:00), so the half-time reminder is left out, and the last call says so."""
    table, alice = await honolulu_game(fake, tmp_path, start=0, end=1)
    assert kinds(await table.reach(honolulu(14))) == []
    before = len(fake.notifications)
    [last_call] = await table.reach(honolulu(0, day=2))
    assert last_call.startswith(f"⌛ Last call, <@{alice.id}>")
    assert last_call.endswith("(The half-time reminder fell outside your waking hours.)")
    assert alice.id in fake.notified_users(before)
