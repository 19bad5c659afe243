"""The /clans command group: one GroupCog built from each feature's commands (lobby, turns, info, overview,
clock), each module next to its feature's buttons and message builders. Each handler asks the game service and
shows the answer; no rules here."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.clans.base import ClansBase
from cogs.clans.clock_commands import ClockCommands
from cogs.clans.clock_views import BackButton
from cogs.clans.info import InfoCommands
from cogs.clans.lobby import LobbyCommands
from cogs.clans.lobby_views import CancelButton, LanguageSelect, LobbyButton, PaceSelect
from cogs.clans.move_panel import PANEL_ITEMS
from cogs.clans.order_menus import OrderSelect
from cogs.clans.overview import OVERVIEW_ITEMS, OverviewCommands
from cogs.clans.panel_actions import PanelActions
from cogs.clans.replays import ReplayButton
from cogs.clans.turns import TurnCommands
from cogs.frame import Frame

PERSISTENT_ITEMS = (
    LobbyButton,
    OrderSelect,
    CancelButton,
    ReplayButton,
    PaceSelect,
    LanguageSelect,
    BackButton,
    *OVERVIEW_ITEMS,
    *PANEL_ITEMS,
)
"""Every Clans button and select that outlives a restart (the cog registers them as dynamic items)."""


@app_commands.guild_only()
class ClansCog(
    LobbyCommands,
    TurnCommands,
    InfoCommands,
    OverviewCommands,
    ClockCommands,
    PanelActions,
    commands.GroupCog,
    name="Clans",
    group_name="clans",
    group_description="Play Clans, the hidden-clan game",
):
    def __init__(self, bot: Frame) -> None:
        ClansBase.__init__(self, bot)

    async def cog_load(self) -> None:
        self.bot.clans = self  # what the Clans components call (cogs/clans/actions.py)
        self.bot.add_dynamic_items(*PERSISTENT_ITEMS)
        await self.deadlines.load_away()
        await self.clock.catch_up(immediate=True)  # moves committed before a crash, never announced
        await self.resume_ai_turns()
        self.clock.start()

    async def send_replay(self, interaction: discord.Interaction, game_id: int, ephemeral: bool) -> None:
        await self.replays.send(interaction, "clans", game_id, ephemeral)

    async def cog_unload(self) -> None:
        self.clock.unfollow(self.games.turns)
        self.sweep.stop()
        self.ai.cancel_all()
        await self.clock.stopped()


async def setup(bot: Frame) -> None:
    await bot.add_cog(ClansCog(bot))
