"""Turn deadlines: reminders, the autopilot when time runs out, away seats, and catching up announcements.

The cog's scheduler asks for what is due and hands each due turn to ``handle``; everything here is one
claim in the database first, so a due event is acted on once however many ticks (or processes) see it.

``TurnDeadlines`` is the shared part, the same for every game: it reads and claims the clocks of its game's
kind (the ``games.game`` column), sends reminders, and keeps away seats and announcements. A game adds its
autopilot (``_autopilot``: play the timed-out seat's whole turn) and what its catch-up lists:
``service.clans.deadlines.Deadlines`` is Clans',
``service.alexandros.deadlines.AlexandrosDeadlines`` Alexandros'.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, Generic, TypeVar

from service.days_off import PACE_NAMES
from service.games import GameService
from service.pace import CLAIM_LEASE, Pace, ReminderStep, new_turn, reminder_step, turn_clock
from service.waking import WakingHours, reminder_time
from store import ClockStage, DueTurn, GameRecord, SeatRecord, TurnClock


@dataclass(frozen=True, slots=True)
class Reminder:
    """Half the turn time is used (``stage`` HALF) or the end is near (LAST): remind the mover."""

    game_id: int
    channel_id: int
    seat: SeatRecord
    stage: ClockStage
    deadline: datetime
    pace: Pace
    dm: bool
    """The mover asked for reminders by DM too."""
    left_out: ClockStage | None = None
    """An earlier reminder of this turn that was left out (no waking moment of the mover before its limit)."""


@dataclass(frozen=True, slots=True)
class Resumed:
    """The mover's days off are over: their held turn restarts with its whole time, ``deadline``."""

    game_id: int
    channel_id: int
    seat: SeatRecord
    deadline: datetime | None
    pace: Pace


Played = TypeVar("Played")
"""A game's record of one committed action, with its table as it then stood."""


@dataclass(frozen=True, slots=True)
class TimedOut(Generic[Played]):
    """The mover's time ran out (or they are away): the autopilot played ``played`` for them. Each game's timeout
    names the table its last action left."""

    seat: SeatRecord
    """The seat as it was before the timeout."""
    played: tuple[Played, ...]
    timeouts: int
    away: bool
    """The seat is marked away now (this was its third timeout in a row, or it already was)."""
    warned: bool = True
    """The turn's last call was sent before the autopilot played (False: it was left out, or its tick came only
    after the deadline); the timeout notice then says so."""


TimeoutEvent = TypeVar("TimeoutEvent", bound=TimedOut[Any])
"""What a game's autopilot reports after playing a timed-out turn (Clans: ``service.clans.deadlines.Timeout``)."""


def last_call_sent(clock: TurnClock) -> bool:
    """Whether a turn whose deadline passed had its last call: its clock had moved on to wait for the deadline
    (a tick that finds it still before its last call came too late), without leaving the last call out."""
    return clock.stage is ClockStage.TIMEOUT and clock.left_out is not ClockStage.LAST


class TurnDeadlines(Generic[TimeoutEvent]):
    """The clocks of one game's kind: due turns, reminders, claims, away seats, DM wishes, announcements."""

    def __init__(self, games: GameService, level: str) -> None:
        self.service = games
        self.store = games.store
        self.game = games.game
        self.level = level
        """The AI level the autopilot plays at."""
        self.away_here: set[tuple[int, int]] = set()
        """(user, channel) of players marked away: a command from anyone else needs no database write. Kept up
        to date by this process as seats go away and come back, and read again from the database in every
        scheduler tick for what other processes did (``load_away``)."""

    def now(self) -> datetime:
        return self.service.now()

    async def due(self, limit: int = 100) -> list[DueTurn]:
        return await self.store.due_turns(self.now(), limit, game=self.game)

    async def next_due(self) -> datetime | None:
        """When the scheduler looks next: the earliest clock event of this game, the start of days off declared
        ahead (every game's clocks of that player are held then), or the closing of an idle lobby."""
        first = await self.store.next_event_time(game=self.game)
        days_off = await self.store.next_days_off_start()
        idle = await self.service.next_idle_close()
        if idle is not None and idle <= self.now():
            idle = None  # one its tick could not close (logged): the loop's regular look tries again, never a spin
        return min((t for t in (first, days_off, idle) if t is not None), default=None)

    async def begin_days_off(self) -> None:
        """Days off declared ahead that begin now hold their player's clocks (in every game; once, whichever
        game's scheduler, of whichever process, comes first)."""
        first = await self.store.next_days_off_start()
        now = self.now()
        if first is not None and first <= now:
            await self.store.begin_days_off(now, PACE_NAMES)

    async def handle(self, due: DueTurn) -> Reminder | Resumed | TimeoutEvent | None:
        """Act on one due turn: a held turn whose days off ended restarts, a reminder (in the mover's waking
        hours), or the autopilot's move. None if another claim got there first, or nothing is to be said.

        A tick is never exactly on time (a restart, a busy moment, the timer's own jitter), so every event is
        judged by what is still useful when it is acted on, not by the second it was planned for: a reminder is
        sent late while its limit is ahead (``_remind``), a half-time reminder found after the last-call time is
        the last call, and a timeout found before its last call was sent says so (``TimedOut.warned``)."""
        clock = due.clock
        if clock.held_until is not None:
            return await self.resume(due)
        if clock.stage is None or clock.seat is None or clock.deadline_at is None:
            return None
        pace = Pace(due.pace)
        now = self.now()
        step = reminder_step(pace, clock.stage, clock.deadline_at, now)
        if step is not None:
            return await self._remind(due, clock.stage, clock.seat, clock.deadline_at, pace, step, now)
        if not await self.store.claim_clock(
            due.game_id, due.ply, clock.stage, now, ClockStage.AUTOPILOT, now + CLAIM_LEASE
        ):
            return None
        timeout = await self._autopilot(due.game_id, due.ply, clock.seat)
        if timeout is not None and not last_call_sent(clock):
            return replace(timeout, warned=False)
        return timeout

    async def _remind(
        self,
        due: DueTurn,
        stage: ClockStage,
        seat_number: int,
        deadline: datetime,
        pace: Pace,
        step: ReminderStep,
        now: datetime,
    ) -> Reminder | None:
        """The reminder due now, in the mover's waking hours. One planned inside them is sent whenever its tick
        comes, late too, while its limit is ahead; one found outside them waits for the next waking moment that
        still comes before its limit, or is left out (and the turn's next step says so). The last call is planned
        inside the waking hours too, with a margin (service/waking.py)."""
        game = await self.service.record(due.game_id)
        seat = game.seats[seat_number]
        record = None if seat.user_id is None else await self.store.waking_hours(seat.user_id)
        hours = None if record is None else WakingHours.of(record)
        limit = deadline if step.reminder is ClockStage.LAST else step.next_event_at
        planned = due.clock.next_event_at or now
        asleep = hours is not None and not hours.awake(now) and not hours.awake(planned)
        if hours is not None and asleep:
            later = hours.next_waking(now)
            if later < limit:  # wait for the player's morning
                await self.store.claim_clock(due.game_id, due.ply, stage, now, stage, later)
                return None
        next_stage, next_at = step.next_stage, step.next_event_at
        left_out = step.reminder if asleep else None
        if next_stage is ClockStage.LAST:
            placed = reminder_time(hours, next_at, now, deadline)
            if placed is None:  # no waking moment for the last call either: the timeout will say so
                next_stage, next_at, left_out = ClockStage.TIMEOUT, deadline, ClockStage.LAST
            else:
                next_at = placed
        if not await self.store.claim_clock(due.game_id, due.ply, stage, now, next_stage, next_at, left_out):
            return None
        if asleep:
            return None  # no waking moment before its limit: left out, and the next step says so
        dm = seat.user_id is not None and await self.store.wants_dm(seat.user_id)
        return Reminder(due.game_id, due.channel_id, seat, step.reminder, deadline, pace, dm, due.clock.left_out)

    async def resume(self, due: DueTurn) -> Resumed | None:
        """A turn held for days off that ended (or were ended early): it restarts with the whole turn time from
        now, never less than it had; held again if its player is off again. Told to the table, pinging the mover
        (not for a seat marked away: the autopilot plays it at once)."""
        clock = due.clock
        if clock.seat is None:
            return None
        now = self.now()
        game = await self.service.record(due.game_id)
        pace = Pace(due.pace)
        written = await self.store.resume_clock(
            due.game_id, due.ply, now, turn_clock(pace, game.seats, False, clock.seat, now)
        )
        seat = game.seats[clock.seat]
        if written is None or written.held_until is not None or seat.away:
            return None
        return Resumed(due.game_id, due.channel_id, seat, written.deadline_at, pace)

    async def _autopilot(self, game_id: int, ply: int, seat_number: int) -> TimeoutEvent | None:
        """The game's own part: play the timed-out seat's whole turn at the ply found due (None if it moved)."""
        raise NotImplementedError

    # --- away and back ----------------------------------------------------------------------------------

    async def load_away(self) -> None:
        """Who is away where, from the database (one read of a partial index): at start, and in every tick of
        the scheduler, since another process sharing the database may have marked a player away here."""
        self.away_here = set(await self.store.away_seats(game=self.game))

    def went_away(self, user_id: int, channel_id: int) -> None:
        self.away_here.add((user_id, channel_id))

    def away_after_autopilot(self, seat: SeatRecord, seat_number: int, record: GameRecord) -> bool:
        """Whether the seat the autopilot played for (``seat``, as it was) is away in ``record``, the game as its
        last action left it; a player now away is remembered here."""
        now_seat = record.seats[seat_number]
        if now_seat.away and seat.user_id is not None:
            self.went_away(seat.user_id, record.channel_id)
        return now_seat.away

    async def come_back(
        self, user_id: int, *, channel_id: int | None = None, game_id: int | None = None
    ) -> list[SeatRecord]:
        """The player is back: no longer away in that game, and a turn of theirs gets a fresh clock.

        By channel (any command of the game there), only a player known to be away costs a database write.
        """
        if game_id is None:
            if (user_id, channel_id) not in self.away_here:
                return []
            self.away_here.discard((user_id, channel_id))
        back = await self.store.come_back(user_id, channel_id=channel_id, game_id=game_id, game=self.game)
        seats = []
        for returned in back:
            if returned.clock_seat == returned.seat and returned.clock_stage is ClockStage.TIMEOUT:
                clock = new_turn(Pace(returned.pace), returned.seat, self.now())
                await self.store.restart_turn(returned.game_id, returned.ply, clock)
            seats.append((await self.service.record(returned.game_id)).seats[returned.seat])
        return seats

    # --- reminders by DM ----------------------------------------------------------------------------------

    async def set_notify(self, user_id: int, on: bool) -> None:
        await self.store.set_notify(user_id, on, self.now())

    async def wants_dm(self, user_id: int) -> bool:
        return await self.store.wants_dm(user_id)

    # --- announcements ------------------------------------------------------------------------------------

    async def unannounced(self) -> list[tuple[int, int]]:
        """(game, last ply) of every game whose latest actions no public message announced yet."""
        return await self.store.unannounced_games(game=self.game)

    async def mark_announced(self, game_id: int, ply: int) -> None:
        await self.store.mark_announced(game_id, ply)
