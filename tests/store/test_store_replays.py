"""The replay cache (store.replays): kept per game and renderer version, a new version replaces the old one,
and a game deleted takes its replay along. On SQLite and PostgreSQL."""

from store_helpers import StartGame

from store import Store


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
