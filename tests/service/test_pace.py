"""Paces and turn clocks as pure functions of the time they are given."""

from datetime import UTC, datetime, timedelta

import pytest

from cogs.clans.clock_texts import duration, pace_label, time_left
from engine.clans import new_game
from service.pace import (
    CLAIM_LEASE,
    ManualClock,
    Pace,
    away_turn,
    final_winners,
    new_turn,
    reminder_step,
    turn_clock,
)
from store import ClockStage, SeatRecord
from texts import texts

EN = texts("en")

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
H = timedelta(hours=1)


@pytest.mark.parametrize(
    ("pace", "turn", "first_stage", "first_event"),
    [
        (Pace.LIVE, timedelta(minutes=2), ClockStage.LAST, timedelta(seconds=90)),
        (Pace.FAST, H, ClockStage.HALF, timedelta(minutes=30)),
        (Pace.DAILY, 24 * H, ClockStage.HALF, 12 * H),
        (Pace.RELAXED, 72 * H, ClockStage.HALF, 36 * H),
    ],
)
def test_a_new_turn_starts_its_clock_at_the_pace(
    pace: Pace, turn: timedelta, first_stage: ClockStage, first_event: timedelta
) -> None:
    clock = new_turn(pace, 2, T0)
    assert (clock.seat, clock.started_at, clock.deadline_at) == (2, T0, T0 + turn)
    assert (clock.stage, clock.next_event_at) == (first_stage, T0 + first_event)


def test_an_untimed_turn_has_no_deadline_and_no_event() -> None:
    clock = new_turn(Pace.UNTIMED, 1, T0)
    assert (clock.seat, clock.deadline_at, clock.stage, clock.next_event_at) == (1, None, None, None)


def test_reminder_steps_half_then_last_call_then_timeout() -> None:
    deadline = T0 + 24 * H
    half = reminder_step(Pace.DAILY, ClockStage.HALF, deadline, T0 + 12 * H)
    assert half is not None
    assert (half.reminder, half.next_stage, half.next_event_at) == (ClockStage.HALF, ClockStage.LAST, T0 + 22 * H)
    last = reminder_step(Pace.DAILY, ClockStage.LAST, deadline, T0 + 22 * H)
    assert last is not None
    assert (last.reminder, last.next_stage, last.next_event_at) == (ClockStage.LAST, ClockStage.TIMEOUT, deadline)
    assert reminder_step(Pace.DAILY, ClockStage.TIMEOUT, deadline, deadline) is None


def test_a_half_time_reminder_found_late_becomes_the_last_call_and_none_after_the_deadline() -> None:
    deadline = T0 + 24 * H
    late = reminder_step(Pace.DAILY, ClockStage.HALF, deadline, T0 + 23 * H)
    assert late is not None and late.reminder is ClockStage.LAST and late.next_event_at == deadline
    assert reminder_step(Pace.DAILY, ClockStage.HALF, deadline, deadline) is None
    assert reminder_step(Pace.DAILY, ClockStage.LAST, deadline, deadline + H) is None


@pytest.mark.parametrize(
    ("left", "text"),
    [
        (timedelta(hours=21, minutes=20), "21 h"),
        (timedelta(hours=72), "72 h"),
        (H, "1 h"),
        (timedelta(minutes=90), "90 min"),
        (timedelta(minutes=2), "2 min"),
        (timedelta(seconds=30), "30 s"),
    ],
)
def test_duration_wording(left: timedelta, text: str) -> None:
    assert duration(EN, left) == text


def test_time_left_is_discord_timestamp_markup_each_reader_sees_in_their_own_zone() -> None:
    moment = round((T0 + 21 * H).timestamp())
    assert time_left(EN, T0 + 21 * H, T0) == f"due <t:{moment}:f> (<t:{moment}:R>)"
    assert time_left(texts("de"), T0 + 21 * H, T0) == f"fällig am <t:{moment}:f> (<t:{moment}:R>)"
    assert time_left(EN, T0, T0) == "time is up" and time_left(EN, T0 - H, T0) == "time is up"


def test_no_deadline_no_time_left_and_pace_labels() -> None:
    assert time_left(EN, None, T0) == ""
    assert pace_label(EN, Pace.DAILY) == "daily (24 h a move)" and pace_label(EN, Pace.LIVE) == "live (2 min a move)"
    assert pace_label(EN, Pace.UNTIMED) == "untimed (no clock)" and duration(EN, CLAIM_LEASE) == "60 s"
    assert pace_label(texts("de"), Pace.DAILY) == "täglich (24 h pro Zug)"
    assert Pace.parse(" Fast ") is Pace.FAST
    with pytest.raises(ValueError, match="Unknown pace 'weekly'"):
        Pace.parse("weekly")


def test_the_clock_after_an_action_depends_on_the_next_seat() -> None:
    state = new_game(3, 7)
    human = [SeatRecord(1, s, 100 + s, f"p{s}", None) for s in range(3)]
    mover = state.to_move
    assert turn_clock(Pace.FAST, human, state.over, state.to_move, T0) == new_turn(Pace.FAST, mover, T0)
    ai = [s if s.seat != mover else SeatRecord(1, s.seat, None, "AI", "normal") for s in human]
    assert turn_clock(Pace.FAST, ai, state.over, state.to_move, T0).next_event_at is None
    away = [s if s.seat != mover else SeatRecord(1, s.seat, s.user_id, s.name, None, 3, True) for s in human]
    assert turn_clock(Pace.FAST, away, state.over, state.to_move, T0) == away_turn(mover, T0)
    assert away_turn(mover, T0).next_event_at == T0  # due at once


def test_a_seat_away_at_the_end_cannot_win() -> None:
    totals = (30, 40, 35)
    assert final_winners(totals, (1,), (), ()) == (1,)
    assert final_winners(totals, (1,), (), (0,)) == (1,)  # the away seat was not winning anyway
    assert final_winners(totals, (1,), (), (1,)) == (2,)  # the best of the others wins instead
    assert final_winners((40, 40, 35), (0, 1), (), (1,)) == (0,)
    assert final_winners(totals, (1,), (2,), (1,)) == (0,)
    assert final_winners(totals, (1,), (), (0, 1, 2)) == ()


def test_the_manual_clock_moves_only_when_told() -> None:
    clock = ManualClock(T0)
    assert clock() == clock() == T0
    clock.advance(H)
    assert clock() == T0 + H
