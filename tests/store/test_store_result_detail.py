"""A result keeps its game's own detail (Clans: the clan held, its score, the chips) apart from the columns every
game shares; the migration that moved Clans' columns there keeps every result written before, on both backends."""

from store_helpers import ANN, BOB

from store import MIGRATIONS, ResultInput, Store
from store.db import open_backend
from store.migrations import V15_RESULT_DETAIL

FINISHED = "'2026-01-01T10:00:00+00:00'"


async def test_the_migration_moves_clans_columns_into_each_clans_results_detail(database_target: str) -> None:
    before = MIGRATIONS[: MIGRATIONS.index(V15_RESULT_DETAIL)]
    backend = await open_backend(database_target, before)
    try:
        async with backend.write() as conn:
            for game_id, game in ((1, "clans"), (2, "alexandros")):
                await conn.execute(
                    "INSERT INTO games (id, guild_id, channel_id, host_id, status, seed, created_at, finished_at,"
                    f" snapshot_ply, rated, game) VALUES (?, 1, ?, {ANN}, 'finished', 7, {FINISHED}, {FINISHED}, 9, 1,"
                    " ?)",
                    (game_id, 100 + game_id, game),
                )
            rows = [
                (1, 0, ANN, "Ann", "red", 30, 2, 32, 1, "clans"),
                (1, 1, BOB, "Bob", "blue", 20, 1, 21, 0, "clans"),
                (2, 0, ANN, "Ann", "", 55, 0, 55, 0, "alexandros"),  # what Alexandros wrote in Clans' columns
                (2, 1, BOB, "Bob", "", 61, 0, 61, 1, "alexandros"),
            ]
            await conn.executemany(
                "INSERT INTO results (game_id, seat, user_id, name, clan, clan_score, chips, total, winner, resigned,"
                f" guild_id, finished_at, game) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 1, {FINISHED}, ?)",
                rows,
            )
    finally:
        await backend.close()
    async with await Store.open(database_target) as store:
        assert await store.schema_version() == len(MIGRATIONS)
        clans = await store.results(1)
        assert [(r.name, r.total, r.winner, r.detail) for r in clans] == [
            ("Ann", 32, True, {"clan": "red", "clan_score": 30, "chips": 2}),
            ("Bob", 21, False, {"clan": "blue", "clan_score": 20, "chips": 1}),
        ]
        alexandros = await store.results(2)
        assert [(r.name, r.total, r.winner, r.detail) for r in alexandros] == [
            ("Ann", 55, False, {}),
            ("Bob", 61, True, {}),
        ]
        profile = await store.profile(1, ANN, game="clans")
        assert profile is not None and [(r.game_id, r.detail["clan"]) for r in profile.recent] == [(1, "red")]
        assert (await store.profile(1, BOB, game="alexandros")).recent[0].detail == {}  # type: ignore[union-attr]


async def test_a_result_is_written_and_read_with_its_games_detail(store: Store) -> None:
    lobby = await store.create_lobby(1, 555, ANN, "Ann", seed=1, game="clans")
    await store.add_seat(lobby.id, BOB, "Bob")
    game = await store.start_game(lobby.id, '{"ply": 0}')
    detail = {"clan": "green", "clan_score": 12, "chips": 3}
    results = [ResultInput(0, ANN, "Ann", 15, True, detail=detail), ResultInput(1, BOB, "Bob", 9, False)]
    await store.append_action(game.id, 1, 0, ANN, "x", '{"ply": 1}', finished=True, results=results, rated=True)
    stored = await store.results(game.id)
    assert [r.detail for r in stored] == [detail, {}]
