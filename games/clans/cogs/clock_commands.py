"""/clans notify, the lobby's pace menu, coming back from being away; and the scheduler's lifecycle."""

from __future__ import annotations

import discord
from discord import app_commands

from frame.cogs.errors import reader
from frame.errors import GameError, Why
from frame.texts import of_game, resolve
from games.clans.cogs import clock_views, lobby_views
from games.clans.cogs.base import ClansBase
from games.clans.cogs.lobby_views import lobby_view


class ClockCommands(ClansBase):
    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """Any /clans command in a game's channel brings its player back from being away; and the user's language
        is remembered for the DMs sent to them later (reminders, their clan)."""
        await self.games.remember_language(interaction.user.id, resolve(interaction.locale))
        await clock_views.welcome_back(self, interaction, channel_id=interaction.channel_id)  # type: ignore[arg-type]
        return True

    @app_commands.command(name="notify", description="Turn reminders by DM on or off (you are always mentioned)")
    @app_commands.describe(dm="on: also DM me when my time to move runs low; off: only the channel mention")
    @app_commands.choices(dm=[app_commands.Choice(name=v, value=v) for v in ("on", "off")])
    async def notify(self, interaction: discord.Interaction, dm: str) -> None:
        await clock_views.set_notify(self, interaction, dm == "on")  # type: ignore[arg-type]

    async def change_pace(self, interaction: discord.Interaction, game_id: int, pace: str) -> None:
        game = await self.games.set_pace(game_id, interaction.user.id, pace)
        view = lobby_view(game.id, pace=game.pace, language=game.language)
        await interaction.response.edit_message(embed=lobby_views.lobby_embed(of_game(game), game), view=view)

    async def change_language(self, interaction: discord.Interaction, game_id: int, language: str) -> None:
        game = await self.games.set_language(game_id, interaction.user.id, language)
        view = lobby_view(game.id, pace=game.pace, language=game.language)
        await interaction.response.edit_message(embed=lobby_views.lobby_embed(of_game(game), game), view=view)

    async def back_button(self, interaction: discord.Interaction, game_id: int) -> None:
        if not await clock_views.welcome_back(self, interaction, game_id=game_id):  # type: ignore[arg-type]
            raise GameError(Why.NOT_AWAY)
        note = reader(interaction)._("Welcome back! Your turns are yours again.")
        await interaction.response.send_message(note, ephemeral=True)
