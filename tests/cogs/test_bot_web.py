"""The games' web pages seen from Discord: every post of a game and its status carry a link button to the game's
page, the link opens it, and the host or a moderator renews or revokes it (`weblink`, in both groups); without
WEB_HOST the bot links to nothing and says so."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import aiohttp
import discord
from botkit import (  # every_interaction_answered: autouse, checks each test
    answered,
    by_id,
    components_of,
    every_interaction_answered,  # noqa: F401
    open_game,
    play_turn,
    public_messages,
    refused,
    start_bot,
    users,
)
from fakediscord import FakeDiscord
from fakediscord_limits import form_errors
from fakediscord_payloads import MEMBER_PERMISSIONS

from bot import GameBot

Json = dict[str, Any]
BASE = "https://clans.example.org"
WEB = {"web_host": "127.0.0.1", "web_port": 0, "web_base_url": BASE}


def links(message: Json) -> list[str]:
    return [c["url"] for c in components_of(message) if c.get("style") == 5]


async def page_status(bot: GameBot, url: str) -> tuple[int, str]:
    """What a browser gets for a link posted in Discord, asked of the bot's own server (the proxy's job)."""
    assert bot.web is not None and url.startswith(BASE)
    async with aiohttp.ClientSession() as session, session.get(bot.web.address + url[len(BASE) :]) as response:
        return response.status, await response.text()


async def token_of(bot: GameBot, game_id: int) -> str | None:
    record = await bot.store.get_game(game_id)
    assert record is not None
    return record.web_token


async def test_every_post_and_the_status_link_the_game_s_page_which_shows_it(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, **WEB)
    alice, bob = users(fake, 2)
    game_id = await open_game(fake, [alice, bob])
    url = f"{BASE}/g/{await token_of(bot, game_id)}"
    start = public_messages(fake)[-1]
    assert "has started" in start["content"] and links(start) == [url]
    await play_turn(fake, bot, game_id, by_id(alice, bob))
    turn = public_messages(fake)[-1]
    assert "your move" in turn["content"] and links(turn) == [url]
    status = answered(await fake.slash(bob, "clans status")).response
    assert status is not None and status.ephemeral and links(status.message or {}) == [url]
    code, html = await page_status(bot, url)
    assert code == 200 and "alice" in html and "bob" in html and 'data-step="1"' in html
    assert 'data-step="2"' not in html  # one action so far: the setup and the board after it


async def test_the_host_or_a_moderator_revokes_and_renews_the_link_and_nobody_else(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    bot = await start_bot(fake, tmp_path, **WEB)
    alice, bob = users(fake, 2)
    moderator = fake.user(300, "mod", permissions=MEMBER_PERMISSIONS | discord.Permissions(manage_messages=True).value)
    game_id = await open_game(fake, [alice, bob])
    first = f"{BASE}/g/{await token_of(bot, game_id)}"
    refused(await fake.slash(bob, "clans weblink", {"action": "revoke"}), "Only the host or a member")
    assert (await page_status(bot, first))[0] == 200

    answer = answered(await fake.slash(alice, "clans weblink", {"action": "revoke"})).response
    assert answer is not None and answer.ephemeral and "is gone" in answer.content
    assert await token_of(bot, game_id) is None and (await page_status(bot, first)) == (404, "Not found")
    await play_turn(fake, bot, game_id, by_id(alice, bob))
    assert links(public_messages(fake)[-1]) == []  # no link while it is revoked
    status = answered(await fake.slash(bob, "clans status")).response
    assert status is not None and links(status.message or {}) == []

    renewed = answered(await fake.slash(moderator, "clans weblink", {"action": "renew"})).response
    second = f"{BASE}/g/{await token_of(bot, game_id)}"
    assert renewed is not None and renewed.ephemeral and second in renewed.content and second != first
    assert links(renewed.message or {}) == [second]
    assert (await page_status(bot, first))[0] == 404 and (await page_status(bot, second))[0] == 200
    await play_turn(fake, bot, game_id, by_id(alice, bob))
    assert links(public_messages(fake)[-1]) == [second]


async def test_alexandros_posts_and_status_link_its_page_too(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path, **WEB)
    alice, bob = users(fake, 2)
    answered(await fake.slash(alice, "alexandros new"))
    answered(await fake.slash(bob, "alexandros join"))
    answered(await fake.slash(alice, "alexandros start"))
    game = await bot.store.active_game(fake.channel.id)
    assert game is not None and game.game == "alexandros" and game.web_token is not None
    url = f"{BASE}/g/{game.web_token}"
    first = public_messages(fake)[-1]
    assert "your turn" in first["content"] and links(first) == [url]
    status = answered(await fake.slash(bob, "alexandros status")).response
    assert status is not None and status.ephemeral and links(status.message or {}) == [url]
    code, html = await page_status(bot, url)
    assert code == 200 and "Alexandros" in html and "alice" in html
    refused(await fake.slash(bob, "alexandros weblink", {"action": "renew"}), "Only the host or a member")


async def test_without_a_base_url_the_status_names_the_local_page_and_posts_carry_no_link(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    bot = await start_bot(fake, tmp_path, web_host="127.0.0.1", web_port=0)
    alice, bob = users(fake, 2)
    game_id = await open_game(fake, [alice, bob])
    assert links(public_messages(fake)[-1]) == []
    status = answered(await fake.slash(alice, "clans status")).response
    assert bot.web is not None and status is not None
    local = f"{bot.web.address}/g/{await token_of(bot, game_id)}"
    assert local in str(status.embeds) and links(status.message or {}) == []


async def test_without_web_pages_no_link_and_weblink_says_why(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = await start_bot(fake, tmp_path)
    alice, bob = users(fake, 2)
    await open_game(fake, [alice, bob])
    assert bot.web is None and links(public_messages(fake)[-1]) == []
    refused(await fake.slash(alice, "clans weblink", {"action": "renew"}), "serves no web pages")


def test_the_fake_refuses_a_link_discord_refuses() -> None:
    """Discord takes a link button only with a well-formed http(s) address of a host with a domain."""

    def errors(button: Json) -> Json:
        return form_errors({"components": [{"type": 1, "components": [button]}]})

    good = {"type": 2, "style": 5, "label": "Watch", "url": f"{BASE}/g/abc"}
    assert errors(good) == {}
    for url in ("http://localhost:8080/g/abc", "clans.example.org/g/abc", "ftp://clans.example.org", "x" * 600):
        assert "components.0.components.0.url" in errors({**good, "url": url}), url
    assert errors({**good, "custom_id": "clans:x"}) != {}
    assert errors({"type": 2, "style": 1, "label": "x", "custom_id": "a", "url": BASE}) != {}
