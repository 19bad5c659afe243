"""Days off and waking hours in Clans, through the real command tree on an injected clock (never sleeping): a player
off for three days in a daily game never times out and is never away, the table sees the dates in Discord's
timestamp markup, the game goes on when they are back; reminders land in the waking hours of a zone far from UTC
while the turn's own ping is never held back; the allowance; a restart during days off; coming back early; and who
was notified of each."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from botkit import (  # every_interaction_answered: autouse, checks each test
    answered,
    cog,
    custom_ids,
    due,
    embed_text,
    every_interaction_answered,  # noqa: F401
    peek,
    public_messages,
    refused,
    restart_bot,
    start_bot,
    stored_moves,
    users,
)
from fakediscord import FakeChannel, FakeDiscord, FakeUser

from bot import GameBot
from engine.clans import legal_moves
from service.pace import ManualClock

Json = dict[str, Any]
HOUR = timedelta(hours=1)
DAY = timedelta(days=1)
AUCKLAND = ZoneInfo("Pacific/Auckland")


def marks(moment: datetime) -> str:
    """'<t:…:f> (<t:…:R>)': a moment as Discord's timestamp markup shows it to each reader."""
    stamp = round(moment.timestamp())
    return f"<t:{stamp}:f> (<t:{stamp}:R>)"


def who(text: str) -> int:
    """The user a message mentions first."""
    found = re.search(r"<@(\d+)>", text)
    assert found is not None, text
    return int(found[1])


def by_hand(bot: GameBot) -> GameBot:
    """The test drives every tick of the Clans clock itself."""
    cog(bot).clock.stop()
    return bot


async def new_game(
    fake: FakeDiscord, people: list[FakeUser], pace: str = "daily", channel: FakeChannel | None = None
) -> None:
    answered(await fake.slash(people[0], "clans new", {"pace": pace, "thread": False}, channel=channel))
    for person in people[1:]:
        answered(await fake.slash(person, "clans join", channel=channel))
    answered(await fake.slash(people[0], "clans start", channel=channel))


async def daily_game(
    fake: FakeDiscord, tmp_path: Path, clock: ManualClock | None = None
) -> tuple[GameBot, ManualClock, list[FakeUser]]:
    clock = clock or ManualClock()
    bot = by_hand(await start_bot(fake, tmp_path, seeds=[41, 42, 43], now=clock))
    people = users(fake, 2)
    await new_game(fake, people)
    return bot, clock, people


def everywhere(fake: FakeDiscord) -> list[Json]:
    """Every public message of every channel and thread, oldest first (DMs left out)."""
    return [
        m.data
        for m in fake.messages.values()
        if not m.ephemeral
        and not m.deleted
        and getattr(fake.channels.get(int(m.data["channel_id"])), "recipient", None) is None
    ]


async def tick(fake: FakeDiscord, bot: GameBot) -> list[str]:
    """One tick of the Clans clock: the texts it posted, in every channel."""
    before = len(everywhere(fake))
    await cog(bot).clock.tick()
    return [m["content"] for m in everywhere(fake)[before:]]


async def mover_of(bot: GameBot, people: list[FakeUser], game_id: int = 1) -> FakeUser:
    table = await peek(bot, game_id)
    return next(p for p in people if p.id == table.mover.user_id)


async def move(
    fake: FakeDiscord, bot: GameBot, people: list[FakeUser], game_id: int = 1, channel: FakeChannel | None = None
) -> FakeUser:
    """The mover plays a hut move by /clans move; returns who moved."""
    table = await peek(bot, game_id)
    choice = next(m for m in legal_moves(table.state) if not m.is_village_choice)
    mover = await mover_of(bot, people, game_id)
    answered(await fake.slash(mover, "clans move", {"from": choice.src, "to": choice.dst}, channel=channel))
    return mover


# --- three days off in a daily game -------------------------------------------------------------------------------


async def test_three_days_off_in_a_daily_game_no_timeout_no_away_and_the_game_goes_on(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    bot, clock, people = await daily_game(fake, tmp_path)
    mover = await mover_of(bot, people)
    [off] = [p for p in people if p != mover]
    until = clock() + 3 * DAY

    declared = answered(await fake.slash(off, "clans daysoff", {"days": 3}))
    assert declared.response is not None and declared.response.ephemeral
    assert f"You are off until {marks(until)}." in declared.response.content
    assert declared.response.message is not None and custom_ids(declared.response.message) == ["daysoff:end"]
    assert declared.posts == [] and declared.notified == []  # declaring tells the table nothing

    pings = len(fake.notifications)
    await move(fake, bot, people)  # the turn passes to the player who is off: their ping, with the date
    post = public_messages(fake)[-1]["content"]
    assert post.endswith(f"<@{off.id}>, your move · off until {marks(until)}: the game waits.")
    assert "due <t:" not in post
    assert fake.notified_users(pings) == [off.id]

    for _ in range(3 * 24 - 1):  # three days less an hour, an hour at a time: nothing is due
        clock.advance(HOUR)
        assert await tick(fake, bot) == []
    status = answered(await fake.slash(mover, "clans status")).response
    assert status is not None and f"🌴 {off.name}: off until {marks(until)}" in embed_text(status.embeds)
    seat = (await peek(bot, 1)).record.seats[(await peek(bot, 1)).mover.seat]
    assert seat.user_id == off.id and seat.timeouts == 0 and not seat.away

    clock.advance(HOUR)  # the days off end: the turn starts again with its whole time, and its player hears it
    pings = len(fake.notifications)
    assert await tick(fake, bot) == [
        f"🌅 <@{off.id}>, your days off are over: it is your turn in game #1, {due(clock() + 24 * HOUR)}."
    ]
    assert fake.notified_users(pings) == [off.id]
    assert await move(fake, bot, people) == off  # back, they play on
    assert public_messages(fake)[-1]["content"].endswith(f"<@{mover.id}>, your move · {due(clock() + 24 * HOUR)}.")
    moves = await stored_moves(bot, 1)
    assert len(moves) == 2 and all(m.user_id is not None for m in moves)  # no autopilot ever moved


async def test_a_mover_who_goes_off_keeps_a_whole_turn_and_other_players_keep_playing(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    clock = ManualClock()
    bot = by_hand(await start_bot(fake, tmp_path, seeds=[41], now=clock))
    people = users(fake, 3)
    await new_game(fake, people)
    first = await move(fake, bot, people)  # the second player is to move now
    second = await mover_of(bot, people)
    clock.advance(20 * HOUR)  # 4 hours of their turn left
    answered(await fake.slash(second, "clans daysoff", {"days": 2}))
    assert (await peek(bot, 1)).record.deadline_at is None
    clock.advance(2 * DAY)
    [resumed] = await tick(fake, bot)
    assert resumed.endswith(f"it is your turn in game #1, {due(clock() + 24 * HOUR)}.")  # whole, never less
    assert await move(fake, bot, people) == second
    third = await mover_of(bot, people)
    assert third not in (first, second)


# --- waking hours ---------------------------------------------------------------------------------------------


async def test_reminders_land_in_the_waking_hours_of_a_zone_far_from_utc(fake: FakeDiscord, tmp_path: Path) -> None:
    """Both players remind only from 08:00 to 22:00 in Auckland (UTC+13 in January). The start and each turn's
    ping come at once, at night too; the half-time reminder due at 03:00 there waits for 08:00, a last call due at
    01:00 comes at 21:30 the evening before (half an hour inside the hours), since 08:00 would be past the deadline."""
    clock = ManualClock(datetime(2026, 1, 1, 14, 0, tzinfo=UTC))  # 03:00 in Auckland
    bot = by_hand(await start_bot(fake, tmp_path, seeds=[41], now=clock))
    people = users(fake, 2)
    for person in people:
        shown = answered(await fake.slash(person, "clans hours", {"zone": "pacific/auckland"})).response
        assert shown is not None and shown.ephemeral
        assert "only from 08:00 to 22:00 in Pacific/Auckland (it is 03:00 there now)" in shown.content
    pings = len(fake.notifications)
    await new_game(fake, people)
    first = await mover_of(bot, people)
    assert first.id in fake.notified_users(pings)  # the start's ping, at 03:00 there: never held back

    reminders: list[tuple[datetime, str]] = []
    night_pings: list[int] = []

    async def run_until(end: datetime, step: timedelta = timedelta(minutes=30)) -> None:
        while clock() < end:
            clock.advance(step)
            reminders.extend((clock(), text) for text in await tick(fake, bot) if text[:1] in "⏳⌛")

    await run_until(datetime(2026, 1, 2, 13, 0, tzinfo=UTC))  # 02:00 on the 3rd in Auckland
    pings = len(fake.notifications)
    await move(fake, bot, people)
    night_pings += fake.notified_users(pings)  # the next player's ping, at 02:00 there
    await run_until(datetime(2026, 1, 3, 2, 0, tzinfo=UTC))  # 15:00 there
    await move(fake, bot, people)
    await run_until(datetime(2026, 1, 3, 20, 0, tzinfo=UTC))

    second = next(p for p in people if p != first)
    assert night_pings == [second.id]
    local = [(when.astimezone(AUCKLAND).strftime("%d %H:%M"), text[:1], who(text)) for when, text in reminders]
    assert local == [
        ("02 15:00", "⏳", first.id),  # half time of the first turn: in waking hours, on time
        ("02 21:30", "⌛", first.id),  # its last call, due at 01:00: the evening before, half an hour before 22:00
        ("03 14:00", "⏳", second.id),  # half time of the second turn, on time
        ("04 08:00", "⏳", first.id),  # half time of the third, due at 03:00: in the morning
    ]
    assert all("08:00" <= when.astimezone(AUCKLAND).strftime("%H:%M") <= "22:00" for when, _ in reminders)
    assert [m.user_id for m in await stored_moves(bot, 1)] == [first.id, second.id]  # nobody timed out


async def test_waking_hours_refuse_what_is_not_a_zone_or_an_hour_and_autocomplete_zones(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    await start_bot(fake, tmp_path)
    [ann] = users(fake, 1)
    refused(await fake.slash(ann, "clans hours", {"zone": "../../etc/passwd"}), "is not a time zone I know")
    refused(await fake.slash(ann, "clans hours", {"start": 9}), "Name your time zone too")
    refused(await fake.slash(ann, "clans hours", {"zone": "Asia/Tokyo", "start": 9, "end": 9}), "another, different")
    choices = await fake.autocomplete(ann, "clans hours", "zone", {"zone": "auck"})
    assert [c["value"] for c in choices] == ["Pacific/Auckland"]
    everything = await fake.autocomplete(ann, "clans hours", "zone", {"zone": ""})
    assert everything[0]["value"] == "off" and len(everything) == 25
    assert len(await fake.autocomplete(ann, "clans hours", "zone", {"zone": "a"})) == 25  # a list is never longer
    shown = answered(await fake.slash(ann, "clans hours", {"zone": "Asia/Tokyo", "start": 22, "end": 6})).response
    assert shown is not None and "only from 22:00 to 06:00 in Asia/Tokyo" in shown.content
    off = answered(await fake.slash(ann, "clans hours", {"zone": "off"})).response
    assert off is not None and "come at any hour" in off.content


# --- the allowance, and the games that do not wait ------------------------------------------------------------


async def test_the_allowance_is_enforced_and_fast_games_do_not_wait(fake: FakeDiscord, tmp_path: Path) -> None:
    clock = ManualClock()
    bot = by_hand(await start_bot(fake, tmp_path, seeds=[41, 42], now=clock))
    people = users(fake, 2)
    await new_game(fake, people)
    fast_channel = fake.text_channel(920, "fast")
    await new_game(fake, people, pace="fast", channel=fast_channel)
    fast_mover = await mover_of(bot, people, 2)

    refused(
        await fake.slash(fast_mover, "clans daysoff", {"days": 15}),
        "That would pass the allowance of 14 days off in any 60 days: 14 days are left.",
    )
    shown = answered(await fake.slash(fast_mover, "clans daysoff", {"days": 10})).response
    assert shown is not None
    assert f"Live and fast games do not wait: your clock keeps running in Clans #2 (<#{fast_channel.id}>)." in (
        shown.content
    )
    assert "Days off taken in any 60 days: 10 of 14 (4 left)." in shown.content
    # The fast game's clock runs on: its turn times out as it always did.
    clock.advance(HOUR)
    await tick(fake, bot)
    assert [m.user_id for m in await stored_moves(bot, 2)] == [None]

    clock.advance(10 * DAY)  # over; taken in full
    await tick(fake, bot)
    refused(await fake.slash(fast_mover, "clans daysoff", {"days": 5}), "4 days are left")
    asked = answered(await fake.slash(fast_mover, "clans daysoff")).response
    assert asked is not None and "You have no days off." in asked.content and "10 of 14 (4 left)" in asked.content
    answered(await fake.slash(fast_mover, "clans daysoff", {"days": 4}))
    clock.advance(DAY)  # one of those four is taken: three more from now, at most, by extending them
    refused(await fake.slash(fast_mover, "clans daysoff", {"days": 4}), "3 days are left")
    answered(await fake.slash(fast_mover, "clans daysoff", {"days": 3}))
    clock.advance(60 * DAY)  # sixty days on, the first ones no longer count
    answered(await fake.slash(fast_mover, "clans daysoff", {"days": 14}))


async def test_days_off_ahead_begin_on_their_day_in_the_players_zone(fake: FakeDiscord, tmp_path: Path) -> None:
    bot, clock, people = await daily_game(fake, tmp_path)  # 2026-01-01 12:00 UTC
    mover = await mover_of(bot, people)
    answered(await fake.slash(mover, "clans hours", {"zone": "America/New_York"}))
    choices = await fake.autocomplete(mover, "clans daysoff", "start", {"start": ""})
    assert choices[0] == {"name": "2026-01-01 · Thursday 1 January", "value": "2026-01-01"}
    saturdays = await fake.autocomplete(mover, "clans daysoff", "start", {"start": "saturday"})
    assert [c["value"] for c in saturdays] == ["2026-01-03", "2026-01-10", "2026-01-17", "2026-01-24", "2026-01-31"]
    refused(await fake.slash(mover, "clans daysoff", {"days": 2, "start": "2025-12-31"}), "up to 30 days ahead")
    refused(await fake.slash(mover, "clans daysoff", {"days": 2, "start": "tomorrow"}), "YYYY-MM-DD")
    begins = datetime(2026, 1, 2, 5, 0, tzinfo=UTC)  # midnight in New York
    shown = answered(await fake.slash(mover, "clans daysoff", {"days": 2, "start": "2026-01-02"})).response
    assert shown is not None and f"Your days off: from {marks(begins).split(' (')[0]}" in shown.content
    status = answered(await fake.slash(mover, "clans status")).response
    assert status is not None and f"days off from <t:{round(begins.timestamp())}:f>" in embed_text(status.embeds)
    clock.advance(12 * HOUR)  # half time: they are not off yet, so they are reminded
    assert [t[:1] for t in await tick(fake, bot)] == ["⏳"]
    clock.advance(begins - clock())
    assert await tick(fake, bot) == []  # they are off: their turn waits from now on
    assert (await peek(bot, 1)).record.held_until == begins + 2 * DAY
    clock.advance(2 * DAY)
    [resumed] = await tick(fake, bot)
    assert resumed.endswith(f"{due(clock() + 24 * HOUR)}.")


# --- coming back early ----------------------------------------------------------------------------------------


async def test_coming_back_early_by_an_action_or_the_button_restarts_every_waiting_turn(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    clock = ManualClock()
    bot = by_hand(await start_bot(fake, tmp_path, seeds=[41, 41], now=clock))
    people = users(fake, 2)
    await new_game(fake, people)
    other_channel = fake.text_channel(930, "second")
    await new_game(fake, list(reversed(people)), channel=other_channel)
    ann = await mover_of(bot, people, 1)
    bob = next(p for p in people if p != ann)
    if await mover_of(bot, people, 2) == ann:  # Bob is to move in game 2, Ann in game 1
        await move(fake, bot, people, 2, other_channel)
    declared = answered(await fake.slash(bob, "clans daysoff", {"days": 5}))
    end_message = declared.response.message if declared.response else None
    assert end_message is not None and (await peek(bot, 2)).record.held_until == clock() + 5 * DAY

    # Nobody ends anyone else's days off: the button acts for whoever presses it.
    refused(await fake.click(ann, int(end_message["id"]), "daysoff:end"), "You have no days off to end.")
    assert (await peek(bot, 2)).record.held_until == clock() + 5 * DAY

    clock.advance(DAY)
    await move(fake, bot, people, 1)  # Ann's move: Bob's turn in game 1 waits too
    assert (await peek(bot, 1)).record.held_until == clock() + 4 * DAY
    clock.advance(HOUR)
    pings = len(fake.notifications)
    assert await move(fake, bot, people, 1) == bob  # any action of Bob's ends his days off, everywhere
    back = [t for t in await tick(fake, bot) if t.startswith("🌅")]
    assert back == [f"🌅 <@{bob.id}>, your days off are over: it is your turn in game #2, {due(clock() + 24 * HOUR)}."]
    assert everywhere(fake)[-1]["channel_id"] == str(other_channel.id)
    assert fake.notified_users(pings).count(bob.id) == 1

    answered(await fake.slash(bob, "clans daysoff", {"days": 2}))
    clock.advance(HOUR)
    pressed = answered(await fake.click(bob, int(end_message["id"]), "daysoff:end")).response
    assert pressed is not None and pressed.ephemeral and pressed.content.startswith("👋 Welcome back!")
    [resumed] = await tick(fake, bot)
    assert resumed.endswith(f"game #2, {due(clock() + 24 * HOUR)}.")
    refused(await fake.slash(bob, "clans daysoff", {"days": 0}), "You have no days off to end.")


# --- restarts -------------------------------------------------------------------------------------------------


async def test_a_restart_during_days_off_resumes_the_clock_when_they_end(fake: FakeDiscord, tmp_path: Path) -> None:
    bot, clock, people = await daily_game(fake, tmp_path)
    mover = await mover_of(bot, people)
    [off] = [p for p in people if p != mover]
    answered(await fake.slash(off, "clans daysoff", {"days": 3}))
    await move(fake, bot, people)
    await fake.close()
    clock.advance(DAY)  # down for a day, in the middle of the days off
    bot = by_hand(await restart_bot(fake, tmp_path, now=clock))
    assert await tick(fake, bot) == []
    clock.advance(3 * DAY)  # the days off ended a day ago: at the first tick, the turn restarts whole
    assert await tick(fake, bot) == [
        f"🌅 <@{off.id}>, your days off are over: it is your turn in game #1, {due(clock() + 24 * HOUR)}."
    ]
    assert await tick(fake, bot) == []
    assert len(await stored_moves(bot, 1)) == 1
    clock.advance(24 * HOUR)  # and from then on the clock runs as it always did
    [timeout] = [t for t in await tick(fake, bot) if t.startswith("⏰")]
    assert timeout.startswith(f"⏰ <@{off.id}> ran out of time")
