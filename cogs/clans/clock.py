"""Clans' turn clock: the frame's scheduler (cogs/clock.py) with Clans' reminders, timeout notices and
catch-up announcements, and the closing of idle lobbies in every tick."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from cogs.clans import clock_texts as words
from cogs.clans.clock_views import back_view
from cogs.clock import ClockScheduler, post_reminder
from service.clans.deadlines import Deadlines, Timeout
from service.deadlines import Reminder
from texts import of_game

if TYPE_CHECKING:
    from cogs.clans.cog import ClansCog

log = logging.getLogger("clans.clock")


class TurnScheduler(ClockScheduler[Timeout]):
    def __init__(self, cog: ClansCog, deadlines: Deadlines) -> None:
        super().__init__(deadlines, "clans-clock")
        self.cog = cog

    async def _after_tick(self) -> None:
        await self._close_idle_lobbies()

    async def _close_idle_lobbies(self) -> None:
        """Lobbies nobody started within a day are closed, with a note (``cogs.clans.overview``)."""
        try:
            await self.cog.close_idle_lobbies(self.deadlines.now())
        except Exception:
            log.exception("Could not close the idle lobbies")

    async def _remind(self, reminder: Reminder) -> None:
        await post_reminder(self.cog.bot, self.cog.games, reminder, self.deadlines.now(), words.REMINDERS)

    async def _announce_timeout(self, timeout: Timeout) -> None:
        *earlier, last = timeout.played
        t = of_game(last.table.record)
        notice = words.timeout_notice(t, timeout.seat, timeout.played[0].outcome.move, timeout.timeouts, timeout.away)
        back = back_view(t, last.table.id) if timeout.away else None
        # When an AI is next, this post says it thinks (no board), and the AI's run posts the board and the ping.
        await self.cog.announce(last, self.cog.post_in(last.table), notice=notice, earlier=earlier, extra_view=back)

    # --- announcements left behind ---------------------------------------------------------------------

    async def _run_under_way(self, game_id: int) -> bool:
        """An AI run of this process, or another process's live AI claim, will still announce the game's moves."""
        return game_id in self.cog.ai.games_with_tasks or await self.cog.games.claims.held(game_id, "ai")

    async def _catch_up_game(self, game_id: int, ply: int) -> None:
        try:
            played = await self.cog.deadlines.unannounced_actions(game_id)
            if not played:
                return
            *earlier, last = played
            notice = of_game(last.table.record)._(words.CATCH_UP_NOTICE)
            await self.cog.announce(last, self.cog.post_in(last.table), notice=notice, earlier=earlier)
        except (discord.Forbidden, discord.NotFound):  # the channel is gone or closed to the bot: give up
            log.warning("Game %s's channel cannot be posted to; its last moves stay unannounced", game_id)
            await self.deadlines.mark_announced(game_id, ply)
