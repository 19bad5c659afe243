"""The Replay button under a finished game's result, for every game: it asks the bot's replay desk
(cogs/replays.py) for the game's animation, shown only to whoever pressed. Each game registers its own subclass,
whose custom id carries its prefix ("clans:replay:N", "alex:replay:N": a contract)."""

from __future__ import annotations

from typing import Any

import discord
from discord import ui

from cogs.bot_base import bot_of
from cogs.components import EN, GAME_ID, ID_PREFIX, CustomId, GameItem
from texts import Texts


def replay_id(game: str) -> CustomId:
    """The custom id of game ``game``'s Replay button ("clans:replay:N", "alex:replay:N": a contract)."""
    return CustomId(f"{ID_PREFIX[game]}:replay", GAME_ID)


class ReplayButton(GameItem[ui.Button[Any]]):
    """Under a finished game's result: the animated replay, shown to whoever asks (only to them). Each game
    registers its own subclass, with ``custom_id=replay_id(game)`` and its ``game``."""

    def __init__(self, game_id: int, t: Texts = EN) -> None:
        custom_id = self.ids.format(game_id=game_id)
        super().__init__(
            ui.Button(label=t._("Replay"), emoji="🎞️", style=discord.ButtonStyle.secondary, custom_id=custom_id)
        )
        self.game_id = game_id

    async def act(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction.client).replays.send(interaction, self.game, self.game_id, True)


def replay_view(button: ReplayButton) -> ui.View:
    """A result's view: its Replay button, which outlives a restart."""
    view = ui.View(timeout=None)
    view.add_item(button)
    return view
