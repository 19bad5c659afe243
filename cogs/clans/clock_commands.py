"""Coming back from being away; and the scheduler's lifecycle."""

from __future__ import annotations

import discord

from cogs.clans import clock_views
from cogs.clans.base import ClansBase
from cogs.errors import reader
from service import GameError, Why
from texts import resolve


class ClockCommands(ClansBase):
    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """Any /clans command in a game's channel brings its player back from being away; and the user's language
        is remembered for the DMs sent to them later (reminders, their clan)."""
        await self.games.remember_language(interaction.user.id, resolve(interaction.locale))
        await clock_views.welcome_back(self, interaction, channel_id=interaction.channel_id)  # type: ignore[arg-type]
        return True

    async def back_button(self, interaction: discord.Interaction, game_id: int) -> None:
        if not await clock_views.welcome_back(self, interaction, game_id=game_id):  # type: ignore[arg-type]
            raise GameError(Why.NOT_AWAY)
        note = reader(interaction)._("Welcome back! Your turns are yours again.")
        await interaction.response.send_message(note, ephemeral=True)
