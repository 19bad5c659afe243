"""Days off and waking hours in the database: a player's declarations, the allowance counted over its window, the
clocks held while a player is off and released when they come back, and the hours a player wants reminders in.

A player's days off are theirs, not a game's: declaring them holds the clock of every running game (of any kind,
on any server) where that player is to move, at a pace that waits (``paces``, the service's choice). A turn that
begins while its player is off is held by ``store.clock.write_clock`` in the transaction that begins it. Every
write transaction here sees every earlier one (both backends serialise writers), so a declaration, a move and
the scheduler's claims never leave a clock both held and running.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from store.backend import Connection, Row
from store.db import Database
from store.errors import StoreError
from store.records import OffPeriod, iso, parse_time


class AllowanceUsed(StoreError):
    """The days off asked for would pass the allowance: ``left`` is what the window still allows."""

    def __init__(self, left: timedelta) -> None:
        super().__init__(f"days off past the allowance ({left} left)")
        self.left = left


@dataclass(frozen=True, slots=True)
class Declared:
    """Days off as stored after a declaration, and the running games whose clock they hold now."""

    period: OffPeriod
    held: tuple[int, ...]
    """Games whose clock waits now (none for days off declared ahead: they are held when the days off begin)."""


@dataclass(frozen=True, slots=True)
class PlayerGame:
    """A running game a player sits in: what a player's days off answer lists."""

    game_id: int
    game: str
    guild_id: int | None
    channel_id: int
    pace: str
    to_move: bool
    """It is the player's turn."""
    held_until: datetime | None
    """Their turn waits for their days off until then."""


@dataclass(frozen=True, slots=True)
class WakingHoursRecord:
    """The hours (``wake_from`` to ``wake_to``, 0-23, in the IANA ``zone``) a player wants reminders in."""

    zone: str
    wake_from: int
    wake_to: int


def _period(row: Row) -> OffPeriod:
    starts_at, ends_at = parse_time(str(row["starts_at"])), parse_time(str(row["ends_at"]))
    assert starts_at is not None and ends_at is not None
    return OffPeriod(starts_at, ends_at)


def _overlap(period: OffPeriod, start: datetime, end: datetime) -> timedelta:
    return max(timedelta(0), min(period.ends_at, end) - max(period.starts_at, start))


async def _latest(conn: Connection, user_id: int) -> OffPeriod | None:
    async with conn.execute(
        "SELECT starts_at, ends_at FROM days_off WHERE user_id = ? AND latest = 1", (user_id,)
    ) as cursor:
        row = await cursor.fetchone()
    return None if row is None else _period(row)


def _placeholders(values: Sequence[object]) -> str:
    return ", ".join("?" for _ in values)


# The running games where the player is to move (through index seats_by_user): `?` is the user twice.
PLAYER_TO_MOVE = (
    "status = 'running' AND id IN (SELECT game_id FROM seats WHERE user_id = ?)"
    " AND clock_seat = (SELECT seat FROM seats WHERE seats.game_id = games.id AND seats.user_id = ?)"
)


async def hold_clocks(conn: Connection, user_id: int, until: datetime, paces: Sequence[str]) -> tuple[int, ...]:
    """Hold, until ``until``, every running clock of a turn of ``user_id`` at one of ``paces`` (a held one gets
    the new end). A timeout already claimed (its autopilot playing) is left to finish."""
    async with conn.execute(
        "UPDATE games SET held_until = ?, next_event_at = ?, deadline_at = NULL, clock_stage = NULL"
        f" WHERE {PLAYER_TO_MOVE} AND pace IN ({_placeholders(paces)})"
        " AND (clock_stage IN ('half', 'last', 'timeout') OR held_until IS NOT NULL) RETURNING id",
        (iso(until), iso(until), user_id, user_id, *paces),
    ) as cursor:
        return tuple(sorted(int(row["id"]) for row in await cursor.fetchall()))


async def release_clocks(conn: Connection, user_id: int, now: datetime) -> tuple[int, ...]:
    """The player is back at ``now``: each clock held for them is due at once, to restart (the scheduler's)."""
    async with conn.execute(
        f"UPDATE games SET held_until = ?, next_event_at = ? WHERE {PLAYER_TO_MOVE} AND held_until IS NOT NULL"
        " RETURNING id",
        (iso(now), iso(now), user_id, user_id),
    ) as cursor:
        return tuple(sorted(int(row["id"]) for row in await cursor.fetchall()))


async def has_under_way(conn: Connection, user_id: int, now: datetime) -> bool:
    """The player has days off under way at ``now``: what ``end_under_way`` would end."""
    async with conn.execute(
        "SELECT 1 FROM days_off WHERE user_id = ? AND latest = 1 AND starts_at <= ? AND ends_at > ?",
        (user_id, iso(now), iso(now)),
    ) as cursor:
        return await cursor.fetchone() is not None


async def end_under_way(conn: Connection, user_id: int, now: datetime) -> OffPeriod | None:
    """End the player's days off under way at ``now`` (they are back), releasing the clocks held for them.
    Days off declared ahead stay. None if none were under way."""
    async with conn.execute(
        "UPDATE days_off SET ends_at = ? WHERE user_id = ? AND latest = 1 AND starts_at <= ? AND ends_at > ?"
        " RETURNING starts_at, ends_at",
        (iso(now), user_id, iso(now), iso(now)),
    ) as cursor:
        row = await cursor.fetchone()
    if row is None:
        return None
    await release_clocks(conn, user_id, now)
    return _period(row)


class DaysOffQueries(Database):
    async def declare_days_off(
        self,
        user_id: int,
        starts_at: datetime,
        ends_at: datetime,
        now: datetime,
        *,
        allowance: timedelta,
        window: timedelta,
        paces: Sequence[str],
    ) -> Declared:
        """Days off for ``user_id`` from ``starts_at`` (at the latest ``now``: at once) until ``ends_at``.

        Days off under way keep their start and get the new end; days off declared ahead and not begun are
        replaced. AllowanceUsed when the days off of the player within ``window`` before ``ends_at`` (as long as
        each lasted) and these would pass ``allowance``. Once begun, every clock of the player's turns at one of
        ``paces`` is held until ``ends_at``."""
        async with self._write() as conn:
            latest = await _latest(conn, user_id)
            under_way = latest is not None and latest.covers(now)
            starts_at = latest.starts_at if latest is not None and under_way else max(starts_at, now)
            if starts_at >= ends_at:
                raise ValueError("days off end after they begin")
            window_start = ends_at - window
            async with conn.execute(
                "SELECT starts_at, ends_at FROM days_off WHERE user_id = ? AND latest = 0 AND ends_at > ?",
                (user_id, iso(window_start)),
            ) as cursor:
                earlier = [_period(row) for row in await cursor.fetchall()]
            if latest is not None and latest.ends_at <= now:
                earlier.append(latest)  # over: it counts as it lasted; a latest under way or ahead is replaced
            used = sum((_overlap(period, window_start, ends_at) for period in earlier), timedelta(0))
            wanted = _overlap(OffPeriod(starts_at, ends_at), window_start, ends_at)
            if used + wanted > allowance:
                # What is left from now on: days off under way have already taken their days so far.
                taken = _overlap(OffPeriod(starts_at, now), window_start, ends_at) if under_way else timedelta(0)
                raise AllowanceUsed(max(timedelta(0), allowance - used - taken))
            if under_way:
                await conn.execute(
                    "UPDATE days_off SET ends_at = ? WHERE user_id = ? AND latest = 1", (iso(ends_at), user_id)
                )
            else:
                if latest is not None and (latest.starts_at > now or latest.starts_at == starts_at):
                    await conn.execute("DELETE FROM days_off WHERE user_id = ? AND latest = 1", (user_id,))
                else:
                    await conn.execute("UPDATE days_off SET latest = 0 WHERE user_id = ? AND latest = 1", (user_id,))
                await conn.execute(
                    "INSERT INTO days_off (user_id, starts_at, ends_at, latest, begun) VALUES (?, ?, ?, 1, ?)",
                    (user_id, iso(starts_at), iso(ends_at), int(starts_at <= now)),
                )
            await conn.execute(  # days off that no longer count for anything
                "DELETE FROM days_off WHERE user_id = ? AND latest = 0 AND ends_at <= ?", (user_id, iso(window_start))
            )
            held: tuple[int, ...] = ()
            if starts_at <= now:
                held = await hold_clocks(conn, user_id, ends_at, paces)
            return Declared(OffPeriod(starts_at, ends_at), held)

    async def end_days_off(self, user_id: int, now: datetime) -> OffPeriod | None:
        """The player comes back at ``now``: days off under way end (their held clocks are due at once, to
        restart), days off declared ahead are dropped. The days off as they were, or None if there were none."""
        async with self._write() as conn:
            latest = await _latest(conn, user_id)
            if latest is None or latest.ends_at <= now:
                return None
            if latest.starts_at > now:
                await conn.execute("DELETE FROM days_off WHERE user_id = ? AND latest = 1", (user_id,))
                return latest
            await end_under_way(conn, user_id, now)
            return latest

    async def latest_days_off(self, user_id: int) -> OffPeriod | None:
        async with self._read() as conn:
            return await _latest(conn, user_id)

    async def days_off_since(self, user_id: int, since: datetime) -> list[OffPeriod]:
        """The player's days off that lasted past ``since`` (for the allowance), oldest first."""
        async with (
            self._read() as conn,
            conn.execute(
                "SELECT starts_at, ends_at FROM days_off WHERE user_id = ? AND ends_at > ? ORDER BY starts_at",
                (user_id, iso(since)),
            ) as cursor,
        ):
            return [_period(row) for row in await cursor.fetchall()]

    async def next_days_off_start(self) -> datetime | None:
        """When the earliest days off declared ahead begin (index days_off_to_begin)."""
        async with (
            self._read() as conn,
            conn.execute("SELECT MIN(starts_at) AS first FROM days_off WHERE begun = 0") as cursor,
        ):
            row = await cursor.fetchone()
        return None if row is None or row["first"] is None else parse_time(str(row["first"]))

    async def begin_days_off(self, now: datetime, paces: Sequence[str]) -> tuple[int, ...]:
        """Days off declared ahead whose start has come: hold their players' clocks (once: the first caller, of
        any process, marks them begun). Returns the games held."""
        async with self._write() as conn:
            async with conn.execute(
                "UPDATE days_off SET begun = 1 WHERE begun = 0 AND starts_at <= ? RETURNING user_id, ends_at, latest",
                (iso(now),),
            ) as cursor:
                begun = [
                    (int(r["user_id"]), parse_time(str(r["ends_at"])), bool(r["latest"]))
                    for r in await cursor.fetchall()
                ]
            held: list[int] = []
            for user_id, ends_at, latest in begun:
                if latest and ends_at is not None and ends_at > now:
                    held += await hold_clocks(conn, user_id, ends_at, paces)
            return tuple(sorted(held))

    async def seated_running_games(self, user_id: int) -> list[PlayerGame]:
        """Every running game of any kind where ``user_id`` holds a seat, in id order (index seats_by_user)."""
        async with (
            self._read() as conn,
            conn.execute(
                "SELECT g.id, g.game, g.guild_id, g.channel_id, g.pace, g.clock_seat, g.held_until, s.seat"
                " FROM games g JOIN seats s ON s.game_id = g.id"
                " WHERE s.user_id = ? AND g.status = 'running' ORDER BY g.id",
                (user_id,),
            ) as cursor,
        ):
            rows = await cursor.fetchall()
        return [
            PlayerGame(
                int(row["id"]),
                str(row["game"]),
                None if row["guild_id"] is None else int(row["guild_id"]),
                int(row["channel_id"]),
                str(row["pace"]),
                row["clock_seat"] is not None and int(row["clock_seat"]) == int(row["seat"]),
                parse_time(None if row["held_until"] is None else str(row["held_until"])),
            )
            for row in rows
        ]

    # --- waking hours --------------------------------------------------------------------------------------

    async def set_waking_hours(self, user_id: int, hours: WakingHoursRecord, now: datetime) -> None:
        async with self._write() as conn:
            await conn.execute(
                "INSERT INTO waking_hours (user_id, zone, wake_from, wake_to, updated_at) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET zone = excluded.zone, wake_from = excluded.wake_from,"
                " wake_to = excluded.wake_to, updated_at = excluded.updated_at",
                (user_id, hours.zone, hours.wake_from, hours.wake_to, iso(now)),
            )

    async def clear_waking_hours(self, user_id: int) -> bool:
        async with (
            self._write() as conn,
            conn.execute("DELETE FROM waking_hours WHERE user_id = ? RETURNING user_id", (user_id,)) as cursor,
        ):
            return await cursor.fetchone() is not None

    async def waking_hours(self, user_id: int) -> WakingHoursRecord | None:
        async with (
            self._read() as conn,
            conn.execute("SELECT zone, wake_from, wake_to FROM waking_hours WHERE user_id = ?", (user_id,)) as cursor,
        ):
            row = await cursor.fetchone()
        return None if row is None else WakingHoursRecord(str(row["zone"]), int(row["wake_from"]), int(row["wake_to"]))
