"""The /clans command group: one GroupCog built from each feature's commands (lobby, turns, info, overview,
clock), each module next to its feature's buttons and message builders. Each handler asks the game service and
shows the answer; no rules here."""

from __future__ import annotations

from discord import app_commands
from discord.ext import commands

from ai.clans import AI_LEVELS
from cogs.clans.base import ClansBase
from cogs.clans.clock_commands import ClockCommands
from cogs.clans.clock_views import BackButton
from cogs.clans.info import InfoCommands
from cogs.clans.lobby import LobbyCommands
from cogs.clans.lobby_views import CancelButton
from cogs.clans.move_panel import PANEL_ITEMS
from cogs.clans.order_menus import OrderSelect
from cogs.clans.overview import OVERVIEW_ITEMS, OverviewCommands
from cogs.clans.panel_actions import PanelActions
from cogs.clans.replays import ReplayButton
from cogs.clans.turns import TurnCommands
from cogs.frame import Frame
from cogs.game_commands import CommandWords, shared_commands
from registry import game as registered_game
from service.clans.games import KIND

PERSISTENT_ITEMS = (
    OrderSelect,
    CancelButton,
    ReplayButton,
    BackButton,
    *OVERVIEW_ITEMS,
    *PANEL_ITEMS,
)
"""Every Clans button and select that outlives a restart (the cog registers them as dynamic items; the lobby's
are every game's: cogs/lobby.py registers them)."""


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
        self.bot.actions[KIND] = self  # what the Clans components call (cogs/clans/actions.py)
        self.bot.add_dynamic_items(*PERSISTENT_ITEMS)
        await self.catch_up_at_start()
        self.run_clock()

    async def cog_unload(self) -> None:
        await self.stop_turns()


async def setup(bot: Frame) -> None:
    await bot.add_cog(ClansCog(bot))
