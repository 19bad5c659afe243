"""Clans' turn clock: the shared scheduler (cogs/clock.py) with Clans' reminders, timeout notices and
catch-up announcements."""

from __future__ import annotations

import logging

import discord

from cogs.clans import clock_texts as words
from cogs.clans.clock_views import back_view
from cogs.clans.posts import ClansPosts
from cogs.clock import ClockScheduler, post_reminder, post_resumed
from cogs.lobby import GameLobby
from service.clans.deadlines import Deadlines, Timeout
from service.clans.tables import Table
from service.deadlines import Reminder, Resumed
from texts import of_game

log = logging.getLogger("clans.clock")


class TurnScheduler(ClockScheduler[Timeout]):
    deadlines: Deadlines

    def __init__(self, posts: ClansPosts, deadlines: Deadlines, lobby: GameLobby[Table]) -> None:
        super().__init__(deadlines, lobby, "clans-clock")
        self.posts = posts

    async def _remind(self, reminder: Reminder) -> None:
        await post_reminder(self.posts.bot, self.posts.service, reminder, self.deadlines.now(), words.REMINDERS)

    async def _announce_resumed(self, resumed: Resumed) -> None:
        await post_resumed(self.posts.bot, self.posts.service, resumed, self.deadlines.now())

    async def _announce_timeout(self, timeout: Timeout) -> None:
        *earlier, last = timeout.played
        t = of_game(last.table.record)
        first = timeout.played[0].outcome.move
        notice = words.timeout_notice(t, timeout.seat, first, timeout.timeouts, timeout.away, timeout.warned)
        back = back_view(t, last.table.id) if timeout.away else None
        # When an AI is next, this post says it thinks (no board), and the AI's run posts the board and the ping.
        await self.posts.announce(last, notice=notice, earlier=earlier, extra_view=back)

    # --- announcements left behind ---------------------------------------------------------------------

    async def _run_under_way(self, game_id: int) -> bool:
        """An AI run of this process, or another process's live AI claim, will still announce the game's moves."""
        return game_id in self.posts.ai.games_with_tasks or await self.posts.service.claims.held(game_id, "ai")

    async def _catch_up_game(self, game_id: int, ply: int) -> None:
        try:
            played = await self.deadlines.unannounced_actions(game_id)
            if not played:
                return
            *earlier, last = played
            notice = of_game(last.table.record)._(words.CATCH_UP_NOTICE)
            await self.posts.announce(last, notice=notice, earlier=earlier)
        except (discord.Forbidden, discord.NotFound):  # the channel is gone or closed to the bot: give up
            log.warning("Game %s's channel cannot be posted to; its last moves stay unannounced", game_id)
            await self.deadlines.mark_announced(game_id, ply)
