"""What the Alexandros buttons and selects reach: the /alexandros cog's actions behind them (a Protocol the cog is
checked against) and the Alexandros service, both through the bot's typed attributes (cogs/bot_base.py), never by
looking a cog up by name."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import discord

from cogs.bot_base import bot_of, service_of
from service.alexandros import GAME_NAME, Acted, AlexandrosService


@runtime_checkable
class AlexandrosActions(Protocol):
    """The /alexandros cog's actions behind its components (the cog registers itself as the game's actions when it
    loads)."""

    def schedule_ai(self, game_id: int, lead: Sequence[Acted] = ()) -> None:
        """An AI seat is to act in the game: its run posts the turn (``lead``: the action that handed it over)."""
        ...

    async def open_panel(self, interaction: discord.Interaction, game_id: int) -> None:
        """The mover's own turn panel, shown to them alone (they are back, if they were away)."""
        ...


def alexandros_actions(client: discord.Client) -> AlexandrosActions:
    """The /alexandros cog's actions, for an Alexandros component."""
    actions = bot_of(client).actions[GAME_NAME]
    assert isinstance(actions, AlexandrosActions), "the /alexandros cog registers itself as the Alexandros actions"
    return actions


def alexandros_service(client: discord.Client) -> AlexandrosService:
    """The Alexandros service among the bot's."""
    return service_of(client, GAME_NAME, AlexandrosService)
