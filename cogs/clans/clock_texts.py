"""What players read about the clock: paces, time left, reminders, timeouts, away and back. Public-safe:
nothing here depends on anyone's clan."""

from __future__ import annotations

from datetime import datetime

from cogs.days_off_texts import days_off_lines
from cogs.pace_texts import (
    PACE_CHOICES,
    PACE_NAME,
    ReminderWords,
    TimeoutWords,
    back_note,
    clock_suffix,
    duration,
    pace_label,
    pace_name,
    time_left,
)
from cogs.pace_texts import timeout_notice as shared_timeout_notice
from engine.clans import Action, Resign
from service.records import GameRecord, SeatRecord
from texts import N_, Texts

__all__ = [
    "PACE_CHOICES",
    "PACE_NAME",
    "back_note",
    "clock_suffix",
    "duration",
    "pace_label",
    "pace_name",
    "time_left",
]


def action_phrase(t: Texts, action: Action) -> str:
    """'23 → 24', 'chose the village at 17 next', 'resigned'."""
    if isinstance(action, Resign):
        return t._("resigned")
    if action.is_village_choice:
        return t._("chose the village at {territory} next", territory=action.src)
    return f"{action.src} → {action.dst}"


REMINDERS = ReminderWords(
    half=N_("{player}, half your time for this move in game #{game} is used: {left}."),
    last=N_(
        "Last call, {player}: your move in game #{game} is {left}, then the autopilot moves for you. "
        "`/clans move from to`"
    ),
    dm_half=N_("Half your time is used in Clans game #{game} (<#{channel}>): it is your move, {left}."),
    dm_last=N_("Last call in Clans game #{game} (<#{channel}>): it is your move, {left}."),
)


TIMEOUTS = TimeoutWords(
    away=N_("{player} is away; {moved}."),
    ran_out=N_("{player} ran out of time; {moved}."),
    now_away=N_(
        "That is {count} timeouts in a row: {player} is now **away**, and the autopilot plays "
        "their turns at once until they use any `/clans` command here or press **I'm back**."
    ),
)


def timeout_notice(t: Texts, seat: SeatRecord, first: Action, timeouts: int, away: bool, warned: bool = True) -> str:
    """'⏰ @player ran out of time; autopilot moved 23 → 24.' and, at the third in a row, that they are away."""
    if isinstance(first, Resign) or first.is_village_choice:
        moved = t._("autopilot {action}", action=action_phrase(t, first))
    else:
        moved = t._("autopilot moved {action}", action=action_phrase(t, first))
    return shared_timeout_notice(t, TIMEOUTS, seat, timeouts, away, warned, moved=moved)


CATCH_UP_NOTICE = N_("📣 Catching up: these moves were made but not announced (the bot was restarting).")

NOTIFY_ON = N_(
    "Reminders by DM are **on**: when your time to move runs low, I also DM you. `/clans notify off` stops it."
)
NOTIFY_ON_CLOSED = N_(
    "Reminders by DM are **on**, but I cannot DM you: your direct messages are closed. Allow direct messages "
    "from this server's members (Privacy Settings) to get them; meanwhile you are still mentioned in the channel."
)
NOTIFY_OFF = N_("Reminders by DM are **off**. You are still mentioned in the game's channel when your time runs low.")
NOTIFY_TEST_DM = N_("You will get your Clans turn reminders here. `/clans notify off` in a server stops them.")


def status_clock(t: Texts, game: GameRecord, now: datetime) -> str:
    """For /clans status: 'Pace: daily (24 h a move) · due … (in 21 hours)'."""
    line = t._("Pace: {pace}", pace=pace_label(t, game.pace))
    left = time_left(t, game.deadline_at, now) if game.status == "running" else ""
    line = f"{line} · {left}" if left else line
    return "\n".join([line, *days_off_lines(t, game.seats, now)]) if game.status == "running" else line
