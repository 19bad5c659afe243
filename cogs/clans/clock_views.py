"""The clock's interactions: a player coming back from being away (the "I'm back" button; coming back is every
game's: cogs/game_cog.py), and what /clans notify says."""

from __future__ import annotations

from typing import Any

import discord
from discord import ui

from cogs import notify
from cogs.clans import clock_texts as words
from cogs.clans.actions import clans_actions
from cogs.components import EN, GAME_ID, CustomId, GameItem
from service.clans.games import GAME_NAME
from texts import Texts

CLANS_NOTIFY = notify.NotifyWords(words.NOTIFY_ON, words.NOTIFY_ON_CLOSED, words.NOTIFY_OFF, words.NOTIFY_TEST_DM)


class BackButton(GameItem[ui.Button[Any]], custom_id=CustomId("clans:back", GAME_ID)):
    """On a timeout message: the away player says they are back."""

    game = GAME_NAME

    def __init__(self, game_id: int, t: Texts = EN) -> None:
        super().__init__(
            ui.Button(
                label=t._("I'm back"), style=discord.ButtonStyle.success, custom_id=self.ids.format(game_id=game_id)
            )
        )
        self.game_id = game_id

    async def act(self, interaction: discord.Interaction) -> None:
        await clans_actions(interaction.client).back_button(interaction, self.game_id)


def back_view(t: Texts, game_id: int) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(BackButton(game_id, t))
    return view
