"""The end of games through the service: resigning, AI turns, results and ratings, profiles."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from refused import refused
from service_helpers import ANN, BOB, CHANNEL, CY, GUILD, secret_state, started

from engine.clans import Move, Phase, final_result, legal_moves
from errors import Why
from service.clans.games import ClansService
from service.clans.tables import Played
from store import Store


async def play_out(games: ClansService, store: Store, game_id: int, seed: int = 0) -> Played:
    """Random legal actions by whoever is to act, through the service, to the end of the game."""
    rng = random.Random(seed)
    while True:
        table = await games.table(game_id)
        mover = table.mover.user_id
        assert mover is not None
        if table.view.phase is Phase.ORDER:
            action = Move.village(rng.choice(table.view.pending))
            played = await games.play(game_id, mover, action, expected_ply=table.view.ply)
        else:
            played = await games.play_in(CHANNEL, mover, rng.choice(table.hut_moves()))
        if played.table.view.over:
            return played


async def test_a_finished_game_stores_results_and_ratings(games: ClansService, store: Store) -> None:
    table = await started(games, (ANN, BOB, CY))
    played = await play_out(games, store, table.id)
    assert played.outcome.game_over
    record = played.table.record
    assert record.status == "finished" and record.rated and record.finished_at is not None
    assert await games.record(table.id) == record  # built in memory, as the database now holds it
    expected = final_result(await secret_state(store, table.id))
    results = await store.results(table.id)
    assert [r.total for r in results] == [expected.totals[s] for s in range(3)]
    board = await games.leaderboard(GUILD)
    assert sorted(row.user_id for row in board) == [ANN, BOB, CY]
    winner = next(r for r in results if r.winner)
    profile = await games.profile(GUILD, winner.user_id or 0)
    assert profile is not None and profile.wins == 1 and profile.best_total == winner.total
    assert [r.game_id for r in profile.recent] == [table.id]
    with refused(Why.GAME_OVER):
        await games.play(table.id, ANN, Move(1, 2))


async def test_resigning_leaves_the_others_playing_and_the_last_two_end_it(games: ClansService, store: Store) -> None:
    table = await started(games, (ANN, BOB, CY))
    played = await games.resign_in(CHANNEL, CY)
    assert played.actor.user_id == CY and not played.table.view.over
    assert played.table.view.resigned == (False, False, True)
    with refused(Why.RESIGNED):
        await games.resign_in(CHANNEL, CY)
    played = await games.resign(table.id, BOB)
    assert played.table.view.over and played.table.record.status == "finished"
    results = {r.user_id: r for r in await store.results(table.id)}
    assert results[BOB].resigned and results[CY].resigned and not results[ANN].resigned


async def test_a_resignation_goes_through_while_another_action_is_committed(games: ClansService) -> None:
    table = await started(games, (ANN, BOB, CY))
    mover = table.mover.user_id
    other = next(u for u in (ANN, BOB, CY) if u != mover)
    assert mover is not None
    move, resign = await asyncio.gather(
        games.play_in(CHANNEL, mover, table.hut_moves()[0]), games.resign_in(CHANNEL, other)
    )
    assert move.table.view.ply + resign.table.view.ply == 3  # one after the other, whichever first


async def test_a_move_stands_when_another_seat_resigns_while_it_is_answered(games: ClansService) -> None:
    """The move is checked, answered (no lock held), then committed: a resignation of another seat committed
    meanwhile changes neither the mover nor the board, so the move goes through after it."""
    table = await started(games, (ANN, BOB, CY))
    mover = table.mover.user_id
    other = next(u for u in (ANN, BOB, CY) if u != mover)
    assert mover is not None
    resigned: list[Played] = []

    async def answer() -> None:
        resigned.append(await games.resign_in(CHANNEL, other))

    move = await games.play_in(CHANNEL, mover, table.hut_moves()[0], accepted=answer)
    assert [r.table.view.ply for r in resigned] == [1] and move.table.view.ply == 2
    assert move.table.view.resigned == resigned[0].table.view.resigned


async def test_a_move_read_while_a_resignation_is_committed_stands(
    games: ClansService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The move is read while another seat's resignation is being committed (it holds the game's lock): the
    move reads again once it is in and, the mover, the turn and the board being the same, goes through."""
    table = await started(games, (ANN, BOB, CY))
    mover = table.mover.user_id
    other = next(u for u in (ANN, BOB, CY) if u != mover)
    assert mover is not None
    writing, go_on, read = asyncio.Event(), asyncio.Event(), asyncio.Event()
    append, loaded = games.store.append_action, games._loaded

    async def held_append(*args: Any, **kwargs: Any) -> Any:
        writing.set()
        await go_on.wait()
        return await append(*args, **kwargs)

    async def loaded_then_told(game: Any) -> Any:
        result = await loaded(game)
        read.set()
        return result

    monkeypatch.setattr(games.store, "append_action", held_append)
    resigning = asyncio.create_task(games.resign_in(CHANNEL, other))
    await writing.wait()  # the resignation is being committed, under the game's lock
    monkeypatch.setattr(games.store, "append_action", append)
    monkeypatch.setattr(games, "_loaded", loaded_then_told)
    moving = asyncio.create_task(games.play_in(CHANNEL, mover, table.hut_moves()[0]))
    await read.wait()  # the move has read the game before the resignation: it now waits for the lock
    go_on.set()
    resigned, move = await resigning, await moving
    assert (resigned.table.view.ply, move.table.view.ply) == (1, 2)


async def test_an_ai_seat_plays_its_turn(games: ClansService, store: Store) -> None:
    table = await started(games, (ANN,), ai=("easy",))
    if table.mover.user_id == ANN:
        assert await games.ai_turn(table.id, budget_s=0.01) is None  # not its turn: nothing happens
        await games.play_in(CHANNEL, ANN, table.hut_moves()[0])
    before = await secret_state(store, table.id)
    played = await games.ai_turn(table.id, budget_s=0.01)
    assert played is not None and played.actor.ai_level == "easy"
    assert played.table.view.ply == before.ply + 1
    assert isinstance(played.outcome.move, Move) and played.outcome.move in legal_moves(before)
    assert played.table.mover.user_id == ANN and not played.table.ai_to_act


async def test_a_cancelled_game_cannot_be_played(games: ClansService) -> None:
    table = await started(games)
    await games.cancel(table.id, ANN, can_manage=False)
    with refused(Why.CANCELLED):
        await games.table(table.id)
    with refused(Why.NO_GAME_IN_CHANNEL, game="clans"):
        await games.play_in(CHANNEL, ANN, Move(1, 2))
