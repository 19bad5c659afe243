"""The /clans command group: one GroupCog built from each feature's commands (lobby, turns, info, overview,
clock), each module next to its feature's buttons and message builders. Each handler asks the game service and
shows the answer; no rules here."""

from __future__ import annotations

from discord import app_commands
from discord.ext import commands

from frame.cogs.frame import Frame
from frame.cogs.game_commands import CommandWords, shared_commands
from frame.registry import game as registered_game
from games.clans.ai import AI_LEVELS
from games.clans.cogs.base import ClansBase
from games.clans.cogs.clock_commands import ClockCommands
from games.clans.cogs.clock_views import BackButton
from games.clans.cogs.info import InfoCommands
from games.clans.cogs.lobby import LobbyCommands
from games.clans.cogs.lobby_views import CancelButton
from games.clans.cogs.move_panel import PANEL_ITEMS
from games.clans.cogs.order_menus import OrderSelect
from games.clans.cogs.overview import OVERVIEW_ITEMS, OverviewCommands
from games.clans.cogs.panel_actions import PanelActions
from games.clans.cogs.replays import ReplayButton
from games.clans.cogs.turns import TurnCommands
from games.clans.service.games import KIND

PERSISTENT_ITEMS = (
    OrderSelect,
    CancelButton,
    ReplayButton,
    BackButton,
    *OVERVIEW_ITEMS,
    *PANEL_ITEMS,
)
"""Every Clans button and select that outlives a restart (the cog registers them as dynamic items; the lobby's
are every game's: frame/cogs/lobby.py registers them)."""


CLANS_WORDS = CommandWords(
    join="Join the game waiting for players in this channel",
    leave="Leave the game waiting for players in this channel",
    addbot="Add an AI player to the game waiting for players here",
    start="Start the game (host only, 2 to 4 players)",
    cancel="Cancel this channel's game (host or Manage Messages)",
    resign="Leave the running game (your clan stays on the board)",
    notify="Turn reminders by DM on or off (you are always mentioned)",
    notify_dm="on: also DM me when my time to move runs low; off: only the channel mention",
    rules="The rules of Clans in short, with the epoch chart",
    help="Every /clans command with an example",
    status="Epoch, chips left, scores, seats and whose turn it is",
    leaderboard="This server's Clans ratings",
    profile="A player's Clans record in this server",
    ai_levels=AI_LEVELS,
)
"""The descriptions of the shared commands in /clans (as servers hold them)."""


@app_commands.guild_only()
class ClansCog(
    LobbyCommands,
    TurnCommands,
    InfoCommands,
    OverviewCommands,
    ClockCommands,
    PanelActions,
    shared_commands(CLANS_WORDS, registered_game("clans").ai_ratings),  # type: ignore[misc]
    commands.GroupCog,
    name="Clans",
    group_name="clans",
    group_description="Play Clans, the hidden-clan game",
):
    def __init__(self, bot: Frame) -> None:
        ClansBase.__init__(self, bot)

    async def cog_load(self) -> None:
        self.bot.actions[KIND] = self  # what the Clans components call (games/clans/cogs/actions.py)
        self.bot.add_dynamic_items(*PERSISTENT_ITEMS)
        await self.catch_up_at_start()
        self.run_clock()

    async def cog_unload(self) -> None:
        await self.stop_turns()


async def setup(bot: Frame) -> None:
    await bot.add_cog(ClansCog(bot))
