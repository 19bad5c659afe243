"""Idle lobbies of every game are closed by the shared clock, game by game: a lobby nobody started within a day is
closed with a note in its own game's words, its lobby message is closed, and one game's failure to close its
lobbies never stops another game's."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from botkit import (  # every_interaction_answered: autouse, checks each test
    answered,
    bot_errors,
    components_of,
    every_interaction_answered,  # noqa: F401
    message_with,
    public_messages,
    start_bot,
    users,
)
from fakediscord import FakeChannel, FakeDiscord

from bot import GameBot
from service.pace import ManualClock


async def stopped_clocks(bot: GameBot) -> list[Any]:
    """Every game's clock, its loop stopped and the tick it had under way (on a busy machine, still running) over:
    only the test's ticks act from here."""
    clocks = []
    for cog in bot.cogs.values():
        clock = getattr(cog, "clock", None)
        if clock is not None:
            clock.stop()
            clocks.append(clock)
    assert len(clocks) == 2, "a clock per game"
    for clock in clocks:  # a tick of the loop still under way ends before this one starts (the clock's lock)
        await clock.tick()
    return clocks


def notes_in(fake: FakeDiscord, channel: FakeChannel, since: int) -> list[str]:
    return [m["content"] for m in public_messages(fake, channel)[since:]]


def closed(lobby: dict[str, Any]) -> bool:
    return all(c.get("disabled") for c in components_of(lobby) if "custom_id" in c)


async def two_lobbies(
    fake: FakeDiscord, tmp_path: Path, first: str
) -> tuple[GameBot, ManualClock, list[Any], FakeChannel, FakeChannel]:
    """A bot on a clock the test moves, its clocks stopped, and a lobby of each game in a channel of its own
    (``first`` opened first)."""
    clock = ManualClock(datetime.now(UTC))
    bot = await start_bot(fake, tmp_path, now=clock)
    clocks = await stopped_clocks(bot)
    alice, bob = users(fake, 2)
    here = {"clans": fake.text_channel(931, "clans"), "alexandros": fake.text_channel(932, "alexandros")}
    for game in sorted(here, key=lambda game: game != first):
        answered(await fake.slash(alice if game == "clans" else bob, f"{game} new", channel=here[game]))
    return bot, clock, clocks, here["clans"], here["alexandros"]


async def test_idle_lobbies_of_both_games_are_closed_each_in_its_own_words(fake: FakeDiscord, tmp_path: Path) -> None:
    bot, clock, clocks, clans_here, alex_here = await two_lobbies(fake, tmp_path, first="clans")
    clans_posts, alex_posts = len(public_messages(fake, clans_here)), len(public_messages(fake, alex_here))
    clock.advance(timedelta(hours=25))
    for scheduler in clocks:
        await scheduler.tick()

    assert notes_in(fake, clans_here, clans_posts) == [
        "Game #1 was closed: nobody started it within 24 hours. `/clans new` opens a new one."
    ]
    assert notes_in(fake, alex_here, alex_posts) == [
        "Game #2 was closed: nobody started it within 24 hours. `/alexandros new` opens a new one."
    ]
    for game_id in (1, 2):
        record = await bot.store.get_game(game_id)
        assert record is not None and (record.status, record.end_reason) == ("cancelled", "idle")
    assert closed(fake.message(int(message_with(fake, "clans:join:1", clans_here)["id"])))
    assert closed(fake.message(int(message_with(fake, "alex:join:2", alex_here)["id"])))
    assert bot_errors(fake) == []

    for scheduler in clocks:  # closed once: later ticks say nothing more
        await scheduler.tick()
    assert len(public_messages(fake, clans_here)) == clans_posts + 1
    assert len(public_messages(fake, alex_here)) == alex_posts + 1


async def test_one_games_failure_does_not_stop_anothers_closing(fake: FakeDiscord, tmp_path: Path) -> None:
    bot, clock, clocks, clans_here, _ = await two_lobbies(fake, tmp_path, first="alexandros")
    alexandros = bot.services["alexandros"]

    async def broken(*args: object, **kwargs: object) -> list[object]:
        raise RuntimeError("the Alexandros lobbies cannot be read")

    alexandros.close_idle_lobbies = broken  # type: ignore[method-assign]
    clock.advance(timedelta(hours=25))
    for scheduler in clocks:
        await scheduler.tick()

    assert notes_in(fake, clans_here, 1)[-1].endswith("`/clans new` opens a new one.")
    assert (await bot.store.get_game(2)).status == "cancelled"  # type: ignore[union-attr]
    assert (await bot.store.get_game(1)).status == "lobby"  # type: ignore[union-attr]
    assert [r.getMessage() for r in bot_errors(fake)] == ["Could not close the idle lobbies of alexandros"]
    fake.logged_errors.clear()
