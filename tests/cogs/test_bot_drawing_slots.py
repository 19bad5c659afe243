"""A player's post never waits for AI games' boards (cogs/drawing.py): while the boards of three games' AI turns are
held mid-drawing (more than the bot's drawing slots), a human's move in another game is still posted with its
board, and the AI turns' posts follow once their drawings are let go."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from botkit import (  # every_interaction_answered: autouse, checks each test
    answered,
    by_id,
    cog,
    every_interaction_answered,  # noqa: F401
    open_game,
    peek,
    play_turn,
    start_bot,
    users,
)
from fakediscord import FakeDiscord, FakeUser

from cogs.drawing import RENDERS_AT_ONCE
from engine.clans import legal_moves

pytestmark = pytest.mark.backend_blind("the order in which the bot's drawing slots let posts go, in the bot's process")


AI_GAMES = RENDERS_AT_ONCE + 1
HUNG_S = 30.0
"""How long the human's post may be awaited before the test is judged hung (it comes in milliseconds when it passes;
queued behind the held drawings, it would never come)."""
HELD_S = 4 * HUNG_S
"""How long a held drawing waits to be let go at most (a guard: the test lets them go)."""


def board_posts(fake: FakeDiscord, channel: int) -> int:
    """Messages with a board posted in ``channel``."""
    return sum(
        1
        for call in fake.calls
        if call.method == "POST" and call.path == f"/channels/{channel}/messages" and call.files and call.status < 300
    )


async def human_to_move(fake: FakeDiscord, bot: Any, game: int, player: FakeUser) -> None:
    """Play on (the AI answering) until ``player`` is to move a hut."""
    while True:
        table = await peek(bot, game)
        if table.mover.user_id == player.id and not table.state.pending:
            return
        await play_turn(fake, bot, game, by_id(player), channel=fake.channels[table.record.channel_id])
        await fake.settle()


async def test_a_human_post_passes_the_ai_games_drawings(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, seeds=range(60, 80), ai_budget_s=0.02, ai_rollouts=20)
    people = users(fake, AI_GAMES + 2)
    bob, carol = people[-2:]
    ai_games = []
    for i, host in enumerate(people[:AI_GAMES]):
        channel = fake.text_channel(800 + i)
        game = await open_game(fake, [host], ai=["easy"], channel=channel)
        await human_to_move(fake, bot, game, host)
        ai_games.append((game, host, channel.id))
    humans_channel = fake.text_channel(900)
    humans_game = await open_game(fake, [bob, carol], channel=humans_channel)

    release = threading.Event()
    held: list[Sequence[str]] = []
    humans_names = {bob.name, carol.name}
    posts = cog(bot).posts
    draw_board = posts.boards.draw_board

    def held_for_ai_games(view: object, names: Sequence[str], *args: object) -> bytes:
        if not humans_names.issuperset(names):  # an AI game's board: held until let go
            held.append(names)
            release.wait(HELD_S)
        return draw_board(view, names, *args)

    posts.boards.draw_board = held_for_ai_games
    before = {channel: board_posts(fake, channel) for _, _, channel in ai_games}
    asked: list[int] = []
    drawing = bot.drawing
    real_draw = drawing.draw

    async def counted_draw(*args: Any, **kwargs: Any) -> bytes:
        asked.append(1)
        return await real_draw(*args, **kwargs)

    drawing.draw = counted_draw  # type: ignore[method-assign]
    moved = []
    for game, host, channel in ai_games:  # each human moves; each game's AI answers and draws its board
        table = await peek(bot, game)
        move = legal_moves(table.state)[0]
        options = {"from": move.src, "to": move.dst}
        moved.append(await fake.slash(host, "clans move", options, channel=fake.channels[channel], settle=False))
    try:
        await fake.wait_until(lambda: len(asked) >= AI_GAMES and held)  # every AI game's board is asked for

        table = await peek(bot, humans_game)
        mover = by_id(bob, carol)[table.mover.user_id]  # type: ignore[index]
        move = legal_moves(table.state)[0]
        boards_before = board_posts(fake, humans_channel.id)
        result = await fake.slash(
            mover, "clans move", {"from": move.src, "to": move.dst}, channel=humans_channel, settle=False
        )
        await fake.wait_until(lambda: board_posts(fake, humans_channel.id) == boards_before + 1, timeout=HUNG_S)
        assert result.response is not None and result.response.ephemeral
        # The human's board went out while every AI game's board was still held.
        assert all(board_posts(fake, channel) == before[channel] for _, _, channel in ai_games)
        assert not release.is_set()
    finally:
        release.set()
    await fake.settle()
    await cog(bot).ai.idle()
    for each in moved:
        answered(each)
    assert len(held) >= AI_GAMES
    assert all(board_posts(fake, channel) > before[channel] for _, _, channel in ai_games)  # the AI turns posted
