"""Alexandros on the shared clock, through the real interaction path: the pace chosen in the lobby, reminders in
the channel and by DM, the autopilot playing a timed-out player's whole turn from their own hand alone, away and
back; AI turns played once by two processes on one database; and actions committed before a crash, posted once
after the restart."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from botkit import (  # every_interaction_answered: autouse, checks each test
    answered,
    bot_errors,
    custom_ids,
    due,
    embed_text,
    every_interaction_answered,  # noqa: F401
    make_bot,
    message_with,
    public_messages,
    refused,
    select_options,
    stored_moves,
    users,
)
from fakediscord import FakeDiscord, FakeUser

import engine.alexandros as alex
from bot import GameBot
from cogs.alexandros.cog import AlexandrosCog
from service.ai_pool import AiPool
from service.alexandros import AlexandrosService
from service.pace import ManualClock

SEED = 2
MINUTE = timedelta(minutes=1)
Json = dict[str, Any]


def alexandros_cog(bot: GameBot) -> AlexandrosCog:
    found = bot.get_cog("Alexandros")
    assert found is not None, "the Alexandros cog is not loaded"
    return found  # type: ignore[return-value]  # load_extension makes a fresh module, so no isinstance


async def alex_bot(
    fake: FakeDiscord, where: Path | str, clock: ManualClock | None = None, *, restart: bool = False, **kwargs: Any
) -> GameBot:
    """A started bot whose Alexandros lobbies deal from SEED, on ``clock`` (None: the system's); once its start's
    catch-up and first sweep are done, its Alexandros clock loop is stopped, so only the test's ticks act."""
    pool = kwargs.pop("ai_pool", None) or AiPool(1, niceness=0, secret=b"alexandros-test")
    bot = await make_bot(fake, where, now=clock, ai_pool=pool, **kwargs)
    bot.services["alexandros"] = AlexandrosService(
        bot.store,
        ai=bot.services["clans"].ai_pool,
        seed_source=lambda: SEED,
        now=bot.services["clans"].now,
        claims=bot.services["clans"].claims,
    )
    await (fake.restart(bot) if restart else fake.start(bot))
    cog = alexandros_cog(bot)
    cog.clock.stop()
    return bot


async def tick(fake: FakeDiscord, bot: GameBot) -> list[str]:
    """One tick of the Alexandros clock; the public texts it posted."""
    before = len(public_messages(fake))
    await alexandros_cog(bot).clock.tick()
    await alexandros_cog(bot).ai.idle()
    return [m["content"] for m in public_messages(fake)[before:]]


def mover_of(people: list[FakeUser], table_mover: int | None) -> FakeUser:
    return next(p for p in people if p.id == table_mover)


# --- the pace, reminders and the autopilot --------------------------------------------------------------------


async def test_a_paced_game_reminds_the_mover_then_the_autopilot_plays_their_turn_from_their_own_hand(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = ManualClock()
    bot = await alex_bot(fake, tmp_path, clock)
    alice, bob = users(fake, 2)
    answered(await fake.slash(alice, "alexandros new", {"pace": "live"}))
    lobby = message_with(fake, "alex:pace:")
    assert "Pace\nlive (2 min a move)" in embed_text(lobby["embeds"])  # the lobby's embed, edited in place
    answered(await fake.slash(bob, "alexandros join"))
    refused(await fake.select(bob, lobby, "alex:pace:1", ["daily"]), "Only the host can change the pace")
    changed = answered(await fake.select(alice, lobby, "alex:pace:1", ["fast"]))
    assert changed.response is not None and changed.response.callback_type == 7  # the lobby message itself
    lobby = fake.message(int(lobby["id"]))
    assert "Pace\nfast (1 h a move)" in embed_text(lobby["embeds"])
    assert [v for v in select_options(lobby, "alex:pace:1")] == ["live", "fast", "daily", "relaxed", "untimed"]
    answered(await fake.slash(alice, "alexandros start"))
    assert (await bot.services["alexandros"].record(1)).pace == "fast"

    people = [alice, bob]
    table = await bot.services["alexandros"].table(1)
    mover = mover_of(people, table.mover.user_id)
    other = next(p for p in people if p is not mover)
    turn_post = message_with(fake, "alex:panel:")
    assert turn_post["content"].endswith(f"· {due(clock() + 60 * MINUTE)}")
    assert fake.notified(mover.id)[-1] == turn_post  # the first mover is notified at the start
    status = answered(await fake.slash(other, "alexandros status")).response
    assert status is not None and f"Pace: fast (1 h a move) · {due(clock() + 60 * MINUTE)}" in status.content
    shown = answered(await fake.slash(mover, "alexandros notify", {"dm": "on"}))
    assert "Reminders by DM are **on**" in shown.text and "`/alexandros notify off`" in shown.text
    assert fake.dms(mover.id)[-1]["content"].startswith("You will get your turn reminders here.")
    hand = (await bot.services["alexandros"].hand(1, mover.id)).hand

    clock.advance(30 * MINUTE)
    pings = len(fake.notifications)
    [half] = await tick(fake, bot)
    assert half.startswith(
        f"⏳ <@{mover.id}>, half your time for your turn in Alexandros #1 is used: {due(clock() + 30 * MINUTE)}"
    )
    assert fake.notified_users(pings) == [mover.id, mover.id]  # the reminder in the channel, and its DM
    assert fake.dms(mover.id)[-1]["content"].startswith("Half your time is used in Alexandros game #1")
    clock.advance(20 * MINUTE)
    [last_call] = await tick(fake, bot)
    assert last_call.startswith(
        f"⌛ Last call, <@{mover.id}>: your turn in Alexandros #1 is {due(clock() + 10 * MINUTE)}, then the autopilot"
    )
    assert await tick(fake, bot) == []

    seen: list[alex.PrivateView] = []
    choose = bot.services["alexandros"].ai.choose

    async def watched(level: str, mine: alex.PrivateView, **kwargs: Any) -> str:
        seen.append(mine)
        return await choose(level, mine, **kwargs)

    monkeypatch.setattr(bot.services["alexandros"].ai, "choose", watched)
    clock.advance(10 * MINUTE)
    pings = len(fake.notifications)
    posted = await tick(fake, bot)
    [timeout] = [text for text in posted if "ran out of time" in text]
    assert fake.notified_users(pings) == [other.id]  # after the autopilot's turn, the next player is told
    assert timeout.startswith(f"⏰ <@{mover.id}> ran out of time; the autopilot played their turn.")
    assert f"<@{other.id}>, your turn in Alexandros #1." in timeout and timeout.endswith(
        f"· {due(clock() + 60 * MINUTE)}"
    )
    log = await stored_moves(bot, 1)
    assert log and {(m.seat, m.user_id) for m in log} == {(table.mover.seat, None)}  # a whole turn, no one else's
    assert isinstance(alex.parse_action(log[0].action), alex.MoveAlexander) and len(log) >= 2  # move, then actions
    after = await bot.services["alexandros"].table(1)
    assert after.mover.user_id == other.id and after.record.seats[table.mover.seat].timeouts == 1
    # The autopilot saw the mover's own view alone: their seat, their hand (as it was when it began).
    assert len(seen) == len(log) and {view.seat for view in seen} == {table.mover.seat}
    assert seen[0].hand == hand
    assert all("Your hand" not in m["content"] for m in public_messages(fake))
    assert await tick(fake, bot) == []  # the timeout is done once; the next turn's clock is fresh
    assert not bot_errors(fake)


@pytest.mark.parametrize("late", [timedelta(0), timedelta(seconds=1), MINUTE])
async def test_late_ticks_still_remind_once_and_in_order_and_a_missed_last_call_is_said(
    fake: FakeDiscord, tmp_path: Path, late: timedelta
) -> None:
    """The shared clock's rule in Alexandros (service/deadlines.py): each reminder of a fast turn comes once, in
    order, with its tick on time or late; the next turn, whose ticks all come only after its deadline, is played by
    the autopilot with a word that no last call reached its player."""
    clock = ManualClock()
    bot = await alex_bot(fake, tmp_path, clock)
    alice, bob = users(fake, 2)
    answered(await fake.slash(alice, "alexandros new", {"pace": "fast"}))
    answered(await fake.slash(bob, "alexandros join"))
    answered(await fake.slash(alice, "alexandros start"))
    begun = clock()
    posted: list[str] = []
    for at in (30 * MINUTE, 50 * MINUTE, 60 * MINUTE):
        clock.advance(begun + at + late - clock())
        posted += await tick(fake, bot)
        posted += await tick(fake, bot)  # a second tick at the same moment says nothing more
    marks = [text[:1] for text in posted if text[:1] in "⏳⌛⏰"]
    assert marks == ["⏳", "⌛", "⏰"]
    [timeout] = [text for text in posted if text.startswith("⏰")]
    assert "No last call" not in timeout
    clock.advance(61 * MINUTE)  # the next turn: nobody ticked until after its deadline
    [timeout] = [text for text in await tick(fake, bot) if text[:1] in "⏳⌛⏰"]
    assert timeout.startswith("⏰") and "No last call could reach them before the deadline." in timeout


async def test_three_timeouts_make_a_player_away_and_any_alexandros_command_brings_them_back(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    clock = ManualClock()
    bot = await alex_bot(fake, tmp_path, clock)
    alice, bob = users(fake, 2)
    answered(await fake.slash(alice, "alexandros new", {"pace": "live"}))
    answered(await fake.slash(bob, "alexandros join"))
    answered(await fake.slash(alice, "alexandros start"))
    first = (await bot.services["alexandros"].table(1)).mover
    texts: list[str] = []
    for _ in range(6):  # both players sleep: every turn times out (2 min a move)
        clock.advance(2 * MINUTE)
        texts += [t for t in await tick(fake, bot) if "autopilot" in t]
    assert sum("is now **away**" in t for t in texts) == 2  # each at their third timeout in a row
    seat = (await bot.services["alexandros"].table(1)).record.seats[first.seat]
    assert seat.away and seat.timeouts == 3
    assert await tick(fake, bot) != []  # away: the autopilot plays at once, no waiting for the deadline
    user = alice if first.user_id == alice.id else bob
    before = len(public_messages(fake))
    answered(await fake.slash(user, "alexandros status"))
    assert [m["content"] for m in public_messages(fake)[before:]] == [
        f"👋 <@{user.id}> is back: the autopilot no longer plays for them."
    ]
    seat = (await bot.services["alexandros"].table(1)).record.seats[first.seat]
    assert not seat.away and seat.timeouts == 0


async def test_an_away_player_who_opens_their_turn_panel_is_back(fake: FakeDiscord, tmp_path: Path) -> None:
    clock = ManualClock()
    bot = await alex_bot(fake, tmp_path, clock)
    alice, bob = users(fake, 2)
    answered(await fake.slash(alice, "alexandros new", {"pace": "live"}))
    answered(await fake.slash(bob, "alexandros join"))
    answered(await fake.slash(alice, "alexandros start"))
    for _ in range(6):  # both players sleep: each times out three times in a row and is away
        clock.advance(2 * MINUTE)
        await tick(fake, bot)
    table = await bot.services["alexandros"].table(1)
    assert all(seat.away for seat in table.record.seats)
    mover = alice if table.mover.user_id == alice.id else bob
    post = message_with(fake, "alex:panel:1:")
    [panel_id] = [cid for cid in custom_ids(post) if cid.startswith("alex:panel:1:")]
    before = len(public_messages(fake))
    clicked = answered(await fake.click(mover, post, panel_id))
    assert clicked.response is not None and clicked.response.ephemeral  # their own panel opened
    assert [m["content"] for m in public_messages(fake)[before:]] == [
        f"👋 <@{mover.id}> is back: the autopilot no longer plays for them."
    ]
    seat = (await bot.services["alexandros"].table(1)).record.seats[table.mover.seat]
    assert not seat.away and seat.timeouts == 0


# --- AI turns in two processes ---------------------------------------------------------------------------------


@pytest.fixture
async def two_bots(fake: FakeDiscord, database_target: str) -> AsyncIterator[list[GameBot]]:
    """Two started bots on one database (each its own pool, AI workers, claims holder and clock)."""
    bots = [await alex_bot(fake, database_target) for _ in range(2)]
    try:
        yield bots
    finally:
        for bot in bots:
            if not bot.is_closed():
                await bot.close()


async def test_an_alexandros_ai_turn_found_by_both_processes_is_played_once(
    fake: FakeDiscord, two_bots: list[GameBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = two_bots
    alice = fake.user(101, "alice")
    service = first.services[
        "alexandros"
    ]  # committed by the service alone: as if the process that took it died at once
    game = await service.open_lobby(fake.channel.guild_id, fake.channel.id, alice.id, "alice", "untimed")
    await service.add_ai(game.id, alice.id, "easy")
    table = await service.start(game.id, alice.id)
    while not table.ai_to_act:
        legal = (await service.hand(game.id, alice.id)).legal
        table = (await service.act(game.id, alice.id, next(a for a in legal if not a.startswith("resign")))).table
    human_plies = table.record.snapshot_ply
    asked: list[list[int]] = []
    for bot in two_bots:
        calls: list[int] = []
        asked.append(calls)
        choose = bot.services["alexandros"].ai.choose

        async def counted(*args: Any, calls: list[int] = calls, choose: Any = choose, **kwargs: Any) -> str:
            calls.append(kwargs["game_id"])
            return str(await choose(*args, **kwargs))

        monkeypatch.setattr(bot.services["alexandros"].ai, "choose", counted)

    # Each process starts its AI run only once both sweeps have looked (on a busy machine the first could claim
    # the turn before the second's sweep reads, which then rightly finds nothing due).
    held: list[tuple[Any, int]] = []
    with pytest.MonkeyPatch.context() as holding:
        for bot in two_bots:
            turns = alexandros_cog(bot).sweep.turns
            holding.setattr(turns, "schedule", lambda game_id, start=turns.schedule: held.append((start, game_id)))
        found = await asyncio.gather(*(alexandros_cog(bot).sweep.run_once() for bot in two_bots))
    assert found == [[game.id], [game.id]]  # both saw it due; each process's claim races the other's
    for start, game_id in held:
        start(game_id)
    await asyncio.gather(*(alexandros_cog(bot).ai.idle() for bot in two_bots))
    log = await stored_moves(second, game.id)
    ai_actions = [m for m in log[human_plies:]]
    assert ai_actions and all(m.user_id is None for m in ai_actions)
    assert len(asked[0]) + len(asked[1]) == len(ai_actions)  # every action decided once, by one process
    after = await second.services["alexandros"].table(game.id)
    assert after.mover.user_id == alice.id
    turn_posts = [m for m in public_messages(fake) if any(c.startswith("alex:panel:") for c in custom_ids(m))]
    assert turn_posts and f"<@{alice.id}>" in turn_posts[-1]["content"]
    assert (await second.services["alexandros"].record(game.id)).announced_ply == after.record.snapshot_ply
    assert await first.store.claim_holder(game.id, "ai") is None  # released after the turn
    assert [await alexandros_cog(bot).sweep.run_once() for bot in two_bots] == [[], []]
    assert (
        await first.services["clans"].claims.due_ai_games(game="clans") == []
    )  # Clans' sweep never sees an Alexandros game
    assert not bot_errors(fake)


# --- catch-up after a crash --------------------------------------------------------------------------------------


async def test_a_turn_committed_before_a_crash_is_posted_once_after_the_restart(
    fake: FakeDiscord, database_target: str
) -> None:
    bot = await alex_bot(fake, database_target)
    alice, bob = users(fake, 2)
    answered(await fake.slash(alice, "alexandros new", {"pace": "untimed"}))
    answered(await fake.slash(bob, "alexandros join"))
    answered(await fake.slash(alice, "alexandros start"))
    table = await bot.services["alexandros"].table(1)
    mover = mover_of([alice, bob], table.mover.user_id)
    other = bob if mover is alice else alice
    service = bot.services["alexandros"]  # the mover's actions are committed, the process dies before posting anything
    first = (await service.hand(1, mover.id)).legal[0]
    await service.act(1, mover.id, first)
    before = len(public_messages(fake))
    bot = await alex_bot(fake, database_target, restart=True)
    assert len(public_messages(fake)) == before  # mid-turn: nothing was due a post, the panel goes on
    service = bot.services["alexandros"]
    while (await service.table(1)).mover.user_id == mover.id:
        legal = (await service.hand(1, mover.id)).legal
        await service.act(1, mover.id, next(a for a in legal if not a.startswith("resign")))
    done = (await service.table(1)).record.snapshot_ply
    bot = await alex_bot(fake, database_target, restart=True)
    [caught_up] = public_messages(fake)[before:]
    assert caught_up["content"].startswith("📣 Catching up: these actions were played but not announced")
    assert f"<@{other.id}>, your turn in Alexandros #1." in caught_up["content"]
    assert caught_up["content"].count("\n") >= done  # the notice, then each action of the turn
    assert any(c.startswith(f"alex:panel:1:{done}") for c in custom_ids(caught_up))
    bot = await alex_bot(fake, database_target, restart=True)
    assert len(public_messages(fake)) == before + 1  # announced once: the next restart posts nothing
    await alexandros_cog(bot).clock.catch_up(immediate=True)
    assert len(public_messages(fake)) == before + 1
    assert not bot_errors(fake)
