"""Clans' own lobby part: the cancel confirmation (a player's cancel of a game under way is their resignation).
The lobby message, its buttons and menus are every game's: cogs/lobby_views.py."""

from __future__ import annotations

from typing import Any

import discord
from discord import ui

from cogs.clans.actions import clans_actions
from cogs.components import EN, GAME_ID, CustomId, GameItem
from service.clans.games import GAME_NAME
from texts import Texts


class CancelButton(GameItem[ui.Button[Any]], custom_id=CustomId("clans:cancel", GAME_ID)):
    game = GAME_NAME

    def __init__(self, game_id: int, t: Texts = EN, label: str | None = None) -> None:
        super().__init__(
            ui.Button(
                label=label or t._("Yes, cancel the game"),
                style=discord.ButtonStyle.danger,
                custom_id=self.ids.format(game_id=game_id),
            )
        )
        self.game_id = game_id

    async def act(self, interaction: discord.Interaction) -> None:
        await clans_actions(interaction.client).confirm_cancel(interaction, self.game_id)


def cancel_view(t: Texts, game_id: int, label: str | None = None) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(CancelButton(game_id, t, label))
    return view
