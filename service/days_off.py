"""A player's days off and waking hours, for every game of every kind on every server at once (no Discord).

**Days off.** A player declares them (from now, or from a day ahead, for whole days) and may end them early; any
action of theirs in a game ends them too. While they last, each of the player's turns at a pace that waits
(``service.pace.WAITING_PACES``) is held: no reminder, no timeout, no autopilot, no step towards away; the
others play on until it is the player's turn. When the days off end, each held turn restarts with its whole
time (the scheduler's ``TurnDeadlines.resume``). An allowance (``Allowance``: days in any window of days, as long
as each period lasted) keeps a table from being held for ever; only the player themselves can declare or end
them (every call takes the acting user).

**Waking hours.** The hours of the day, in the player's own IANA time zone, they want reminders in
(service/waking.py). One setting per player, for every game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from errors import GameError, Why
from service.pace import WAITING_PACES, Clock, system_clock
from service.turns import Committed
from service.waking import DEFAULT_FROM, DEFAULT_TO, WakingHours, check_hours, parse_zone
from store import AllowanceUsed, OffPeriod, PlayerGame, Store, WakingHoursRecord

MAX_AHEAD_DAYS = 30
"""Days off may be declared to begin at most this many days ahead."""
UTC_ZONE = ZoneInfo("UTC")
PACE_NAMES = tuple(sorted(pace.value for pace in WAITING_PACES))


@dataclass(frozen=True, slots=True)
class Allowance:
    """At most ``days`` days off in any ``window_days`` days (the settings CLANS_DAYS_OFF, CLANS_DAYS_OFF_WINDOW)."""

    days: int = 14
    window_days: int = 60

    def __post_init__(self) -> None:
        if not 1 <= self.days < self.window_days:
            raise ValueError("the allowance is 1 day or more, and less than its window")

    @property
    def time(self) -> timedelta:
        return timedelta(days=self.days)

    @property
    def window(self) -> timedelta:
        return timedelta(days=self.window_days)


@dataclass(frozen=True, slots=True)
class DaysOffPlan:
    """What a player's days off look like now: for their answer (only to them)."""

    period: OffPeriod | None
    """Their days off under way or ahead (None: none)."""
    under_way: bool
    used: timedelta
    """Days off taken and planned within the window that ends with these days off (or now)."""
    allowance: Allowance
    games: tuple[PlayerGame, ...]
    """Every running game they sit in, of any kind, on any server."""
    hours: WakingHours | None

    @property
    def left(self) -> timedelta:
        return max(timedelta(0), self.allowance.time - self.used)

    def running_on(self) -> tuple[PlayerGame, ...]:
        """Their games whose clock does not wait for days off (a live or fast pace)."""
        return tuple(g for g in self.games if g.pace not in PACE_NAMES and g.pace != "untimed")

    def waiting(self) -> tuple[PlayerGame, ...]:
        """Their games whose turn waits for them now."""
        return tuple(g for g in self.games if g.held_until is not None)


Listener = Callable[[], None]


def came_back(committed: Committed[Any], now: datetime) -> bool:
    """A player acted (their own action, not the autopilot's) while off: the commit ended their days off."""
    checked = committed.checked
    off = checked.loaded.record.seats[checked.seat].days_off
    return checked.user_id is not None and off is not None and off.covers(now)


class DaysOff:
    """Days off and waking hours over the store; the clocks' schedulers listen for days off that end."""

    def __init__(self, store: Store, now: Clock | None = None, allowance: Allowance | None = None) -> None:
        self.store = store
        self.now: Clock = now or system_clock
        self.allowance = allowance or Allowance()
        self._listeners: list[Listener] = []

    # --- who hears that held turns restart ------------------------------------------------------------------

    def after_release(self, listener: Listener) -> None:
        """Call ``listener`` whenever days off end early (held clocks are then due at once): a game's clock wakes."""
        if listener not in self._listeners:
            self._listeners.append(listener)

    def forget(self, listener: Listener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def released(self) -> None:
        for listener in list(self._listeners):
            listener()

    # --- days off --------------------------------------------------------------------------------------------

    async def declare(self, user_id: int, days: int, start: str | None = None) -> DaysOffPlan:
        """Days off for ``days`` whole days from now, or from the start of the day ``start`` (``YYYY-MM-DD``, in the
        player's waking-hours zone, else UTC); ``days`` 0 ends them. Days off under way get their new end
        (``days`` from now)."""
        if days <= 0:
            await self.end(user_id)
            return await self.plan(user_id)
        now = self.now()
        zone = await self._zone(user_id)
        begins = now if start is None else self._start(start, zone, now)
        latest = await self.store.latest_days_off(user_id)
        if latest is not None and latest.covers(now) and begins > now:
            raise GameError(Why.DAYS_OFF_UNDER_WAY)
        if days > self.allowance.days:
            raise self._past_allowance(self.allowance.time)
        try:
            await self.store.declare_days_off(
                user_id,
                begins,
                begins + timedelta(days=days),
                now,
                allowance=self.allowance.time,
                window=self.allowance.window,
                paces=PACE_NAMES,
            )
        except AllowanceUsed as used:
            raise self._past_allowance(used.left) from None
        return await self.plan(user_id)

    async def end(self, user_id: int) -> OffPeriod:
        """The player is back: their days off under way end now (each held turn restarts with its whole time),
        days off declared ahead are dropped."""
        ended = await self.store.end_days_off(user_id, self.now())
        if ended is None:
            raise GameError(Why.NO_DAYS_OFF)
        self.released()
        return ended

    async def plan(self, user_id: int) -> DaysOffPlan:
        now = self.now()
        latest = await self.store.latest_days_off(user_id)
        current = latest if latest is not None and latest.ends_at > now else None
        until = max(now, current.ends_at) if current is not None else now
        since = until - self.allowance.window
        used = sum(
            (
                max(timedelta(0), min(p.ends_at, until) - max(p.starts_at, since))
                for p in await self.store.days_off_since(user_id, since)
            ),
            timedelta(0),
        )
        games = tuple(await self.store.seated_running_games(user_id))
        under_way = current is not None and current.covers(now)
        return DaysOffPlan(current, under_way, used, self.allowance, games, await self.hours(user_id))

    def _past_allowance(self, left: timedelta) -> GameError:
        return GameError(
            Why.DAYS_OFF_ALLOWANCE,
            left=left.days,
            allowance=self.allowance.days,
            window=self.allowance.window_days,
        )

    @staticmethod
    def _start(text: str, zone: ZoneInfo, now: datetime) -> datetime:
        """The start of the local day ``text`` (``YYYY-MM-DD``): today's means now; a past day or one past
        ``MAX_AHEAD_DAYS`` is refused."""
        today = now.astimezone(zone).date()
        try:
            day = date.fromisoformat(text.strip())
        except ValueError:
            raise GameError(Why.DAYS_OFF_START, ahead=MAX_AHEAD_DAYS) from None
        if not today <= day <= today + timedelta(days=MAX_AHEAD_DAYS):
            raise GameError(Why.DAYS_OFF_START, ahead=MAX_AHEAD_DAYS)
        if day == today:
            return now
        return datetime.combine(day, time(0), zone).astimezone(UTC_ZONE)

    def start_days(self, zone: ZoneInfo | None = None) -> list[date]:
        """The days a declaration may start on, today first (in ``zone``, else UTC)."""
        today = self.now().astimezone(zone or UTC_ZONE).date()
        return [today + timedelta(days=n) for n in range(MAX_AHEAD_DAYS + 1)]

    async def _zone(self, user_id: int) -> ZoneInfo:
        hours = await self.hours(user_id)
        return hours.zone if hours is not None else UTC_ZONE

    async def zone_of(self, user_id: int) -> ZoneInfo | None:
        hours = await self.hours(user_id)
        return None if hours is None else hours.zone

    # --- waking hours ----------------------------------------------------------------------------------------

    async def hours(self, user_id: int) -> WakingHours | None:
        record = await self.store.waking_hours(user_id)
        return None if record is None else WakingHours.of(record)

    async def set_hours(
        self, user_id: int, zone: str | None, start: int | None = None, end: int | None = None
    ) -> WakingHours | None:
        """Reminders only from ``start`` to ``end`` o'clock in ``zone`` (kept as they were where not given; a new
        setting defaults to 8 to 22); ``zone`` "off" removes the setting (reminders at any hour, as before)."""
        if zone is not None and zone.strip().lower() == "off":
            await self.store.clear_waking_hours(user_id)
            return None
        known = await self.hours(user_id)
        if zone is not None:
            chosen = parse_zone(zone)
        elif known is not None:
            chosen = known.zone
        else:
            raise GameError(Why.NO_ZONE)
        begins = start if start is not None else (known.start if known is not None else DEFAULT_FROM)
        ends = end if end is not None else (known.end if known is not None else DEFAULT_TO)
        check_hours(begins, ends)
        await self.store.set_waking_hours(user_id, WakingHoursRecord(chosen.key, begins, ends), self.now())
        return WakingHours(chosen, begins, ends)
