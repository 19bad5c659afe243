"""Turn deadlines: reminders, the autopilot when time runs out, away seats, and catching up announcements.

The cog's scheduler asks for what is due and hands each due turn to ``handle``; everything here is one
claim in the database first, so a due event is acted on once however many ticks (or processes) see it.

``TurnDeadlines`` is the frame's part, the same for every game: it reads and claims the clocks of its game's
kind (the ``games.game`` column), sends reminders, and keeps away seats and announcements. A game adds its
autopilot (``_autopilot``: play the timed-out seat's whole turn) and what its catch-up lists:
``service.clans.deadlines.Deadlines`` is Clans',
``service.alexandros.deadlines.AlexandrosDeadlines`` Alexandros'.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Generic, TypeVar

from service.lobby import LobbyService
from service.pace import CLAIM_LEASE, Pace, new_turn, reminder_step
from store import ClockStage, DueTurn, GameRecord, SeatRecord


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


TimeoutEvent = TypeVar("TimeoutEvent")
"""What a game's autopilot reports after playing a timed-out turn (Clans: ``service.clans.deadlines.Timeout``)."""


class TurnDeadlines(Generic[TimeoutEvent]):
    """The clocks of one game's kind: due turns, reminders, claims, away seats, DM wishes, announcements."""

    def __init__(self, games: LobbyService, level: str) -> None:
        self.lobby = games
        self.store = games.store
        self.kind = games.kind
        self.level = level
        """The AI level the autopilot plays at."""
        self.away_here: set[tuple[int, int]] = set()
        """(user, channel) of players marked away: a command from anyone else needs no database write. Kept up
        to date by this process as seats go away and come back, and read again from the database in every
        scheduler tick for what other processes did (``load_away``)."""

    def now(self) -> datetime:
        return self.lobby.now()

    async def due(self, limit: int = 100) -> list[DueTurn]:
        return await self.store.due_turns(self.now(), limit, game=self.kind)

    async def next_due(self) -> datetime | None:
        return await self.store.next_event_time(game=self.kind)

    async def handle(self, due: DueTurn) -> Reminder | TimeoutEvent | None:
        """Act on one due turn: a reminder, or the autopilot's move. None if another claim got there first."""
        clock = due.clock
        if clock.stage is None or clock.seat is None or clock.deadline_at is None:
            return None
        pace = Pace(due.pace)
        now = self.now()
        step = reminder_step(pace, clock.stage, clock.deadline_at, now)
        if step is not None:
            if not await self.store.claim_clock(
                due.game_id, due.ply, clock.stage, now, step.next_stage, step.next_event_at
            ):
                return None
            game = await self.lobby.game(due.game_id)
            seat = game.seats[clock.seat]
            dm = seat.user_id is not None and await self.store.wants_dm(seat.user_id)
            return Reminder(due.game_id, due.channel_id, seat, step.reminder, clock.deadline_at, pace, dm)
        if not await self.store.claim_clock(
            due.game_id, due.ply, clock.stage, now, ClockStage.AUTOPILOT, now + CLAIM_LEASE
        ):
            return None
        return await self._autopilot(due.game_id, due.ply, clock.seat)

    async def _autopilot(self, game_id: int, ply: int, seat_number: int) -> TimeoutEvent | None:
        """The game's own part: play the timed-out seat's whole turn at the ply found due (None if it moved)."""
        raise NotImplementedError

    # --- away and back ----------------------------------------------------------------------------------

    async def load_away(self) -> None:
        """Who is away where, from the database (one read of a partial index): at start, and in every tick of
        the scheduler, since another process sharing the database may have marked a player away here."""
        self.away_here = set(await self.store.away_seats(game=self.kind))

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
        back = await self.store.come_back(user_id, channel_id=channel_id, game_id=game_id, game=self.kind)
        seats = []
        for returned in back:
            if returned.clock_seat == returned.seat and returned.clock_stage is ClockStage.TIMEOUT:
                clock = new_turn(Pace(returned.pace), returned.seat, self.now())
                await self.store.restart_turn(returned.game_id, returned.ply, clock)
            seats.append((await self.lobby.game(returned.game_id)).seats[returned.seat])
        return seats

    # --- reminders by DM ----------------------------------------------------------------------------------

    async def set_notify(self, user_id: int, on: bool) -> None:
        await self.store.set_notify(user_id, on, self.now())

    async def wants_dm(self, user_id: int) -> bool:
        return await self.store.wants_dm(user_id)

    # --- announcements ------------------------------------------------------------------------------------

    async def unannounced(self) -> list[tuple[int, int]]:
        """(game, last ply) of every game whose latest actions no public message announced yet."""
        return await self.store.unannounced_games(game=self.kind)

    async def mark_announced(self, game_id: int, ply: int) -> None:
        await self.store.mark_announced(game_id, ply)
