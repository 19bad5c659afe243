"""The AI line is bounded: past CLANS_AI_QUEUE decisions waiting, an AI turn is not taken, and nothing is lost:
the AI sweep hands it over once there is room."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest
from botkit import (  # every_interaction_answered: autouse, checks each test
    cog,
    every_interaction_answered,  # noqa: F401
    make_bot,
    open_game,
    peek,
    users,
)
from fakediscord import FakeDiscord

from engine.clans import legal_moves
from service.ai_pool import AiPool
from tests.pool_faults import gated

HUMAN_FIRST = [5, 6, 8]
"""Seeds where the human (seat 0 of two) moves first."""


async def test_an_ai_turn_refused_by_a_full_line_is_played_after_the_sweep(
    fake: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    gate = tmp_path / "think"
    pool = AiPool(1, niceness=0, solver=partial(gated, str(gate)))
    bot = await make_bot(fake, tmp_path / "db", HUMAN_FIRST, ai_pool=pool, ai_queue=1)
    await fake.start(bot)
    players = users(fake, 3)
    games = []
    for index, player in enumerate(players):
        channel = fake.text_channel(910 + index)
        games.append((await open_game(fake, [player], ai=["easy"], channel=channel), player, channel))
    # Each human moves; one AI turn takes the only worker (held), one waits in line, and the last to ask finds the
    # line full and is left for the sweep (which is which depends on how the three tasks interleave).
    moves = []
    for game_id, player, channel in games:
        table = await peek(bot, game_id)
        move = legal_moves(table.state)[0]
        moves.append(
            await fake.slash(player, "clans move", {"from": move.src, "to": move.dst}, channel=channel, settle=False)
        )
        await fake.wait_until(lambda m=moves[-1]: bool(m.followups) or m.response is not None)
    await fake.wait_until(lambda: any("AI queue full" in r.getMessage() for r in caplog.records))
    assert [(await peek(bot, game_id)).state.ply for game_id, _, _ in games] == [1, 1, 1]
    gate.touch()
    await fake.settle(60)
    plies = [(await peek(bot, game_id)).state.ply for game_id, _, _ in games]
    assert sorted(plies) == [1, 2, 2], "two AIs played; the third waits in the database"
    refused = games[plies.index(1)][0]
    assert await bot.store.claim_holder(refused, "ai") is None, "the refused turn's claim was released"
    assert await cog(bot).sweep.run_once() == [refused]
    await cog(bot).ai.idle()
    assert (await peek(bot, refused)).state.ply == 2, "the sweep handed the turn over: nothing was lost"
