"""Turn clocks in the database: deadlines, due turns, claims, away seats, DM preferences, announcements.

Every running game with a timed human turn has a ``next_event_at``; a partial index over those makes
finding what is due one indexed range scan however many games there are. Work is claimed with one
conditional UPDATE (``... WHERE next_event_at <= now AND clock_stage = X AND snapshot_ply = P``), so two
ticks, or two processes, never both send a reminder or both start an autopilot move.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum

from store.backend import Connection, Row
from store.db import Database
from store.records import iso, parse_time


class ClockStage(StrEnum):
    HALF = "half"
    """Waiting for half the turn time: then the first reminder."""
    LAST = "last"
    """Waiting for the last-call time: then the last call."""
    TIMEOUT = "timeout"
    """Waiting for the deadline: then the autopilot."""
    AUTOPILOT = "autopilot"
    """A timeout was claimed and its move is being played (``next_event_at`` is the lease's end)."""


@dataclass(frozen=True, slots=True)
class TurnClock:
    """The clock columns of a game: whose turn is timed, since when, until when, and what comes next."""

    seat: int | None
    started_at: datetime | None
    deadline_at: datetime | None
    stage: ClockStage | None
    next_event_at: datetime | None
    held_until: datetime | None = None
    """The turn waits for its player's days off to end then (no deadline, no stage meanwhile)."""
    left_out: ClockStage | None = None
    """Read only: the reminder (half or last) this turn left out, with no waking moment of its player before
    its limit; the next step of the turn says so (service/deadlines.py). Every new turn starts without one."""
    waits_for_days_off: bool = field(default=False, compare=False)
    """Written only: this turn waits while its player is off (a human's turn at a pace that waits). The write
    holds it when the player's days off cover its start (``store.days_off``), inside the write's transaction."""


def held(seat: int, started_at: datetime, until: datetime) -> TurnClock:
    """The clock of a turn waiting for its player's days off: due when they end, to restart then."""
    return TurnClock(seat, started_at, None, None, until, held_until=until)


@dataclass(frozen=True, slots=True)
class DueTurn:
    """A running game whose clock has an event due: as found, so a claim can check nothing moved since."""

    game_id: int
    channel_id: int
    ply: int
    pace: str
    clock: TurnClock
    game: str = field(kw_only=True)
    """The game's kind (a name in registry.GAME_NAMES): whose service acts on it."""


@dataclass(frozen=True, slots=True)
class Returned:
    """A seat whose player came back from being away."""

    game_id: int
    seat: int
    ply: int
    pace: str
    clock_seat: int | None
    clock_stage: ClockStage | None


def _time(value: object) -> datetime | None:
    return parse_time(value if value is None else str(value))


def _stage(value: object) -> ClockStage | None:
    return None if value is None else ClockStage(str(value))


def clock_from_row(row: Row) -> TurnClock:
    return TurnClock(
        seat=None if row["clock_seat"] is None else int(row["clock_seat"]),
        started_at=_time(row["turn_started_at"]),
        deadline_at=_time(row["deadline_at"]),
        stage=_stage(row["clock_stage"]),
        next_event_at=_time(row["next_event_at"]),
        held_until=_time(row["held_until"]),
        left_out=_stage(row["reminder_left_out"]),
    )


def _at(moment: datetime | None) -> str | None:
    return None if moment is None else iso(moment)


async def write_clock(conn: Connection, game_id: int, clock: TurnClock) -> TurnClock:
    """Set a game's clock inside the caller's transaction (the move or the start it belongs to). A turn that
    waits for days off (``waits_for_days_off``) is held when its player is off as it begins: checked here, in the
    same transaction, so that a declaration of days off and a move never leave the clock in two states (every
    write transaction sees every earlier one). Returns the clock as written."""
    if (
        clock.waits_for_days_off
        and clock.held_until is None
        and clock.seat is not None
        and clock.started_at is not None
    ):
        until = await off_until(conn, game_id, clock.seat, clock.started_at)
        if until is not None:
            clock = held(clock.seat, clock.started_at, until)
    await conn.execute(
        "UPDATE games SET clock_seat = ?, turn_started_at = ?, deadline_at = ?, clock_stage = ?, next_event_at = ?,"
        " held_until = ?, reminder_left_out = NULL WHERE id = ?",
        (
            clock.seat,
            _at(clock.started_at),
            _at(clock.deadline_at),
            None if clock.stage is None else clock.stage.value,
            _at(clock.next_event_at),
            _at(clock.held_until),
            game_id,
        ),
    )
    return clock


async def off_until(conn: Connection, game_id: int, seat: int, moment: datetime) -> datetime | None:
    """When the days off of the player in ``seat`` end, if they cover ``moment`` (their latest days off)."""
    async with conn.execute(
        "SELECT d.ends_at FROM seats s JOIN days_off d ON d.user_id = s.user_id AND d.latest = 1"
        " WHERE s.game_id = ? AND s.seat = ? AND d.starts_at <= ? AND d.ends_at > ?",
        (game_id, seat, iso(moment), iso(moment)),
    ) as cursor:
        row = await cursor.fetchone()
    return None if row is None else _time(row["ends_at"])


async def write_seat_timeouts(conn: Connection, game_id: int, seat: int, timeouts: int, away: bool) -> None:
    """A seat's timeouts in a row and away flag, inside the caller's transaction (only written on change)."""
    await conn.execute(
        "UPDATE seats SET timeouts = ?, away = ? WHERE game_id = ? AND seat = ? AND (timeouts <> ? OR away <> ?)",
        (timeouts, int(away), game_id, seat, timeouts, int(away)),
    )


DUE_COLUMNS = (
    "id, channel_id, snapshot_ply, pace, clock_seat, turn_started_at, deadline_at, clock_stage, next_event_at, game,"
    " held_until, reminder_left_out"
)

AWAY_SEATS = (
    "SELECT s.user_id, g.channel_id FROM seats s JOIN games g ON g.id = s.game_id"
    " WHERE s.away = 1 AND g.status = 'running'"
)


class ClockQueries(Database):
    async def due_turns(self, now: datetime, limit: int = 100, *, game: str) -> list[DueTurn]:
        """Running games of ``game`` whose next clock event is due at ``now``, oldest first (the partial index's
        range)."""
        async with (
            self._read() as conn,
            conn.execute(
                # No status term: the planner would pick games_by_status; only running games have an event.
                f"SELECT {DUE_COLUMNS} FROM games WHERE next_event_at <= ? AND game = ? ORDER BY next_event_at LIMIT ?",
                (iso(now), game, limit),
            ) as cursor,
        ):
            rows = await cursor.fetchall()
        return [
            DueTurn(
                int(r["id"]),
                int(r["channel_id"]),
                int(r["snapshot_ply"]),
                str(r["pace"]),
                clock_from_row(r),
                game=str(r["game"]),
            )
            for r in rows
        ]

    async def next_event_time(self, *, game: str) -> datetime | None:
        """When the earliest clock event of any running game of ``game`` falls due (None if none has a clock)."""
        async with (
            self._read() as conn,
            conn.execute(
                "SELECT MIN(next_event_at) AS first FROM games WHERE next_event_at IS NOT NULL AND game = ?", (game,)
            ) as cursor,
        ):
            row = await cursor.fetchone()
        return None if row is None else _time(row["first"])

    async def claim_clock(
        self,
        game_id: int,
        ply: int,
        stage: ClockStage,
        now: datetime,
        next_stage: ClockStage,
        next_event_at: datetime,
        left_out: ClockStage | None = None,
    ) -> bool:
        """Move a due clock from ``stage`` on to ``next_stage``, if nothing changed since it was found due;
        ``left_out``: the reminder of ``stage`` was not sent (kept for the turn's next step to say so).

        True for exactly one caller: the one whose UPDATE matched (same ply, same stage, still due).
        """
        left = "reminder_left_out" if left_out is None else "?"
        marks = () if left_out is None else (left_out.value,)
        async with (
            self._write() as conn,
            conn.execute(
                f"UPDATE games SET clock_stage = ?, next_event_at = ?, reminder_left_out = {left} WHERE id = ?"
                " AND status = 'running' AND snapshot_ply = ? AND clock_stage = ? AND next_event_at <= ? RETURNING id",
                (next_stage.value, iso(next_event_at), *marks, game_id, ply, stage.value, iso(now)),
            ) as cursor,
        ):
            return await cursor.fetchone() is not None

    async def restart_turn(self, game_id: int, ply: int, clock: TurnClock) -> bool:
        """Give the seat on move a fresh turn (they came back), unless the move was played or claimed."""
        async with self._write() as conn:
            async with conn.execute(
                "SELECT id FROM games WHERE id = ? AND status = 'running' AND snapshot_ply = ? AND clock_seat = ?"
                " AND clock_stage = ?",
                (game_id, ply, clock.seat, ClockStage.TIMEOUT.value),
            ) as cursor:
                if await cursor.fetchone() is None:
                    return False
            await write_clock(conn, game_id, clock)
            return True

    async def resume_clock(self, game_id: int, ply: int, now: datetime, clock: TurnClock) -> TurnClock | None:
        """The turn held for days off that ended (due at ``now``) gets ``clock``, unless a move, a claim or a
        new declaration came first. Returns the clock as written (held again, if the player is off again)."""
        async with self._write() as conn:
            async with conn.execute(
                "SELECT id FROM games WHERE id = ? AND status = 'running' AND snapshot_ply = ?"
                " AND held_until IS NOT NULL AND next_event_at <= ?",
                (game_id, ply, iso(now)),
            ) as cursor:
                if await cursor.fetchone() is None:
                    return None
            return await write_clock(conn, game_id, clock)

    async def come_back(
        self, user_id: int, *, channel_id: int | None = None, game_id: int | None = None, game: str
    ) -> list[Returned]:
        """Clear the away mark of ``user_id`` in the running game of ``game`` in ``channel_id`` (or game
        ``game_id``)."""
        where, key = ("channel_id = ?", channel_id) if game_id is None else ("id = ?", game_id)
        async with self._write() as conn:
            async with conn.execute(
                "UPDATE seats SET away = 0, timeouts = 0 WHERE user_id = ? AND away = 1 AND game_id IN"
                f" (SELECT id FROM games WHERE {where} AND status = 'running' AND game = ?) RETURNING game_id, seat",
                (user_id, key, game),
            ) as cursor:
                seats = [(int(r["game_id"]), int(r["seat"])) for r in await cursor.fetchall()]
            returned = []
            for back_in, seat in seats:
                async with conn.execute(
                    "SELECT snapshot_ply, pace, clock_seat, clock_stage FROM games WHERE id = ?", (back_in,)
                ) as cursor:
                    row = await cursor.fetchone()
                assert row is not None
                returned.append(
                    Returned(
                        back_in,
                        seat,
                        int(row["snapshot_ply"]),
                        str(row["pace"]),
                        None if row["clock_seat"] is None else int(row["clock_seat"]),
                        _stage(row["clock_stage"]),
                    )
                )
            return returned

    async def away_seats(self, *, game: str) -> list[tuple[int, int]]:
        """(user id, channel id) of every player marked away in a running game of ``game`` (through index
        seats_away)."""
        async with (
            self._read() as conn,
            conn.execute(f"{AWAY_SEATS} AND g.game = ?", (game,)) as cursor,
        ):
            return [(int(row["user_id"]), int(row["channel_id"])) for row in await cursor.fetchall()]

    async def set_pace(self, game_id: int, pace: str) -> bool:
        """Change a lobby's pace; False if the game is no longer in its lobby."""
        async with (
            self._write() as conn,
            conn.execute(
                "UPDATE games SET pace = ? WHERE id = ? AND status = 'lobby' RETURNING id", (pace, game_id)
            ) as cursor,
        ):
            return await cursor.fetchone() is not None

    # --- reminders by DM ------------------------------------------------------------------------------

    async def set_notify(self, user_id: int, dm: bool, now: datetime) -> None:
        async with self._write() as conn:
            await conn.execute(
                "INSERT INTO notify_prefs (user_id, dm, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET dm = excluded.dm, updated_at = excluded.updated_at",
                (user_id, int(dm), iso(now)),
            )

    async def wants_dm(self, user_id: int) -> bool:
        async with (
            self._read() as conn,
            conn.execute("SELECT dm FROM notify_prefs WHERE user_id = ?", (user_id,)) as cursor,
        ):
            row = await cursor.fetchone()
        return row is not None and bool(row["dm"])

    # --- announcements --------------------------------------------------------------------------------

    async def mark_announced(self, game_id: int, ply: int) -> None:
        """Record that the public message for the game's actions up to ``ply`` was sent (never goes back)."""
        async with self._write() as conn:
            await conn.execute(
                "UPDATE games SET announced_ply = ? WHERE id = ? AND announced_ply < ?", (ply, game_id, ply)
            )
        if self.on_announced is not None:
            self.on_announced(game_id, ply)

    async def unannounced_games(self, *, game: str) -> list[tuple[int, int]]:
        """(game id, last ply) of games of ``game`` with committed actions no public message announced yet."""
        async with (
            self._read() as conn,
            conn.execute(
                "SELECT id, snapshot_ply, status FROM games WHERE announced_ply < snapshot_ply AND game = ?"
                " ORDER BY id",
                (game,),
            ) as cursor,
        ):
            rows = await cursor.fetchall()
        return [(int(row["id"]), int(row["snapshot_ply"])) for row in rows if row["status"] != "cancelled"]
