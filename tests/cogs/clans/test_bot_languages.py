"""A whole game on a German-speaking server with an Italian player: the public posts speak German, that
player's own answers (and DMs) Italian, and no English sentence shows anywhere but in the names."""

from __future__ import annotations

import dataclasses
import re
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from botkit import (
    answered,
    by_id,
    cog,
    custom_ids,
    due,
    message_with,
    peek,
    play_game,
    public_messages,
    random_picker,
    refused,
    start_bot,
    users,
)
from fakediscord import FakeDiscord, InteractionResult, Sent

from service.pace import ManualClock
from texts.catalogs import CATALOGS, read_catalog

pytestmark = pytest.mark.backend_blind("the words of posts and answers in each language")

Json = dict[str, Any]

ENGLISH_WORDS = {
    "the", "your", "you", "is", "are", "and", "of", "moved", "moves", "village", "villages", "hut", "huts", "epoch",
    "game", "turn", "wins", "over", "left", "score", "scores", "move", "players", "player", "join", "leave",
    "start", "pace", "founded", "doomed", "worth", "strife", "resigned", "thinking", "secret", "language",
}  # fmt: skip
"""Common English words of the bot's messages that are no German or Italian word ("Chips", "replay" are)."""
NAMES = {"alice", "bob", "carol"}


def _fragments(lang: str) -> set[str]:
    """Multi-word pieces of the English messages that the language's own catalogs do not contain."""
    catalogs = [place.domain for place in CATALOGS]
    own = " ".join(
        " ".join(m.string) if isinstance(m.string, tuple) else m.string
        for domain in catalogs
        for m in read_catalog(lang, domain)
        if m.id
    )
    pieces: set[str] = set()
    for message in (m for domain in catalogs for m in read_catalog("en", domain)):
        if not message.id or message.context:
            continue
        for text in message.id if isinstance(message.id, tuple) else (message.id,):
            for piece in re.split(r"\{[^}]*\}|\*\*|`[^`]*`|[\n()#:.,;!?·—→]", text):
                piece = piece.strip()
                if piece.count(" ") >= 1 and len(piece) >= 8 and piece not in own:
                    pieces.add(piece)
    return pieces


def _texts_of(message: Json) -> list[str]:
    """Everything a reader sees of a message: its content, embeds and the labels of its components."""
    found = [message.get("content") or ""]
    for embed in message.get("embeds") or []:
        found += [embed.get("title") or "", embed.get("description") or ""]
        found += [f"{f.get('name', '')} {f.get('value', '')}" for f in embed.get("fields") or []]
        found.append((embed.get("footer") or {}).get("text") or "")
    for row in message.get("components") or []:
        for component in row.get("components") or [row]:
            found += [component.get("label") or "", component.get("placeholder") or ""]
            for option in component.get("options") or []:
                found += [option.get("label") or "", option.get("description") or ""]
    return [text for text in found if text]


def _english_in(texts: list[str], lang: str) -> list[str]:
    fragments = _fragments(lang)
    found = []
    for text in texts:
        words = {w.lower() for w in re.findall(r"[A-Za-zÀ-ÿ']+", text)} - NAMES
        found += [f"{w!r} in {text!r}" for w in words & ENGLISH_WORDS]
        found += [f"{f!r} in {text!r}" for f in fragments if f in text]
    return found


def _ephemeral(results: list[InteractionResult]) -> list[str]:
    shown: list[Sent] = [s for r in results for s in [r.response, *r.followups, *r.edits] if s is not None]
    texts: list[str] = []
    for sent in shown:
        if sent.ephemeral:
            texts += _texts_of(sent.message or sent.body)
    return texts


async def test_a_german_server_and_an_italian_player_see_no_english(fake: FakeDiscord, tmp_path: Path) -> None:
    fake.guild_locale = "de"
    bot = await start_bot(fake, tmp_path, seeds=[5])
    alice, bob, carol = users(fake, 3)
    alice, carol = dataclasses.replace(alice, locale="de"), dataclasses.replace(carol, locale="de")
    bob = dataclasses.replace(bob, locale="it")
    answered(await fake.slash(alice, "clans new"))
    lobby = message_with(fake, "clans:join:")
    game_id = int(custom_ids(lobby)[0].rsplit(":", 1)[1])
    bobs: list[InteractionResult] = [answered(await fake.slash(bob, "clans join"))]
    answered(await fake.slash(carol, "clans join"))
    bobs.append(answered(await fake.slash(bob, "clans status")))
    bobs.append(await fake.slash(bob, "clans start"))
    assert "Solo chi ospita può avviare la partita." in refused(bobs[-1])
    answered(await fake.slash(alice, "clans start"))
    bobs.append(answered(await fake.slash(bob, "clans myclan")))
    bobs.append(answered(await fake.slash(bob, "clans rules")))
    bobs.append(answered(await fake.slash(bob, "clans help")))

    suggestions = await fake.autocomplete(bob, "clans move", "from", {"from": ""})
    assert suggestions and any("capann" in c["name"] for c in suggestions)

    players = by_id(alice, bob, carol)
    seen: list[InteractionResult] = []
    final = await play_game(fake, bot, game_id, players, random_picker(5), on_action=seen.append)
    assert final is not None
    bobs += [r for r in seen if int(r.payload["member"]["user"]["id"]) == bob.id]
    bobs.append(answered(await fake.slash(bob, "clans status")))
    bobs.append(answered(await fake.slash(bob, "clans history")))

    public = [m for m in fake.messages.values() if not m.ephemeral and not m.deleted]
    dm_channels = {int(m["channel_id"]) for user in (alice, bob, carol) for m in fake.dms(user.id)}
    public_texts = [t for m in public if int(m.data["channel_id"]) not in dm_channels for t in _texts_of(m.data)]
    assert any("Partie #1" in t for t in public_texts)
    assert any("Hütte" in t for t in public_texts) and any("Dorf" in t for t in public_texts)
    assert not _english_in(public_texts, "de")

    italian = _ephemeral(bobs)
    assert any("Ti sei unito alla partita #1." in t for t in italian)
    assert any("Il tuo clan segreto" in t for t in italian)
    assert not _english_in(italian + [c["name"] for c in suggestions], "it")

    [dm] = fake.dms(bob.id)
    assert "Il tuo clan segreto" in " ".join(_texts_of(dm))
    [dm] = fake.dms(alice.id)
    assert "Dein geheimer Clan" in " ".join(_texts_of(dm))


async def test_reminders_speak_the_games_language_in_public_and_the_players_in_a_dm(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    """A clock event has no interaction: the channel hears the game's language, the DM the player's last one."""
    fake.guild_locale = "de"
    clock = ManualClock()
    bot = await start_bot(fake, tmp_path, seeds=[42], now=clock)  # seed 42: bob, the Italian, moves first
    cog(bot).clock.stop()  # the test drives the ticks
    alice, bob = users(fake, 2)
    alice, bob = dataclasses.replace(alice, locale="de"), dataclasses.replace(bob, locale="it")
    answered(await fake.slash(alice, "clans new"))
    answered(await fake.slash(bob, "clans join"))
    answered(await fake.slash(alice, "clans start"))
    assert (await peek(bot, 1)).mover.user_id == bob.id
    mover = bob
    shown = answered(await fake.slash(bob, "clans notify", {"dm": "on"}))
    assert "I promemoria in DM sono **attivi**" in shown.text
    clock.advance(timedelta(hours=12))
    before = len(public_messages(fake))
    await cog(bot).clock.tick()
    [public] = [m["content"] for m in public_messages(fake)[before:]]
    left = due(clock() + timedelta(hours=12))
    assert public == f"⏳ <@{mover.id}>, die Hälfte deiner Zeit für diesen Zug in Partie #1 ist um: {left}.".replace(
        "due ", "fällig am "
    )
    dm = fake.dms(mover.id)[-1]["content"]
    if mover is bob:
        assert (
            dm
            == f"Hai usato metà del tempo nella partita di Clans #1 (<#{fake.channel.id}>): tocca a te, "
            + left.replace("due ", "entro il ")
            + "."
        )
    else:
        assert (
            dm
            == f"Die Hälfte deiner Zeit ist um in Clans-Partie #1 (<#{fake.channel.id}>): du bist am Zug, "
            + left.replace("due ", "fällig am ")
            + "."
        )


async def test_the_language_option_and_the_hosts_lobby_menu(fake: FakeDiscord, tmp_path: Path) -> None:
    await start_bot(fake, tmp_path)
    alice, bob = users(fake, 2)
    answered(await fake.slash(alice, "clans new", {"language": "it"}))  # on an English server
    lobby = message_with(fake, "clans:language:")
    assert "Una nuova partita cerca giocatori" in " ".join(_texts_of(lobby))
    answered(await fake.slash(bob, "clans join"))
    refused(await fake.select(bob, lobby, "clans:language:1", ["de"]), "Only the host can change the language.")
    answered(await fake.select(alice, lobby, "clans:language:1", ["de"]))
    lobby = message_with(fake, "clans:language:")
    shown = " ".join(_texts_of(lobby))
    assert "Eine neue Partie sucht Mitspieler" in shown and "Beitreten" in shown
    assert not _english_in(_texts_of(lobby), "de")
