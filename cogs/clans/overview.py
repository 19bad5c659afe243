"""Commands that look across games: `/clans games` (where am I expected?) and `/clans history` (what
happened?), with history pages that keep turning after a restart (the game and page live in the custom_id)."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import ui

from cogs.clans.actions import clans_service
from cogs.clans.history_text import games_embed, history_embed, page_count
from cogs.components import GAME_ID, CustomId, Field, GameItem
from cogs.errors import reader
from cogs.visibility import check_visible
from service.clans.games import GAME_NAME, ClansService
from service.clans.overview import GameHistory
from texts import Texts

log = logging.getLogger("clans.cog")


async def list_games(service: ClansService, interaction: discord.Interaction) -> None:
    """`/clans games`: every game the member plays, on every server, their turns first (only to them)."""
    seated = await service.seated_games(interaction.user.id)
    embed = games_embed(reader(interaction), seated, service.now())
    await interaction.response.send_message(embed=embed, ephemeral=True)


async def show_history(service: ClansService, interaction: discord.Interaction, game: int | None) -> None:
    """`/clans history`: a game's moves and villages, the latest page first (only to them)."""
    assert interaction.channel_id is not None
    history = await service.history(game, interaction.channel_id, interaction.guild_id)
    check_visible(interaction, history.record)
    page = page_count(history) - 1  # the latest moves first
    t = reader(interaction)
    await interaction.response.send_message(
        embed=history_embed(t, history, page), view=history_view(t, history, page), ephemeral=True
    )


async def turn_history_page(interaction: discord.Interaction, game_id: int, page: int) -> None:
    assert interaction.channel_id is not None
    history = await clans_service(interaction.client).history(game_id, interaction.channel_id, interaction.guild_id)
    check_visible(interaction, history.record)  # the pages of another channel's game, seen from here
    t = reader(interaction)
    await interaction.response.edit_message(embed=history_embed(t, history, page), view=history_view(t, history, page))


class HistoryPageButton(GameItem[ui.Button[Any]], custom_id=CustomId("clans:history", GAME_ID, Field("page"))):
    """Turns `/clans history` to another page; the game and the page are in the custom_id."""

    game = GAME_NAME

    in_server = True  # `/clans history` shows another channel's game too

    def __init__(self, game_id: int, page: int, label: str = "-", disabled: bool = False) -> None:
        super().__init__(
            ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=self.ids.format(game_id=game_id, page=page),
                disabled=disabled,
            )
        )
        self.game_id = game_id
        self.page = page

    async def act(self, interaction: discord.Interaction) -> None:
        await turn_history_page(interaction, self.game_id, self.page)


def history_view(t: Texts, history: GameHistory, page: int) -> ui.View:
    """Earlier / Later buttons (none for a one-page history)."""
    pages = page_count(history)
    view = ui.View(timeout=None)
    if pages < 2:
        return view
    page = min(max(page, 0), pages - 1)
    game_id = history.record.id
    earlier, later = t._("◀ Earlier"), t._("Later ▶")
    view.add_item(HistoryPageButton(game_id, max(page - 1, 0), earlier, disabled=page == 0))
    view.add_item(HistoryPageButton(game_id, min(page + 1, pages - 1), later, disabled=page == pages - 1))
    return view


OVERVIEW_ITEMS = (HistoryPageButton,)
