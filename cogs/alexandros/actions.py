"""What the Alexandros components ask of the /alexandros cog, as a Protocol: reached through the bot's typed
``alexandros_actions`` attribute (cogs/frame.py), never by looking the cog up by name."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import discord

from service.alexandros import Acted


class AlexandrosActions(Protocol):
    """The /alexandros cog's actions behind its components; the cog sets itself as ``bot.alexandros_actions``."""

    def schedule_ai(self, game_id: int, lead: Sequence[Acted] = ()) -> None:
        """An AI seat is to act in the game: its run posts the turn (``lead``: the action that handed it over)."""
        ...

    async def welcome_back(self, interaction: discord.Interaction) -> None:
        """The member acts in a game's channel: they are no longer away there (the table is told)."""
        ...
