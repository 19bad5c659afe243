"""Moves through the service: turns, stale and double moves, the village order, the cost of a move, locks."""

from __future__ import annotations

import asyncio

import pytest
from refused import refused
from service_helpers import ANN, BOB, CHANNEL, moves_until_order, secret_state, started

from engine.clans import Move, Phase, legal_moves
from errors import GameError, Why
from service.clans.games import ClansService
from service.clans.turn import VillageOrderOwed
from store import Store


async def test_a_move_is_applied_and_the_turn_passes(games: ClansService, store: Store) -> None:
    table = await started(games)
    move = table.hut_moves()[0]
    played = await games.play_in(CHANNEL, ANN, move)
    assert played.actor.user_id == ANN and played.outcome.move == move
    assert played.table.view.ply == 1 and played.table.mover.user_id == BOB
    assert played.table.record.snapshot_ply == 1 and played.table.record.snapshot is None
    assert played.table.record.seed == 0  # the seed would deal the clans again
    assert (await secret_state(store, table.id)).ply == 1
    assert [m.action for m in await store.moves(table.id)] == [move.text]


async def test_moves_offered_are_the_engines_legal_moves(games: ClansService, store: Store) -> None:
    table = await started(games)
    legal = [m for m in legal_moves(await secret_state(store, table.id)) if not m.is_village_choice]
    assert table.hut_moves() == legal
    assert table.move_sources() == sorted({m.src for m in legal})
    source = legal[0].src
    assert table.move_targets(source) == [m.dst for m in legal if m.src == source]
    assert table.move_targets(0) == []


async def test_refusals_change_nothing(games: ClansService, store: Store) -> None:
    table = await started(games)
    move = table.hut_moves()[0]
    with refused(Why.THEIR_TURN, name="Ann", user_id=ANN):
        await games.play_in(CHANNEL, BOB, move)
    with refused(Why.NOT_PLAYING):
        await games.play_in(CHANNEL, 77, move)
    with pytest.raises(GameError):
        await games.play_in(CHANNEL, ANN, Move(move.src, move.src))
    assert await store.moves(table.id) == []


async def test_a_double_submission_applies_once(games: ClansService, store: Store) -> None:
    table = await started(games)
    move = table.hut_moves()[0]
    results = await asyncio.gather(
        games.play_in(CHANNEL, ANN, move), games.play_in(CHANNEL, ANN, move), return_exceptions=True
    )
    refusals = [r for r in results if isinstance(r, GameError)]
    assert len(refusals) == 1, results
    # Read before the other commit: "Too late" or "already played"; read after it: it is the next player's turn.
    late = [(Why.ALREADY_PLAYED, {"move": move}), (Why.MOVED_ON, {}), (Why.THEIR_TURN, {"name": "Bob", "user_id": BOB})]
    assert (refusals[0].why, refusals[0].facts) in late, refusals
    assert len(await store.moves(table.id)) == 1


async def test_an_action_pinned_to_an_old_position_is_refused(games: ClansService, store: Store) -> None:
    table = await started(games)
    await games.play_in(CHANNEL, ANN, table.hut_moves()[0])
    bob_move = (await games.table(table.id)).hut_moves()[0]
    with refused(Why.MOVED_ON):
        await games.play(table.id, BOB, bob_move, expected_ply=0)
    assert len(await store.moves(table.id)) == 1


async def test_the_mover_owing_a_village_order_is_asked_for_it(games: ClansService, store: Store) -> None:
    table = await started(games)  # seed 5
    for move in moves_until_order(5, 2, table.view.board):
        mover = (await games.table(table.id)).mover.user_id
        assert mover is not None
        played = await games.play_in(CHANNEL, mover, move)
    view = played.table.view
    assert view.phase is Phase.ORDER and len(view.pending) >= 2
    owner = played.table.mover.user_id
    assert owner is not None
    with pytest.raises(VillageOrderOwed) as owed:
        await games.play_in(CHANNEL, owner, Move(1, 2))
    assert owed.value.table.view.pending == view.pending
    chosen = await games.play(table.id, owner, Move.village(view.pending[0]), expected_ply=view.ply)
    assert chosen.table.view.ply == view.ply + 1
    assert (await secret_state(store, table.id)).ply == view.ply + 1


async def test_a_move_takes_two_database_round_trips(games: ClansService, store: Store) -> None:
    table = await started(games)
    before = store.transactions
    accepted: list[int] = []

    async def answered() -> None:
        accepted.append(store.transactions - before)

    await games.play_in(CHANNEL, ANN, table.hut_moves()[0], accepted=answered)
    assert store.transactions - before == 2  # one read (game, seats, snapshot), one write
    assert accepted == [1]  # the player is answered after the read, before the write


async def test_game_locks_are_dropped_when_no_action_is_in_flight(games: ClansService) -> None:
    tables = [await started(games, channel=1000 + n) for n in range(30)]
    moves = [games.play_in(1000 + n, table.mover.user_id or 0, table.hut_moves()[0]) for n, table in enumerate(tables)]
    await asyncio.gather(*moves)
    assert len(games.locks) == 0


async def test_a_game_lock_excludes_and_then_disappears(games: ClansService) -> None:
    order: list[str] = []
    release = asyncio.Event()

    async def first() -> None:
        async with games.locks.hold(1):
            order.append("first in")
            await release.wait()
            order.append("first out")

    async def second() -> None:
        async with games.locks.hold(1):
            order.append("second in")

    tasks = [asyncio.create_task(first()), asyncio.create_task(second())]
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    assert order == ["first in"] and games.locks.busy(1) and len(games.locks) == 1
    release.set()
    await asyncio.gather(*tasks)
    assert order == ["first in", "first out", "second in"]
    assert len(games.locks) == 0 and not games.locks.busy(1)
