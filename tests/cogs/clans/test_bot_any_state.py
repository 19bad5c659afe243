"""Every command of both groups answers sensibly on any state of the channel's game: none yet, a lobby of one,
a lobby cancelled with one seat, a running game. Never an apology ("Sorry, something went wrong") or a logged
error; `history` and `replay` of a game that never started say so."""

from __future__ import annotations

from pathlib import Path

import pytest
from botkit import (  # every_interaction_answered: autouse, checks each test
    bot_errors,
    every_interaction_answered,  # noqa: F401
    start_bot,
    users,
)
from fakediscord import FakeDiscord

READERS = {
    "clans": ["status", "history", "board", "myclan", "readable", "games", "leaderboard", "profile", "rules", "help"],
    "alexandros": ["status", "history", "board", "hand", "rules", "help"],
}
STATES = ("none", "lobby", "cancelled lobby", "running")


async def reach(fake: FakeDiscord, game: str, state: str) -> None:
    host, guest = users(fake, 2)
    if state == "none":
        return
    await fake.slash(host, f"{game} new", {"thread": False} if game == "clans" else None)
    if state == "cancelled lobby":
        asked = await fake.slash(host, f"{game} cancel")
        if game == "clans":  # Clans asks first, with a confirmation button
            assert asked.response is not None and asked.response.message is not None
            await fake.click(host, asked.response.message, "clans:cancel:1")
    elif state == "running":
        await fake.slash(guest, f"{game} join")
        await fake.slash(host, f"{game} start")


@pytest.mark.parametrize("state", STATES)
@pytest.mark.parametrize("game", sorted(READERS))
async def test_every_reading_command_answers_on_any_state(
    fake: FakeDiscord, tmp_path: Path, game: str, state: str
) -> None:
    await start_bot(fake, tmp_path)
    await reach(fake, game, state)
    reader = fake.users[101]
    for command in READERS[game]:
        result = await fake.slash(reader, f"{game} {command}")
        assert "Sorry, something went wrong" not in result.text, (command, result.text)
    for number in (1, 2):
        options = {"game": number}
        for command in ("history", "replay") if game == "clans" else ("replay",):
            result = await fake.slash(reader, f"{game} {command}", options)
            assert "Sorry, something went wrong" not in result.text, (command, result.text)
    assert bot_errors(fake) == []
