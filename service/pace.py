"""Paces, turn deadlines and reminder stages: pure functions of the time they are given.

A turn's clock goes through stages, each with the time it falls due (``next_event_at``):

    half ──(half the turn time used: reminder)──▶ last ──(last call)──▶ timeout ──(deadline: autopilot)

``live`` games skip the half-time reminder. The last call comes ``LAST_CALL_LEAD`` before the deadline
(30 s for live, 10 min for fast, 2 h for daily, 6 h for relaxed: about the last tenth of the turn).
``autopilot`` is the stage a timeout is claimed in, with a short lease so a crash mid-move retries. A turn whose
player is off (service/days_off.py) is held instead: no stage, due when the days off end, and then it restarts
with the whole turn time.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from typing import Protocol

from store.clock import ClockStage, TurnClock, held
from store.records import SeatRecord


class Pace(StrEnum):
    LIVE = "live"
    FAST = "fast"
    DAILY = "daily"
    RELAXED = "relaxed"
    UNTIMED = "untimed"

    @classmethod
    def parse(cls, text: str) -> Pace:
        try:
            return cls(text.strip().lower())
        except ValueError:
            raise ValueError(f"Unknown pace {text!r}") from None

    @property
    def turn_time(self) -> timedelta | None:
        return TURN_TIME.get(self)


TURN_TIME = {
    Pace.LIVE: timedelta(minutes=2),
    Pace.FAST: timedelta(hours=1),
    Pace.DAILY: timedelta(hours=24),
    Pace.RELAXED: timedelta(hours=72),
}
LAST_CALL_LEAD = {
    Pace.LIVE: timedelta(seconds=30),
    Pace.FAST: timedelta(minutes=10),
    Pace.DAILY: timedelta(hours=2),
    Pace.RELAXED: timedelta(hours=6),
}
WAITING_PACES = frozenset({Pace.DAILY, Pace.RELAXED})
"""The paces whose turns wait while their player is off (docs/PLAYING.md, "Days off"): a live or fast game is
played at the table, where waiting days for one player is not sensible; its clock runs as it always does."""
DEFAULT_PACE = Pace.DAILY
AWAY_AFTER = 3
"""Timeouts in a row after which a seat is marked away."""
CLAIM_LEASE = timedelta(seconds=60)
"""How long a claimed timeout is held: should the process die mid-move, it is retried after this."""


class Clock(Protocol):
    """The service's source of time (UTC, to the second). Tests inject one they can advance."""

    def __call__(self) -> datetime: ...


def system_clock() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


@dataclass
class ManualClock:
    """A clock for tests and benchmarks: it only moves when told to."""

    moment: datetime = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.moment

    def advance(self, delta: timedelta) -> None:
        self.moment += delta


# --- the clock of a turn ---------------------------------------------------------------------------------


def new_turn(pace: Pace, seat: int, now: datetime) -> TurnClock:
    """A fresh turn for ``seat`` starting ``now``: the first reminder is its next event (none when untimed). At a
    pace that waits for days off, the store holds it when the player is off as it begins."""
    time = pace.turn_time
    if time is None:
        return TurnClock(seat=seat, started_at=now, deadline_at=None, stage=None, next_event_at=None)
    deadline = now + time
    waits = pace in WAITING_PACES
    if pace is Pace.LIVE:
        return TurnClock(seat, now, deadline, ClockStage.LAST, last_call_at(pace, deadline), waits_for_days_off=waits)
    return TurnClock(seat, now, deadline, ClockStage.HALF, now + time / 2, waits_for_days_off=waits)


def away_turn(seat: int, now: datetime, pace: Pace | None = None) -> TurnClock:
    """A turn of a seat marked away: due at once, for the autopilot (unless the player is off, at a pace that
    waits)."""
    return TurnClock(seat, now, now, ClockStage.TIMEOUT, now, waits_for_days_off=pace in WAITING_PACES)


def stopped(seat: int | None = None) -> TurnClock:
    """No clock: an AI seat to move (it plays by itself), or the game is over."""
    return TurnClock(seat, None, None, None, None)


def last_call_at(pace: Pace, deadline: datetime) -> datetime:
    return deadline - LAST_CALL_LEAD[pace]


@dataclass(frozen=True, slots=True)
class ReminderStep:
    """What a due reminder stage does: which reminder it sends, and the stage and time that come next."""

    reminder: ClockStage
    next_stage: ClockStage
    next_event_at: datetime


def reminder_step(pace: Pace, stage: ClockStage, deadline: datetime, now: datetime) -> ReminderStep | None:
    """The reminder due at ``now`` in ``stage``, or None when the deadline has passed (time for autopilot).

    A half-time reminder found after the last-call time (the bot was down) is sent as the last call instead.
    """
    if now >= deadline or stage not in (ClockStage.HALF, ClockStage.LAST):
        return None
    last_call = last_call_at(pace, deadline)
    if stage is ClockStage.HALF and now < last_call:
        return ReminderStep(ClockStage.HALF, ClockStage.LAST, last_call)
    return ReminderStep(ClockStage.LAST, ClockStage.TIMEOUT, deadline)


# --- what a turn's clock is after an action, and who can win -----------------------------------------------


def turn_clock(pace: Pace, seats: Sequence[SeatRecord], over: bool, to_move: int, now: datetime) -> TurnClock:
    """The clock of the turn of ``to_move`` beginning ``now``, in any game: none for an AI seat or a finished
    game, held while the player is off (at a pace that waits), at once for a seat marked away, else a fresh turn
    at the game's pace."""
    if over:
        return stopped()
    seat = seats[to_move]
    if seat.is_ai:
        return stopped(seat.seat)
    if pace in WAITING_PACES and seat.days_off is not None and seat.days_off.covers(now):
        return held(seat.seat, now, seat.days_off.ends_at)
    if seat.away:
        return away_turn(seat.seat, now, pace)
    return new_turn(pace, seat.seat, now)


def final_winners(
    totals: Sequence[int], winners: tuple[int, ...], resigned: Collection[int], away: Collection[int]
) -> tuple[int, ...]:
    """The winners of any game once seats still away at the end are set aside: they cannot win. The engine's
    ``winners`` stand when none of them is away; otherwise the best total among the others (not resigned) wins."""
    if not away or not set(winners) & set(away):
        return winners
    eligible = [s for s in range(len(totals)) if s not in resigned and s not in away]
    if not eligible:
        return ()
    best = max(totals[s] for s in eligible)
    return tuple(s for s in eligible if totals[s] == best)
