"""`/clans new` takes the map: the lobby names it in the game's language (the printed one unless chosen)."""

from __future__ import annotations

from pathlib import Path

from botkit import (  # every_interaction_answered: autouse, checks each test
    answered,
    every_interaction_answered,  # noqa: F401
    message_with,
    start_bot,
    users,
)
from fakediscord import FakeDiscord

from engine.clans import DEFAULT_MAP, PRINTED_MAP, PROJECT_MAP


def map_field(fake: FakeDiscord, name: str = "Map") -> str:
    [embed] = fake.message(int(message_with(fake, "clans:join:")["id"]))["embeds"]
    [field] = [f for f in embed["fields"] if f["name"] == name]
    return str(field["value"])


async def test_the_lobby_shows_the_map_chosen(fake: FakeDiscord, tmp_path: Path) -> None:
    await start_bot(fake, tmp_path)
    [alice] = users(fake, 1)
    answered(await fake.slash(alice, "clans new", {"map": PROJECT_MAP}))
    assert map_field(fake) == "project map"


async def test_without_a_choice_the_lobby_is_on_the_default_map(fake: FakeDiscord, tmp_path: Path) -> None:
    await start_bot(fake, tmp_path)
    [alice] = users(fake, 1)
    answered(await fake.slash(alice, "clans new"))
    assert map_field(fake) == {PRINTED_MAP: "printed map", PROJECT_MAP: "project map"}[DEFAULT_MAP]


async def test_a_german_lobby_names_the_map_in_german(fake: FakeDiscord, tmp_path: Path) -> None:
    await start_bot(fake, tmp_path)
    [alice] = users(fake, 1)
    answered(await fake.slash(alice, "clans new", {"map": PRINTED_MAP, "language": "de"}))
    assert map_field(fake, "Karte") == "gedruckte Karte"
