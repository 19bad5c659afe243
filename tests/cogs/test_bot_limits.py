"""Limits on open lobbies and games, per member and per server (config.py, `.env.example`): past one, a clear
ephemeral refusal that opens, seats or starts nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from botkit import (  # every_interaction_answered: autouse, checks each test
    answered,
    every_interaction_answered,  # noqa: F401
    open_game,
    refused,
    start_bot,
    users,
)
from fakediscord import FakeDiscord

from config import ConfigError, load_config


async def test_a_member_hosts_a_limited_number_of_lobbies(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, lobbies_per_user=2)
    alice, bob = users(fake, 2)
    for channel_id in (901, 902):
        answered(await fake.slash(alice, "clans new", channel=fake.text_channel(channel_id)))
    third = fake.text_channel(903)
    refused(await fake.slash(alice, "clans new", channel=third), "You already host 2 open lobbies")
    refused(await fake.slash(alice, "clans new", channel=third, locale="de"), "Du leitest schon 2 offene Lobbys")
    assert await bot.store.latest_game(third.id) is None
    answered(await fake.slash(bob, "clans new", channel=third))  # the limit is each member's own
    # Once one of hers has started, Alice may open another lobby.
    answered(await fake.slash(bob, "clans join", channel=fake.channels[901]))
    answered(await fake.slash(alice, "clans start", channel=fake.channels[901]))
    answered(await fake.slash(alice, "clans new", channel=fake.text_channel(904)))


async def test_a_member_sits_in_a_limited_number_of_games(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, games_per_user=2)
    alice, bob, carol = users(fake, 3)
    await open_game(fake, [alice, bob], channel=fake.text_channel(901))  # running
    answered(await fake.slash(carol, "clans new", channel=fake.text_channel(902)))
    answered(await fake.slash(bob, "clans join", channel=fake.channels[902]))  # Bob: a game and a lobby
    third = fake.text_channel(903)
    answered(await fake.slash(carol, "clans new", channel=third))
    refused(await fake.slash(bob, "clans join", channel=third), "You already sit in 2 games")
    assert [s.user_id for s in (await bot.store.latest_game(third.id)).seats] == [carol.id]  # type: ignore[union-attr]
    refused(await fake.slash(bob, "clans new", channel=fake.text_channel(904)), "You already sit in 2 games")


async def test_a_server_has_a_limited_number_of_lobbies_and_running_games(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, lobbies_per_server=2, games_per_server=1)
    alice, bob, carol, dave = users(fake, 4)
    await open_game(fake, [alice, bob], channel=fake.text_channel(901))  # running: not an open lobby
    answered(await fake.slash(carol, "clans new", channel=fake.text_channel(902)))
    answered(await fake.slash(dave, "clans new", channel=fake.text_channel(903)))
    refused(await fake.slash(alice, "clans new", channel=fake.text_channel(904)), "This server already has 2 open")
    answered(await fake.slash(dave, "clans join", channel=fake.channels[902]))
    refused(await fake.slash(carol, "clans start", channel=fake.channels[902]), "This server already runs 1 game,")
    in_italian = await fake.slash(carol, "clans start", channel=fake.channels[902], locale="it")
    refused(in_italian, "Su questo server è già in corso 1 partita, il massimo")
    assert (await bot.store.latest_game(902)).status == "lobby"  # type: ignore[union-attr]


def test_the_limits_come_from_the_environment() -> None:
    defaults = load_config({})
    assert (defaults.lobbies_per_user, defaults.games_per_user) == (2, 10)
    assert (defaults.lobbies_per_server, defaults.games_per_server, defaults.ai_queue) == (10, 50, 200)
    assert defaults.replay_cooldown_s == 30
    chosen = load_config({"CLANS_LOBBIES_PER_USER": "1", "CLANS_GAMES_PER_SERVER": "500", "CLANS_AI_QUEUE": "9"})
    assert (chosen.lobbies_per_user, chosen.games_per_server, chosen.ai_queue) == (1, 500, 9)
    for bad in ("0", "-1", "two"):
        with pytest.raises(ConfigError, match="CLANS_LOBBIES_PER_SERVER"):
            load_config({"CLANS_LOBBIES_PER_SERVER": bad})


async def test_the_limits_count_both_games(fake: FakeDiscord, tmp_path: Path) -> None:
    """An Alexandros lobby counts like a Clans one: the limits are a member's and a server's, whatever the game."""
    bot = await start_bot(fake, tmp_path, lobbies_per_user=1)
    alice, bob = users(fake, 2)
    answered(await fake.slash(alice, "clans new", channel=fake.text_channel(901)))
    other = fake.text_channel(902)
    refused(await fake.slash(alice, "alexandros new", channel=other), "You already host 1 open lobby")
    assert await bot.store.latest_game(other.id) is None
    answered(await fake.slash(bob, "alexandros new", channel=other))
    refused(await fake.slash(bob, "clans new", channel=fake.text_channel(903)), "You already host 1 open lobby")
