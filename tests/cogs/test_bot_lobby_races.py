"""Lobby operations at the same instant, through the real bot: a started game always has the seats it was dealt
for, and the per-member limits hold when one member floods `/… new` (the limits are checked inside the write)."""

from __future__ import annotations

from pathlib import Path

import pytest
from botkit import (  # every_interaction_answered: autouse, checks each test
    every_interaction_answered,  # noqa: F401
    start_bot,
    users,
)
from fakediscord import FakeDiscord

from registry import rules_of

GAMES = ("clans", "alexandros")


@pytest.mark.parametrize("game", GAMES)
async def test_a_leave_at_the_instant_of_start_never_starts_a_game_dealt_for_other_seats(
    fake: FakeDiscord, tmp_path: Path, game: str
) -> None:
    bot = await start_bot(fake, tmp_path)
    host, guest, third = users(fake, 3)
    await fake.slash(host, f"{game} new")
    for player in (guest, third):
        await fake.slash(player, f"{game} join")
    # The guest leaves while the host presses Start: both reach the bot before either is answered.
    leave = await fake.slash(guest, f"{game} leave", settle=False)
    start = await fake.slash(host, f"{game} start", settle=False)
    await fake.settle()
    record = await bot.store.latest_game(fake.channel.id)
    assert record is not None
    if record.status == "running":
        state = rules_of(game).from_json(record.snapshot)  # type: ignore[arg-type]
        assert state.players == len(record.seats)  # one seat dealt for each seat sitting
    else:
        assert record.status == "lobby" and [s.user_id for s in record.seats] == [host.id, third.id]
    status = await fake.slash(host, f"{game} status")
    assert "Sorry" not in status.text  # the channel's game reads whatever happened
    assert leave.response is not None and start.response is not None


@pytest.mark.parametrize("game", GAMES)
async def test_six_lobbies_opened_at_one_instant_stop_at_the_members_limit(
    fake: FakeDiscord, tmp_path: Path, game: str
) -> None:
    bot = await start_bot(fake, tmp_path, lobbies_per_user=2)
    [alice] = users(fake, 1)
    channels = [fake.text_channel(910 + i) for i in range(6)]
    for channel in channels:
        await fake.slash(alice, f"{game} new", channel=channel, settle=False)
    await fake.settle()
    opened = [await bot.store.latest_game(c.id) for c in channels]
    assert len([g for g in opened if g is not None and g.status == "lobby"]) == 2
