"""A busy channel under Discord's rate limits (5 messages per 5 s in a channel, 50 requests a second): two games
with AI seats whose humans move the moment it is their turn lose nothing, answer every interaction within 3 s,
announce every action and leave no AI turn to the sweep; discord.py waits the limits out with its own code.

Discord runs at its real speed here (windows of 5 s): a compressed one lets a slow machine post too few messages
per window to fill one, and then the test would prove nothing about the limits.
"""

from __future__ import annotations

from pathlib import Path

from botkit import every_interaction_answered, start_bot  # noqa: F401  (autouse: every interaction answered)
from busy_channel import figures, open_two_games, play_fast, unannounced
from fakediscord import FakeDiscord

ACTIONS = 20
"""Actions per game (humans' and AIs')."""
SPEED = 1.0


async def test_two_games_with_ai_seats_and_fast_moves_lose_nothing(fake: FakeDiscord, tmp_path: Path) -> None:
    fake.set_speed(SPEED)
    bot = await start_bot(fake, tmp_path, seeds=[3, 4])
    people, busy = await open_two_games(fake)
    await play_fast(fake, bot, people, busy, ACTIONS)
    shown = figures(fake, busy)
    print("busy channel:", shown)
    # The limits were met: some answer emptied a channel's window of messages, and discord.py held the bot.
    assert any("/messages" in emptied for emptied in fake.rate_limits.emptied)
    # 0 failed interactions, each answered within Discord's 3 s.
    assert len(busy.results) >= ACTIONS // 2
    assert shown["refused_actions"] == 0  # each human acted once, on their own turn
    for result in busy.results:
        assert result.response is not None, result.payload["data"]
        assert result.latency <= fake.response_deadline
        assert all(call.status < 400 for call in result.calls), [(c.path, c.status) for c in result.calls]
    # 0 lost or unannounced actions: every stored move is shown in its game's channel, and marked announced.
    for game_id in busy.games:
        assert len(await bot.store.moves(game_id)) >= ACTIONS
    assert await unannounced(fake, bot, busy) == []
    assert await bot.store.unannounced_games(game="clans") == []
    # No AI turn waited for the 5-second sweep: each was handed on by the action before it.
    assert busy.left_to_sweep == []
