"""Moving up: an SQLite database copied into PostgreSQL, checked by replaying every game on the copy."""

import asyncio
import random
import subprocess
import sys
from pathlib import Path

import pytest
from store_helpers import ANN, BOB, CAT, GUILD, NAMES

from engine.clans import final_result, legal_moves, new_game, play
from service.clans.turn import result_detail
from store import GameRecord, ResultInput, Store, StoreError
from store.postgres import PostgresBackend
from store.topostgres import TABLES, copy_to_postgres, game_ids
from tools.migrate import replay_games

ROOT = Path(__file__).resolve().parents[2]


async def play_game(store: Store, channel_id: int, players: list[int], seed: int, plies: int | None) -> GameRecord:
    """A game played with random legal moves through the store, as the service would: to the end (with its
    results and ratings) or for ``plies`` actions."""
    host, *others = players
    game = await store.create_lobby(GUILD, channel_id, host, NAMES[host], seed=seed, game="clans")
    for user_id in others:
        await store.add_seat(game.id, user_id, NAMES[user_id])
    state = new_game(len(players), seed)
    game = await store.start_game(game.id, state.to_json())
    rng = random.Random(seed)
    while not state.over and (plies is None or state.ply < plies):
        seat = state.to_move
        move = rng.choice(legal_moves(state))
        play(state, move, seat=seat)
        results = []
        if state.over:
            final = final_result(state)
            results = [
                ResultInput(s, players[s], NAMES[players[s]], final.totals[s], s in final.winners,
                            detail=result_detail(state, s))
                for s in range(len(players))
            ]  # fmt: skip
        await store.append_action(
            game.id, state.ply, seat, players[seat], move.text, state.to_json(), finished=state.over,
            end_reason=state.end_reason.value if state.end_reason else None, results=results, rated=True,
        )  # fmt: skip
    loaded = await store.get_game(game.id)
    assert loaded is not None
    return loaded


async def sqlite_with_games(path: Path) -> list[GameRecord]:
    async with await Store.open(path) as store:
        games = [
            await play_game(store, 1, [ANN, BOB], seed=11, plies=None),
            await play_game(store, 2, [ANN, BOB, CAT], seed=2**61 + 5, plies=None),
            await play_game(store, 3, [BOB, CAT], seed=13, plies=7),  # still running
        ]
        cancelled = await play_game(store, 4, [CAT, ANN], seed=14, plies=3)
        games.append(await store.cancel_game(cancelled.id, end_reason="cancelled"))
        games.append(await store.create_lobby(GUILD, 5, ANN, "Ann", seed=15, game="clans"))
        await store.set_meta("command_tree_hash", "abc")
    return games


async def test_the_copy_holds_every_row_and_every_game_replays(tmp_path: Path, postgres_target: str) -> None:
    path = tmp_path / "clans.db"
    games = await sqlite_with_games(path)
    report = await copy_to_postgres(path, postgres_target, check=replay_games)
    assert report.problems == []
    assert report.games_replayed == 4  # all but the lobby
    assert report.rows["games"] == 5 and report.rows["results"] == 5 and report.rows["ratings"] == 3
    async with await Store.open(postgres_target) as copy, await Store.open(path) as source:
        for game in games:
            assert await copy.get_game(game.id) == await source.get_game(game.id) == game
            assert await copy.moves(game.id) == await source.moves(game.id)
            assert await copy.results(game.id) == await source.results(game.id)
        assert await copy.leaderboard(GUILD, game="clans") == await source.leaderboard(GUILD, game="clans")
        assert await copy.profile(GUILD, ANN, game="clans") == await source.profile(GUILD, ANN, game="clans")
        assert await copy.get_meta("command_tree_hash") == "abc"
        # New ids continue after the copied ones; the running game goes on on the copy.
        lobby = await copy.create_lobby(GUILD, 6, ANN, "Ann", seed=16, game="clans")
        assert lobby.id == max(game.id for game in games) + 1
        running = games[2]
        await copy.append_action(running.id, 8, 1, CAT, "resign:1", "{}", finished=True)


async def test_the_check_finds_a_tampered_move_log(tmp_path: Path, postgres_target: str) -> None:
    path = tmp_path / "clans.db"
    games = await sqlite_with_games(path)
    assert (await copy_to_postgres(path, postgres_target, check=replay_games)).ok
    target = await PostgresBackend.open(postgres_target)
    try:
        async with target.write() as conn:
            await conn.execute("DELETE FROM moves WHERE game_id = ? AND ply = 7", (games[2].id,))
        replayed, problems = await replay_games(Store(target), await game_ids(target))
    finally:
        await target.close()
    assert replayed == 4
    assert problems == [f"game #{games[2].id}: snapshot at ply 7, log of 6 moves",
                        f"game #{games[2].id}: replaying the log does not give the stored snapshot"]  # fmt: skip


async def test_a_target_with_data_is_refused_and_left_alone(tmp_path: Path, postgres_target: str) -> None:
    path = tmp_path / "clans.db"
    await sqlite_with_games(path)
    async with await Store.open(postgres_target) as existing:
        kept = await existing.create_lobby(GUILD, 99, BOB, "Bob", seed=1, game="clans")
    with pytest.raises(StoreError, match="empty"):
        await copy_to_postgres(path, postgres_target, check=replay_games)
    async with await Store.open(postgres_target) as existing:
        assert await existing.get_game(kept.id) == kept
        assert await existing.moves(1) == []


def test_the_command_line_copies_and_says_so(tmp_path: Path, postgres_target: str) -> None:
    path = tmp_path / "clans.db"
    asyncio.run(sqlite_with_games(path))
    done = subprocess.run(
        [sys.executable, "-m", "tools.migrate", str(path), postgres_target],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert "replayed 4 games on the copy" in done.stdout and "the copy matches" in done.stdout
    assert all(f"rows of {table}" in done.stdout for table in TABLES)
    refused = subprocess.run(
        [sys.executable, "-m", "tools.migrate", str(tmp_path / "none.db"), postgres_target],
        cwd=ROOT, capture_output=True, text=True,
    )  # fmt: skip
    assert refused.returncode == 2 and "no SQLite database" in refused.stderr
