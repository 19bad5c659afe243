"""Two bot processes on one PostgreSQL database: two independent bot/service/store stacks in one test (each its
own database pool, AI workers, claims holder, shards and turn scheduler), one fake Discord. An action applies
once, an AI turn is played once, a due reminder or timeout fires once, and a process that dies holding an AI
turn or a timeout leaves it to the other once its lease runs out."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Coroutine
from datetime import timedelta
from typing import Any

import pytest
from botkit import (
    answered,
    bot_errors,
    by_id,
    cog,
    embed_text,
    every_interaction_answered,  # noqa: F401
    make_bot,
    message_with,
    open_game,
    peek,
    public_messages,
    refused_meanwhile,  # every_interaction_answered: autouse, checks each test
    stored_moves,
    users,
)
from discord.ext import commands
from fakediscord import HANG_GUARD_S, FakeDiscord, FakeUser, InteractionResult

from bot import GameBot
from engine.clans import legal_moves
from service.ai_pool import AiPool
from service.claims import DEFAULT_LEASE_S
from service.pace import CLAIM_LEASE, ManualClock
from tests.pool_faults import hang

SEED = 33
"""The lobby seed: with alice and a normal AI, alice moves first."""
NEVER_S = 3600.0
"""Long enough never to end in a test."""


class Clock:
    """The injected clock both stacks read their leases from (seconds since the epoch)."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def two_bots(fake: FakeDiscord, postgres_target: str, clock: Clock) -> AsyncIterator[list[GameBot]]:
    """Two started bots on one PostgreSQL schema, running shards 0-3 and 4-7 of eight."""
    bots = []
    for shards in ((0, 1, 2, 3), (4, 5, 6, 7)):
        bot = await make_bot(fake, postgres_target, [SEED], clock=clock, shard_count=8, shard_ids=shards)
        await fake.start(bot)
        bots.append(bot)
    fake.bot = bots[0]
    try:
        yield bots
    finally:
        for bot in bots:
            if not bot.is_closed():
                await bot.close()


def on(fake: FakeDiscord, bot: GameBot) -> FakeDiscord:
    """Deliver the next interaction to ``bot``'s process."""
    fake.bot = bot
    return fake


async def until(condition: Callable[[], Coroutine[Any, Any, bool]]) -> None:
    """Poll ``condition`` until it holds, or fail at the hang guard (never a deadline a loaded machine misses)."""
    deadline = asyncio.get_running_loop().time() + HANG_GUARD_S
    while not await condition():
        assert asyncio.get_running_loop().time() < deadline, "the condition never held"
        await asyncio.sleep(0.005)


async def test_each_process_runs_its_own_shards(fake: FakeDiscord, two_bots: list[GameBot]) -> None:
    first, second = two_bots
    assert all(isinstance(bot, commands.AutoShardedBot) for bot in two_bots)
    assert (first.shard_count, first.shard_ids, second.shard_ids) == (8, [0, 1, 2, 3], [4, 5, 6, 7])
    alice, bob = users(fake, 2)
    answered(await on(fake, first).slash(alice, "clans new"))
    lobby = message_with(fake, "clans:join:")
    joined = answered(await on(fake, second).slash(bob, "clans join"))  # the lobby is in the shared database
    assert "You joined game #1." in joined.text
    # The second process edited the lobby message the first posted: any process can post or edit anywhere.
    assert "<@102>" in embed_text(fake.message(int(lobby["id"]))["embeds"])
    started = answered(await on(fake, first).slash(alice, "clans start"))
    assert any("has started" in p.content for p in started.posts)


async def test_fifty_identical_moves_split_between_two_processes_apply_once(
    fake: FakeDiscord, two_bots: list[GameBot]
) -> None:
    alice, bob = users(fake, 2)
    await open_game(fake, [alice, bob])
    table = await peek(two_bots[0], 1)
    mover = by_id(alice, bob)[table.mover.user_id]  # type: ignore[index]
    move = legal_moves(table.state)[0]
    before = len(public_messages(fake))
    results: list[InteractionResult] = []
    for n in range(50):  # all in flight at once, alternately in each process
        options = {"from": move.src, "to": move.dst}
        results.append(await on(fake, two_bots[n % 2]).slash(mover, "clans move", options, settle=False))
    await fake.settle()
    for result in results:
        result.last_call = len(fake.calls)
    assert [m.action for m in await stored_moves(two_bots[1], 1)] == [move.text]
    assert len(public_messages(fake)) == before + 1  # one announcement, no stray "thinking…" left behind
    # The move is posted in the channel; its own interaction's private "thinking…" is then removed.
    applied = [r for r in results if r.response is not None and r.response.callback_type == 5 and not r.followups]
    assert len(applied) == 1 and any(c.method == "DELETE" for c in applied[0].calls)
    for result in results:
        if result is not applied[0]:  # told so, only to them, whether it read the game before the commit or after
            refused_meanwhile(result, f"Your move {move.src} → {move.dst} was already played.")
    assert not bot_errors(fake)


async def open_ai_game(fake: FakeDiscord, bot: GameBot) -> int:
    """A game of alice and a normal AI (SEED: alice moves first); alice's move is committed without any
    process being told, as when the process that took it died at once. Returns the ply the AI's move will have."""
    [alice] = users(fake, 1)
    await open_game(on(fake, bot), [alice], ai=["normal"])
    table = await peek(bot, 1)
    assert table.mover.user_id == alice.id
    await bot.services["clans"].play(1, alice.id, legal_moves(table.state)[0], expected_ply=table.state.ply)
    return table.state.ply + 2


def ai_announcements(fake: FakeDiscord) -> list[dict[str, Any]]:
    return [m for m in public_messages(fake) if m["embeds"] and "AI (normal) moved" in m["embeds"][0]["title"]]


def count_decisions(bot: GameBot, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times the bot's AI workers were asked for a move (a list of game ids, one per request)."""
    asked: list[int] = []
    choose = bot.services["clans"].ai.choose

    async def counted(*args: Any, **kwargs: Any) -> Any:
        asked.append(kwargs["game_id"])
        return await choose(*args, **kwargs)

    monkeypatch.setattr(bot.services["clans"].ai, "choose", counted)
    return asked


async def test_an_ai_turn_found_by_both_sweeps_is_played_once(
    fake: FakeDiscord, two_bots: list[GameBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    ai_ply = await open_ai_game(fake, two_bots[0])
    asked = [count_decisions(bot, monkeypatch) for bot in two_bots]
    # Each process starts its AI turn only once both sweeps have looked: on a busy machine the first could
    # otherwise claim the turn before the second's sweep reads, which then (rightly) finds nothing due.
    held: list[tuple[Any, int]] = []
    with pytest.MonkeyPatch.context() as holding:
        for bot in two_bots:
            turns = cog(bot).sweep.turns
            holding.setattr(turns, "schedule", lambda game_id, start=turns.schedule: held.append((start, game_id)))
        found = await asyncio.gather(*(cog(bot).sweep.run_once() for bot in two_bots))
    assert found == [[1], [1]]  # both saw it due; each process's claim races the other's
    for start, game_id in held:
        start(game_id)
    await asyncio.gather(*(cog(bot).ai.idle() for bot in two_bots))
    log = await stored_moves(two_bots[1], 1)
    assert len(log) == ai_ply and log[-1].user_id is None
    assert len(ai_announcements(fake)) == 1
    assert sorted(asked) == [[], [1]]  # one process thought about it; the other found the turn claimed
    assert public_messages(fake)[-1]["content"].startswith("<@101>, your move")
    assert await two_bots[0].store.claim_holder(1, "ai") is None  # released after the move
    assert [await cog(bot).sweep.run_once() for bot in two_bots] == [[], []]


async def test_an_ai_turn_held_by_a_dead_process_is_taken_over_when_its_lease_expires(
    fake: FakeDiscord, postgres_target: str, clock: Clock
) -> None:
    # The first process's AI never answers (its worker hangs); the second's is healthy.
    stuck = AiPool(1, solver=hang, margin_s=NEVER_S, niceness=0)
    dying = await make_bot(fake, postgres_target, [SEED], clock=clock, ai_pool=stuck)
    survivor = await make_bot(fake, postgres_target, [SEED], clock=clock)
    try:
        await fake.start(survivor)
        await fake.start(dying)
        ai_ply = await open_ai_game(fake, dying)
        assert await cog(dying).sweep.run_once() == [1]

        async def claimed() -> bool:
            return await survivor.store.claim_holder(1, "ai") is not None

        await until(claimed)
        holder = await survivor.store.claim_holder(1, "ai")
        assert holder is not None and holder[0] == dying.services["clans"].claims.holder and holder[1] == ai_ply - 1
        assert await cog(survivor).sweep.run_once() == []  # claimed and live: not the survivor's to play

        # The first process dies: its connections drop (so nothing is released), then it is gone.
        await dying.store.close()
        await dying.close()
        assert await survivor.store.claim_holder(1, "ai") == holder
        clock.now += DEFAULT_LEASE_S - 1
        assert await cog(survivor).sweep.run_once() == []  # the lease still runs
        clock.now += 1
        assert await cog(survivor).sweep.run_once() == [1]
        await cog(survivor).ai.idle()
        log = await stored_moves(survivor, 1)
        assert len(log) == ai_ply and log[-1].user_id is None
        assert len(ai_announcements(fake)) == 1
        assert await survivor.store.claim_holder(1, "ai") is None
        # The dying process could not release its claim: said as a warning, never an error.
        assert not bot_errors(fake)
    finally:
        fake.bot = survivor
        await dying.close()


# --- the turn clock in two processes -------------------------------------------------------------------------

MINUTE = timedelta(minutes=1)


async def timed_bot(fake: FakeDiscord, target: str, turn_clock: ManualClock, **kwargs: Any) -> GameBot:
    """A started bot whose turn clock and claim leases both read ``turn_clock``; its scheduler's loop is
    stopped, so only the test's ticks act."""
    bot = await make_bot(fake, target, [SEED], now=turn_clock, clock=lambda: turn_clock().timestamp(), **kwargs)
    await fake.start(bot)
    cog(bot).clock.stop()
    return bot


async def open_fast_game(fake: FakeDiscord, bot: GameBot) -> list[FakeUser]:
    """alice and bob at the fast pace (1 h a move: half time at 30 min, last call at 50 min)."""
    alice, bob = users(fake, 2)
    on(fake, bot)
    answered(await fake.slash(alice, "clans new", {"pace": "fast"}))
    answered(await fake.slash(bob, "clans join"))
    answered(await fake.slash(alice, "clans start"))
    return [alice, bob]


async def both_tick(fake: FakeDiscord, bots: list[GameBot]) -> list[str]:
    """Both processes' schedulers tick at once; the public texts they posted."""
    before = len(public_messages(fake))
    await asyncio.gather(*(cog(bot).clock.tick() for bot in bots))
    return [m["content"] for m in public_messages(fake)[before:]]


@pytest.fixture
def turn_clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
async def timed_bots(fake: FakeDiscord, postgres_target: str, turn_clock: ManualClock) -> AsyncIterator[list[GameBot]]:
    """Two started bots on one PostgreSQL schema and one turn clock, their schedulers driven by the test."""
    bots = [await timed_bot(fake, postgres_target, turn_clock) for _ in range(2)]
    try:
        yield bots
    finally:
        for bot in bots:
            if not bot.is_closed():
                await bot.close()


async def test_a_due_reminder_or_timeout_fires_once_when_both_schedulers_tick(
    fake: FakeDiscord, timed_bots: list[GameBot], turn_clock: ManualClock
) -> None:
    bots = timed_bots
    people = await open_fast_game(fake, bots[0])
    mover = by_id(*people)[(await peek(bots[1], 1)).mover.user_id]  # type: ignore[index]
    turn_clock.advance(30 * MINUTE)
    [half] = await both_tick(fake, bots)
    assert half.startswith(f"⏳ <@{mover.id}>, half your time")
    turn_clock.advance(20 * MINUTE)
    [last_call] = await both_tick(fake, bots)
    assert last_call.startswith(f"⌛ Last call, <@{mover.id}>")
    assert await both_tick(fake, bots) == []
    turn_clock.advance(10 * MINUTE)
    [timeout] = await both_tick(fake, bots)
    assert timeout.startswith(f"⏰ <@{mover.id}> ran out of time; autopilot moved ")
    [move] = await stored_moves(bots[1], 1)
    assert move.user_id is None and f"{move.action.replace('-', ' → ')}." in timeout
    assert await both_tick(fake, bots) == [] and len(await stored_moves(bots[0], 1)) == 1
    assert sum("ran out of time" in text for text in [m["content"] for m in public_messages(fake)]) == 1
    assert not bot_errors(fake)


async def test_a_timeout_held_by_a_dead_process_is_played_by_the_other_after_its_lease(
    fake: FakeDiscord, postgres_target: str
) -> None:
    turn_clock = ManualClock()
    # The first process's autopilot never decides (its AI worker hangs); the second's is healthy.
    stuck = AiPool(1, solver=hang, margin_s=NEVER_S, niceness=0)
    dying = await timed_bot(fake, postgres_target, turn_clock, ai_pool=stuck)
    survivor = await timed_bot(fake, postgres_target, turn_clock)
    try:
        people = await open_fast_game(fake, survivor)
        mover = by_id(*people)[(await peek(survivor, 1)).mover.user_id]  # type: ignore[index]
        turn_clock.advance(60 * MINUTE)
        claimed_at = turn_clock()
        stuck_tick = asyncio.create_task(cog(dying).clock.tick())

        async def claimed() -> bool:
            return (await survivor.services["clans"].record(1)).next_event_at == claimed_at + CLAIM_LEASE

        await until(claimed)  # the dying process claimed the timeout and is deciding its move
        assert await both_tick(fake, [survivor]) == []  # claimed and leased: not the survivor's to play

        # The first process dies mid-move: its tick never ends, its connections drop, then it is gone.
        stuck_tick.cancel()
        await asyncio.gather(stuck_tick, return_exceptions=True)
        await dying.store.close()
        await dying.close()
        turn_clock.advance(CLAIM_LEASE - timedelta(seconds=1))
        assert await both_tick(fake, [survivor]) == []  # the lease still runs
        turn_clock.advance(timedelta(seconds=1))
        [timeout] = await both_tick(fake, [survivor])
        assert timeout.startswith(f"⏰ <@{mover.id}> ran out of time; autopilot moved ")
        [move] = await stored_moves(survivor, 1)
        assert move.user_id is None
        assert await both_tick(fake, [survivor]) == []
        assert not bot_errors(fake)
    finally:
        fake.bot = survivor
        await dying.close()


async def move_on(fake: FakeDiscord, bot: GameBot, mover: FakeUser) -> None:
    table = await peek(bot, 1)
    assert table.mover.user_id == mover.id
    move = next(m for m in legal_moves(table.state) if not m.is_village_choice)
    answered(await on(fake, bot).slash(mover, "clans move", {"from": move.src, "to": move.dst}))


async def test_a_player_marked_away_by_one_process_comes_back_through_the_other(
    fake: FakeDiscord, timed_bots: list[GameBot], turn_clock: ManualClock
) -> None:
    marker, other = timed_bots
    alice, bob = await open_fast_game(fake, marker)
    assert (await peek(marker, 1)).mover.user_id == alice.id
    for n in range(3):  # alice times out three times in a row, each played by the first process
        turn_clock.advance(60 * MINUTE)
        [timeout] = await both_tick(fake, [marker])
        if n < 2:
            await move_on(fake, other, bob)
    assert "is now **away**" in timeout
    assert (await peek(other, 1)).seat_of(alice.id).away  # type: ignore[union-attr]
    assert await both_tick(fake, [other]) == []  # the other process's scheduler looks (nothing is due)
    before = len(public_messages(fake))
    answered(await on(fake, other).slash(alice, "clans status"))  # her command lands on the other process
    back = [m["content"] for m in public_messages(fake)[before:] if "is back" in m["content"]]
    assert back == [f"👋 <@{alice.id}> is back: the autopilot no longer plays for them."]
    seat = (await peek(marker, 1)).seat_of(alice.id)
    assert seat is not None and not seat.away and seat.timeouts == 0
    # Back in both processes: her next command, on either, changes nothing and says nothing more.
    for bot in (marker, other):
        await both_tick(fake, [bot])
        answered(await on(fake, bot).slash(alice, "clans status"))
    assert sum("is back" in m["content"] for m in public_messages(fake)) == 1
    await move_on(fake, marker, bob)
    assert (await peek(marker, 1)).mover.user_id == alice.id
    turn_clock.advance(30 * MINUTE)  # her clock runs normally again: a reminder, not the autopilot at once
    [half] = await both_tick(fake, timed_bots)
    assert half.startswith(f"⏳ <@{alice.id}>, half your time")
