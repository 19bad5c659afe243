"""The "your turn" post's button: it opens the mover's own turn panel (cogs/alexandros/panel.py) through the
/alexandros cog's actions. Its custom id holds the game and the position the post was made for."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import ui

from cogs.alexandros.actions import alexandros_actions
from cogs.components import EN, ID, GameItem
from service.alexandros import GAME_NAME
from texts import Texts


class PanelButton(GameItem[ui.Button[Any]], template=rf"alex:panel:(?P<game>{ID}):(?P<ply>{ID})"):
    """Under the "your turn" post: opens the mover's own panel."""

    game = GAME_NAME

    def __init__(self, game_id: int, ply: int, t: Texts = EN) -> None:
        super().__init__(
            ui.Button(
                label=t._("Play my turn"), style=discord.ButtonStyle.primary, custom_id=f"alex:panel:{game_id}:{ply}"
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> PanelButton:
        return cls(int(match["game"]), int(match["ply"]))

    async def act(self, interaction: discord.Interaction) -> None:
        await alexandros_actions(interaction.client).open_panel(interaction, self.game_id)


def panel_button_view(t: Texts, game_id: int, ply: int) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(PanelButton(game_id, ply, t))
    return view
