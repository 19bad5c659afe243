"""The /clans command group: one GroupCog whose commands live in modules by job (lobby, turns, info).
Each handler asks the game service and shows the answer; no rules here."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.alexandros.panel import ALEXANDROS_ITEMS
from cogs.base import ClansBase
from cogs.clock_commands import ClockCommands
from cogs.components import PERSISTENT_ITEMS, refuse_unknown
from cogs.info import InfoCommands
from cogs.lobby import LobbyCommands
from cogs.overview import OVERVIEW_ITEMS, OverviewCommands
from cogs.turns import TurnCommands

if TYPE_CHECKING:
    from bot import ClansBot


@app_commands.guild_only()
class ClansCog(
    LobbyCommands,
    TurnCommands,
    InfoCommands,
    OverviewCommands,
    ClockCommands,
    commands.GroupCog,
    name="Clans",
    group_name="clans",
    group_description="Play Clans, the hidden-clan game",
):
    def __init__(self, bot: ClansBot) -> None:
        ClansBase.__init__(self, bot)

    async def cog_load(self) -> None:
        await self.deadlines.load_away()
        await self.clock.catch_up(immediate=True)  # moves committed before a crash, never announced
        await self.resume_ai_turns()
        self.clock.start()

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        await refuse_unknown(interaction, (*PERSISTENT_ITEMS, *OVERVIEW_ITEMS, *ALEXANDROS_ITEMS))

    async def cog_unload(self) -> None:
        self.sweep.stop()
        self.ai.cancel_all()
        self.replays.close()
        await self.clock.stopped()


async def setup(bot: ClansBot) -> None:
    await bot.add_cog(ClansCog(bot))
