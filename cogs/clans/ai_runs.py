"""Less noise: a run of AI moves (one after another, with no human in between) is posted as one message.

When a run begins, a "thinking…" placeholder goes to the game's channel; when it ends, that placeholder is
edited into the run's result: every move listed, one board image of the position after the last. If the run
produced nothing, the placeholder is deleted: it is never left behind. A run led by the autopilot's moves
(``Lead``: a human's time ran out just before) lists them first, under the timeout's notice.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from service import Played
from texts import Texts
from usertext import shown_name

log = logging.getLogger("clans.ai")

Send = Callable[..., Awaitable[Any]]
Announce = Callable[..., Awaitable[None]]
"""The cog's ``announce(played, send, earlier=...)``: one message for ``played`` listing ``earlier`` too."""


@dataclass(frozen=True, slots=True)
class Lead:
    """What a run starts with: the autopilot's moves for a timed-out human, the timeout's notice above the
    run's message, and its view (the "I'm back" button of a seat now away). Empty for a plain AI run."""

    played: tuple[Played, ...] = ()
    notice: str = ""
    extra_view: discord.ui.View | None = None


def thinking_text(t: Texts, name: str, notice: str = "") -> str:
    thinking = "🤔 " + t._("{player} is thinking…", player=name)
    return f"{notice}\n{thinking}" if notice else thinking


def edit_sender(message: discord.Message | discord.PartialMessage) -> Send:
    """A `send` that edits ``message`` instead of posting a new one (the placeholder becomes the result)."""

    async def send(
        *,
        content: str | None = None,
        embed: discord.Embed | None = None,
        embeds: list[discord.Embed] | None = None,
        file: discord.File | None = None,
        view: discord.ui.View | None = None,
        allowed_mentions: discord.AllowedMentions | None = None,
    ) -> Any:
        return await message.edit(
            content=content,
            allowed_mentions=allowed_mentions,
            embeds=embeds if embeds is not None else ([embed] if embed is not None else []),
            attachments=[file] if file is not None else [],
            view=view,
        )

    return send


class RunAnnouncer:
    """Posts the placeholder when an AI run starts, and turns it into the run's message at the end."""

    def __init__(self, bot: discord.Client, announce: Announce) -> None:
        self.bot = bot
        self.announce = announce

    async def begin(self, t: Texts, channel_id: int, name: str, notice: str = "") -> discord.Message | None:
        try:
            return await self.bot.get_partial_messageable(channel_id).send(thinking_text(t, shown_name(name), notice))
        except discord.HTTPException:
            log.warning("Could not post the thinking placeholder in channel %s", channel_id)
            return None

    async def finish(
        self, channel_id: int, placeholder: discord.Message | None, run: Sequence[Played], lead: Lead = Lead()
    ) -> None:
        if not run:
            if placeholder is not None:
                try:
                    await placeholder.delete()
                except discord.HTTPException:
                    log.warning("Could not delete the thinking placeholder in channel %s", channel_id)
            return
        send = edit_sender(placeholder) if placeholder is not None else None
        told = {"earlier": run[:-1], "notice": lead.notice, "extra_view": lead.extra_view}
        try:
            await self.announce(run[-1], send or self.bot.get_partial_messageable(channel_id).send, **told)
        except discord.HTTPException:
            if send is None:
                raise
            # The placeholder is gone (deleted by a moderator?): post the run as a new message instead.
            await self.announce(run[-1], self.bot.get_partial_messageable(channel_id).send, **told)
