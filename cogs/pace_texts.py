"""What players of any game read about a turn's clock: the paces, their names, the time left, the reminders and
a player's coming back. Public-safe."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

import discord

from service.pace import AWAY_AFTER, Pace
from service.records import ClockStage, SeatRecord
from texts import N_, Texts
from texts import seat_mention as mention

PACE_CHOICES = (Pace.LIVE, Pace.FAST, Pace.DAILY, Pace.RELAXED, Pace.UNTIMED)
PACE_NAME = {
    Pace.LIVE: N_("live"),
    Pace.FAST: N_("fast"),
    Pace.DAILY: N_("daily"),
    Pace.RELAXED: N_("relaxed"),
    Pace.UNTIMED: N_("untimed"),
}


def duration(t: Texts, delta: timedelta) -> str:
    """'24 h', '10 min', '30 s': rounded to the nearest unit that keeps two figures or fewer."""
    seconds = max(0, round(delta.total_seconds()))
    if seconds >= 2 * 3600 or (seconds >= 3600 and seconds % 3600 == 0):
        return t._("{count} h", count=round(seconds / 3600))
    if seconds >= 2 * 60:
        return t._("{count} min", count=round(seconds / 60))
    return t._("{count} s", count=seconds)


def deadline_marks(deadline: datetime) -> tuple[str, str]:
    """Discord's timestamp markup for ``deadline``: the date and time (``<t:…:f>``) and how far off it is
    (``<t:…:R>``), which each reader's client shows in their own language and time zone."""
    moment = round(deadline.timestamp())
    return f"<t:{moment}:f>", f"<t:{moment}:R>"


def time_left(t: Texts, deadline: datetime | None, now: datetime) -> str:
    """'due 27 November 2026 16:00 (in 21 hours)' as each reader's client shows it, 'time is up', or '' when
    the turn has no clock."""
    if deadline is None:
        return ""
    if deadline <= now:
        return t._("time is up")
    date, relative = deadline_marks(deadline)
    return t._("due {date} ({relative})", date=date, relative=relative)


def pace_name(t: Texts, pace: str) -> str:
    return t._(PACE_NAME[Pace(pace)])


def pace_label(t: Texts, pace: str) -> str:
    """'daily (24 h a move)', 'untimed (no clock)'."""
    time = Pace(pace).turn_time
    if time is None:
        return t._("{pace} (no clock)", pace=pace_name(t, pace))
    return t._("{pace} ({time} a move)", pace=pace_name(t, pace), time=duration(t, time))


def pace_options(t: Texts, pace: str) -> list[discord.SelectOption]:
    """The lobby's pace menu (every game's), with the game's own pace marked."""
    return [
        discord.SelectOption(
            label=t._("Pace: {pace}", pace=pace_label(t, choice)), value=choice.value, default=choice.value == pace
        )
        for choice in PACE_CHOICES
    ]


def clock_suffix(t: Texts, deadline: datetime | None, now: datetime) -> str:
    """' · due … (in 21 hours)' after a turn ping, or '' for a turn without a clock."""
    left = time_left(t, deadline, now)
    return f" · {left}" if left else ""


@dataclass(frozen=True)
class ReminderWords:
    """A game's reminders (marked with N_ where the game words them): in the channel, with ``{player}``,
    ``{game}`` and ``{left}``, and by DM, with ``{game}``, ``{channel}`` and ``{left}``; at half the turn's time
    and at the last call."""

    half: str
    last: str
    dm_half: str
    dm_last: str


EARLIER_LEFT_OUT = N_("(The half-time reminder fell outside your waking hours.)")
NO_LAST_CALL = N_("No last call could reach them before the deadline.")


def reminder_text(
    t: Texts,
    words: ReminderWords,
    seat: SeatRecord,
    stage: ClockStage,
    deadline: datetime,
    now: datetime,
    game: int,
    left_out: ClockStage | None = None,
) -> str:
    """The channel's reminder, pinging the mover: '⏳ …' at half time, '⌛ …' at the last call, saying so when
    ``left_out``, an earlier reminder of the turn, was not sent."""
    left = time_left(t, deadline, now)
    if stage is ClockStage.HALF:
        text = "⏳ " + t._(words.half, player=mention(seat), game=game, left=left)
    else:
        text = "⌛ " + t._(words.last, player=mention(seat), game=game, left=left)
    return f"{text} {t._(EARLIER_LEFT_OUT)}" if left_out is ClockStage.HALF and stage is ClockStage.LAST else text


def reminder_dm(
    t: Texts, words: ReminderWords, stage: ClockStage, deadline: datetime, now: datetime, game: int, channel: int
) -> str:
    """The reminder by DM (in the player's own language), naming the game's channel."""
    left = time_left(t, deadline, now)
    message = words.dm_half if stage is ClockStage.HALF else words.dm_last
    return t._(message, game=game, channel=channel, left=left)


@dataclass(frozen=True)
class TimeoutWords:
    """A game's timeout notices (marked with N_ where the game words them), with ``{player}``: the autopilot
    played for a player already away, for one who ran out of time, and (with ``{count}``) that they are now away.
    """

    away: str
    ran_out: str
    now_away: str


def timeout_notice(
    t: Texts, words: TimeoutWords, seat: SeatRecord, timeouts: int, away: bool, warned: bool = True, **facts: object
) -> str:
    """'⏰ @player ran out of time; …', that no last call reached them when none did (``warned`` False), and, at
    the third in a row, that they are away; ``facts``: the game's own (what the autopilot did, public anyway)."""
    if away and timeouts > AWAY_AFTER:
        return "⏰ " + t._(words.away, player=mention(seat), **facts)
    notice = "⏰ " + t._(words.ran_out, player=mention(seat), **facts)
    if not warned:
        notice += " " + t._(NO_LAST_CALL)
    if away:
        notice += " " + t._(words.now_away, count=AWAY_AFTER, player=mention(seat))
    return notice


def back_note(t: Texts, seat: SeatRecord) -> str:
    return "👋 " + t._("{player} is back: the autopilot no longer plays for them.", player=mention(seat))
