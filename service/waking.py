"""Waking hours: the hours of the day, in a player's own time zone (an IANA name, read by ``zoneinfo``), in which
they want their turn reminders. Pure functions of the times they are given.

A reminder planned outside those hours moves to the next waking moment when that still comes before its limit
(the last call for the half-time reminder, the deadline for the last call), else back to the end of the last
waking hours that is not before its earliest time (the moment it is planned at), ``MARGIN`` inside them so that a
tick a little late still finds the player awake; when no waking moment lies between the two, it is not sent. The
turn's own ping is never moved: only reminders are.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from errors import GameError, Why
from store import WakingHoursRecord

MARGIN = timedelta(minutes=30)
"""How far inside the waking hours a reminder moved back to their end is planned (never before its earliest moment):
the clock's tick always comes a little after the moment it is planned for."""

DEFAULT_FROM = 8
DEFAULT_TO = 22
"""Waking hours when a player gives only their zone: 08:00 to 22:00."""


@cache
def zone_names() -> tuple[str, ...]:
    """Every IANA time zone this machine knows (its time zone database), sorted."""
    return tuple(sorted(available_timezones()))


def parse_zone(name: str) -> ZoneInfo:
    """The zone called ``name`` (letter case as typed is forgiven), or a refusal naming it: only names of the
    time zone database are accepted, never a path."""
    wanted = name.strip()
    names = zone_names()
    found = wanted if wanted in names else next((z for z in names if z.lower() == wanted.lower()), None)
    if found is None:
        raise GameError(Why.UNKNOWN_ZONE, zone=wanted[:64])
    try:
        return ZoneInfo(found)
    except (ZoneInfoNotFoundError, ValueError):
        raise GameError(Why.UNKNOWN_ZONE, zone=wanted[:64]) from None


def matching_zones(typed: str, limit: int = 25) -> list[str]:
    """Zones for autocomplete: those starting with what was typed (or its last part), then those containing it."""
    needle = typed.strip().lower().replace(" ", "_")
    names = zone_names()
    if not needle:
        return list(names[:limit])
    starts = [z for z in names if z.lower().startswith(needle) or z.lower().split("/")[-1].startswith(needle)]
    contains = [z for z in names if needle in z.lower() and z not in starts]
    return (starts + contains)[:limit]


@dataclass(frozen=True, slots=True)
class WakingHours:
    """From ``start`` o'clock to ``end`` o'clock (both included; past midnight when ``end`` < ``start``)."""

    zone: ZoneInfo
    start: int
    end: int

    @classmethod
    def of(cls, record: WakingHoursRecord) -> WakingHours:
        return cls(ZoneInfo(record.zone), record.wake_from, record.wake_to)

    def _window(self, day: date) -> tuple[datetime, datetime]:
        """The waking window that begins on the local ``day``, as UTC moments."""
        begins = datetime.combine(day, time(self.start), self.zone)
        end_day = day if self.end > self.start else day + timedelta(days=1)
        ends = datetime.combine(end_day, time(self.end), self.zone)
        return begins.astimezone(UTC), ends.astimezone(UTC)

    def _windows_around(self, moment: datetime) -> Iterator[tuple[datetime, datetime]]:
        local_day = moment.astimezone(self.zone).date()
        for offset in range(-2, 3):
            yield self._window(local_day + timedelta(days=offset))

    def awake(self, moment: datetime) -> bool:
        return any(begins <= moment <= ends for begins, ends in self._windows_around(moment))

    def next_waking(self, moment: datetime) -> datetime:
        """``moment`` itself when awake, else the next start of the waking hours."""
        if self.awake(moment):
            return moment
        return min(begins for begins, _ in self._windows_around(moment) if begins > moment)

    def last_waking(self, moment: datetime) -> datetime:
        """``moment`` itself when awake, else the last end of the waking hours before it."""
        if self.awake(moment):
            return moment
        return max(ends for _, ends in self._windows_around(moment) if ends < moment)

    def label(self) -> str:
        """'08:00–22:00 Europe/Rome'."""
        return f"{self.start:02d}:00–{self.end:02d}:00 {self.zone.key}"


def reminder_time(
    hours: WakingHours | None, planned: datetime, earliest: datetime, latest: datetime
) -> datetime | None:
    """When a reminder planned at ``planned`` is sent: then, without waking hours or inside them; else the next
    waking moment before ``latest``; else ``MARGIN`` before the end of the last waking hours, not before
    ``earliest``; None if no waking moment lies in between (the reminder is left out)."""
    if hours is None or hours.awake(planned):
        return planned
    later = hours.next_waking(planned)
    if later < latest:
        return later
    earlier = hours.last_waking(planned)
    return max(earlier - MARGIN, earliest) if earlier >= earliest else None


def check_hours(start: int, end: int) -> None:
    if not (0 <= start <= 23 and 0 <= end <= 23) or start == end:
        raise GameError(Why.WAKING_HOURS, start=start, end=end)
