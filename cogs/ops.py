"""The owner's health report in Discord, ``/health``, as RoboDanny's ``health``: uptime, the gateway's latency and
shards, the AI's queue and its slowest recent decisions, the waits for Discord's rate limits, memory, and the last
errors by kind. Hidden from every member but a server's administrators (default permissions: none), and answered
to the bot application's owner alone (the developer portal's owner, as Discord tells the bot), only to them.
Nothing in it names a player, a server or a game: kinds and numbers only (service/metrics.py)."""

from __future__ import annotations

import math
import resource
from datetime import timedelta
from pathlib import Path

import discord
from discord import app_commands
from discord.ext import commands

from cogs.bot_base import BotBase
from cogs.errors import reader, report_error
from cogs.pace_texts import duration
from errors import GameError, Why
from service.metrics import Metrics
from texts import Texts

STATUS = Path("/proc/self/status")


def memory_mib() -> float:
    """The process's resident memory now (Linux), else its peak."""
    try:
        for line in STATUS.read_text(encoding="ascii").splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def health_report(t: Texts, metrics: Metrics, shards: list[tuple[int, float]], queue: int, problems: list[str]) -> str:
    """The report's lines, in the reader's language."""
    state = t._("healthy") if not problems else t._("unhealthy: {problems}", problems="; ".join(problems))
    shown = ", ".join(
        t._("{shard} ({ms} ms)", shard=shard, ms=round(latency * 1000)) if math.isfinite(latency) else str(shard)
        for shard, latency in shards
    )
    slowest = ", ".join(f"{d.game} {d.level} {d.seconds:.1f} s" for d in metrics.slowest_decisions())
    waits, waited = metrics.rate_limit_totals()
    errors = ", ".join(f"{kind} ×{count}" for kind, count in list(metrics.error_counts().items())[:5])
    lines = [
        t._("**Bot health**: {state}", state=state),
        t._("Up for {time}", time=duration(t, timedelta(seconds=metrics.uptime_s()))),
        t._("Gateway shards: {shards}", shards=shown or "-"),
        t._("AI decisions waiting: {count}", count=queue),
        t._("Slowest recent AI decisions: {list}", list=slowest or "-"),
        t._("Waits for Discord's rate limits: {count} ({seconds} s)", count=waits, seconds=round(waited, 1)),
        t._("Memory: {mib} MiB", mib=round(memory_mib())),
        t._("Errors since the start: {list}", list=errors or "-"),
    ]
    return "\n".join(lines)


class Operator(commands.Cog):
    def __init__(self, bot: BotBase) -> None:
        self.bot = bot

    @app_commands.command(name="health", description="The bot's health, for its owner")
    @app_commands.default_permissions()
    async def health(self, interaction: discord.Interaction) -> None:
        if not await self.bot.is_owner(interaction.user):
            await report_error(interaction, GameError(Why.OWNER_ONLY))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        problems = await self.bot.health_problems()
        shards = sorted(self.bot.latencies)
        text = health_report(reader(interaction), self.bot.metrics, shards, self.bot.ai_pool.waiting, problems)
        await interaction.followup.send(text, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, BotBase)
    await bot.add_cog(Operator(bot))
