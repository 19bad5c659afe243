"""The replay cache (store.replays): kept per game and renderer version, a new version replaces the old one,
and a game deleted takes its replay along. On SQLite and PostgreSQL."""

from store_helpers import StartGame

from store import MIGRATIONS, Store
from store.db import open_backend
from store.migrations import V9_LANGUAGES, V10_REPLAYS


async def test_a_replay_is_kept_per_game_and_renderer_version(store: Store, start_game: StartGame) -> None:
    game, other = await start_game(store), await start_game(store, channel_id=777)
    assert await store.cached_replay(game.id, 1) is None
    gif = b"GIF89a" + bytes(range(256)) * 40  # every byte value survives the round trip
    await store.save_replay(game.id, 1, gif)
    await store.save_replay(game.id, 1, b"GIF89a drawn twice by two processes")  # the first one stays
    assert await store.cached_replay(game.id, 1) == gif
    assert await store.cached_replay(other.id, 1) is None
    assert await store.cached_replay(game.id, 2) is None
    await store.save_replay(game.id, 2, b"GIF89a v2")
    assert await store.cached_replay(game.id, 2) == b"GIF89a v2"
    assert await store.cached_replay(game.id, 1) is None, "a newer renderer's replay drops the older one"


async def test_a_database_at_version_9_gains_the_replay_cache(database_target: str) -> None:
    """A database the languages release left (V9) migrates to V10: its games keep their language, and their
    replays can be kept."""
    sources = [getattr(migration, "sqlite", migration) for migration in MIGRATIONS]
    before_replays = sources.index(V10_REPLAYS)
    assert before_replays == sources.index(V9_LANGUAGES) + 1 == 9
    backend = await open_backend(database_target, MIGRATIONS[:before_replays])
    try:
        assert await backend.schema_version() == 9
        async with backend.write() as conn:
            await conn.execute(
                "INSERT INTO games (id, guild_id, channel_id, host_id, status, seed, created_at, end_reason, language)"
                " VALUES (5, 1, 105, 11, 'finished', 3, '2024-01-01T00:00:00+00:00', 'no_moves', 'it')"
            )
    finally:
        await backend.close()
    async with await Store.open(database_target) as store:
        assert await store.schema_version() == len(MIGRATIONS) > before_replays
        game = await store.get_game(5)
        assert game is not None and (game.status, game.language) == ("finished", "it")
        assert await store.cached_replay(5, 1) is None
        await store.save_replay(5, 1, b"GIF89a kept")
        assert await store.cached_replay(5, 1) == b"GIF89a kept"
