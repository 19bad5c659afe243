"""What players read about the clock: paces, time left, reminders, timeouts, away and back. Public-safe:
nothing here depends on anyone's clan."""

from __future__ import annotations

from datetime import datetime

from engine import Action, Resign
from service.pace import AWAY_AFTER, Pace, time_left
from store import ClockStage, GameRecord, SeatRecord
from usertext import shown_name

PACE_CHOICES = (Pace.LIVE, Pace.FAST, Pace.DAILY, Pace.RELAXED, Pace.UNTIMED)


def mention(seat: SeatRecord) -> str:
    return f"**{shown_name(seat.name)}**" if seat.user_id is None else f"<@{seat.user_id}>"


def pace_line(pace: str) -> str:
    """'daily (24 h a move)'."""
    return Pace(pace).label


def clock_suffix(deadline: datetime | None, now: datetime) -> str:
    """' · 21 h left' after a turn ping, or '' for a turn without a clock."""
    left = time_left(deadline, now)
    return f" · {left}" if left else ""


def action_phrase(action: Action) -> str:
    """'23 → 24', 'chose the village at 17 next', 'resigned'."""
    if isinstance(action, Resign):
        return "resigned"
    if action.is_village_choice:
        return f"chose the village at {action.src} next"
    return f"{action.src} → {action.dst}"


def reminder_text(seat: SeatRecord, stage: ClockStage, deadline: datetime, now: datetime, game_id: int) -> str:
    left = time_left(deadline, now)
    if stage is ClockStage.HALF:
        return f"⏳ {mention(seat)}, half your time for this move in game #{game_id} is used: {left}."
    return (
        f"⌛ Last call, {mention(seat)}: {left} to move in game #{game_id}, "
        "then the autopilot moves for you. `/clans move from to`"
    )


def reminder_dm(stage: ClockStage, deadline: datetime, now: datetime, game_id: int, channel_id: int) -> str:
    left = time_left(deadline, now)
    what = "Half your time is used" if stage is ClockStage.HALF else "Last call"
    return f"{what} in Clans game #{game_id} (<#{channel_id}>): it is your move, {left}."


def timeout_notice(seat: SeatRecord, first: Action, timeouts: int, away: bool) -> str:
    """'⏰ @player ran out of time; autopilot moved 23 → 24.' and, at the third in a row, that they are away."""
    verb = "" if isinstance(first, Resign) or first.is_village_choice else "moved "
    moved = f"autopilot {verb}{action_phrase(first)}"
    if away and timeouts > AWAY_AFTER:
        return f"⏰ {mention(seat)} is away; {moved}."
    notice = f"⏰ {mention(seat)} ran out of time; {moved}."
    if away:
        notice += (
            f" That is {AWAY_AFTER} timeouts in a row: {mention(seat)} is now **away**, and the autopilot plays "
            "their turns at once until they use any `/clans` command here or press **I'm back**."
        )
    return notice


def back_note(seat: SeatRecord) -> str:
    return f"👋 {mention(seat)} is back: the autopilot no longer plays for them."


CATCH_UP_NOTICE = "📣 Catching up: these moves were made but not announced (the bot was restarting)."

NOTIFY_ON = "Reminders by DM are **on**: when your time to move runs low, I also DM you. `/clans notify off` stops it."
NOTIFY_ON_CLOSED = (
    "Reminders by DM are **on**, but I cannot DM you: your direct messages are closed. Allow direct messages "
    "from this server's members (Privacy Settings) to get them; meanwhile you are still mentioned in the channel."
)
NOTIFY_OFF = "Reminders by DM are **off**. You are still mentioned in the game's channel when your time runs low."
NOTIFY_TEST_DM = "You will get your Clans turn reminders here. `/clans notify off` in a server stops them."

AWAY_RESULT = "away at the end: cannot win, ranked last"


def status_clock(game: GameRecord, now: datetime) -> str:
    """For /clans status: 'Pace: daily (24 h a move) · 21 h left'."""
    line = f"Pace: {pace_line(game.pace)}"
    left = time_left(game.deadline_at, now) if game.status == "running" else ""
    return f"{line} · {left}" if left else line
