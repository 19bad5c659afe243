"""One lobby for both games: an Alexandros lobby is Clans' lobby (one message edited in place, Join / Leave /
Start, pace and language menus, a thread of its own), every persistent component of both games is checked by
the one component base (its game, server and channel), a forged custom id is refused, and a lobby posted before
a restart still answers."""

from __future__ import annotations

from pathlib import Path

import discord
from botkit import (  # every_interaction_answered: autouse, checks each test
    answered,
    components_of,
    custom_ids,
    embed_text,
    every_interaction_answered,  # noqa: F401
    message_with,
    public_messages,
    raw_component,
    refused,
    users,
)
from fakediscord import FakeChannel, FakeDiscord
from fakediscord_payloads import BOT_PERMISSIONS, Json
from test_bot_alexandros import bot_on
from test_bot_forged import ELSEWHERE, NOT_VALID, OTHER_GUILD, planted

WITH_THREADS = BOT_PERMISSIONS | discord.Permissions(create_public_threads=True).value
LOBBY_IDS = ["alex:join:1", "alex:leave:1", "alex:start:1", "alex:pace:1", "alex:language:1"]


def disabled(message: Json) -> list[bool]:
    return [bool(c.get("disabled")) for c in components_of(message) if "custom_id" in c]


async def test_an_alexandros_lobby_is_one_message_edited_in_place(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await bot_on(fake, tmp_path)
    alice, bob = users(fake, 2)
    answered(await fake.slash(alice, "alexandros new"))
    lobby = message_with(fake, "alex:join:")
    assert custom_ids(lobby) == LOBBY_IDS
    assert "Alexandros — game #1" in embed_text(lobby["embeds"])
    posts = len(public_messages(fake))

    joined = answered(await fake.click(bob, lobby, "alex:join:1"))
    assert joined.response is not None and joined.response.callback_type == 7  # the lobby message itself
    assert f"<@{bob.id}>" in embed_text(fake.message(int(lobby["id"]))["embeds"])
    left = answered(await fake.click(bob, lobby, "alex:leave:1"))
    assert left.response is not None and left.response.callback_type == 7
    assert f"<@{bob.id}>" not in embed_text(fake.message(int(lobby["id"]))["embeds"])
    answered(await fake.slash(bob, "alexandros join"))  # a command edits the same message
    assert f"<@{bob.id}>" in embed_text(fake.message(int(lobby["id"]))["embeds"])

    refused(await fake.select(bob, lobby, "alex:language:1", ["de"]), "Only the host")
    answered(await fake.select(alice, lobby, "alex:language:1", ["de"]))
    answered(await fake.select(alice, fake.message(int(lobby["id"])), "alex:pace:1", ["fast"]))
    shown = embed_text(fake.message(int(lobby["id"]))["embeds"])
    assert "Alexandros — Partie #1" in shown and "schnell" in shown
    game = await bot.services["alexandros"].record(1)
    assert (game.language, game.pace) == ("de", "fast")
    assert len(public_messages(fake)) == posts  # joins, leaves and menus made no new message

    since = len(fake.notifications)
    started = answered(await fake.click(alice, fake.message(int(lobby["id"])), "alex:start:1"))
    assert started.response is not None and started.response.callback_type == 7
    assert all(disabled(fake.message(int(lobby["id"]))))  # the lobby's buttons and menus are closed
    start_post = next(p for p in public_messages(fake)[posts:] if "#1" in p["content"] and "Alexandros" in p["content"])
    assert start_post in fake.notified(alice.id) and start_post in fake.notified(bob.id)
    assert set(fake.notified_users(since)) == {alice.id, bob.id}
    assert (await bot.services["alexandros"].record(1)).status == "running"


async def test_an_alexandros_game_opens_in_its_own_thread(fake: FakeDiscord, tmp_path: Path) -> None:
    await bot_on(fake, tmp_path)
    fake.app_permissions = WITH_THREADS
    alice, bob = users(fake, 2)
    result = answered(await fake.slash(alice, "alexandros new"))
    [thread] = [c for c in fake.channels.values() if c.type == 11]
    assert thread.name == "Alexandros #1" and thread.parent_id == fake.channel.id
    [told] = result.followups
    assert told.content == f"<@{alice.id}> opened **Alexandros game #1** in <#{thread.id}>: join there!"
    lobby = message_with(fake, "alex:join:", thread)
    answered(await fake.click(bob, lobby, "alex:join:1"))
    assert f"<@{bob.id}>" in embed_text(fake.message(int(lobby["id"]))["embeds"])


async def test_a_button_of_either_game_pressed_elsewhere_is_refused(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await bot_on(fake, tmp_path)
    alice, bob = users(fake, 2)
    answered(await fake.slash(alice, "alexandros new"))  # Alexandros game 1 in the main channel
    other = fake.text_channel(905, "other")
    answered(await fake.slash(alice, "clans new", channel=other))  # Clans game 2 in another channel
    eve = fake.user(666, "eve", permissions=-1 & 0xFFFFFFFFFFFF)
    server_b = FakeChannel(951, 0, OTHER_GUILD, "b")
    fake.channels[server_b.id] = server_b
    since = len(fake.calls)
    for where in (other, server_b):  # the Alexandros game's buttons, from another channel or server
        for custom_id in ("alex:join:1", "alex:start:1", "alex:panel:1:0", "alex:replay:1"):
            refused(await raw_component(fake, eve, planted(fake, where, custom_id), custom_id), ELSEWHERE)
        refused(await raw_component(fake, eve, planted(fake, where, "alex:pace:1"), "alex:pace:1", ["live"]), ELSEWHERE)
    for where in (fake.channel, server_b):  # the Clans game's, likewise
        for custom_id in ("clans:join:2", "clans:start:2", "clans:myclan:2", "clans:replay:2", "clans:cancel:2"):
            refused(await raw_component(fake, eve, planted(fake, where, custom_id), custom_id), ELSEWHERE)
    # A button of one game naming the other game's id acts on nothing, even in that game's channel.
    refused(await raw_component(fake, bob, planted(fake, fake.channel, "clans:join:1"), "clans:join:1"), "Alexandros")
    refused(await raw_component(fake, bob, planted(fake, other, "alex:join:2"), "alex:join:2"), "Clans")
    assert [
        len(g.seats) for g in (await bot.services["alexandros"].record(1), await bot.services["clans"].record(2))
    ] == [
        1,
        1,
    ]
    assert [c.path for c in fake.calls[since:] if c.path.startswith("/channels/") and c.method != "GET"] == []


async def test_a_forged_lobby_custom_id_is_refused(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await bot_on(fake, tmp_path)
    alice, bob = users(fake, 2)
    answered(await fake.slash(alice, "alexandros new"))
    for custom_id in ("alex:join:1234567890123456789", "alex:dance:1", "alex:join:x", "alexandros:join:1"):
        refused(await raw_component(fake, bob, planted(fake, fake.channel, custom_id), custom_id), NOT_VALID)
    assert len((await bot.services["alexandros"].record(1)).seats) == 1


async def test_a_restarted_bot_answers_lobbies_posted_before(fake: FakeDiscord, tmp_path: Path) -> None:
    await bot_on(fake, tmp_path)
    alice, bob = users(fake, 2)
    answered(await fake.slash(alice, "clans new"))
    clans_lobby = message_with(fake, "clans:join:")
    other = fake.text_channel(905, "other")
    answered(await fake.slash(alice, "alexandros new", channel=other))
    alex_lobby = message_with(fake, "alex:join:", other)
    assert custom_ids(clans_lobby) == [
        "clans:join:1",
        "clans:leave:1",
        "clans:start:1",
        "clans:pace:1",
        "clans:language:1",
    ]

    new_bot = await bot_on(fake, tmp_path, restart=True)
    joined = answered(await fake.click(bob, clans_lobby, "clans:join:1"))
    assert joined.response is not None and joined.response.callback_type == 7
    assert f"<@{bob.id}>" in embed_text(fake.message(int(clans_lobby["id"]))["embeds"])
    answered(await fake.select(alice, clans_lobby, "clans:pace:1", ["fast"]))
    answered(await fake.click(bob, alex_lobby, "alex:join:2"))
    assert f"<@{bob.id}>" in embed_text(fake.message(int(alex_lobby["id"]))["embeds"])
    answered(await fake.click(alice, fake.message(int(clans_lobby["id"])), "clans:start:1"))
    assert (await new_bot.services["clans"].record(1)).status == "running" and (
        await new_bot.services["clans"].record(1)
    ).pace == "fast"


async def test_a_panel_menu_acts_only_for_a_player_of_its_game(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await bot_on(fake, tmp_path)
    alice, bob = users(fake, 2)
    answered(await fake.slash(alice, "alexandros new"))
    answered(await fake.slash(bob, "alexandros join"))
    answered(await fake.slash(alice, "alexandros start"))
    eve = fake.user(666, "eve")
    before = (await bot.services["alexandros"].table(1)).record.snapshot_ply
    custom_id = "alex:do:1:0:m"  # a menu of the mover's own panel, replayed by a spectator in the game's channel
    refused(
        await raw_component(fake, eve, planted(fake, fake.channel, custom_id), custom_id, ["page:1"]),
        "You are not playing in this game.",
    )
    assert (await bot.services["alexandros"].table(1)).record.snapshot_ply == before
