"""The clock's interactions: a player coming back from being away (the "I'm back" button; coming back is every
game's: cogs/game_cog.py), and what /clans notify says."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import ui

from cogs import notify
from cogs.clans import clock_texts as words
from cogs.clans.actions import clans_actions
from cogs.components import EN, ID, GameItem
from service.clans.games import GAME_NAME
from texts import Texts

CLANS_NOTIFY = notify.NotifyWords(words.NOTIFY_ON, words.NOTIFY_ON_CLOSED, words.NOTIFY_OFF, words.NOTIFY_TEST_DM)


class BackButton(GameItem[ui.Button[Any]], template=rf"clans:back:(?P<game>{ID})"):
    """On a timeout message: the away player says they are back."""

    game = GAME_NAME

    def __init__(self, game_id: int, t: Texts = EN) -> None:
        super().__init__(
            ui.Button(label=t._("I'm back"), style=discord.ButtonStyle.success, custom_id=f"clans:back:{game_id}")
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> BackButton:
        return cls(int(match["game"]))

    async def act(self, interaction: discord.Interaction) -> None:
        await clans_actions(interaction.client).back_button(interaction, self.game_id)


def back_view(t: Texts, game_id: int) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(BackButton(game_id, t))
    return view
