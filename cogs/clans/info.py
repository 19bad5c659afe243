"""Answers that change nothing: `/clans board`, `/clans myclan`, and Clans' own answers to the shared status, rules,
help and profile (cogs/game_cog.py)."""

from __future__ import annotations

from typing import Any

import discord

from cogs.clans import clock_texts
from cogs.clans import messages as text
from cogs.clans.posts import ClansPosts
from cogs.clans.turns import channel_id
from cogs.errors import reader
from cogs.lobby_views import lobby_embed
from engine.clans import load_chart
from texts import Texts


async def show_board(posts: ClansPosts, interaction: discord.Interaction) -> None:
    """`/clans board`: the board with the viewer's own clan and movable territories (only to them)."""
    table = await posts.service.table_in(channel_id(interaction))
    await interaction.response.defer(ephemeral=True, thinking=True)
    embed = text.status_embed(reader(interaction), table.view, table.record.seats, table.id)
    embed.set_image(url=f"attachment://{text.BOARD_FILE}")
    mine = await posts.service.private_board(table.id, interaction.user.id)
    await interaction.followup.send(embed=embed, file=await posts.board_file(table, mine=mine), ephemeral=True)


async def show_status(posts: ClansPosts, interaction: discord.Interaction) -> None:
    """`/clans status`: epoch, chips left, scores, seats and whose turn it is (or the lobby, or the result)."""
    service = posts.service
    finished = await service.finished_here(channel_id(interaction))
    if finished is not None:  # the channel's last game ended: its result, until a new one opens
        await show_result(posts, interaction, finished.id)
        return
    game = await service.active_game(channel_id(interaction))
    if game.status == "lobby":
        await interaction.response.send_message(
            embed=lobby_embed(reader(interaction), game, text.BRAND), ephemeral=True
        )
        return
    table = await service.table(game.id)
    t = reader(interaction)
    clock = clock_texts.status_clock(t, table.record, service.now())
    await interaction.response.send_message(
        embed=text.status_embed(t, table.view, table.record.seats, table.id, clock), ephemeral=True
    )


async def show_result(posts: ClansPosts, interaction: discord.Interaction, game_id: int) -> None:
    """`/clans status` after the end: the result of the channel's last game, with its final board."""
    table = await posts.service.table(game_id)
    assert table.view.result is not None
    await interaction.response.defer(ephemeral=True, thinking=True)
    await interaction.followup.send(
        embed=text.final_embed(reader(interaction), table.view.result, table.record.seats, table.id),
        file=await posts.board_file(table, final=True),
        ephemeral=True,
    )


async def show_my_clan(posts: ClansPosts, interaction: discord.Interaction) -> None:
    """`/clans myclan`: the player's secret clan, only to them."""
    game = await posts.service.active_game(channel_id(interaction))
    clan = await posts.service.my_clan(game.id, interaction.user.id)
    embed = text.clan_embed(reader(interaction), clan, game.id, game.channel_id)
    await interaction.response.send_message(embed=embed, ephemeral=True)


def rules_message(t: Texts) -> dict[str, Any]:
    return {"embed": text.rules_embed(t, load_chart())}


def help_message(t: Texts) -> dict[str, Any]:
    return {
        "content": t._(text.HELP_TAPS),
        "embed": discord.Embed(description=t._(text.HELP_TEXT), colour=text.BRAND),
    }
