"""The games table knows its game, and results and ratings are kept per game (migration V11_GAME_KIND)."""

from store_helpers import ANN, BOB, CHANNEL, GUILD, NAMES
from test_store_ratings import result

from store import MIGRATIONS, Store
from store.db import open_backend
from store.migrations import V11_GAME_KIND

BEFORE = MIGRATIONS.index(V11_GAME_KIND)


async def test_older_games_results_and_ratings_become_clans_ones(database_target: str) -> None:
    backend = await open_backend(database_target, MIGRATIONS[:BEFORE])
    try:
        async with backend.write() as conn:
            await conn.execute(
                "INSERT INTO games (id, guild_id, channel_id, host_id, status, seed, created_at, finished_at, rated)"
                " VALUES (3, ?, 100, ?, 'finished', 7, '2026-01-01T00:00:00+00:00', '2026-01-02T00:00:00+00:00', 1)",
                (GUILD, ANN),
            )
            await conn.execute(
                "INSERT INTO results (game_id, seat, user_id, name, clan, clan_score, chips, total, winner, resigned,"
                " guild_id, finished_at) VALUES (3, 0, ?, 'Ann', 'red', 40, 2, 42, 1, 0, ?, '2026-01-02T00:00:00')",
                (ANN, GUILD),
            )
            await conn.execute(
                "INSERT INTO ratings (guild_id, user_id, name, mu, sigma, games, wins, points, updated_at, best_total)"
                " VALUES (?, ?, 'Ann', 27.5, 7.0, 1, 1, 42, '2026-01-02T00:00:00+00:00', 42)",
                (GUILD, ANN),
            )
    finally:
        await backend.close()
    async with await Store.open(database_target) as store:
        game = await store.get_game(3)
        assert game is not None and game.game == "clans"
        rating = await store.rating(GUILD, ANN, game="clans")
        assert rating is not None and (rating.mu, rating.games, rating.points) == (27.5, 1, 42)
        assert await store.rating(GUILD, ANN, game="alexandros") is None
        board = await store.leaderboard(GUILD, game="clans")
        assert [(row.user_id, row.games) for row in board] == [(ANN, 1)]
        profile = await store.profile(GUILD, ANN, game="clans")
        assert profile is not None and [r.game_id for r in profile.recent] == [3] and profile.best_total == 42
        assert await store.profile(GUILD, ANN, game="alexandros") is None


async def test_each_game_keeps_its_own_ratings_leaderboard_and_profile(store: Store) -> None:
    clans = await store.create_lobby(GUILD, CHANNEL, ANN, NAMES[ANN], seed=1, game="clans")
    assert clans.game == "clans"
    await store.add_seat(clans.id, BOB, NAMES[BOB])
    await store.start_game(clans.id, "{}")
    await store.append_action(clans.id, 1, 0, ANN, "resign:0", "{}", finished=True, end_reason="end")
    await store.record_results(clans.id, GUILD, [result(0, ANN, 30), result(1, BOB, 45, winner=True)], rated=True)

    alex = await store.create_lobby(GUILD, CHANNEL, ANN, NAMES[ANN], seed=2, game="alexandros")
    assert alex.game == "alexandros" and (await store.active_game(CHANNEL)) == alex
    await store.add_seat(alex.id, BOB, NAMES[BOB])
    await store.start_game(alex.id, "{}")
    assert [g.id for g in await store.running_games(game="clans")] == []
    assert [g.id for g in await store.running_games(game="alexandros")] == [alex.id]
    finished = [result(0, ANN, 100, winner=True), result(1, BOB, 61)]
    await store.append_action(
        alex.id, 1, 0, ANN, "end", "{}", finished=True, end_reason="points", results=finished, rated=True
    )

    clans_board = await store.leaderboard(GUILD, game="clans")
    alex_board = await store.leaderboard(GUILD, game="alexandros")
    assert [(row.user_id, row.games, row.wins) for row in clans_board] == [(BOB, 1, 1), (ANN, 1, 0)]
    assert [(row.user_id, row.games, row.wins) for row in alex_board] == [(ANN, 1, 1), (BOB, 1, 0)]
    ann = await store.profile(GUILD, ANN, game="alexandros")
    assert ann is not None and ann.best_total == 100 and [r.game_id for r in ann.recent] == [alex.id]
    ann_clans = await store.profile(GUILD, ANN, game="clans")
    assert ann_clans is not None and ann_clans.best_total == 30 and [r.game_id for r in ann_clans.recent] == [clans.id]
