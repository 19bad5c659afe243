"""Turn clocks in the database: the due-turn query and its index, claims that succeed once, away seats,
DM preferences, announced plies, and the migration of an existing database."""

from datetime import UTC, datetime, timedelta
from pathlib import Path

import aiosqlite
from store_helpers import ANN, BOB, CHANNEL, StartGame

from store import MIGRATIONS, ClockStage, Store, TurnClock, apply_migrations
from store.clock import AWAY_SEATS, DUE_COLUMNS

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
H = timedelta(hours=1)


def half_time_clock(seat: int = 0, start: datetime = T0) -> TurnClock:
    return TurnClock(seat, start, start + 24 * H, ClockStage.HALF, start + 12 * H)


async def test_a_started_game_with_a_clock_is_due_at_its_next_event(store: Store, start_game: StartGame) -> None:
    lobby = await store.create_lobby(1, CHANNEL, ANN, "Ann", seed=1, pace="fast", game="clans")
    await store.add_seat(lobby.id, BOB, "Bob")
    game = await store.start_game(lobby.id, '{"ply": 0}', half_time_clock())
    assert game.pace == "fast" and game.deadline_at == T0 + 24 * H
    assert await store.due_turns(T0 + 11 * H, game="clans") == []
    [due] = await store.due_turns(T0 + 12 * H, game="clans")
    assert (due.game_id, due.channel_id, due.ply, due.pace, due.clock) == (
        game.id,
        CHANNEL,
        0,
        "fast",
        half_time_clock(),
    )
    assert await store.next_event_time(game="clans") == T0 + 12 * H
    await store.cancel_game(game.id)
    assert await store.due_turns(T0 + 48 * H, game="clans") == [] and await store.next_event_time(game="clans") is None


async def test_due_turns_and_unannounced_games_read_their_partial_indexes(store: Store) -> None:
    if store.dialect == "postgres":
        # PostgreSQL plans from table statistics (a near-empty table is read whole): check the indexes themselves.
        async with (
            store._read() as conn,
            conn.execute("SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'games'") as cursor,
        ):
            defs = {str(row["indexname"]): str(row["indexdef"]) for row in await cursor.fetchall()}
        assert defs["games_clock_due"].endswith("(next_event_at) WHERE (next_event_at IS NOT NULL)")
        assert defs["games_unannounced"].endswith("WHERE (announced_ply < snapshot_ply)")
        return
    for query, index in (
        (
            f"SELECT {DUE_COLUMNS} FROM games WHERE next_event_at <= ? ORDER BY next_event_at LIMIT 100",
            "games_clock_due",
        ),
        (
            "SELECT id, snapshot_ply, status FROM games WHERE announced_ply < snapshot_ply ORDER BY id",
            "games_unannounced",
        ),
    ):
        params = ("2026-01-01T00:00:00+00:00",) if "?" in query else ()
        async with store._read() as conn, conn.execute(f"EXPLAIN QUERY PLAN {query}", params) as cursor:
            plan = " ".join(str(row["detail"]) for row in await cursor.fetchall())
        # A partial index holds only the rows asked for: reading it (even whole) is never a table scan.
        assert f"INDEX {index}" in plan and "TEMP B-TREE" not in plan, plan


async def test_a_claim_succeeds_once_and_only_for_the_ply_and_stage_found_due(
    store: Store, start_game: StartGame
) -> None:
    game = await start_game(store)
    await store.restart_turn(game.id, 0, half_time_clock())  # not in TIMEOUT: refused, nothing written
    assert await store.due_turns(T0 + 48 * H, game="clans") == []
    async with store._write() as conn:
        from store.clock import write_clock

        await write_clock(conn, game.id, half_time_clock())
    now = T0 + 12 * H
    assert not await store.claim_clock(game.id, 1, ClockStage.HALF, now, ClockStage.LAST, T0 + 22 * H)  # wrong ply
    assert not await store.claim_clock(game.id, 0, ClockStage.LAST, now, ClockStage.TIMEOUT, T0 + 24 * H)
    assert not await store.claim_clock(game.id, 0, ClockStage.HALF, now - H, ClockStage.LAST, T0 + 22 * H)  # early
    assert await store.claim_clock(game.id, 0, ClockStage.HALF, now, ClockStage.LAST, T0 + 22 * H)
    assert not await store.claim_clock(game.id, 0, ClockStage.HALF, now, ClockStage.LAST, T0 + 22 * H)  # again
    [due] = await store.due_turns(T0 + 22 * H, game="clans")
    assert due.clock.stage is ClockStage.LAST


async def test_a_move_writes_the_next_clock_and_the_seats_timeouts(store: Store, start_game: StartGame) -> None:
    game = await start_game(store)
    nxt = TurnClock(1, T0, T0, ClockStage.TIMEOUT, T0)
    await store.append_action(game.id, 1, 0, None, "1-2", '{"ply": 1}', clock=nxt, timeouts=3, away=True)
    record = await store.get_game(game.id)
    assert record is not None and record.seats[0].timeouts == 3 and record.seats[0].away
    [due] = await store.due_turns(T0, game="clans")
    assert due.clock == nxt and due.ply == 1


async def test_coming_back_clears_away_and_restarts_a_turn_about_to_be_autopiloted(
    store: Store, start_game: StartGame
) -> None:
    game = await start_game(store)
    away_turn = TurnClock(0, T0, T0, ClockStage.TIMEOUT, T0)
    await store.append_action(game.id, 1, 1, None, "1-2", '{"ply": 1}', clock=away_turn, timeouts=3, away=True)
    assert await store.come_back(BOB, channel_id=CHANNEL + 1, game="clans") == []  # another channel's game
    assert await store.come_back(ANN, channel_id=CHANNEL, game="clans") == []  # Ann was never away
    [back] = await store.come_back(BOB, channel_id=CHANNEL, game="clans")
    assert (back.game_id, back.seat, back.ply, back.clock_seat, back.clock_stage) == (
        game.id,
        1,
        1,
        0,
        ClockStage.TIMEOUT,
    )
    assert await store.come_back(BOB, game_id=game.id, game="clans") == []  # once
    record = await store.get_game(game.id)
    assert record is not None and not record.seats[1].away and record.seats[1].timeouts == 0
    assert await store.restart_turn(game.id, 1, half_time_clock(0, T0 + H))
    assert not await store.restart_turn(game.id, 1, half_time_clock(0, T0 + H))  # no longer in TIMEOUT


async def test_away_seats_are_read_through_their_partial_index(store: Store, start_game: StartGame) -> None:
    game = await start_game(store)
    assert await store.away_seats(game="clans") == []
    away_turn = TurnClock(0, T0, T0, ClockStage.TIMEOUT, T0)
    await store.append_action(game.id, 1, 1, None, "1-2", '{"ply": 1}', clock=away_turn, timeouts=3, away=True)
    assert await store.away_seats(game="clans") == [(BOB, CHANNEL)]
    await store.come_back(BOB, channel_id=CHANNEL, game="clans")
    assert await store.away_seats(game="clans") == []
    if store.dialect == "postgres":  # plans from table statistics: check the index itself
        async with (
            store._read() as conn,
            conn.execute("SELECT indexdef FROM pg_indexes WHERE indexname = 'seats_away'") as cursor,
        ):
            row = await cursor.fetchone()
        assert row is not None and str(row["indexdef"]).endswith("(away, game_id) WHERE (away = 1)")
        return
    async with store._read() as conn, conn.execute(f"EXPLAIN QUERY PLAN {AWAY_SEATS}") as cursor:
        plan = " ".join(str(row["detail"]) for row in await cursor.fetchall())
    assert "SEARCH s USING INDEX seats_away" in plan and "SCAN" not in plan, plan


async def test_dm_reminders_are_off_until_asked_for(store: Store) -> None:
    assert not await store.wants_dm(ANN)
    await store.set_notify(ANN, True, T0)
    assert await store.wants_dm(ANN) and not await store.wants_dm(BOB)
    await store.set_notify(ANN, False, T0 + H)
    assert not await store.wants_dm(ANN)


async def test_announced_plies_only_go_forward(store: Store, start_game: StartGame) -> None:
    game = await start_game(store)
    for ply in (1, 2, 3):
        await store.append_action(game.id, ply, 0, None, f"{ply}-9", f'{{"ply": {ply}}}')
    assert await store.unannounced_games(game="clans") == [(game.id, 3)]
    await store.mark_announced(game.id, 3)
    await store.mark_announced(game.id, 2)
    record = await store.get_game(game.id)
    assert record is not None and record.announced_ply == 3
    assert await store.unannounced_games(game="clans") == []


async def test_the_clock_migration_keeps_old_games_announced(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    async with aiosqlite.connect(db_path, isolation_level=None) as conn:
        assert await apply_migrations(conn, MIGRATIONS[:2]) == 2
        await conn.execute(
            "INSERT INTO games (id, guild_id, channel_id, host_id, status, seed, created_at, snapshot, snapshot_ply)"
            " VALUES (5, 1, 100, 11, 'running', 7, '2024-01-01T00:00:00+00:00', '{}', 4)"
        )
        await conn.execute("INSERT INTO seats (game_id, seat, user_id, name) VALUES (5, 0, 11, 'Ann')")
    async with await Store.open(db_path) as store:
        game = await store.get_game(5)
        assert game is not None
        assert (game.pace, game.announced_ply, game.deadline_at, game.seats[0].away) == ("daily", 4, None, False)
        assert (
            await store.unannounced_games(game="clans") == []
            and await store.due_turns(T0 + 1000 * H, game="clans") == []
        )
