"""Turn clocks through the real command tree, with an injected clock: paces, reminders, the autopilot on timeout,
away seats and coming back, restarts, races, and moves committed but never announced."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path

from botkit import (  # every_interaction_answered: autouse, checks each test
    ORDER_SEED,
    answered,
    cog,
    custom_ids,
    due,
    embed_text,
    every_interaction_answered,  # noqa: F401
    message_with,
    peek,
    play_turn,
    public_messages,
    raw_component,
    reach_order,
    refused,
    restart_bot,
    start_bot,
    stored_moves,
    users,
)
from fakediscord import FakeDiscord, FakeUser, InteractionResult

from bot import GameBot
from engine.clans import Phase, legal_moves
from service.pace import ManualClock

HOUR = timedelta(hours=1)
SECOND = timedelta(seconds=1)
MINUTE = timedelta(minutes=1)


async def timed_game(
    fake: FakeDiscord, tmp_path: Path, pace: str = "daily", count: int = 2, seed: int = 41
) -> tuple[GameBot, ManualClock, list[FakeUser]]:
    """A started game between ``count`` humans at ``pace``, on a clock that only moves when told to."""
    clock = ManualClock()
    bot = by_hand(await start_bot(fake, tmp_path, seeds=[seed], now=clock))
    people = users(fake, count)
    answered(await fake.slash(people[0], "clans new", {"pace": pace}))
    for person in people[1:]:
        answered(await fake.slash(person, "clans join"))
    answered(await fake.slash(people[0], "clans start"))
    return bot, clock, people


def by_hand(bot: GameBot) -> GameBot:
    """Stop the scheduler's background loop: the test drives every tick itself, so nothing runs in between."""
    cog(bot).clock.stop()
    return bot


async def tick(fake: FakeDiscord, bot: GameBot) -> list[str]:
    """One scheduler tick; the public texts it posted."""
    before = len(public_messages(fake))
    await cog(bot).clock.tick()
    return [m["content"] for m in public_messages(fake)[before:]]


async def mover_of(bot: GameBot, people: list[FakeUser], game_id: int = 1) -> FakeUser:
    table = await peek(bot, game_id)
    return next(p for p in people if p.id == table.mover.user_id)


async def move_by_slash(fake: FakeDiscord, bot: GameBot, people: list[FakeUser]) -> None:
    table = await peek(bot, 1)
    move = next(m for m in legal_moves(table.state) if not m.is_village_choice)
    mover = await mover_of(bot, people)
    answered(await fake.slash(mover, "clans move", {"from": move.src, "to": move.dst}))


# --- paces ------------------------------------------------------------------------------------------------


async def test_the_pace_is_chosen_with_new_and_changed_by_the_host_in_the_lobby(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    clock = ManualClock()
    await start_bot(fake, tmp_path, now=clock)
    alice, bob = users(fake, 2)
    answered(await fake.slash(alice, "clans new", {"pace": "fast"}))
    lobby = message_with(fake, "clans:pace:")
    assert "Pace\nfast (1 h a move)" in embed_text(lobby["embeds"])
    answered(await fake.slash(bob, "clans join"))
    refused(await fake.select(bob, lobby, "clans:pace:1", ["live"]), "Only the host can change the pace")
    changed = answered(await fake.select(alice, lobby, "clans:pace:1", ["relaxed"]))
    assert changed.response is not None and changed.response.callback_type == 7  # the lobby message itself
    lobby = fake.message(int(lobby["id"]))
    assert "Pace\nrelaxed (72 h a move)" in embed_text(lobby["embeds"])
    [select] = [c for c in lobby["components"][1]["components"] if c["custom_id"] == "clans:pace:1"]
    assert [o["value"] for o in select["options"] if o.get("default")] == ["relaxed"]
    answered(await fake.slash(alice, "clans start"))
    refused(await raw_component(fake, alice, lobby, "clans:pace:1", ["live"]), "That game has already started")
    status = answered(await fake.slash(bob, "clans status")).response
    assert status is not None and f"Pace: relaxed (72 h a move) · {due(clock() + 72 * HOUR)}" in embed_text(
        status.embeds
    )


async def test_the_turn_ping_and_status_show_the_time_left(fake: FakeDiscord, tmp_path: Path) -> None:
    bot, clock, people = await timed_game(fake, tmp_path)
    start = next(m for m in public_messages(fake) if "has started" in m["content"])
    assert start["content"].endswith(
        f"moves first: press **Play my turn** (or type `/clans move from to`) · {due(clock() + 24 * HOUR)}."
    )
    # Each reader's client shows the deadline in their own time zone and language: "in 24 hours".
    assert f"<t:{round((clock() + 24 * HOUR).timestamp())}:R>" in start["content"]
    clock.advance(3 * HOUR)
    status = answered(await fake.slash(people[0], "clans status")).response
    assert status is not None and f"Pace: daily (24 h a move) · {due(clock() + 21 * HOUR)}" in embed_text(status.embeds)
    await move_by_slash(fake, bot, people)
    assert public_messages(fake)[-1]["content"].endswith(f", your move · {due(clock() + 24 * HOUR)}.")


async def test_an_untimed_game_never_reminds_nor_times_out(fake: FakeDiscord, tmp_path: Path) -> None:
    bot, clock, people = await timed_game(fake, tmp_path, pace="untimed")
    clock.advance(1000 * HOUR)
    assert await tick(fake, bot) == []
    status = answered(await fake.slash(people[1], "clans status")).response
    assert status is not None and "Pace: untimed (no clock)" in embed_text(status.embeds)
    await move_by_slash(fake, bot, people)
    assert public_messages(fake)[-1]["content"].endswith(", your move.")
    assert await tick(fake, bot) == [] and len(await stored_moves(bot, 1)) == 1


# --- reminders --------------------------------------------------------------------------------------------


async def test_one_reminder_at_half_time_and_one_last_call(fake: FakeDiscord, tmp_path: Path) -> None:
    bot, clock, people = await timed_game(fake, tmp_path)
    mover = await mover_of(bot, people)
    clock.advance(11 * HOUR)
    assert await tick(fake, bot) == []
    clock.advance(HOUR)
    pings = len(fake.notifications)
    assert await tick(fake, bot) == [
        f"⏳ <@{mover.id}>, half your time for this move in game #1 is used: {due(clock() + 12 * HOUR)}."
    ]
    assert fake.notified_users(pings) == [mover.id]  # a reminder is a new message: it notifies
    assert await tick(fake, bot) == [] and await tick(fake, bot) == []
    clock.advance(10 * HOUR)
    pings = len(fake.notifications)
    [last_call] = await tick(fake, bot)
    assert last_call.startswith(
        f"⌛ Last call, <@{mover.id}>: your move in game #1 is {due(clock() + 2 * HOUR)}, then the autopilot"
    )
    assert fake.notified_users(pings) == [mover.id]
    clock.advance(HOUR)
    assert await tick(fake, bot) == []
    assert fake.dms(mover.id)[1:] == []  # only the clan DM: reminders by DM are off by default
    assert len(await stored_moves(bot, 1)) == 0


async def test_a_late_tick_sends_only_the_last_call(fake: FakeDiscord, tmp_path: Path) -> None:
    bot, clock, _ = await timed_game(fake, tmp_path, pace="fast")
    clock.advance(timedelta(minutes=55))  # the half-time reminder was missed (the bot was busy or down)
    [text] = await tick(fake, bot)
    assert text.startswith("⌛ Last call") and due(clock() + 5 * MINUTE) in text
    assert await tick(fake, bot) == []


async def test_live_games_only_get_the_last_call(fake: FakeDiscord, tmp_path: Path) -> None:
    bot, clock, people = await timed_game(fake, tmp_path, pace="live")
    mover = await mover_of(bot, people)
    clock.advance(timedelta(seconds=60))
    assert await tick(fake, bot) == []
    clock.advance(timedelta(seconds=30))
    [text] = await tick(fake, bot)
    assert text.startswith(f"⌛ Last call, <@{mover.id}>: your move in game #1 is {due(clock() + 30 * SECOND)}")
    clock.advance(timedelta(seconds=29))
    assert await tick(fake, bot) == []
    clock.advance(timedelta(seconds=1))
    [timeout] = await tick(fake, bot)
    assert timeout.startswith(f"⏰ <@{mover.id}> ran out of time; autopilot moved ")


async def test_notify_on_sends_reminders_by_dm_too_and_off_stops_them(fake: FakeDiscord, tmp_path: Path) -> None:
    bot, clock, people = await timed_game(fake, tmp_path)
    mover = await mover_of(bot, people)
    shown = answered(await fake.slash(mover, "clans notify", {"dm": "on"}))
    assert [s.ephemeral for s in shown.followups] == [True] and "Reminders by DM are **on**" in shown.text
    assert fake.dms(mover.id)[-1]["content"].startswith("You will get your Clans turn reminders here")
    clock.advance(12 * HOUR)
    await tick(fake, bot)
    assert (
        fake.dms(mover.id)[-1]["content"]
        == f"Half your time is used in Clans game #1 (<#{fake.channel.id}>): it is your move, "
        f"{due(clock() + 12 * HOUR)}."
    )
    off = answered(await fake.slash(mover, "clans notify", {"dm": "off"})).response
    assert off is not None and off.ephemeral and "Reminders by DM are **off**" in off.content
    dms = len(fake.dms(mover.id))
    clock.advance(10 * HOUR)
    [last_call] = await tick(fake, bot)
    assert last_call.startswith(f"⌛ Last call, <@{mover.id}>")
    assert len(fake.dms(mover.id)) == dms


async def test_notify_on_with_closed_dms_says_so(fake: FakeDiscord, tmp_path: Path) -> None:
    bot, _, people = await timed_game(fake, tmp_path)
    fake.close_dms(people[1].id)
    shown = answered(await fake.slash(people[1], "clans notify", {"dm": "on"}))
    assert all(s.ephemeral for s in shown.followups)
    assert "I cannot DM you: your direct messages are closed" in shown.text
    assert await bot.store.wants_dm(people[1].id)


# --- timeouts ---------------------------------------------------------------------------------------------


async def test_a_timeout_plays_exactly_one_autopilot_move(fake: FakeDiscord, tmp_path: Path) -> None:
    bot, clock, people = await timed_game(fake, tmp_path)
    mover = await mover_of(bot, people)
    clock.advance(24 * HOUR)
    pings = len(fake.notifications)
    texts = await tick(fake, bot)
    assert len(texts) == 1 and texts[0].startswith(f"⏰ <@{mover.id}> ran out of time; autopilot moved ")
    assert texts[0].endswith(f", your move · {due(clock() + 24 * HOUR)}.")
    [next_up] = [p for p in people if p != mover]
    assert fake.notified_users(pings) == [next_up.id]  # after the autopilot's move, the next player is told
    [move] = await stored_moves(bot, 1)
    assert move.user_id is None and move.seat == 0 and f"{move.action.replace('-', ' → ')}." in texts[0]
    assert await tick(fake, bot) == [] and len(await stored_moves(bot, 1)) == 1
    table = await peek(bot, 1)
    assert table.record.seats[0].timeouts == 1 and not table.record.seats[0].away
    assert table.mover.user_id != mover.id and table.record.deadline_at == clock() + 24 * HOUR


async def test_the_autopilot_also_chooses_a_village_order_still_owed(fake: FakeDiscord, tmp_path: Path) -> None:
    bot, clock, people = await timed_game(fake, tmp_path, seed=ORDER_SEED)
    mover = await reach_order(fake, bot, {p.id: p for p in people})
    owed = len((await peek(bot, 1)).state.pending)
    before = len(await stored_moves(bot, 1))
    clock.advance(24 * HOUR)  # the mover's clock started with their turn, not with the village choice
    [text] = await tick(fake, bot)
    assert text.startswith(f"⏰ <@{mover.id}> ran out of time; autopilot chose the village at ")
    moves = (await stored_moves(bot, 1))[before:]
    assert [m.action[0] for m in moves] == ["v"] * (owed - 1) and all(m.user_id is None for m in moves)
    table = await peek(bot, 1)
    assert table.state.phase is Phase.MOVE and table.mover.user_id != mover.id
    assert "founded the village at" in embed_text(public_messages(fake)[-1]["embeds"])


async def test_three_timeouts_make_the_seat_away_until_a_command(fake: FakeDiscord, tmp_path: Path) -> None:
    bot, clock, people = await timed_game(fake, tmp_path, pace="fast")
    alice, bob = people
    for _ in range(3):
        assert (await mover_of(bot, people)) == alice
        clock.advance(HOUR)
        [text] = await tick(fake, bot)
        await move_by_slash(fake, bot, people)  # bob answers in time
    assert "is now **away**" in text and "I'm back" in text
    assert custom_ids(public_messages(fake)[-2]) == ["clans:back:1", "clans:turn:1", "clans:myclan:1"]
    # Away: alice's turns are played at once, without waiting for her clock.
    await tick(fake, bot)
    table = await peek(bot, 1)
    assert table.mover.user_id == bob.id and table.record.seats[0].away
    assert public_messages(fake)[-1]["content"].startswith("⏰ <@101> is away; autopilot moved ")
    answered(await fake.slash(alice, "clans status"))  # any /clans command here brings her back
    assert public_messages(fake)[-1]["content"] == "👋 <@101> is back: the autopilot no longer plays for them."
    table = await peek(bot, 1)
    assert not table.record.seats[0].away and table.record.seats[0].timeouts == 0
    await move_by_slash(fake, bot, people)
    assert await tick(fake, bot) == [] and (await mover_of(bot, people)) == alice  # her clock runs normally again


async def test_the_i_am_back_button(fake: FakeDiscord, tmp_path: Path) -> None:
    bot, clock, people = await timed_game(fake, tmp_path, pace="live")
    alice, bob = people
    for _ in range(3):
        clock.advance(timedelta(minutes=2))
        await tick(fake, bot)
        await move_by_slash(fake, bot, people)
    await tick(fake, bot)  # alice is away: played at once
    notice = message_with(fake, "clans:back:")
    refused(await fake.click(bob, notice, "clans:back:1"), "You are not away in this game")
    back = answered(await fake.click(alice, notice, "clans:back:1"))
    assert back.response is not None and back.response.ephemeral and "Welcome back" in back.response.content
    assert public_messages(fake)[-1]["content"] == "👋 <@101> is back: the autopilot no longer plays for them."
    assert not (await peek(bot, 1)).record.seats[0].away


async def test_a_timeout_due_while_the_bot_was_down_is_played_once_after_the_restart(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    _, clock, _ = await timed_game(fake, tmp_path)
    await fake.close()
    clock.advance(30 * HOUR)  # half time, last call and deadline all passed while the bot was down
    new_bot = by_hand(await restart_bot(fake, tmp_path, now=clock))
    await tick(fake, new_bot)
    await tick(fake, new_bot)
    assert len(await stored_moves(new_bot, 1)) == 1
    texts = [m["content"] for m in public_messages(fake)]
    assert sum("ran out of time" in t for t in texts) == 1
    assert not any("half your time" in t or "Last call" in t for t in texts)


async def test_a_human_move_and_a_timeout_racing_apply_once(fake: FakeDiscord, tmp_path: Path) -> None:
    bot, clock, people = await timed_game(fake, tmp_path)
    alice, bob = people
    deadlines = cog(bot).deadlines

    async def mover_moves(game_id: int, mover: FakeUser) -> InteractionResult:
        """The mover sends the first legal move of the position the turn began with."""
        table = await peek(bot, game_id)
        move = legal_moves(table.state)[0]
        channel = fake.channels[table.record.channel_id]
        return await fake.slash(mover, "clans move", {"from": move.src, "to": move.dst}, channel=channel)

    # The human's move lands after the timeout was found due, before it is handled: the timeout stands down.
    clock.advance(24 * HOUR)
    [due] = await deadlines.due()
    answered(await mover_moves(1, alice))
    assert await deadlines.handle(due) is None
    assert [m.user_id for m in await stored_moves(bot, 1)] == [alice.id]

    for channel_id in (931, 932):
        channel = fake.text_channel(channel_id)
        answered(await fake.slash(alice, "clans new", channel=channel))
        answered(await fake.slash(bob, "clans join", channel=channel))
        answered(await fake.slash(alice, "clans start", channel=channel))
    movers = {game_id: await mover_of(bot, people, game_id) for game_id in (2, 3)}
    clock.advance(24 * HOUR)
    due_turns = {d.game_id: d for d in await deadlines.due()}
    assert set(due_turns) == {1, 2, 3}  # game 1: bob's turn is due too now

    # The autopilot moves first: the human's move, sent for the same turn, is refused.
    stale = await peek(bot, 2)
    assert await deadlines.handle(due_turns[2]) is not None
    move = legal_moves(stale.state)[0]
    refused(await fake.slash(movers[2], "clans move", {"from": move.src, "to": move.dst}, channel=fake.channels[931]))
    assert [m.user_id for m in await stored_moves(bot, 2)] == [None]

    # Truly at once: whichever wins, exactly one move is applied at that turn.
    human, timeout = await asyncio.gather(mover_moves(3, movers[3]), deadlines.handle(due_turns[3]))
    moves = await stored_moves(bot, 3)
    assert len(moves) == 1
    assert (moves[0].user_id is None) == (timeout is not None)
    if timeout is not None:
        refused(human)
    await cog(bot).clock.tick()
    assert len(await stored_moves(bot, 3)) == 1


async def test_an_away_player_at_the_end_cannot_win_and_is_ranked_last(fake: FakeDiscord, tmp_path: Path) -> None:
    bot, clock, people = await timed_game(fake, tmp_path, pace="live", seed=43)
    sleeper = await mover_of(bot, people)
    [awake] = [p for p in people if p != sleeper]
    cog(bot).deadlines.level = "easy"  # the autopilot plays most of this game: the quick AI keeps the test short
    for _ in range(3):
        clock.advance(timedelta(minutes=2))
        await cog(bot).clock.tick()
        await move_by_slash(fake, bot, people)
    for _ in range(400):
        table = await peek(bot, 1)
        if table.state.over:
            break
        if table.mover.user_id == sleeper.id:
            await cog(bot).clock.tick()  # away: due at once
        else:
            await play_turn(fake, bot, 1, {awake.id: awake})
    table = await peek(bot, 1)
    assert table.state.over and table.seat_of(sleeper.id).away  # type: ignore[union-attr]
    results = {r.user_id: r for r in await bot.store.results(1)}
    assert results[sleeper.id].away and not results[sleeper.id].winner  # whatever the totals
    assert results[awake.id].winner and not results[awake.id].away
    ratings = {p.id: await bot.store.rating(fake.guild_id, p.id, game="clans") for p in people}
    assert ratings[awake.id].mu > ratings[sleeper.id].mu  # type: ignore[union-attr]
    [final] = [m for m in public_messages(fake) if "Game over!" in m["content"]]
    shown = embed_text(final["embeds"])
    assert f"🏆 <@{awake.id}> wins!" in shown
    assert shown.index(f"{awake.name} 🏆") < shown.index(f"{sleeper.name} (away at the end: cannot win, ranked last)")


# --- announcements ----------------------------------------------------------------------------------------


async def test_moves_committed_but_not_announced_are_announced_once_after_a_restart(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    bot, clock, _ = await timed_game(fake, tmp_path)
    for _ in range(2):  # committed, then the bot dies before posting (as in kill -9)
        table = await peek(bot, 1)
        await bot.services["clans"].play(
            1, table.mover.user_id, legal_moves(table.state)[0], expected_ply=table.state.ply
        )
    await fake.close()
    before = len(public_messages(fake))
    new_bot = by_hand(await restart_bot(fake, tmp_path, now=clock))
    [caught_up] = public_messages(fake)[before:]
    assert caught_up["content"].startswith("📣 Catching up")
    assert caught_up["content"].endswith(f"<@101>, your move · {due((await peek(new_bot, 1)).record.deadline_at)}.")
    assert fake.notified(101)[-1] == caught_up
    titles = embed_text(caught_up["embeds"])
    assert titles.index("alice moved") < titles.index("bob moved")  # both, in order, in one message
    assert (await new_bot.services["clans"].record(1)).announced_ply == 2
    await fake.close()
    again = by_hand(await restart_bot(fake, tmp_path, now=clock))
    await cog(again).clock.tick()
    assert len(public_messages(fake)) == before + 1


async def test_a_failed_announcement_is_posted_by_a_later_tick(fake: FakeDiscord, tmp_path: Path) -> None:
    bot, clock, _ = await timed_game(fake, tmp_path)
    table = await peek(bot, 1)
    await bot.services["clans"].play(1, table.mover.user_id, legal_moves(table.state)[0], expected_ply=table.state.ply)
    assert await tick(fake, bot) == []  # first seen: it may still be on its way
    clock.advance(timedelta(seconds=29))
    assert await tick(fake, bot) == []
    clock.advance(timedelta(seconds=1))
    [late] = await tick(fake, bot)
    assert late.startswith("📣 Catching up")
    assert await tick(fake, bot) == []


async def test_the_background_loop_acts_when_woken(fake: FakeDiscord, tmp_path: Path) -> None:
    """The one scheduler task: woken when a deadline changes, it finds what is due without a test's tick."""
    clock = ManualClock()
    bot = await start_bot(fake, tmp_path, seeds=[41], now=clock)
    alice, bob = users(fake, 2)
    answered(await fake.slash(alice, "clans new", {"pace": "fast"}))
    answered(await fake.slash(bob, "clans join"))
    answered(await fake.slash(alice, "clans start"))
    clock.advance(HOUR)
    cog(bot).clock.wake()
    await fake.wait_until(lambda: any("ran out of time" in m["content"] for m in public_messages(fake)))
    assert len(await stored_moves(bot, 1)) == 1
