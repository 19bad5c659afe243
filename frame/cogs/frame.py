"""The bot as its cogs and components see it: typed attributes for what they reach (each game's service, the
/clans cog's actions), and the one refusal of a custom id that no registered component accepts.

bot.py builds the bot on this class and loads the cogs; no cog imports bot.py, so imports flow one way: the
entry point imports the cogs, the cogs import the frame.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import ui
from discord.ext import commands

from frame.cogs.components import refuse_unknown
from frame.cogs.drawing import Drawing
from frame.cogs.replays import ReplayDesk
from frame.config import Config
from frame.store import Store
from games.alexandros.cogs.actions import AlexandrosActions
from games.alexandros.service import AlexandrosService
from games.clans.cogs.actions import ClansActions
from games.clans.service.games import GameService

if TYPE_CHECKING:
    from frame.cogs.lobby import GameLobby


class Frame(commands.AutoShardedBot):
    """What every cog and component may reach on the bot (bot.py's ClansBot sets the attributes)."""

    config: Config
    store: Store
    games: GameService
    """Clans' game service."""
    alexandros: AlexandrosService
    replays: ReplayDesk
    drawing: Drawing
    """Every game's board images: off the event loop, a few at a time."""
    """Every game's animated replays: one cache, one drawing at a time, one cooldown per member."""
    clans: ClansActions
    alexandros_actions: AlexandrosActions
    """The /alexandros cog's actions that its components call: the cog sets itself here when it is built."""
    """The /clans cog's actions that its buttons and selects call: the cog sets itself here when it loads."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.components: tuple[type[ui.DynamicItem[Any]], ...] = ()
        """Every persistent component a cog registered (each cog registers its own when it loads)."""
        self.lobbies: dict[str, GameLobby[Any]] = {}
        """Each game's lobby actions, by game (frame/cogs/lobby.py), for the lobby's buttons and menus."""

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
