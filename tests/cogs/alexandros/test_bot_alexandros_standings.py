"""/alexandros leaderboard and /alexandros profile: Alexandros' own ratings, shown as Clans' are, never Clans'."""

from __future__ import annotations

import random
from pathlib import Path

from botkit import (  # every_interaction_answered: autouse, checks each test
    answered,
    embed_text,
    every_interaction_answered,  # noqa: F401
    start_bot,
    users,
)
from fakediscord import FakeDiscord

GUILD_CHANNEL = 901


async def test_empty_alexandros_standings(fake: FakeDiscord, tmp_path: Path) -> None:
    await start_bot(fake, tmp_path)
    alice, bob = users(fake, 2)
    board = answered(await fake.slash(alice, "alexandros leaderboard")).response
    assert board is not None and "Alexandros leaderboard" in embed_text(board.embeds)
    assert "No rated games yet" in embed_text(board.embeds)
    profile = answered(await fake.slash(alice, "alexandros profile", {"user": bob})).response
    assert profile is not None and "Alexandros profile — bob" in embed_text(profile.embeds)


async def test_a_finished_alexandros_game_ranks_its_players_there_and_not_in_clans(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    bot = await start_bot(fake, tmp_path)
    alice, bob = users(fake, 2)
    service = bot.services["alexandros"]
    game = await service.open_lobby(fake.guild_id, GUILD_CHANNEL, alice.id, "alice")
    await service.join(game.id, bob.id, "bob")
    table = await service.start(game.id, alice.id)
    rng, players = random.Random(2), {0: alice.id, 1: bob.id}
    while not table.over:
        user = players[table.view.to_move]
        mine = await service.hand(game.id, user)
        action = rng.choice([a for a in mine.legal if not a.startswith("resign")] or mine.legal)
        table = (await service.act(game.id, user, action, expected_ply=table.record.snapshot_ply)).table
    board = answered(await fake.slash(bob, "alexandros leaderboard")).response
    assert board is not None
    text = embed_text(board.embeds)
    assert f"<@{alice.id}>" in text and f"<@{bob.id}>" in text and "games won" not in text.split("\n")[0]
    profile = answered(await fake.slash(alice, "alexandros profile")).response
    assert profile is not None
    shown = embed_text(profile.embeds)
    assert "Games\n1" in shown and f"#{game.id}: {table.view.scores[0]} pts" in shown
    clans = answered(await fake.slash(alice, "clans leaderboard")).response
    assert clans is not None and "No rated games yet" in embed_text(clans.embeds)
