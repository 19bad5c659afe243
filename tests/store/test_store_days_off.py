"""Days off and waking hours in the database, on both backends: declarations hold the clocks of the player's turns
(at the paces that wait, in every game of every kind), a turn that begins while its player is off is held in the
transaction that begins it, the allowance over its window, days off declared ahead begin once, an action of the
player ends them, and concurrent declarations and moves never leave a clock both held and running."""

import asyncio
from datetime import UTC, datetime, timedelta

import pytest
from store_helpers import ANN, BOB, CAT, CHANNEL, GUILD, NAMES

from store import AllowanceUsed, ClockStage, GameRecord, OffPeriod, Store, TurnClock, WakingHoursRecord
from store.clock import held

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
H = timedelta(hours=1)
DAY = timedelta(days=1)
WAITING = ("daily", "relaxed")
ALLOWANCE = {"allowance": 14 * DAY, "window": 60 * DAY, "paces": WAITING}


def turn(seat: int, start: datetime, waits: bool = True) -> TurnClock:
    """A daily turn's clock as the service writes it."""
    return TurnClock(seat, start, start + 24 * H, ClockStage.HALF, start + 12 * H, waits_for_days_off=waits)


async def game_at(
    store: Store, pace: str, channel: int, players: tuple[int, ...] = (ANN, BOB), kind: str = "clans"
) -> GameRecord:
    """A running game of ``kind`` whose first seat (``players[0]``) is to move, on a clock from T0."""
    host, *others = players
    lobby = await store.create_lobby(GUILD, channel, host, NAMES[host], seed=1, pace=pace, game=kind)
    for user_id in others:
        await store.add_seat(lobby.id, user_id, NAMES[user_id])
    return await store.start_game(lobby.id, '{"ply": 0}', turn(0, T0, pace in WAITING))


async def record(store: Store, game_id: int) -> GameRecord:
    found = await store.get_game(game_id)
    assert found is not None
    return found


async def test_declaring_holds_every_waiting_turn_of_the_player_in_every_game_and_kind(store: Store) -> None:
    daily = await game_at(store, "daily", CHANNEL)
    relaxed = await game_at(store, "relaxed", CHANNEL + 1, kind="alexandros")
    fast = await game_at(store, "fast", CHANNEL + 2)
    not_to_move = await game_at(store, "daily", CHANNEL + 3, players=(BOB, ANN))
    now = T0 + H
    declared = await store.declare_days_off(ANN, now, now + 3 * DAY, now, **ALLOWANCE)
    assert declared.period == OffPeriod(now, now + 3 * DAY) and declared.held == (daily.id, relaxed.id)
    for game in (daily, relaxed):
        held_game = await record(store, game.id)
        assert (held_game.held_until, held_game.next_event_at, held_game.deadline_at) == (now + 3 * DAY,) * 2 + (None,)
    assert (await record(store, fast.id)).deadline_at == T0 + 24 * H  # a fast game's clock runs on
    assert (await record(store, not_to_move.id)).held_until is None  # Bob's turn there: it runs
    # The seat's record carries the player's days off, whichever game it is read through.
    assert (await record(store, not_to_move.id)).seats[1].days_off == OffPeriod(now, now + 3 * DAY)
    # Nothing of a held game is due before the days off end (no reminder, no timeout); then it is.
    assert daily.id not in [d.game_id for d in await store.due_turns(now + 3 * DAY - H, game="clans")]
    due = await store.due_turns(now + 3 * DAY, game="clans")
    assert [(d.game_id, d.clock.held_until) for d in due if d.game_id == daily.id] == [(daily.id, now + 3 * DAY)]
    assert await store.claim_clock(daily.id, 0, ClockStage.HALF, now + 3 * DAY, ClockStage.LAST, now) is False


async def test_a_turn_beginning_while_its_player_is_off_is_held_in_its_own_write(store: Store) -> None:
    game = await game_at(store, "daily", CHANNEL)
    await store.declare_days_off(BOB, T0, T0 + 2 * DAY, T0, **ALLOWANCE)
    await store.append_action(game.id, 1, 0, ANN, "1-2", '{"ply": 1}', clock=turn(1, T0 + H), back_at=T0 + H)
    after = await record(store, game.id)
    assert (after.held_until, after.next_event_at, after.deadline_at) == (T0 + 2 * DAY, T0 + 2 * DAY, None)
    # The same turn of a player who is not off, or at a pace that does not wait, runs as it always did.
    other = await game_at(store, "daily", CHANNEL + 1, players=(ANN, CAT))
    await store.append_action(other.id, 1, 0, ANN, "1-2", '{"ply": 1}', clock=turn(1, T0 + H), back_at=T0 + H)
    assert (await record(store, other.id)).deadline_at == T0 + 25 * H
    fast = await game_at(store, "fast", CHANNEL + 2)
    await store.append_action(fast.id, 1, 0, ANN, "1-2", '{"ply": 1}', clock=turn(1, T0 + H, False))
    assert (await record(store, fast.id)).held_until is None


async def test_the_players_own_action_ends_their_days_off_and_releases_every_held_turn(store: Store) -> None:
    held_game = await game_at(store, "daily", CHANNEL)  # Ann to move: held
    playing = await game_at(store, "daily", CHANNEL + 1, players=(BOB, ANN))  # Bob to move
    await store.declare_days_off(ANN, T0, T0 + 5 * DAY, T0, **ALLOWANCE)
    assert (await record(store, held_game.id)).held_until == T0 + 5 * DAY
    back = T0 + DAY
    await store.append_action(playing.id, 1, 0, BOB, "1-2", '{"ply": 1}', clock=turn(1, back), back_at=back)
    assert (await record(store, playing.id)).held_until == T0 + 5 * DAY  # Bob's move: Ann is still off
    # Ann answers in that game (in Alexandros, a step of her turn): her days off end now, everywhere.
    await store.append_action(playing.id, 2, 1, ANN, "3-4", '{"ply": 2}', back_at=back)
    assert await store.latest_days_off(ANN) == OffPeriod(T0, back)
    for game in (held_game, playing):  # her turn in both games: due at once, to restart
        released = await record(store, game.id)
        assert (released.held_until, released.next_event_at) == (back, back)
    due, _ = await store.due_turns(back, game="clans")
    assert due.game_id == held_game.id
    restarted = turn(0, back)
    assert await store.resume_clock(due.game_id, due.ply, back, restarted) == restarted
    assert await store.resume_clock(due.game_id, due.ply, back, restarted) is None  # once
    assert (await record(store, held_game.id)).deadline_at == back + 24 * H


async def test_the_allowance_counts_every_period_as_long_as_it_lasted_in_its_window(store: Store) -> None:
    await store.declare_days_off(ANN, T0, T0 + 10 * DAY, T0, **ALLOWANCE)
    assert await store.end_days_off(ANN, T0 + 6 * DAY) == OffPeriod(T0, T0 + 10 * DAY)  # 6 days taken
    later = T0 + 20 * DAY
    with pytest.raises(AllowanceUsed) as refused:
        await store.declare_days_off(ANN, later, later + 9 * DAY, later, **ALLOWANCE)
    assert refused.value.left == 8 * DAY
    assert await store.latest_days_off(ANN) == OffPeriod(T0, T0 + 6 * DAY)  # nothing changed
    declared = await store.declare_days_off(ANN, later, later + 8 * DAY, later, **ALLOWANCE)
    assert declared.period == OffPeriod(later, later + 8 * DAY)
    # Extending days off under way counts them whole: one more day passes the allowance.
    with pytest.raises(AllowanceUsed):
        await store.declare_days_off(ANN, later + DAY, later + 9 * DAY, later + DAY, **ALLOWANCE)
    # Days off count for the sixty days after them: 14 days ending 60 days after the last ones ended fit again.
    far = later + 8 * DAY + 46 * DAY
    with pytest.raises(AllowanceUsed) as refused:
        await store.declare_days_off(ANN, far - DAY, far + 13 * DAY, far - DAY, **ALLOWANCE)
    assert refused.value.left == 13 * DAY
    assert (await store.declare_days_off(ANN, far, far + 14 * DAY, far, **ALLOWANCE)).period.ends_at == far + 14 * DAY
    assert [p.starts_at for p in await store.days_off_since(ANN, T0)] == [far]  # those out of the window: pruned


async def test_days_off_declared_ahead_are_held_when_they_begin_once(store: Store) -> None:
    game = await game_at(store, "daily", CHANNEL)
    begins = T0 + 2 * DAY
    declared = await store.declare_days_off(ANN, begins, begins + 3 * DAY, T0, **ALLOWANCE)
    assert declared.held == () and (await record(store, game.id)).held_until is None
    assert await store.next_days_off_start() == begins
    assert await store.begin_days_off(begins - H, WAITING) == ()
    # A second declaration ahead replaces the first (it never began, so it never counts).
    await store.declare_days_off(ANN, begins + DAY, begins + 4 * DAY, T0, **ALLOWANCE)
    assert await store.next_days_off_start() == begins + DAY
    assert await store.begin_days_off(begins + DAY, WAITING) == (game.id,)
    assert await store.begin_days_off(begins + DAY, WAITING) == ()  # the second scheduler finds nothing
    assert await store.next_days_off_start() is None
    assert (await record(store, game.id)).held_until == begins + 4 * DAY
    assert await store.days_off_since(ANN, T0) == [OffPeriod(begins + DAY, begins + 4 * DAY)]


async def test_ending_days_off_ahead_drops_them_and_nothing_to_end_says_so(store: Store) -> None:
    await store.declare_days_off(ANN, T0 + DAY, T0 + 2 * DAY, T0, **ALLOWANCE)
    assert await store.end_days_off(ANN, T0) == OffPeriod(T0 + DAY, T0 + 2 * DAY)
    assert await store.latest_days_off(ANN) is None and await store.end_days_off(ANN, T0) is None


async def test_a_clock_restarted_for_a_player_off_again_is_held_again(store: Store) -> None:
    game = await game_at(store, "daily", CHANNEL)
    await store.declare_days_off(ANN, T0, T0 + DAY, T0, **ALLOWANCE)
    await store.declare_days_off(ANN, T0 + DAY, T0 + 3 * DAY, T0 + DAY - H, **ALLOWANCE)  # extended under way
    assert (await record(store, game.id)).held_until == T0 + 3 * DAY
    assert await store.due_turns(T0 + DAY, game="clans") == []
    assert await store.resume_clock(game.id, 0, T0 + 3 * DAY, turn(0, T0 + 3 * DAY)) == turn(0, T0 + 3 * DAY)
    # Written as a new turn while the player is off: the write holds it (the service may have read stale seats).
    await store.declare_days_off(ANN, T0 + 4 * DAY, T0 + 5 * DAY, T0 + 4 * DAY, **ALLOWANCE)
    assert (await record(store, game.id)).held_until == T0 + 5 * DAY
    clock = await store.resume_clock(game.id, 0, T0 + 5 * DAY, turn(0, T0 + 5 * DAY))
    assert clock == turn(0, T0 + 5 * DAY)
    assert held(0, T0, T0 + DAY) == TurnClock(0, T0, None, None, T0 + DAY, held_until=T0 + DAY)


async def test_declarations_and_moves_at_once_never_leave_a_clock_in_two_states(store: Store) -> None:
    """Ann declares days off while Bob's moves hand her the turn in ten games at the same instant: whichever
    commits first, every game where Ann is to move is held, and every other clock runs."""
    games = [await game_at(store, "daily", CHANNEL + n, players=(BOB, ANN)) for n in range(10)]
    now = T0 + H

    async def move(game: GameRecord) -> None:
        await store.append_action(game.id, 1, 0, BOB, "1-2", '{"ply": 1}', clock=turn(1, now), back_at=now)

    await asyncio.gather(
        *(move(g) for g in games[:5]),
        store.declare_days_off(ANN, now, now + 2 * DAY, now, **ALLOWANCE),
        *(move(g) for g in games[5:]),
    )
    for game in games:
        after = await record(store, game.id)
        assert after.snapshot_ply == 1
        assert (after.held_until, after.deadline_at, after.next_event_at) == (now + 2 * DAY, None, now + 2 * DAY)


async def test_two_processes_on_one_database_see_each_others_days_off(database_target: str) -> None:
    """A player declares through one process; a move committed by another holds their turn."""
    async with await Store.open(database_target) as first, await Store.open(database_target) as second:
        game = await game_at(first, "daily", CHANNEL, players=(BOB, ANN))
        await first.declare_days_off(ANN, T0, T0 + 2 * DAY, T0, **ALLOWANCE)
        await second.append_action(game.id, 1, 0, BOB, "1-2", '{"ply": 1}', clock=turn(1, T0 + H), back_at=T0 + H)
        assert (await record(first, game.id)).held_until == T0 + 2 * DAY
        assert await second.due_turns(T0 + DAY, game="clans") == []


async def test_waking_hours_are_set_replaced_and_cleared(store: Store) -> None:
    assert await store.waking_hours(ANN) is None
    await store.set_waking_hours(ANN, WakingHoursRecord("Pacific/Auckland", 8, 22), T0)
    await store.set_waking_hours(ANN, WakingHoursRecord("Pacific/Auckland", 7, 23), T0)
    assert await store.waking_hours(ANN) == WakingHoursRecord("Pacific/Auckland", 7, 23)
    assert await store.clear_waking_hours(ANN) and not await store.clear_waking_hours(ANN)
    assert await store.waking_hours(ANN) is None


async def test_a_players_running_games_say_which_wait_for_them(store: Store) -> None:
    daily = await game_at(store, "daily", CHANNEL)
    fast = await game_at(store, "fast", CHANNEL + 1, kind="alexandros")
    await store.declare_days_off(ANN, T0, T0 + DAY, T0, **ALLOWANCE)
    seated = await store.seated_running_games(ANN)
    assert [(g.game_id, g.game, g.pace, g.to_move, g.held_until) for g in seated] == [
        (daily.id, "clans", "daily", True, T0 + DAY),
        (fast.id, "alexandros", "fast", True, None),
    ]
