"""Waking hours as pure functions of the times they are given: inside or outside the hours of a zone, the next and
last waking moments (past midnight, across a change of daylight saving time), where a reminder moves, and the
zones a player may name."""

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from errors import GameError, Why
from service.pace import Pace, turn_clock
from service.waking import MARGIN, WakingHours, check_hours, matching_zones, parse_zone, reminder_time
from store import OffPeriod, SeatRecord

AUCKLAND = WakingHours(ZoneInfo("Pacific/Auckland"), 8, 22)  # UTC+13 in January, UTC+12 in July
NIGHT_OWL = WakingHours(ZoneInfo("Europe/Rome"), 20, 4)  # past midnight


def utc(day: int, hour: int, minute: int = 0, month: int = 1) -> datetime:
    return datetime(2026, month, day, hour, minute, tzinfo=UTC)


def test_waking_hours_are_read_in_the_players_zone_both_ends_included() -> None:
    assert AUCKLAND.awake(utc(1, 19))  # 08:00 on the 2nd in Auckland
    assert AUCKLAND.awake(utc(2, 9))  # 22:00 there
    assert not AUCKLAND.awake(utc(2, 9, 1)) and not AUCKLAND.awake(utc(1, 18, 59))
    assert NIGHT_OWL.awake(utc(1, 2)) and NIGHT_OWL.awake(utc(1, 19)) and not NIGHT_OWL.awake(utc(1, 12))


def test_next_and_last_waking_moments() -> None:
    night = utc(2, 14)  # 03:00 on the 3rd in Auckland
    assert AUCKLAND.next_waking(night) == utc(2, 19)  # 08:00 there
    assert AUCKLAND.last_waking(night) == utc(2, 9)  # 22:00 the evening before
    assert AUCKLAND.next_waking(utc(2, 20)) == utc(2, 20)  # awake: itself
    assert NIGHT_OWL.next_waking(utc(1, 12)) == utc(1, 19)  # 20:00 in Rome (UTC+1)
    assert NIGHT_OWL.last_waking(utc(1, 12)) == utc(1, 3)  # 04:00 there


def test_across_a_change_of_daylight_saving_time() -> None:
    """Auckland leaves daylight saving time on 5 April 2026 (03:00 NZDT becomes 02:00 NZST): 08:00 is then UTC 20:00."""
    assert AUCKLAND.next_waking(datetime(2026, 4, 5, 12, 0, tzinfo=UTC)) == datetime(2026, 4, 5, 20, 0, tzinfo=UTC)
    assert AUCKLAND.next_waking(datetime(2026, 4, 3, 12, 0, tzinfo=UTC)) == datetime(2026, 4, 3, 19, 0, tzinfo=UTC)


def test_a_reminder_moves_into_the_waking_hours_never_past_its_limit() -> None:
    start = utc(1, 12)
    # Inside the hours, or without any: when planned.
    assert reminder_time(AUCKLAND, utc(2, 0), start, utc(2, 10)) == utc(2, 0)
    assert reminder_time(None, utc(2, 14), start, utc(3, 0)) == utc(2, 14)
    # At 03:00 there: the morning, when that comes before the limit ...
    assert reminder_time(AUCKLAND, utc(2, 14), start, utc(2, 22)) == utc(2, 19)
    # ... else the evening before, half an hour inside the hours (a tick a little late still finds the player
    # awake), if that is not before the earliest moment ...
    assert reminder_time(AUCKLAND, utc(2, 14), start, utc(2, 16)) == utc(2, 8, 30) == utc(2, 9) - MARGIN
    # ... and never before the earliest moment: from 21:50 there, at 21:50 ...
    assert reminder_time(AUCKLAND, utc(2, 14), utc(2, 8, 50), utc(2, 16)) == utc(2, 8, 50)
    # ... else it is left out.
    assert reminder_time(AUCKLAND, utc(2, 14), utc(2, 10), utc(2, 16)) is None


def test_zones_are_names_of_the_time_zone_database_only() -> None:
    assert parse_zone("pacific/auckland").key == "Pacific/Auckland"
    for bad in ("../../etc/passwd", "Mars/Olympus", "", "/usr/share/zoneinfo/UTC"):
        with pytest.raises(GameError) as refused:
            parse_zone(bad)
        assert refused.value.why is Why.UNKNOWN_ZONE
    assert matching_zones("auck") == ["Pacific/Auckland"]
    assert matching_zones("new_y")[0] == "America/New_York" and len(matching_zones("a")) == 25
    with pytest.raises(GameError):
        check_hours(7, 7)
    with pytest.raises(GameError):
        check_hours(7, 24)


def test_a_turn_beginning_while_its_player_is_off_is_held_at_the_paces_that_wait() -> None:
    now = utc(1, 12)
    off = OffPeriod(now - timedelta(hours=1), now + timedelta(days=2))
    seats = (SeatRecord(1, 0, 11, "ann", None), SeatRecord(1, 1, 12, "bob", None, days_off=off))
    for pace in (Pace.DAILY, Pace.RELAXED):
        clock = turn_clock(pace, seats, False, 1, now)
        assert (clock.held_until, clock.next_event_at, clock.deadline_at, clock.stage) == (off.ends_at,) * 2 + (
            None,
        ) * 2
    for pace in (Pace.LIVE, Pace.FAST):
        clock = turn_clock(pace, seats, False, 1, now)
        assert clock.held_until is None and clock.deadline_at == now + pace.turn_time  # type: ignore[operator]
        assert not clock.waits_for_days_off
    assert turn_clock(Pace.DAILY, seats, False, 0, now).waits_for_days_off  # the store holds it if Ann is off
    later = OffPeriod(now + timedelta(hours=1), now + timedelta(days=2))  # ahead: not yet
    seats = (seats[0], SeatRecord(1, 1, 12, "bob", None, days_off=later))
    assert turn_clock(Pace.DAILY, seats, False, 1, now).held_until is None
