"""The link to a game's web page (web/) as Discord shows it: a link button under the game's public posts and its
status, when the bot serves pages at an address readers reach (WEB_BASE_URL). A link button opens the page in the
reader's browser and sends the bot nothing; it has no custom id and needs no registration."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import ui

from cogs.bot_base import bot_of
from cogs.errors import reader
from errors import GameError, Why
from service.records import GameRecord
from texts import Texts

MAX_ITEMS = 25
"""Discord's components per message (5 rows of 5): a view already full gets no link."""

Send = Callable[..., Awaitable[Any]]


def page_url(client: discord.Client, record: GameRecord) -> str | None:
    """The game's page, if the bot serves pages and the game's link is not revoked."""
    links = bot_of(client).web_links
    if links is None or record.web_token is None:
        return None
    return links.url(record.web_token)


def page_button(t: Texts, url: str) -> ui.Button[Any]:
    return ui.Button(label=t._("Watch on the web"), emoji="🌐", style=discord.ButtonStyle.link, url=url)


def with_page_link(client: discord.Client, t: Texts, record: GameRecord, view: ui.View | None) -> ui.View | None:
    """``view`` with the game's page link added (a new view if there was none); as it was when the bot posts no
    links, the link is revoked, or the view is full."""
    links = bot_of(client).web_links
    url = page_url(client, record)
    if links is None or not links.buttons or url is None:
        return view
    view = view if view is not None else ui.View(timeout=None)
    if len(view.children) >= MAX_ITEMS or any(getattr(item, "url", None) == url for item in view.children):
        return view
    view.add_item(page_button(t, url))
    return view


def linked(client: discord.Client, t: Texts, record: GameRecord, send: Send) -> Send:
    """``send`` that adds the game's page link to what it posts."""

    async def send_linked(*args: Any, **kwargs: Any) -> Any:
        view = with_page_link(client, t, record, kwargs.get("view"))
        if view is not None:
            kwargs["view"] = view
        return await send(*args, **kwargs)

    return send_linked


def page_line(client: discord.Client, t: Texts, record: GameRecord) -> str:
    """For a status: the page's address as text when it goes on no button (no WEB_BASE_URL: this machine's own
    address, which Discord refuses on a button); else ''."""
    links = bot_of(client).web_links
    url = page_url(client, record)
    if links is None or links.buttons or url is None:
        return ""
    return "🌐 " + t._("Web page (on the bot's machine): {url}", url=url)


async def set_web_link(interaction: discord.Interaction, game: str, renew: bool) -> None:
    """`/clans weblink` and `/alexandros weblink`: the host or a moderator gives the channel's game (or its last
    one) a new link, the old one opening nothing any more, or revokes it until renewed. Only the asker is told."""
    links = bot_of(interaction.client).web_links
    if links is None:
        raise GameError(Why.WEB_OFF)
    member = interaction.user
    can_manage = interaction.permissions.manage_messages  # in this channel, its overwrites included
    assert interaction.channel_id is not None
    change = links.pages.renew if renew else links.pages.revoke
    record = await change(game, interaction.channel_id, member.id, can_manage)
    t = reader(interaction)
    extra: dict[str, Any] = {}
    if record.web_token is not None:
        url = links.url(record.web_token)
        text = t._(
            "Game #{game} has a new web link; the old one opens nothing any more: {url}", game=record.id, url=url
        )
        if links.buttons:
            extra["view"] = ui.View(timeout=None).add_item(page_button(t, url))
    else:
        text = t._(
            "The web page of game #{game} is gone: its link opens nothing until {command} gives it a new one.",
            game=record.id,
            command=t.command(game, "weblink", action="renew"),
        )
    await interaction.response.send_message(text, ephemeral=True, **extra)
