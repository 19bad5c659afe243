"""The move log: appending against the expected ply, races, crashes and restarts."""

import asyncio
import subprocess
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path

import pytest
from store_helpers import ANN, BOB, CHANNEL, StartGame

from store import GameNotFound, MoveRecord, NotRunning, StaleAction, Store
from store import games as store_games
from store.backend import IntegrityError

ROOT = Path(__file__).resolve().parents[2]


async def test_actions_are_logged_in_order_with_their_snapshot(store: Store, start_game: StartGame) -> None:
    game = await start_game(store)
    first = await store.append_action(game.id, 1, 0, ANN, "23-24", '{"ply": 1}')
    assert (first.game_id, first.ply, first.seat, first.user_id, first.action) == (game.id, 1, 0, ANN, "23-24")
    await store.append_action(game.id, 2, 1, BOB, "5-6", '{"ply": 2}')
    await store.append_action(game.id, 3, 1, BOB, "v17", '{"ply": 3}')
    assert [(m.ply, m.seat, m.action) for m in await store.moves(game.id)] == [
        (1, 0, "23-24"),
        (2, 1, "5-6"),
        (3, 1, "v17"),
    ]
    loaded = await store.get_game(game.id)
    assert loaded is not None
    assert (loaded.status, loaded.snapshot, loaded.snapshot_ply) == ("running", '{"ply": 3}', 3)


async def test_the_last_action_finishes_the_game(store: Store, start_game: StartGame) -> None:
    game = await start_game(store)
    await store.append_action(game.id, 1, 0, ANN, "resign:0", '{"over": true}', finished=True, end_reason="resign")
    loaded = await store.get_game(game.id)
    assert loaded is not None
    assert (loaded.status, loaded.end_reason, loaded.snapshot_ply) == ("finished", "resign", 1)
    assert loaded.finished_at is not None
    with pytest.raises(NotRunning):
        await store.append_action(game.id, 2, 1, BOB, "1-2", "{}")


@pytest.mark.parametrize("expected_ply", [1, 2, 4])
async def test_a_stale_ply_is_refused_and_changes_nothing(
    store: Store, start_game: StartGame, expected_ply: int
) -> None:
    game = await start_game(store)
    await store.append_action(game.id, 1, 0, ANN, "23-24", '{"ply": 1}')
    await store.append_action(game.id, 2, 1, BOB, "5-6", '{"ply": 2}')
    with pytest.raises(StaleAction):
        await store.append_action(game.id, expected_ply, 0, ANN, "7-8", '{"ply": "bad"}')
    assert [m.action for m in await store.moves(game.id)] == ["23-24", "5-6"]
    loaded = await store.get_game(game.id)
    assert loaded is not None and (loaded.snapshot, loaded.snapshot_ply) == ('{"ply": 2}', 2)


async def test_actions_need_a_running_game(store: Store) -> None:
    lobby = await store.create_lobby(1, CHANNEL, ANN, "Ann", seed=1, game="clans")
    with pytest.raises(NotRunning):
        await store.append_action(lobby.id, 1, 0, ANN, "1-2", "{}")
    with pytest.raises(GameNotFound):
        await store.append_action(404, 1, 0, ANN, "1-2", "{}")
    with pytest.raises(ValueError):
        await store.append_action(lobby.id, 0, 0, ANN, "1-2", "{}")


def _one_applied(outcomes: Sequence[MoveRecord | BaseException]) -> MoveRecord:
    applied = [o for o in outcomes if isinstance(o, MoveRecord)]
    refused = [o for o in outcomes if isinstance(o, StaleAction)]
    assert (len(applied), len(refused)) == (1, len(outcomes) - 1), outcomes
    return applied[0]


async def test_identical_submissions_on_one_connection_apply_once(store: Store, start_game: StartGame) -> None:
    game = await start_game(store)
    for ply in range(1, 6):
        outcomes = await asyncio.gather(
            *(store.append_action(game.id, ply, 0, ANN, f"m{ply}", f'{{"ply": {ply}}}') for _ in range(3)),
            return_exceptions=True,
        )
        assert _one_applied(outcomes).ply == ply
    assert [m.ply for m in await store.moves(game.id)] == [1, 2, 3, 4, 5]


async def test_identical_submissions_on_two_connections_apply_once(database_target: str, start_game: StartGame) -> None:
    async with await Store.open(database_target) as one, await Store.open(database_target) as two:
        game = await start_game(one)
        for ply in range(1, 11):
            outcomes = await asyncio.gather(
                one.append_action(game.id, ply, 0, ANN, f"m{ply}", f'{{"ply": {ply}}}'),
                two.append_action(game.id, ply, 0, ANN, f"m{ply}", f'{{"ply": {ply}}}'),
                return_exceptions=True,
            )
            _one_applied(outcomes)
        assert [m.ply for m in await two.moves(game.id)] == list(range(1, 11))
        loaded = await two.get_game(game.id)
        assert loaded is not None and loaded.snapshot_ply == 10


async def test_a_failure_after_the_insert_rolls_the_move_back(store: Store, start_game: StartGame) -> None:
    game = await start_game(store)
    await store.append_action(game.id, 1, 0, ANN, "23-24", '{"ply": 1}')
    # The snapshot must be JSON: the UPDATE fails after the move row was inserted.
    with pytest.raises(IntegrityError, match=r"(?i)check constraint"):
        await store.append_action(game.id, 2, 1, BOB, "5-6", "not json")
    assert [m.ply for m in await store.moves(game.id)] == [1]
    loaded = await store.get_game(game.id)
    assert loaded is not None and (loaded.snapshot, loaded.snapshot_ply) == ('{"ply": 1}', 1)
    await store.append_action(game.id, 2, 1, BOB, "5-6", '{"ply": 2}')  # and the ply is still free


async def test_a_task_cancelled_mid_transaction_leaves_the_game_before_the_move(
    store: Store, start_game: StartGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await start_game(store)
    inserted = asyncio.Event()

    async def hang(*args: object) -> None:
        inserted.set()
        await asyncio.Event().wait()  # never returns: the task is cancelled here

    monkeypatch.setattr(store_games, "_advance_snapshot", hang)
    task = asyncio.create_task(store.append_action(game.id, 1, 0, ANN, "23-24", '{"ply": 1}'))
    await inserted.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    monkeypatch.undo()
    assert await store.moves(game.id) == []
    loaded = await store.get_game(game.id)
    assert loaded is not None and loaded.snapshot_ply == 0
    await store.append_action(game.id, 1, 0, ANN, "23-24", '{"ply": 1}')
    assert len(await store.moves(game.id)) == 1


async def test_a_process_killed_mid_move_leaves_the_game_before_it(database_target: str, start_game: StartGame) -> None:
    async with await Store.open(database_target) as before:
        game = await start_game(before)
        await before.append_action(game.id, 1, 0, ANN, "23-24", '{"ply": 1}')
    # The child inserts move 2, then dies without COMMIT or ROLLBACK, as in a power cut.
    child = textwrap.dedent(f"""
        import asyncio, os
        import store.games
        from store import Store

        async def die(*args):
            os._exit(9)

        async def main():
            db = await Store.open({database_target!r})
            store.games._advance_snapshot = die
            await db.append_action({game.id}, 2, 1, {BOB}, "5-6", '{{"ply": 2}}')

        asyncio.run(main())
    """)
    done = subprocess.run([sys.executable, "-c", child], cwd=ROOT, capture_output=True, timeout=30)
    assert done.returncode == 9, done.stderr.decode()
    async with await Store.open(database_target) as after:
        assert [m.ply for m in await after.moves(game.id)] == [1]
        loaded = await after.get_game(game.id)
        assert loaded is not None and (loaded.snapshot, loaded.snapshot_ply) == ('{"ply": 1}', 1)
        await after.append_action(game.id, 2, 1, BOB, "5-6", '{"ply": 2}')


async def test_running_games_survive_a_restart(database_target: str, start_game: StartGame) -> None:
    async with await Store.open(database_target) as before:
        first = await start_game(before, channel_id=1)
        await start_game(before, channel_id=2)  # finished below
        third = await start_game(before, channel_id=3)
        await before.create_lobby(1, 4, ANN, "Ann", seed=1, game="clans")  # a lobby is not running
        await before.append_action(first.id, 1, 0, ANN, "23-24", '{"ply": 1}')
        await before.append_action(first.id + 1, 1, 0, ANN, "resign:0", "{}", finished=True)
    async with await Store.open(database_target) as after:
        running = await after.running_games(game="clans")
        assert [g.id for g in running] == [first.id, third.id]
        assert (running[0].snapshot, running[0].snapshot_ply) == ('{"ply": 1}', 1)
        assert [s.user_id for s in running[0].seats] == [ANN, BOB]
        assert [m.action for m in await after.moves(first.id)] == ["23-24"]
        await after.append_action(first.id, 2, 1, BOB, "5-6", '{"ply": 2}')
