"""A profile reads a bounded number of rows: the last five results from an index, the best total kept with
the rating. Same answers as reading the whole history would give."""

from pathlib import Path

import aiosqlite
from store_helpers import ANN, BOB, GUILD, StartGame
from test_store_ratings import finish

from store import MIGRATIONS, Store, apply_migrations
from store.ratings import recent_results, standing_of

RECENT_RESULTS, STANDING_OF = recent_results("clans"), standing_of("clans")


async def test_recent_results_and_best_total_match_the_whole_history(store: Store, start_game: StartGame) -> None:
    games = []
    for number in range(12):
        totals = {ANN: 30 + (number * 7) % 23, BOB: 35}
        games.append(await finish(store, start_game, totals, rated=number % 3 != 0))
    profile = await store.profile(GUILD, ANN, game="clans")
    assert profile is not None
    assert [r.game_id for r in profile.recent] == [g.id for g in reversed(games)][:5]  # same second: newest id first
    rated_totals = [30 + (n * 7) % 23 for n in range(12) if n % 3 != 0]
    assert profile.best_total == max(rated_totals) and profile.games == len(rated_totals)


async def test_profile_queries_read_an_index_and_no_game_rows(store: Store) -> None:
    for query in (RECENT_RESULTS, STANDING_OF):
        plan = await _plan(store, query)
        assert "games" not in plan and "SCAN results" not in plan and "Seq Scan on results" not in plan, plan
    recent = await _plan(store, RECENT_RESULTS)
    if store.dialect == "sqlite":
        assert "USING INDEX results_recent" in recent
        assert "TEMP B-TREE" not in recent  # rows come in order: LIMIT stops at five
    else:
        assert "results_recent" in recent and "Sort" not in recent, recent


async def _plan(store: Store, query: str) -> str:
    async with store._read() as conn:
        if store.dialect == "sqlite":
            async with conn.execute(f"EXPLAIN QUERY PLAN {query}", (GUILD, ANN)) as cursor:
                return " | ".join(str(row["detail"]) for row in await cursor.fetchall())
        # An empty table is cheapest to scan; ask PostgreSQL what it would do once the table is large.
        await conn.execute("SET LOCAL enable_seqscan = off")
        async with conn.execute(f"EXPLAIN {query}", (GUILD, ANN)) as cursor:
            return " | ".join(str(row[0]) for row in await cursor.fetchall())


async def test_the_migration_fills_in_results_and_best_totals(tmp_path: Path) -> None:
    async with aiosqlite.connect(tmp_path / "old.db", isolation_level=None) as conn:
        conn.row_factory = aiosqlite.Row
        await apply_migrations(conn, MIGRATIONS[:2])
        await conn.execute(
            "INSERT INTO games (id, guild_id, channel_id, host_id, status, seed, created_at, finished_at, rated)"
            " VALUES (1, ?, 5, ?, 'finished', 1, '2026-01-01T00:00:00+00:00', '2026-01-02T00:00:00+00:00', 1)",
            (GUILD, ANN),
        )
        await conn.execute(
            "INSERT INTO results (game_id, seat, user_id, name, clan, clan_score, chips, total, winner, resigned)"
            " VALUES (1, 0, ?, 'Ann', 'red', 40, 2, 42, 1, 0)",
            (ANN,),
        )
        await conn.execute(
            "INSERT INTO ratings (guild_id, user_id, name, mu, sigma, games, wins, points, updated_at)"
            " VALUES (?, ?, 'Ann', 27, 8, 1, 1, 42, '2026-01-02T00:00:00+00:00')",
            (GUILD, ANN),
        )
    async with await Store.open(tmp_path / "old.db") as store:
        profile = await store.profile(GUILD, ANN, game="clans")
    assert profile is not None and profile.best_total == 42
    assert [(r.game_id, r.total) for r in profile.recent] == [(1, 42)]
