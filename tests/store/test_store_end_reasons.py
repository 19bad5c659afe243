"""End reasons were English phrases in the database; the migration turns them into codes, on both backends."""

import random

from engine.clans import EndReason, GameState, new_game, random_playout
from store import MIGRATIONS, Store
from store.db import open_backend
from store.migrations import V8_END_REASON_CODES

BEFORE_CODES = MIGRATIONS.index(V8_END_REASON_CODES)


def _finished_snapshot(phrase: str) -> str:
    """A finished game's snapshot as the program before the codes wrote it."""
    state = new_game(2, 3)
    random_playout(state, random.Random(3))
    assert state.end_reason is not None
    return state.to_json().replace(f'"end_reason":"{state.end_reason.value}"', f'"end_reason":"{phrase}"')


async def test_stored_phrases_become_codes_in_rows_and_snapshots(database_target: str) -> None:
    phrases = {1: "twelfth village", 2: "no moves left", 3: "fewer than two players left", 4: "cancelled"}
    backend = await open_backend(database_target, MIGRATIONS[:BEFORE_CODES])
    try:
        async with backend.write() as conn:
            for game_id, phrase in phrases.items():
                await conn.execute(
                    "INSERT INTO games (id, guild_id, channel_id, host_id, status, seed, created_at, snapshot,"
                    " end_reason) VALUES (?, 1, ?, 11, 'finished', 3, '2024-01-01T00:00:00+00:00', ?, ?)",
                    (game_id, 100 + game_id, _finished_snapshot(phrase), phrase),
                )
    finally:
        await backend.close()
    async with await Store.open(database_target) as store:
        stored = {game_id: await store.get_game(game_id) for game_id in phrases}
    reasons = {game_id: game.end_reason for game_id, game in stored.items() if game is not None}
    assert reasons == {1: "twelfth_village", 2: "no_moves", 3: "resignations", 4: "cancelled"}
    for game_id in (1, 2, 3):
        game = stored[game_id]
        assert game is not None and game.snapshot is not None
        assert f'"end_reason":"{reasons[game_id]}"' in game.snapshot
        assert GameState.from_json(game.snapshot).end_reason is EndReason(reasons[game_id])


def test_a_snapshot_with_an_old_phrase_still_loads() -> None:
    assert GameState.from_json(_finished_snapshot("no moves left")).end_reason is EndReason.NO_MOVES
