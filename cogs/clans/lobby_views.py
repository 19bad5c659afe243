"""Clans' own lobby part: the cancel confirmation (a player's cancel of a game under way is their resignation).
The lobby message, its buttons and menus are every game's: cogs/lobby_views.py."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import ui

from cogs.clans.shared import EN, clans_of
from cogs.components import ID, GameItem
from service.clans.games import KIND
from texts import Texts


class CancelButton(GameItem[ui.Button[Any]], template=rf"clans:cancel:(?P<game>{ID})"):
    game_kind = KIND

    def __init__(self, game_id: int, t: Texts = EN, label: str | None = None) -> None:
        super().__init__(
            ui.Button(
                label=label or t._("Yes, cancel the game"),
                style=discord.ButtonStyle.danger,
                custom_id=f"clans:cancel:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> CancelButton:
        return cls(int(match["game"]))

    async def act(self, interaction: discord.Interaction) -> None:
        await clans_of(interaction).confirm_cancel(interaction, self.game_id)


def cancel_view(t: Texts, game_id: int, label: str | None = None) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(CancelButton(game_id, t, label))
    return view
