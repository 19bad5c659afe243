"""/clans board, status, myclan, rules, help, leaderboard and profile: answers that change nothing."""

from __future__ import annotations

import discord
from discord import app_commands

from frame.cogs.errors import reader, server_texts
from frame.cogs.standings import leaderboard_embed, profile_embed
from frame.cogs.visibility import check_visible
from frame.errors import GameError
from frame.store import GameRecord
from games.clans.cogs import clock_texts, lobby_views
from games.clans.cogs import messages as text
from games.clans.cogs.base import ClansBase, channel_id
from games.clans.engine import load_chart


class InfoCommands(ClansBase):
    @app_commands.command(name="board", description="Show the current board (only to you)")
    async def board(self, interaction: discord.Interaction) -> None:
        table = await self.games.table_in(channel_id(interaction))
        await interaction.response.defer(ephemeral=True, thinking=True)
        embed = text.status_embed(reader(interaction), table.view, table.record.seats, table.id)
        embed.set_image(url=f"attachment://{text.BOARD_FILE}")
        mine = await self.games.private_board(table.id, interaction.user.id)
        await interaction.followup.send(embed=embed, file=await self.board_file(table, mine=mine), ephemeral=True)

    @app_commands.command(name="status", description="Epoch, chips left, scores, seats and whose turn it is")
    async def status(self, interaction: discord.Interaction) -> None:
        finished = await self.games.finished_here(channel_id(interaction))
        if finished is not None:  # the channel's last game ended: its result, until a new one opens
            await self.show_result(interaction, finished.id)
            return
        game = await self.games.active_game(channel_id(interaction))
        if game.status == "lobby":
            await interaction.response.send_message(
                embed=lobby_views.lobby_embed(reader(interaction), game), ephemeral=True
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

    @app_commands.command(name="rules", description="The rules of Clans in short, with the epoch chart")
    async def rules(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            embed=text.rules_embed(reader(interaction), load_chart()), ephemeral=True
        )

    @app_commands.command(name="help", description="Every /clans command with an example")
    async def help(self, interaction: discord.Interaction) -> None:
        t = reader(interaction)
        embed = discord.Embed(description=t._(text.HELP_TEXT), colour=text.BRAND)
        await interaction.response.send_message(t._(text.HELP_TAPS), embed=embed, ephemeral=True)

    @app_commands.command(name="replay", description="An animated replay of a finished game of this server")
    @app_commands.describe(game="The game's number, e.g. 3")
    async def replay(self, interaction: discord.Interaction, game: app_commands.Range[int, 1]) -> None:
        try:
            record: GameRecord | None = await self.games.game(game)
        except GameError:
            record = None  # send_replay says there is no such game
        if record is not None:
            check_visible(interaction, record)
        # Public in the game's own channel; from another channel, only to the asker (who can see that one).
        here = record is not None and record.channel_id == interaction.channel_id
        await self.replays.send(interaction, "clans", game, ephemeral=not here)

    @app_commands.command(name="leaderboard", description="This server's Clans ratings")
    async def leaderboard(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        rows = await self.games.leaderboard(interaction.guild_id)
        # Without a cached guild, the interaction carries a partial one with no name.
        t = server_texts(interaction)
        name = getattr(interaction.guild, "name", None) or t._("this server")
        await interaction.response.send_message(embed=leaderboard_embed(t, "clans", rows, name))

    @app_commands.command(name="profile", description="A player's Clans record in this server")
    @app_commands.describe(user="Whose profile (default: yours)")
    async def profile(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        assert interaction.guild_id is not None
        target = user or interaction.user
        record = await self.games.profile(interaction.guild_id, target.id)
        t = server_texts(interaction)
        embed = profile_embed(t, "clans", record, target, text.recent_game_line)
        await interaction.response.send_message(embed=embed)
