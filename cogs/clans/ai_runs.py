"""Less noise: a run of AI moves (one after another, with no human in between) is posted as one message.

The action that handed the turn to the AI was posted without a board, saying the AI is thinking (see
``ClansBase.announce``); when the run ends, one new message lists every move of the run, oldest first, with
one board image of the position after the last and the ping of the human who is next. A new message, never an
edit: Discord notifies the mentions of created messages only.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence

import discord

from service.clans.tables import Played
from texts import Texts

log = logging.getLogger("clans.ai")

Announce = Callable[..., Awaitable[None]]
"""The cog's ``announce(played, send, earlier=...)``: one message for ``played`` listing ``earlier`` too."""


def thinking_text(t: Texts, name: str, notice: str = "") -> str:
    thinking = "🤔 " + t._("{player} is thinking…", player=name)
    return f"{notice}\n{thinking}" if notice else thinking


class RunAnnouncer:
    """Posts a run of AI moves as one new message in the game's channel when the run ends."""

    def __init__(self, bot: discord.Client, announce: Announce) -> None:
        self.bot = bot
        self.announce = announce

    async def finish(self, channel_id: int, run: Sequence[Played]) -> None:
        if run:
            send = self.bot.get_partial_messageable(channel_id).send
            await self.announce(run[-1], send, earlier=run[:-1])
