"""Every change of turn to a human reaches that human as Discord really notifies (a created message whose
allowed_mentions name them; tests/discord/fakediscord_server.py), in Clans games with and without AI seats: the
start, each human's and each AI run's hand-off, a village order owed, and the end (everyone who played)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest
from botkit import (  # every_interaction_answered: autouse, checks each test
    cog,
    every_interaction_answered,  # noqa: F401
    open_game,
    order_seeking_picker,
    peek,
    play_turn,
    public_messages,
    start_bot,
    users,
)
from fakediscord import FakeDiscord, FakeUser

from bot import GameBot
from engine.clans import Phase

pytestmark = pytest.mark.backend_blind(
    "who each post pings and notifies; a whole game's storing on PostgreSQL is test_bot_play.py's "
    "test_a_whole_game_from_new_to_the_final_reveal[postgres]"
)


@dataclass
class Tally:
    """Changes of turn to a human, and those that notified exactly that human."""

    handoffs: int = 0
    notified: int = 0
    missed: list[str] = field(default_factory=list)


async def play_counting(fake: FakeDiscord, bot: GameBot, people: list[FakeUser], seed: int) -> Tally:
    """Play game #1 to its end; after each human action (and the AI run it hands to), the human who acts next
    must have been notified, and nobody else."""
    players = {p.id: p for p in people}
    pick = order_seeking_picker(seed)
    tally = Tally()
    for _ in range(500):
        table = await peek(bot, 1)
        if table.state.over:
            return tally
        since = len(fake.notifications)
        actor = table.mover.user_id
        await play_turn(fake, bot, 1, players, pick)
        await cog(bot).ai.idle()
        after = await peek(bot, 1)
        if after.state.over or after.mover.user_id is None:
            continue
        next_up = after.mover.user_id
        if next_up == actor and after.state.phase is not Phase.ORDER:
            continue
        tally.handoffs += 1
        pinged = fake.notified_users(since)
        if pinged == [next_up]:
            tally.notified += 1
        else:
            tally.missed.append(f"ply {after.state.ply}: {players[next_up].name} next, notified {pinged}")
    raise AssertionError("the game did not end")


async def test_two_humans_and_two_ais_every_turn_reaches_its_player(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[31])
    alice, bob = people = users(fake, 2)
    await open_game(fake, people, ai=["easy", "normal"])
    await cog(bot).ai.idle()
    first = (await peek(bot, 1)).mover
    assert first.user_id is not None
    assert started_pinging(fake, first.user_id), "the first mover was not notified at the start"
    assert started_pinging(fake, alice.id) and started_pinging(fake, bob.id)  # the start names every player
    tally = await play_counting(fake, bot, people, seed=5)
    assert tally.handoffs >= 12  # a whole game's worth: 15 on the project map's deal, 14 on the printed map's
    assert tally.notified == tally.handoffs, tally.missed
    assert_end_notifies_everyone(fake, people)


async def test_four_humans_every_turn_reaches_its_player(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, seeds=[43])
    people = users(fake, 4)
    await open_game(fake, people)
    first = (await peek(bot, 1)).mover
    assert first.user_id is not None and started_pinging(fake, first.user_id)
    tally = await play_counting(fake, bot, people, seed=8)
    assert tally.handoffs >= 40
    assert tally.notified == tally.handoffs, tally.missed
    assert_end_notifies_everyone(fake, people)


def started_pinging(fake: FakeDiscord, user_id: int) -> bool:
    """The game's start post notified ``user_id`` (their secret clan's DM notifies too, but says nothing of turns)."""
    return any("has started!" in m["content"] for m in fake.notified(user_id))


def assert_end_notifies_everyone(fake: FakeDiscord, people: list[FakeUser]) -> None:
    over = next(m for m in reversed(public_messages(fake)) if m["content"].startswith("Game over!"))
    for person in people:
        assert over in fake.notified(person.id), f"{person.name} was not told the game ended"
