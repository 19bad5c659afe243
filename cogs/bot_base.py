"""The bot as its cogs and components see it: what they reach (each game's service, lobby and component actions, by
the game's name; the drawing slots and the replay desk every game shares), and the one refusal of a custom id
that no registered component accepts. Each game's package reads its own parts with its own types
(``cogs/<game>/actions.py``): the shared code knows no game.

bot.py builds the bot on this class and loads the cogs; no cog imports bot.py, so imports flow one way: the
entry point imports the cogs, the cogs import this base.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar, cast

import discord
from discord import ui
from discord.ext import commands

from cogs.drawing import Drawing
from cogs.errors import report_error
from cogs.replays import ReplayDesk
from cogs.watch import Watch
from config import Config
from errors import GameError, Why
from service.ai_pool import AiPool
from service.days_off import DaysOff
from service.games import GameService
from service.metrics import Metrics
from service.web import WebLinks


class LobbyActions(Protocol):
    """What a game's lobby buttons and menus ask of its lobby (cogs/lobby.py's GameLobby): ``from_button``, the
    answer edits the lobby message the button is on."""

    async def join(self, interaction: discord.Interaction, game_id: int, from_button: bool) -> None: ...

    async def leave(self, interaction: discord.Interaction, game_id: int, from_button: bool) -> None: ...

    async def start(self, interaction: discord.Interaction, game_id: int, from_button: bool) -> None: ...

    async def change_pace(self, interaction: discord.Interaction, game_id: int, pace: str) -> None: ...

    async def change_language(self, interaction: discord.Interaction, game_id: int, language: str) -> None: ...


class BotBase(commands.AutoShardedBot):
    """What every cog and component may reach on the bot (bot.py's GameBot sets the attributes)."""

    config: Config
    services: dict[str, GameService]
    """Each game's service, by the game's name (registry)."""
    replays: ReplayDesk
    """Every game's animated replays: one cache, one drawing at a time, one cooldown per member."""
    drawing: Drawing
    """Every game's board images: off the event loop, a few at a time."""
    days_off: DaysOff
    """Every player's days off and waking hours: one setting for every game (service/days_off.py)."""
    web_links: WebLinks | None = None
    """The games' web pages (web/), when the bot serves them (WEB_HOST)."""
    metrics: Metrics
    """What an operator watches (service/metrics.py): /metrics, /healthz and the owner's health report."""
    watch: Watch
    """Discord's side of the metrics (cogs/watch.py)."""
    ai_pool: AiPool
    """Where every game's AI thinks (worker processes)."""
    draining: bool = False
    """The bot is stopping (SIGTERM, Ctrl-C): new interactions are turned away with a word, those under way end."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.components: tuple[type[ui.DynamicItem[Any]], ...] = ()
        """Every persistent component a cog registered (each cog registers its own when it loads)."""
        self.actions: dict[str, object] = {}
        """Each game's cog, by the game's name, as its buttons and selects reach it: each game's package checks it
        against the actions it expects (``cogs/<game>/actions.py``), never looking a cog up by name."""
        self.lobbies: dict[str, LobbyActions] = {}
        """Each game's lobby actions, by game (cogs/lobby.py), for the lobby's buttons and menus."""

    def add_dynamic_items(self, *items: type[ui.DynamicItem[Any]]) -> None:
        new = tuple(item for item in items if item not in self.components)  # the lobby's: once for every game
        super().add_dynamic_items(*new)
        self.components = (*self.components, *new)

    async def health_problems(self) -> list[str]:
        """What is wrong now (empty: healthy): bot.py's GameBot says."""
        raise NotImplementedError

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self.watch.interaction(interaction, "received")
        await refuse_unknown(interaction, self.components)


def bot_of(client: discord.Client) -> BotBase:
    """The bot behind an interaction's ``client``, with its typed attributes."""
    assert isinstance(client, BotBase), "the bot is built on cogs.bot_base.BotBase"
    return client


ServiceT = TypeVar("ServiceT", bound=GameService)


def service_of(client: discord.Client, game: str, kind: type[ServiceT]) -> ServiceT:
    """Game ``game``'s service among the bot's, as its own class (each game's package asks for its own)."""
    service = bot_of(client).services[game]
    assert isinstance(service, kind), f"{game}'s service is a {kind.__name__}"
    return service


def known_custom_id(custom_id: str, items: tuple[type[ui.DynamicItem[Any]], ...]) -> bool:
    return any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in items)


async def refuse_unknown(interaction: discord.Interaction, items: tuple[type[ui.DynamicItem[Any]], ...]) -> None:
    """A click or choice whose custom id no component accepts (forged, or a number past the template's
    bound): answered with a refusal instead of being left to fail."""
    if interaction.type is not discord.InteractionType.component:
        return
    custom_id = str(cast(dict[str, Any], interaction.data or {}).get("custom_id", ""))
    if not known_custom_id(custom_id, items):
        await report_error(interaction, GameError(Why.NOT_VALID))
