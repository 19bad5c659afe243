"""Coming back from being away; and the scheduler's lifecycle."""

from __future__ import annotations

import discord

from cogs.clans import clock_views
from cogs.clans.base import ClansBase
from cogs.errors import reader
from errors import GameError, Why


class ClockCommands(ClansBase):
    async def welcome_back(self, interaction: discord.Interaction) -> None:
        await clock_views.welcome_back(self, interaction, channel_id=interaction.channel_id)  # type: ignore[arg-type]

    async def back_button(self, interaction: discord.Interaction, game_id: int) -> None:
        if not await clock_views.welcome_back(self, interaction, game_id=game_id):  # type: ignore[arg-type]
            raise GameError(Why.NOT_AWAY)
        note = reader(interaction)._("Welcome back! Your turns are yours again.")
        await interaction.response.send_message(note, ephemeral=True)
