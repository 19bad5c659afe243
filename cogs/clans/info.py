"""/clans board, myclan and replay, and Clans' own answers to the shared status, rules, help and profile
(cogs/game_commands.py): answers that change nothing."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from cogs.clans import clock_texts
from cogs.clans import messages as text
from cogs.clans.base import ClansBase, channel_id
from cogs.errors import reader
from cogs.lobby_views import lobby_embed
from cogs.standings import RecentLine
from engine.clans import load_chart
from texts import Texts


class InfoCommands(ClansBase):
    @app_commands.command(name="board", description="Show the current board (only to you)")
    async def board(self, interaction: discord.Interaction) -> None:
        table = await self.games.table_in(channel_id(interaction))
        await interaction.response.defer(ephemeral=True, thinking=True)
        embed = text.status_embed(reader(interaction), table.view, table.record.seats, table.id)
        embed.set_image(url=f"attachment://{text.BOARD_FILE}")
        mine = await self.games.private_board(table.id, interaction.user.id)
        await interaction.followup.send(embed=embed, file=await self.board_file(table, mine=mine), ephemeral=True)

    async def show_status(self, interaction: discord.Interaction) -> None:
        """`/clans status`: epoch, chips left, scores, seats and whose turn it is (or the lobby, or the result)."""
        finished = await self.games.finished_here(channel_id(interaction))
        if finished is not None:  # the channel's last game ended: its result, until a new one opens
            await self.show_result(interaction, finished.id)
            return
        game = await self.games.active_game(channel_id(interaction))
        if game.status == "lobby":
            await interaction.response.send_message(
                embed=lobby_embed(reader(interaction), game, text.BRAND), ephemeral=True
            )
            return
        table = await self.games.table(game.id)
        t = reader(interaction)
        clock = clock_texts.status_clock(t, table.record, self.games.now())
        await interaction.response.send_message(
            embed=text.status_embed(t, table.view, table.record.seats, table.id, clock), ephemeral=True
        )

    async def show_result(self, interaction: discord.Interaction, game_id: int) -> None:
        """`/clans status` after the end: the result of the channel's last game, with its final board."""
        table = await self.games.table(game_id)
        assert table.view.result is not None
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send(
            embed=text.final_embed(reader(interaction), table.view.result, table.record.seats, table.id),
            file=await self.board_file(table, final=True),
            ephemeral=True,
        )

    @app_commands.command(name="myclan", description="Show your secret clan (only to you)")
    async def myclan(self, interaction: discord.Interaction) -> None:
        game = await self.games.active_game(channel_id(interaction))
        clan = await self.games.my_clan(game.id, interaction.user.id)
        embed = text.clan_embed(reader(interaction), clan, game.id, game.channel_id)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    def rules_message(self, t: Texts) -> dict[str, Any]:
        return {"embed": text.rules_embed(t, load_chart())}

    def help_message(self, t: Texts) -> dict[str, Any]:
        return {
            "content": t._(text.HELP_TAPS),
            "embed": discord.Embed(description=t._(text.HELP_TEXT), colour=text.BRAND),
        }

    def profile_line(self) -> RecentLine:
        return text.recent_game_line

    @app_commands.command(name="replay", description="An animated replay of a finished game of this server")
    @app_commands.describe(game="The game's number, e.g. 3")
    async def replay(self, interaction: discord.Interaction, game: app_commands.Range[int, 1]) -> None:
        await self.show_replay(interaction, game)
