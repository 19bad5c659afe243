"""Less noise: a run of AI moves is one new message with one board image, pinging the human after it; the
action that handed the turn to the AI (a human's move, or the autopilot's when their time ran out) is posted
without a board, saying the AI thinks. Nothing is ever edited into a ping (an edit notifies nobody)."""

from __future__ import annotations

import asyncio
import re
from datetime import timedelta
from pathlib import Path

import pytest
from botkit import (  # every_interaction_answered: autouse, checks each test
    answered,
    cog,
    due,
    embed_text,
    every_interaction_answered,  # noqa: F401
    open_game,
    peek,
    public_messages,
    start_bot,
    users,
)
from fakediscord import Call, FakeDiscord

from engine.clans import legal_moves
from errors import GameError, Why
from service.pace import ManualClock


def channel_calls(fake: FakeDiscord, since: int, method: str) -> list[Call]:
    return [c for c in fake.calls[since:] if c.method == method and c.path.startswith("/channels/")]


async def test_a_run_of_ai_moves_is_one_message_with_one_board(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[41])
    [alice] = users(fake, 1)
    await open_game(fake, [alice], ai=["easy", "easy"])
    await cog(bot).ai.idle()
    table = await peek(bot, 1)
    assert table.mover.user_id == alice.id
    before, calls_before, pings_before = len(public_messages(fake)), len(fake.calls), len(fake.notifications)
    move = legal_moves(table.state)[0]
    result = answered(await fake.slash(alice, "clans move", {"from": move.src, "to": move.dst}))
    await cog(bot).ai.idle()
    # Two new messages: alice's move, no board, saying the AI thinks; then the run, one board, pinging alice.
    own, run = public_messages(fake)[before:]
    assert len(channel_calls(fake, calls_before, "POST")) == 2
    assert own["content"] == "🤔 AI (easy) is thinking…" and own["attachments"] == []
    assert own["embeds"][0]["title"].startswith(f"Game #1 — move {table.view.turn + 1}: alice moved")
    assert "image" not in own["embeds"][0]
    assert run["content"].startswith(f"<@{alice.id}>, your move · {due((await peek(bot, 1)).record.deadline_at)}.")
    text = embed_text(run["embeds"])
    log = await bot.store.moves(1)
    assert [m.user_id for m in log[-3:]] == [alice.id, None, None]
    assert len(re.findall(r"[Mm]ove \d+: AI \(easy\)( 2)? moved", text)) == 2
    # The earlier move listed first, then the last one with the board of the position after it.
    assert len(run["embeds"]) == 2 and run["embeds"][-1]["image"]["url"] == "attachment://board.png"
    assert [a["filename"] for a in run["attachments"]] == ["board.png"]  # one image, after the last move
    assert channel_calls(fake, calls_before, "PATCH") == []  # nothing edited into a ping
    assert fake.notified_users(pings_before) == [alice.id]
    assert [n.message_id for n in fake.notifications[pings_before:]] == [int(run["id"])]
    assert result.notified == [] or result.notified == [alice.id]  # the run may end before the dispatch settles


async def test_a_run_that_plays_nothing_posts_nothing(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[41])
    [alice] = users(fake, 1)
    await open_game(fake, [alice], ai=["easy"])
    await cog(bot).ai.idle()
    table = await peek(bot, 1)

    async def refused(*args: object, **kwargs: object) -> None:
        raise GameError(Why.MOVED_ON)

    monkeypatch.setattr(bot.services["clans"], "ai_turn", refused)
    calls_before = len(fake.calls)
    move = legal_moves(table.state)[0]
    answered(await fake.slash(alice, "clans move", {"from": move.src, "to": move.dst}))
    await cog(bot).ai.idle()
    [own] = channel_calls(fake, calls_before, "POST")  # alice's move only: the AI's sweep tries again later
    assert own.json["content"] == "🤔 AI (easy) is thinking…"
    assert channel_calls(fake, calls_before, "DELETE") == []


async def test_an_autopilot_move_then_ai_moves_are_two_messages_with_one_board(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    clock = ManualClock()
    bot = await start_bot(fake, tmp_path, seeds=[41], now=clock)
    cog(bot).clock.stop()  # the test ticks the scheduler itself
    [alice] = users(fake, 1)
    answered(await fake.slash(alice, "clans new", {"pace": "fast"}))
    for _ in range(2):
        answered(await fake.slash(alice, "clans addbot", {"level": "easy"}))
    answered(await fake.slash(alice, "clans start"))
    await cog(bot).ai.idle()
    assert (await peek(bot, 1)).mover.user_id == alice.id
    before = len(public_messages(fake))
    calls_before, pings_before = len(fake.calls), len(fake.notifications)
    clock.advance(timedelta(hours=1))  # alice's time runs out: the autopilot moves, then both AIs
    await cog(bot).clock.tick()
    await cog(bot).ai.idle()
    log = await bot.store.moves(1)
    assert [m.user_id for m in log[-3:]] == [None, None, None] and log[-3].seat == 0
    timeout, run = public_messages(fake)[before:]
    # The timeout at once, no board (the AI thinks); then the run with the board, pinging alice.
    assert timeout["content"].startswith(f"⏰ <@{alice.id}> ran out of time; autopilot moved ")
    assert f"{log[-3].action.replace('-', ' → ')}." in timeout["content"]
    assert timeout["content"].endswith("\n🤔 AI (easy) is thinking…") and timeout["attachments"] == []
    assert "alice moved" in embed_text(timeout["embeds"])
    deadline = (await peek(bot, 1)).record.deadline_at
    assert run["content"] == f"<@{alice.id}>, your move · {due(deadline)}."
    text = embed_text(run["embeds"])
    assert len(re.findall(r"[Mm]ove \d+: AI \(easy\)( 2)? moved", text)) == 2
    assert len(run["embeds"]) == 2 and run["embeds"][-1]["image"]["url"] == "attachment://board.png"
    assert [a["filename"] for a in run["attachments"]] == ["board.png"]
    assert len(channel_calls(fake, calls_before, "POST")) == 2 and channel_calls(fake, calls_before, "PATCH") == []
    assert fake.notified_users(pings_before) == [alice.id]
    assert (await bot.services["clans"].record(1)).announced_ply == len(log)
    await cog(bot).clock.tick()
    assert len(public_messages(fake)) == before + 2 and len(await bot.store.moves(1)) == len(log)


async def test_a_slow_run_is_not_caught_up_twice(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A run still thinking long after its first move was committed announces that move itself, once: the
    scheduler's catch-up of unannounced moves leaves a game alone while its AI run is under way."""
    clock = ManualClock()
    bot = await start_bot(fake, tmp_path, seeds=[41], now=clock)
    [alice] = users(fake, 1)
    await open_game(fake, [alice], ai=["easy", "easy"])
    await cog(bot).ai.idle()
    table = await peek(bot, 1)
    assert table.mover.user_id == alice.id
    real_turn = bot.services["clans"].ai_turn
    gate, turns = asyncio.Event(), []

    async def slow_second_turn(*args: object, **kwargs: object) -> object:
        turns.append(1)
        if len(turns) == 2:
            await gate.wait()  # the second AI thinks for a long time
        return await real_turn(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(bot.services["clans"], "ai_turn", slow_second_turn)
    move = legal_moves(table.state)[0]
    result = await fake.slash(alice, "clans move", {"from": move.src, "to": move.dst}, settle=False)
    while len(turns) < 2:
        await asyncio.sleep(0.01)
    assert len(await bot.store.moves(1)) == table.state.ply + 2  # alice's and the first AI's moves are in
    posted = len(public_messages(fake))
    for _ in range(3):  # the first AI move stays unannounced for well over the catch-up delay
        clock.advance(timedelta(seconds=40))
        await cog(bot).clock.catch_up(immediate=False)
    assert len(public_messages(fake)) == posted  # nothing posted twice meanwhile
    gate.set()
    await cog(bot).ai.idle()
    await fake.settle()
    answered(result)
    text = fake.all_public_text()
    assert len(re.findall(r"[Mm]ove \d+: AI \(easy\)( 2)? moved", text)) == 2  # each AI move listed once


async def test_a_hand_off_while_the_run_is_being_posted_is_played_at_once(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In a busy channel Discord holds the AI run's post until the rate limit's window resets; the human after
    the AI may move meanwhile. That hand-off reaches the AI task still posting: it plays on at once, instead of
    leaving the AI's turn to the sweep seconds later."""
    bot = await start_bot(fake, tmp_path, seeds=[41])
    [alice] = users(fake, 1)
    await open_game(fake, [alice], ai=["easy"])
    await cog(bot).ai.idle()
    real_turn, think = bot.services["clans"].ai_turn, asyncio.Event()

    async def ai_turn_when_told(*args: object, **kwargs: object) -> object:
        await think.wait()
        return await real_turn(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(bot.services["clans"], "ai_turn", ai_turn_when_told)
    start = len(await bot.store.moves(1))
    posts = len(public_messages(fake))
    table = await peek(bot, 1)
    move = legal_moves(table.state)[0]
    first = await fake.slash(alice, "clans move", {"from": move.src, "to": move.dst}, settle=False)
    await fake.wait_until(lambda: len(public_messages(fake)) == posts + 1)  # alice's move is posted
    held = fake.hold_next("POST", r"^/channels/\d+/messages$")  # the AI run's post waits, as under a rate limit
    think.set()
    await fake.wait_until(lambda: not fake._holds)  # the run is committed, its post held
    table = await peek(bot, 1)
    assert len(await bot.store.moves(1)) == start + 2 and table.mover.user_id == alice.id
    move = legal_moves(table.state)[0]
    second = await fake.slash(alice, "clans move", {"from": move.src, "to": move.dst}, settle=False)
    await fake.wait_until(lambda: len(public_messages(fake)) == posts + 2)  # alice's second move is posted
    held.set()
    await fake.settle()
    answered(first)
    answered(second)
    await cog(bot).ai.idle()
    assert len(await bot.store.moves(1)) == start + 4  # the AI answered alice's second move without the sweep
    assert (await peek(bot, 1)).mover.user_id == alice.id
    assert fake.notified(alice.id)[-1] == public_messages(fake)[-1]
