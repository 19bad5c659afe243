"""The "your turn" post's button: it opens the mover's own turn panel (cogs/alexandros/panel.py) through the
/alexandros cog's actions. Its custom id holds the game and the position the post was made for."""

from __future__ import annotations

from typing import Any

import discord
from discord import ui

from cogs.alexandros.actions import alexandros_actions
from cogs.components import EN, GAME_ID, PLY, CustomId, GameItem
from service.alexandros import GAME_NAME
from texts import Texts


class PanelButton(GameItem[ui.Button[Any]], custom_id=CustomId("alex:panel", GAME_ID, PLY)):
    """Under the "your turn" post: opens the mover's own panel."""

    game = GAME_NAME

    def __init__(self, game_id: int, ply: int, t: Texts = EN) -> None:
        super().__init__(
            ui.Button(
                label=t._("Play my turn"),
                style=discord.ButtonStyle.primary,
                custom_id=self.ids.format(game_id=game_id, ply=ply),
            )
        )
        self.game_id = game_id

    async def act(self, interaction: discord.Interaction) -> None:
        await alexandros_actions(interaction.client).open_panel(interaction, self.game_id)


def panel_button_view(t: Texts, game_id: int, ply: int) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(PanelButton(game_id, ply, t))
    return view
