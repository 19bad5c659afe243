"""The shared clock, AI sweep, away seats and catch-up read one game at a time, and the migration that
brings Alexandros games onto them counts what they posted before as announced."""

from datetime import UTC, datetime, timedelta

from store_helpers import ANN, BOB, CHANNEL

from store import MIGRATIONS, ClockStage, Store, TurnClock
from store.db import open_backend
from store.migrations import V12_ALEXANDROS_CLOCK

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
H = timedelta(hours=1)
T0_MS = int(T0.timestamp() * 1000)


def clock(seat: int = 0) -> TurnClock:
    return TurnClock(seat, T0, T0 + 24 * H, ClockStage.HALF, T0 + 12 * H)


async def start(store: Store, channel: int, game: str, *, ai: bool = False) -> int:
    lobby = await store.create_lobby(1, channel, ANN, "Ann", seed=1, pace="daily", game=game)
    if ai:
        await store.add_seat(lobby.id, None, "AI (easy)", ai_level="easy")
    else:
        await store.add_seat(lobby.id, BOB, "Bob")
    started = await store.start_game(lobby.id, '{"ply": 0}', clock(), ai_to_act=ai)
    return started.id


async def test_each_kind_reads_its_own_due_turns_ai_turns_away_seats_and_unannounced_games(store: Store) -> None:
    clans = await start(store, CHANNEL, "clans")
    alexandros = await start(store, CHANNEL + 1, "alexandros")
    clans_ai = await start(store, CHANNEL + 2, "clans", ai=True)
    alexandros_ai = await start(store, CHANNEL + 3, "alexandros", ai=True)
    due = T0 + 12 * H
    assert [d.game_id for d in await store.due_turns(due, game="clans")] == [clans, clans_ai]
    found = await store.due_turns(due, game="alexandros")
    assert [(d.game_id, d.game) for d in found] == [(alexandros, "alexandros"), (alexandros_ai, "alexandros")]
    assert await store.next_event_time(game="clans") == await store.next_event_time(game="alexandros") == due
    assert await store.due_ai_turns(T0_MS, game="clans") == [(clans_ai, 0)]
    assert await store.due_ai_turns(T0_MS, game="alexandros") == [(alexandros_ai, 0)]

    for game_id in (clans, alexandros):
        await store.append_action(game_id, 1, 1, BOB, "x", '{"ply": 1}', timeouts=3, away=True)
    assert await store.away_seats(game="clans") == [(BOB, CHANNEL)]
    assert await store.away_seats(game="alexandros") == [(BOB, CHANNEL + 1)]
    assert await store.unannounced_games(game="clans") == [(clans, 1)]
    assert await store.unannounced_games(game="alexandros") == [(alexandros, 1)]
    # Coming back by channel touches only that kind's game (a channel holds one game of either kind).
    assert await store.come_back(BOB, channel_id=CHANNEL + 1, game="clans") == []
    [back] = await store.come_back(BOB, channel_id=CHANNEL + 1, game="alexandros")
    assert back.game_id == alexandros
    assert await store.away_seats(game="clans") == [(BOB, CHANNEL)]


async def test_the_migration_counts_old_alexandros_posts_as_announced_and_marks_ai_games_for_the_sweep(
    database_target: str,
) -> None:
    before = MIGRATIONS[: MIGRATIONS.index(V12_ALEXANDROS_CLOCK)]
    backend = await open_backend(database_target, before)
    try:
        async with backend.write() as conn:
            for game_id, game, has_ai in ((1, "clans", 0), (2, "alexandros", 0), (3, "alexandros", 1)):
                await conn.execute(
                    "INSERT INTO games (id, guild_id, channel_id, host_id, status, seed, created_at, snapshot_ply,"
                    " has_ai, game) VALUES (?, 1, ?, 11, 'running', 7, '2026-01-01T00:00:00+00:00', 4, ?, ?)",
                    (game_id, 100 + game_id, has_ai, game),
                )
    finally:
        await backend.close()
    async with await Store.open(database_target) as store:
        assert await store.schema_version() == len(MIGRATIONS)
        assert await store.unannounced_games(game="clans") == [(1, 4)]  # a Clans game's lost post is still caught up
        assert await store.unannounced_games(game="alexandros") == []  # posted before announcements were recorded
        assert await store.due_ai_turns(T0_MS, game="alexandros") == [(3, 4)]
        assert await store.due_ai_turns(T0_MS, game="clans") == []
