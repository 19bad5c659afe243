"""Commands that look across games: `/clans games` (where am I expected?) and `/clans history` (what
happened?), with history pages that keep turning after a restart (the game and page live in the custom_id).

`OverviewCommands` is mixed into the Clans group cog, so these commands sit under `/clans` with the rest.
"""

from __future__ import annotations

import logging
import re
from datetime import datetime
from typing import Any

import discord
from discord import app_commands, ui

from cogs.clans.base import ClansBase
from cogs.clans.history_text import games_embed, history_embed, page_count
from cogs.clans.shared import service_of
from cogs.components import ID, GameItem
from cogs.errors import reader
from cogs.visibility import check_visible
from service.clans.games import KIND
from service.clans.overview import LOBBY_IDLE, GameHistory
from texts import Texts, of_game

log = logging.getLogger("clans.cog")


class OverviewCommands(ClansBase):
    @app_commands.command(name="games", description="Every game you are playing, on every server (only to you)")
    async def games_list(self, interaction: discord.Interaction) -> None:
        seated = await self.games.seated_games(interaction.user.id)
        embed = games_embed(reader(interaction), seated, self.games.now())
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="history", description="A game's moves and villages, page by page (only to you)")
    @app_commands.describe(game="The game's number, e.g. 12 (default: this channel's game)")
    async def history(self, interaction: discord.Interaction, game: app_commands.Range[int, 1] | None = None) -> None:
        assert interaction.channel_id is not None
        history = await self.games.history(game, interaction.channel_id, interaction.guild_id)
        check_visible(interaction, history.record)
        page = page_count(history) - 1  # the latest moves first
        t = reader(interaction)
        await interaction.response.send_message(
            embed=history_embed(t, history, page), view=history_view(t, history, page), ephemeral=True
        )

    async def close_idle_lobbies(self, now: datetime) -> list[int]:
        """Close the lobbies nobody started within a day, with a note where each was opened."""
        closed = await self.games.close_idle_lobbies(now)
        for game in closed:
            hours = int(LOBBY_IDLE.total_seconds() // 3600)
            note = of_game(game)._(
                "Game #{game} was closed: nobody started it within {hours} hours. `/clans new` opens a new one.",
                game=game.id,
                hours=hours,
            )
            try:
                await self.bot.get_partial_messageable(game.channel_id).send(note)
            except discord.HTTPException:
                log.warning("Could not announce the closing of idle game %s", game.id)
            await self.refresh_lobby(game.id)
        return [game.id for game in closed]


async def turn_history_page(interaction: discord.Interaction, game_id: int, page: int) -> None:
    assert interaction.channel_id is not None
    history = await service_of(interaction.client).history(game_id, interaction.channel_id, interaction.guild_id)
    check_visible(interaction, history.record)  # the pages of another channel's game, seen from here
    t = reader(interaction)
    await interaction.response.edit_message(embed=history_embed(t, history, page), view=history_view(t, history, page))


class HistoryPageButton(GameItem[ui.Button[Any]], template=rf"clans:history:(?P<game>{ID}):(?P<page>{ID})"):
    """Turns `/clans history` to another page; the game and the page are in the custom_id."""

    game_kind = KIND

    in_server = True  # `/clans history` shows another channel's game too

    def __init__(self, game_id: int, page: int, label: str = "-", disabled: bool = False) -> None:
        super().__init__(
            ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"clans:history:{game_id}:{page}",
                disabled=disabled,
            )
        )
        self.game_id = game_id
        self.page = page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> HistoryPageButton:
        return cls(int(match["game"]), int(match["page"]))

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
