"""A replay's price has a ceiling: drawn once and kept, one drawn at a time on its own executor (a move's board
never waits behind it), and a cooldown per member answered ephemerally."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

from botkit import (  # every_interaction_answered: autouse, checks each test
    answered,
    by_id,
    cog,
    every_interaction_answered,  # noqa: F401
    open_game,
    peek,
    play_turn,
    public_messages,
    refused,
    start_bot,
    users,
)
from fakediscord import FakeDiscord, FakeUser, InteractionResult
from fakediscord_server import FakeChannel

from bot import GameBot
from engine.clans import legal_moves
from render.clans.replay import RENDERER_VERSION, render_replay
from service.clans.replays import Replay
from service.pace import ManualClock
from texts import Texts

GIF_MAGIC = b"GIF89a"


async def finished_game(fake: FakeDiscord, bot: GameBot, players: list[FakeUser], channel_id: int) -> int:
    """A two-player game in its own channel, over at once: its second player resigns after one move."""
    channel = fake.text_channel(channel_id)
    game_id = await open_game(fake, players, channel=channel)
    await play_turn(fake, bot, game_id, by_id(*players), channel=channel)
    answered(await fake.slash(players[1], "clans resign", channel=channel))
    assert (await bot.store.get_game(game_id)).status == "finished"  # type: ignore[union-attr]
    return game_id


async def test_a_replay_is_drawn_once_then_sent_from_the_database(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[11])
    alice, bob, carol = users(fake, 3)
    game_id = await finished_game(fake, bot, [alice, bob], 930)
    desk = cog(bot).replays
    here = fake.channels[930]  # asked in the game's own channel: posted for everyone there
    first = answered(await fake.slash(alice, "clans replay", {"game": game_id}, channel=here))
    [posted] = first.followups
    gif = posted.files[0][1]
    assert gif.startswith(GIF_MAGIC) and desk.drawn == 1
    assert await bot.store.cached_replay(game_id, RENDERER_VERSION) == gif
    again = answered(await fake.slash(carol, "clans replay", {"game": game_id}, channel=here))
    assert again.followups[0].files[0][1] == gif and desk.drawn == 1, "the kept replay was sent, not drawn again"


async def test_a_member_asking_again_within_the_cooldown_is_told_to_wait(fake: FakeDiscord, tmp_path: Path) -> None:
    clock = ManualClock()
    bot = await start_bot(fake, tmp_path, seeds=[11], now=clock, replay_cooldown_s=30)
    alice, bob = users(fake, 2)
    game_id = await finished_game(fake, bot, [alice, bob], 930)
    here = fake.channels[930]
    answered(await fake.slash(alice, "clans replay", {"game": game_id}, channel=here))
    clock.advance(timedelta(seconds=10))
    refused(await fake.slash(alice, "clans replay", {"game": game_id}, channel=here), "try again in 20 seconds")
    in_german = await fake.slash(alice, "clans replay", {"game": game_id}, channel=here, locale="de")
    refused(in_german, "versuch es in 20 Sekunden noch einmal")
    message = next(m for m in public_messages(fake, here) if "Game over" in m["content"])
    refused(await fake.click(alice, message, f"clans:replay:{game_id}"), "try again in 20 seconds")
    answered(await fake.slash(bob, "clans replay", {"game": game_id}, channel=here))  # each member's own cooldown
    clock.advance(timedelta(seconds=20))
    shown = answered(await fake.slash(alice, "clans replay", {"game": game_id}, channel=here))
    assert shown.followups[0].files[0][1].startswith(GIF_MAGIC)


async def test_replays_are_drawn_one_at_a_time_and_moves_never_wait_for_them(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[11, 12])
    alice, bob, carol, dave = users(fake, 4)
    first = await finished_game(fake, bot, [alice, bob], 930)
    second = await finished_game(fake, bot, [bob, alice], 931)
    playing = fake.text_channel(932)
    running = await open_game(fake, [carol, dave], channel=playing)
    desk = cog(bot).replays
    release, started = threading.Event(), threading.Event()
    drawing, most = [0], [0]
    lock = threading.Lock()

    def held_draw(replay: Replay, names: Sequence[str], t: Texts) -> bytes:
        with lock:
            drawing[0] += 1
            most[0] = max(most[0], drawing[0])
        started.set()
        release.wait(60)
        try:
            return render_replay(replay.views, names, t)
        finally:
            with lock:
                drawing[0] -= 1

    desk.games["clans"] = replace(desk.games["clans"], draw=held_draw)
    asked = [
        await fake.slash(alice, "clans replay", {"game": first}, channel=fake.channels[930], settle=False),
        await fake.slash(bob, "clans replay", {"game": second}, channel=fake.channels[931], settle=False),
    ]
    await fake.wait_until(lambda: started.is_set() and all(r.response is not None for r in asked))
    assert all(r.response is not None and r.response.callback_type == 5 for r in asked), "answered: thinking…"
    # A replay is being drawn (and another waits): a move in another game is announced with its board meanwhile.
    move = await play_turn_unsettled(fake, bot, running, by_id(carol, dave), playing)

    def board_posted() -> bool:
        return any(s.files and not s.ephemeral for s in move.posts)

    await fake.wait_until(board_posted)  # fails if the move's board waited for the replay
    assert move.latency < 3.0 and not release.is_set()
    release.set()
    await fake.settle(60)
    assert most[0] == 1 and desk.drawn == 2
    assert all(r.followups and r.followups[-1].files[0][1].startswith(GIF_MAGIC) for r in asked)


async def play_turn_unsettled(
    fake: FakeDiscord, bot: GameBot, game_id: int, players: dict[int, FakeUser], channel: FakeChannel
) -> InteractionResult:
    """The first legal move by whoever is to move, without waiting for the bot to finish its answer."""
    table = await peek(bot, game_id)
    move = legal_moves(table.state)[0]
    assert table.mover.user_id is not None
    mover = players[table.mover.user_id]
    return await fake.slash(mover, "clans move", {"from": move.src, "to": move.dst}, channel=channel, settle=False)
