"""Answers that change nothing: `/clans board`, `/clans myclan`, and Clans' own answers to the shared status, rules,
help and profile (cogs/game_cog.py)."""

from __future__ import annotations

from typing import Any

import discord

from cogs.clans import clock_texts
from cogs.clans import messages as text
from cogs.clans.posts import ClansPosts
from cogs.clans.turns import channel_id
from cogs.days_off_texts import days_off_help
from cogs.errors import reader
from cogs.lobby_views import lobby_embed
from cogs.web_links import page_line, with_page_link
from engine.clans import load_chart
from service.records import GameRecord
from texts import Texts


def page_view(client: discord.Client, t: Texts, record: GameRecord) -> dict[str, Any]:
    """A status's link button to the game's web page, when there is one."""
    view = with_page_link(client, t, record, None)
    return {"view": view} if view is not None else {}


def with_page_text(embed: discord.Embed, client: discord.Client, t: Texts, record: GameRecord) -> discord.Embed:
    """A status's line naming the game's web page, when it goes on no button (cogs/web_links.py)."""
    line = page_line(client, t, record)
    if line:
        embed.add_field(name=t._("Web page"), value=line, inline=False)
    return embed


async def show_board(posts: ClansPosts, interaction: discord.Interaction) -> None:
    """`/clans board`: the board with the viewer's own clan and movable territories (only to them)."""
    table = await posts.service.table_in(channel_id(interaction))
    await interaction.response.defer(ephemeral=True, thinking=True)
    embed = text.status_embed(reader(interaction), table.view, table.record.seats, table.id)
    embed.set_image(url=f"attachment://{text.BOARD_FILE}")
    mine = await posts.service.private_board(table.id, interaction.user.id)
    await interaction.followup.send(embed=embed, file=await posts.board_file(table, mine=mine), ephemeral=True)


async def show_status(posts: ClansPosts, interaction: discord.Interaction) -> None:
    """`/clans status`: epoch, chips left, scores, seats and whose turn it is (or the lobby, or the result), with
    the game's web page."""
    service, bot = posts.service, posts.bot
    finished = await service.finished_here(channel_id(interaction))
    if finished is not None:  # the channel's last game ended: its result, until a new one opens
        await show_result(posts, interaction, finished.id)
        return
    game = await service.active_game(channel_id(interaction))
    t = reader(interaction)
    if game.status == "lobby":
        await interaction.response.send_message(
            embed=with_page_text(lobby_embed(t, game, text.BRAND), bot, t, game),
            ephemeral=True,
            **page_view(bot, t, game),
        )
        return
    table = await service.table(game.id)
    clock = clock_texts.status_clock(t, table.record, service.now())
    embed = text.status_embed(t, table.view, table.record.seats, table.id, clock)
    await interaction.response.send_message(
        embed=with_page_text(embed, bot, t, table.record), ephemeral=True, **page_view(bot, t, table.record)
    )


async def show_result(posts: ClansPosts, interaction: discord.Interaction, game_id: int) -> None:
    """`/clans status` after the end: the result of the channel's last game, with its final board."""
    table = await posts.service.table(game_id)
    assert table.view.result is not None
    await interaction.response.defer(ephemeral=True, thinking=True)
    t = reader(interaction)
    embed = text.final_embed(t, table.view.result, table.record.seats, table.id)
    await interaction.followup.send(
        embed=with_page_text(embed, posts.bot, t, table.record),
        file=await posts.board_file(table, final=True),
        ephemeral=True,
        **page_view(posts.bot, t, table.record),
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
        "embed": discord.Embed(description=f"{t._(text.HELP_TEXT)}\n{days_off_help(t, 'clans')}", colour=text.BRAND),
    }
