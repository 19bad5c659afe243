"""Cancelling a rated game under way, and AI seats at fixed ratings: results that cannot be gamed."""

from __future__ import annotations

from pathlib import Path

import discord
from botkit import (  # every_interaction_answered: autouse, checks each test
    answered,
    by_id,
    every_interaction_answered,  # noqa: F401
    first_picker,
    open_game,
    peek,
    play_game,
    play_turn,
    public_messages,
    start_bot,
    users,
)
from fakediscord import FakeDiscord, FakeUser
from fakediscord_payloads import MEMBER_PERMISSIONS

from ai.clans import AI_LEVELS
from registry import game
from store import ResultInput
from store.ratings import MODEL, rate


async def cancel(fake: FakeDiscord, who: FakeUser, game_id: int) -> str:
    """/clans cancel, then its confirmation button; the question asked."""
    asked = answered(await fake.slash(who, "clans cancel")).response
    assert asked is not None and asked.ephemeral and asked.message is not None
    answered(await fake.click(who, asked.message, f"clans:cancel:{game_id}"))
    return asked.content


async def test_before_the_first_move_cancelling_is_free(fake: FakeDiscord, tmp_path: Path) -> None:
    """docs/RULES.md R8.5"""
    bot = await start_bot(fake, tmp_path)
    alice, bob = users(fake, 2)
    game_id = await open_game(fake, [alice, bob])
    assert "Nothing will be scored" in await cancel(fake, alice, game_id)
    assert (await bot.store.get_game(game_id)).status == "cancelled"  # type: ignore[union-attr]
    assert await bot.store.results(game_id) == []


async def test_a_seated_hosts_cancel_after_the_first_move_is_their_resignation(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    """docs/RULES.md R8.6: the others play on."""
    bot = await start_bot(fake, tmp_path, seeds=[4])
    alice, bob, carol = users(fake, 3)
    players = by_id(alice, bob, carol)
    game_id = await open_game(fake, [alice, bob, carol])
    await play_turn(fake, bot, game_id, players)
    question = await cancel(fake, alice, game_id)
    assert "counts as resigning" in question
    table = await peek(bot, game_id)
    assert table.record.status == "running" and table.state.resigned[0]  # the others play on
    assert "resigned" in str(public_messages(fake)[-1]["embeds"])
    await play_game(fake, bot, game_id, players, first_picker)
    results = {r.user_id: r for r in await bot.store.results(game_id)}
    assert results[alice.id].resigned and not results[alice.id].winner
    rating = await bot.store.rating(fake.guild_id, alice.id, game="clans")
    assert rating is not None and rating.games == 1  # rated: the loss counts


async def test_in_a_two_player_game_the_hosts_cancel_ends_it_scored_as_a_resignation(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[4])
    alice, bob = users(fake, 2)
    game_id = await open_game(fake, [alice, bob])
    await play_turn(fake, bot, game_id, by_id(alice, bob))
    await cancel(fake, alice, game_id)
    assert (await bot.store.get_game(game_id)).status == "finished"  # type: ignore[union-attr]
    loser = await bot.store.rating(fake.guild_id, alice.id, game="clans")
    winner = await bot.store.rating(fake.guild_id, bob.id, game="clans")
    assert loser is not None and winner is not None and winner.mu > loser.mu


async def test_a_moderator_who_does_not_play_voids_the_game_unrated(fake: FakeDiscord, tmp_path: Path) -> None:
    """docs/RULES.md R8.6: a void game is not scored."""
    bot = await start_bot(fake, tmp_path, seeds=[4])
    alice, bob = users(fake, 2)
    moderator = fake.user(300, "mod", permissions=MEMBER_PERMISSIONS | discord.Permissions(manage_messages=True).value)
    game_id = await open_game(fake, [alice, bob])
    await play_turn(fake, bot, game_id, by_id(alice, bob))
    assert "void" in await cancel(fake, moderator, game_id)
    assert (await bot.store.get_game(game_id)).status == "cancelled"  # type: ignore[union-attr]
    assert "It is void" in public_messages(fake)[-1]["content"]
    assert await bot.store.results(game_id) == [] and await bot.store.leaderboard(fake.guild_id, game="clans") == []


AI_RATINGS = game("clans").ai_ratings


def _result(seat: int, user_id: int | None, total: int, ai_level: str | None = None) -> ResultInput:
    rating = None if ai_level is None else AI_RATINGS[ai_level]
    return ResultInput(seat, user_id, f"p{seat}", total, False, ai_level=ai_level, ai_rating=rating)


def test_beating_a_lower_rated_ai_gains_less_than_beating_a_higher_rated_one() -> None:
    assert set(AI_RATINGS) == set(AI_LEVELS)  # every level has its published (measured) rating
    ranked = sorted(AI_RATINGS, key=lambda level: AI_RATINGS[level][0])
    gains = {}
    for level in ranked:
        human, _ = rate([_result(0, 1, 20), _result(1, None, 5, level)], {})
        gains[level] = human.mu - MODEL.rating().mu
    assert 0 < gains[ranked[0]] < gains[ranked[1]] < gains[ranked[2]]
    # Losing to the lowest-rated AI costs more than losing to the highest: its rating is sure, and low.
    losses = {level: rate([_result(0, 1, 5), _result(1, None, 20, level)], {})[0].mu for level in AI_RATINGS}
    assert losses[ranked[0]] < losses[ranked[2]]


async def test_a_game_against_an_ai_rates_the_human_against_its_fixed_level(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[6])
    alice = users(fake, 1)[0]
    for game_id in (1, 2):  # the second game meets the AI at the same rating: it never changes
        before = await bot.store.rating(fake.guild_id, alice.id, game="clans")
        assert game_id == await open_game(fake, [alice], ai=["easy"])
        await play_game(fake, bot, game_id, by_id(alice), first_picker)
        stored = await bot.store.results(game_id)
        inputs = [
            ResultInput(
                r.seat,
                r.user_id,
                r.name,
                r.total,
                r.winner,
                r.resigned,
                r.away,
                ai_level=None if r.user_id else "easy",
                ai_rating=None if r.user_id else AI_RATINGS["easy"],
            )
            for r in sorted(stored, key=lambda r: r.seat)
        ]
        expected = rate(inputs, {alice.id: before} if before else {})
        after = await bot.store.rating(fake.guild_id, alice.id, game="clans")
        assert after is not None
        assert abs(after.mu - expected[0].mu) < 1e-9 and abs(after.sigma - expected[0].sigma) < 1e-9
    assert [row.user_id for row in await bot.store.leaderboard(fake.guild_id, game="clans")] == [
        alice.id
    ]  # AIs are not stored
