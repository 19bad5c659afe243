"""Alexandros' turn clock: the frame's scheduler (frame/cogs/clock.py) with Alexandros' reminders, timeout notices
and catch-up posts. The autopilot's turn and a catch-up are posted like any turn (games/alexandros/cogs/posts.py):
the board, and the next player's "your turn" post with its panel button."""

from __future__ import annotations

import logging
from datetime import datetime

import discord

from frame.cogs.clock import ClockScheduler
from frame.cogs.components import pings
from frame.cogs.notify import NotifyWords
from frame.cogs.pace_texts import time_left
from frame.service.deadlines import Reminder
from frame.service.pace import AWAY_AFTER
from frame.store import ClockStage, SeatRecord
from frame.texts import N_, Texts, of_game, texts
from frame.texts import seat_mention as mention
from games.alexandros.cogs.ai_turns import AlexandrosAiTurns
from games.alexandros.cogs.posts import built_walls, post_turn, story_of, turn_lines, whole_turns
from games.alexandros.service import AlexandrosDeadlines, AlexandrosService, AlexTimeout

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
"""What `/alexandros notify` says (the wish is the same for every game: frame/cogs/notify.py)."""

CATCH_UP_NOTICE = N_("📣 Catching up: these actions were played but not announced (the bot was restarting).")


def reminder_text(t: Texts, seat: SeatRecord, stage: ClockStage, deadline: datetime, now: datetime, game: int) -> str:
    left = time_left(t, deadline, now)
    if stage is ClockStage.HALF:
        return "⏳ " + t._(
            "{player}, half your time for your turn in Alexandros #{game} is used: {left}.",
            player=mention(seat),
            game=game,
            left=left,
        )
    return "⌛ " + t._(
        "Last call, {player}: your turn in Alexandros #{game} is {left}, then the autopilot plays it for you.",
        player=mention(seat),
        left=left,
        game=game,
    )


def reminder_dm(t: Texts, stage: ClockStage, deadline: datetime, now: datetime, game: int, channel: int) -> str:
    left = time_left(t, deadline, now)
    if stage is ClockStage.HALF:
        return t._(
            "Half your time is used in Alexandros game #{game} (<#{channel}>): it is your turn, {left}.",
            game=game,
            channel=channel,
            left=left,
        )
    return t._(
        "Last call in Alexandros game #{game} (<#{channel}>): it is your turn, {left}.",
        game=game,
        channel=channel,
        left=left,
    )


def timeout_notice(t: Texts, seat: SeatRecord, timeouts: int, away: bool) -> str:
    """'⏰ @player ran out of time; the autopilot played their turn.' and, at the third in a row, that they are
    away (their hand is never shown: only what the autopilot did, which the table sees anyway)."""
    if away and timeouts > AWAY_AFTER:
        return "⏰ " + t._("{player} is away; the autopilot played their turn.", player=mention(seat))
    notice = "⏰ " + t._("{player} ran out of time; the autopilot played their turn.", player=mention(seat))
    if away:
        notice += " " + t._(
            "That is {count} timeouts in a row: {player} is now **away**, and the autopilot plays their turns at "
            "once until they use any `/alexandros` command here.",
            count=AWAY_AFTER,
            player=mention(seat),
        )
    return notice


def back_note(t: Texts, seat: SeatRecord) -> str:
    return "👋 " + t._("{player} is back: the autopilot no longer plays for them.", player=mention(seat))


class AlexandrosScheduler(ClockScheduler[AlexTimeout]):
    def __init__(
        self, bot: discord.Client, games: AlexandrosService, deadlines: AlexandrosDeadlines, ai: AlexandrosAiTurns
    ) -> None:
        super().__init__(deadlines, "alexandros-clock")
        self.bot = bot
        self.games = games
        self.ai = ai

    async def _remind(self, reminder: Reminder) -> None:
        now = self.deadlines.now()
        t = of_game(await self.games.game(reminder.game_id))
        text = reminder_text(t, reminder.seat, reminder.stage, reminder.deadline, now, reminder.game_id)
        channel = self.bot.get_partial_messageable(reminder.channel_id)
        await channel.send(text, allowed_mentions=pings([reminder.seat]))
        if reminder.dm and reminder.seat.user_id is not None:
            own = texts(await self.games.user_language(reminder.seat.user_id))  # a DM: the player's language
            dm_text = reminder_dm(own, reminder.stage, reminder.deadline, now, reminder.game_id, reminder.channel_id)
            try:
                dm = await self.bot.create_dm(discord.Object(reminder.seat.user_id))
                await dm.send(dm_text)
            except discord.HTTPException:
                log.info("Could not DM a reminder to user %s", reminder.seat.user_id)

    async def _announce_timeout(self, timeout: AlexTimeout) -> None:
        table = timeout.table
        t = of_game(table.record)
        notice = timeout_notice(t, timeout.seat, timeout.timeouts, timeout.away)
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
