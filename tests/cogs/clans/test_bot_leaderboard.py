"""/clans leaderboard and /clans profile after several finished games."""

from __future__ import annotations

import re
from pathlib import Path

from botkit import (  # every_interaction_answered: autouse, checks each test
    answered,
    by_id,
    embed_text,
    every_interaction_answered,  # noqa: F401
    open_game,
    play_game,
    random_picker,
    start_bot,
    users,
)
from fakediscord import FakeDiscord


async def test_empty_leaderboard_and_profile(fake: FakeDiscord, tmp_path: Path) -> None:
    await start_bot(fake, tmp_path)
    alice, bob = users(fake, 2)
    board = answered(await fake.slash(alice, "clans leaderboard")).response
    assert board is not None and "No rated games yet" in embed_text(board.embeds)
    profile = answered(await fake.slash(alice, "clans profile", {"user": bob})).response
    assert profile is not None and "No finished games in this server yet" in embed_text(profile.embeds)
    assert "Clans profile — bob" in embed_text(profile.embeds)


async def test_leaderboard_after_several_games(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[41, 42, 43])
    alice, bob, carol = users(fake, 3)
    people = by_id(alice, bob, carol)
    await open_game(fake, [alice, bob, carol], ai=["easy"])
    await play_game(fake, bot, 1, people, random_picker(1))
    await open_game(fake, [bob, carol])
    await play_game(fake, bot, 2, people, random_picker(2))
    await open_game(fake, [carol, alice])
    answered(await fake.slash(alice, "clans resign"))  # game 3: carol wins by resignation

    shown = answered(await fake.slash(bob, "clans leaderboard")).response
    assert shown is not None and not shown.ephemeral
    [embed] = shown.embeds
    assert embed["title"] == "Clans leaderboard — this server"
    lines = embed["description"].splitlines()
    ranked = [int(re.search(r"<@(\d+)>", line)[1]) for line in lines]  # type: ignore[index]
    ratings = [int(re.search(r"rating (\d+) \(provisional\)", line)[1]) for line in lines]  # type: ignore[index]
    assert sorted(ranked) == [alice.id, bob.id, carol.id]  # only humans, each once
    assert ratings == sorted(ratings, reverse=True)
    assert ranked == [row.user_id for row in await bot.store.leaderboard(fake.guild_id, game="clans")]
    assert "AI" not in embed["description"]
    # The familiar scale: openskill's ordinal mu - 3 sigma, scaled around 1500; nobody shows a negative number.
    stored = await bot.store.leaderboard(fake.guild_id, game="clans")
    assert ratings == [round(1500 + 20 * row.ordinal) for row in stored]
    assert all(r > 0 for r in ratings) and "1500 + 20 × (μ − 3σ)" in embed["footer"]["text"]
    games = {int(re.search(r"<@(\d+)>", line)[1]): re.search(r"(\d+)/(\d+) games? won", line) for line in lines}  # type: ignore[index]
    assert {uid: int(m[2]) for uid, m in games.items()} == {alice.id: 2, bob.id: 2, carol.id: 3}  # type: ignore[index]

    profile = answered(await fake.slash(alice, "clans profile", {"user": carol})).response
    assert profile is not None
    text = embed_text(profile.embeds)
    assert "Clans profile — carol" in text and "Games\n3" in text and "Recent games" in text
    carol_row = next(row for row in stored if row.user_id == carol.id)
    assert f"Rating\n{round(1500 + 20 * carol_row.ordinal)} (provisional) · #{carol_row.rank}" in text
    assert re.search(r"#3: .* · \d+ pts 🏆", text)  # won by resignation
    own = answered(await fake.slash(alice, "clans profile")).response
    assert own is not None and "Clans profile — alice" in embed_text(own.embeds)
    assert "Games\n2" in embed_text(own.embeds)
