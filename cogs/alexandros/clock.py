"""Alexandros' turn clock: the shared scheduler (cogs/clock.py) with Alexandros' reminders, timeout notices
and catch-up posts. The autopilot's turn and a catch-up are posted like any turn (cogs/alexandros/posts.py):
the board, and the next player's "your turn" post with its panel button."""

from __future__ import annotations

import logging

import discord

from cogs.alexandros.ai_turns import AlexandrosAiTurns
from cogs.alexandros.posts import built_walls, post_turn, story_of, turn_lines, whole_turns
from cogs.clock import ClockScheduler, post_reminder, post_resumed
from cogs.lobby import GameLobby
from cogs.notify import NotifyWords
from cogs.pace_texts import ReminderWords, TimeoutWords, timeout_notice
from service.alexandros import AlexandrosDeadlines, AlexandrosService, AlexTable, AlexTimeout
from service.deadlines import Reminder, Resumed
from texts import N_, of_game

log = logging.getLogger("clans.alexandros.clock")

NOTIFY = NotifyWords(
    on=N_(
        "Reminders by DM are **on**: when your time to play runs low, in Alexandros or Clans, I also DM you. "
        "`/alexandros notify off` stops it."
    ),
    on_closed=N_(
        "Reminders by DM are **on**, but I cannot DM you: your direct messages are closed. Allow direct messages "
        "from this server's members (Privacy Settings) to get them; meanwhile you are still mentioned in the channel."
    ),
    off=N_("Reminders by DM are **off**. You are still mentioned in the game's channel when your time runs low."),
    test_dm=N_("You will get your turn reminders here. `/alexandros notify off` in a server stops them."),
)
"""What `/alexandros notify` says (the wish is the same for every game: cogs/notify.py)."""

CATCH_UP_NOTICE = N_("📣 Catching up: these actions were played but not announced (the bot was restarting).")


REMINDERS = ReminderWords(
    half=N_("{player}, half your time for your turn in Alexandros #{game} is used: {left}."),
    last=N_("Last call, {player}: your turn in Alexandros #{game} is {left}, then the autopilot plays it for you."),
    dm_half=N_("Half your time is used in Alexandros game #{game} (<#{channel}>): it is your turn, {left}."),
    dm_last=N_("Last call in Alexandros game #{game} (<#{channel}>): it is your turn, {left}."),
)


TIMEOUTS = TimeoutWords(
    away=N_("{player} is away; the autopilot played their turn."),
    ran_out=N_("{player} ran out of time; the autopilot played their turn."),
    now_away=N_(
        "That is {count} timeouts in a row: {player} is now **away**, and the autopilot plays their turns at "
        "once until they use any `/alexandros` command here."
    ),
)
"""'⏰ @player ran out of time; the autopilot played their turn.' (their hand is never shown: only what the
autopilot did, which the table sees anyway)."""


class AlexandrosScheduler(ClockScheduler[AlexTimeout]):
    def __init__(
        self,
        bot: discord.Client,
        games: AlexandrosService,
        deadlines: AlexandrosDeadlines,
        ai: AlexandrosAiTurns,
        lobby: GameLobby[AlexTable],
    ) -> None:
        super().__init__(deadlines, lobby, "alexandros-clock")
        self.bot = bot
        self.games = games
        self.ai = ai

    async def _remind(self, reminder: Reminder) -> None:
        await post_reminder(self.bot, self.games, reminder, self.deadlines.now(), REMINDERS)

    async def _announce_resumed(self, resumed: Resumed) -> None:
        await post_resumed(self.bot, self.games, resumed, self.deadlines.now())

    async def _announce_timeout(self, timeout: AlexTimeout) -> None:
        table = timeout.table
        t = of_game(table.record)
        notice = timeout_notice(t, TIMEOUTS, timeout.seat, timeout.timeouts, timeout.away, timeout.warned)
        if table.ai_to_act:  # an AI is next: its run posts the autopilot's turn and its own in one message
            self.ai.schedule(table.id, lead=timeout.played, notice=notice)
            return
        walls = built_walls(whole_turns(timeout.played))
        await post_turn(self.bot, table, [notice, *turn_lines(t, table, timeout.played)], walls)
        self.wake_by(table.record.next_event_at)

    async def _run_under_way(self, game_id: int) -> bool:
        return game_id in self.ai.games_with_tasks or await self.games.claims.held(game_id, "ai")

    async def _catch_up_game(self, game_id: int, ply: int) -> None:
        missed = await self.games.unannounced_turns(game_id)
        if missed is None:
            return  # the mover is still in their turn: its post comes when it ends
        t = of_game(missed.table.record)
        lines = [t._(CATCH_UP_NOTICE), *story_of(t, missed.table, missed.told)]
        await post_turn(self.bot, missed.table, lines, built_walls(missed.told))
