"""The bot as its cogs and components see it: what they reach (each game's service and its cog's actions, by the
game's name; the store, the drawing slots and the replay desk every game shares), and the one refusal of a custom
id that no registered component accepts. Each game's package reads its own parts with its types
(``cogs/<game>/``): the frame knows no game.

bot.py builds the bot on this class and loads the cogs; no cog imports bot.py, so imports flow one way: the
entry point imports the cogs, the cogs import the frame.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import ui
from discord.ext import commands

from cogs.components import refuse_unknown
from cogs.drawing import Drawing
from cogs.replays import ReplayDesk
from config import Config
from service.lobby import LobbyService
from store import Store

if TYPE_CHECKING:
    from cogs.lobby import GameLobby


class Frame(commands.AutoShardedBot):
    """What every cog and component may reach on the bot (bot.py's GameBot sets the attributes)."""

    config: Config
    store: Store
    services: dict[str, LobbyService]
    """Each game's service, by the game's name (registry)."""
    replays: ReplayDesk
    """Every game's animated replays: one cache, one drawing at a time, one cooldown per member."""
    drawing: Drawing
    """Every game's board images: off the event loop, a few at a time."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.components: tuple[type[ui.DynamicItem[Any]], ...] = ()
        """Every persistent component a cog registered (each cog registers its own when it loads)."""
        self.actions: dict[str, object] = {}
        """Each game's cog actions that its buttons and selects call, by game: each cog sets its own when it loads
        (a component reaches it here, never by looking a cog up by name)."""
        self.lobbies: dict[str, GameLobby[Any]] = {}
        """Each game's lobby actions, by game (cogs/lobby.py), for the lobby's buttons and menus."""

    def add_dynamic_items(self, *items: type[ui.DynamicItem[Any]]) -> None:
        new = tuple(item for item in items if item not in self.components)  # the lobby's: once for every game
        super().add_dynamic_items(*new)
        self.components = (*self.components, *new)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        await refuse_unknown(interaction, self.components)


def frame_of(client: discord.Client) -> Frame:
    """The bot behind an interaction's ``client``, with its typed attributes."""
    assert isinstance(client, Frame), "the bot is built on cogs.frame.Frame"
    return client
