"""What the Clans buttons and selects reach: the /clans cog's actions behind them (a Protocol the cog is checked
against) and the Clans service, both through the bot's typed attributes (cogs/bot_base.py), never by looking a cog
up by name."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import discord

from cogs.bot_base import bot_of, service_of
from engine.clans import Move
from service.clans.games import GAME_NAME, ClansService


@runtime_checkable
class ClansActions(Protocol):
    """The /clans cog's actions behind its persistent components (the cog registers itself as the game's actions
    when it loads). Each acts on game ``game_id`` for the member who pressed."""

    async def confirm_cancel(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def choose_village(
        self, interaction: discord.Interaction, game_id: int, ply: int, territory: int
    ) -> None: ...

    async def confirm_move(
        self, interaction: discord.Interaction, game_id: int, ply: int, move: Move | None, index: int
    ) -> None: ...

    async def back_button(self, interaction: discord.Interaction, game_id: int) -> None: ...


def clans_actions(client: discord.Client) -> ClansActions:
    """The /clans cog's actions, for a Clans component."""
    actions = bot_of(client).actions[GAME_NAME]
    assert isinstance(actions, ClansActions), "the /clans cog registers itself as the Clans actions"
    return actions


def clans_service(client: discord.Client) -> ClansService:
    """The Clans service among the bot's."""
    return service_of(client, GAME_NAME, ClansService)
