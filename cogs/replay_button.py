"""The Replay button under a finished game's result, for every game: it asks the bot's replay desk
(cogs/replays.py) for the game's animation, shown only to whoever pressed. One button for every game: its custom
id carries the game's prefix ("clans:replay:N", "alex:replay:N": a contract)."""

from __future__ import annotations

from typing import Any

import discord
from discord import ui

from cogs.bot_base import bot_of
from cogs.components import EN, GAME, GAME_ID, CustomId, GameItem
from texts import Texts


class ReplayButton(GameItem[ui.Button[Any]], custom_id=CustomId(GAME, "replay", GAME_ID)):
    """Under a finished game's result: the animated replay, shown to whoever asks (only to them)."""

    def __init__(self, game: str, game_id: int, t: Texts = EN) -> None:
        custom_id = self.ids.format(game=game, game_id=game_id)
        super().__init__(
            ui.Button(label=t._("Replay"), emoji="🎞️", style=discord.ButtonStyle.secondary, custom_id=custom_id)
        )
        self.game = game
        self.game_id = game_id

    async def act(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction.client).replays.send(interaction, self.game, self.game_id, True)


def replay_view(t: Texts, game: str, game_id: int) -> ui.View:
    """A result's view: its Replay button, which outlives a restart."""
    view = ui.View(timeout=None)
    view.add_item(ReplayButton(game, game_id, t))
    return view
