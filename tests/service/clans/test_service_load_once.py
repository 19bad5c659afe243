"""A command loads its game once and builds its state once; the catch-up tells the kept tail of the log, not
the whole log from the seed; and nothing is answered while holding the game's lock."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from refused import refused
from service_helpers import ANN, BOB, CHANNEL, CY, GUILD, started

import service.clans.history as history
from engine.clans import Move, Resign, legal_moves, new_game, play, public_view
from errors import Why
from service.alexandros import AlexandrosService
from service.clans.games import ClansService
from service.clans.overview import GameHistory
from service.clans.replays import finished_game, replay_of
from service.clans.tables import Played
from store import Store

READS = ("get_game", "game_log", "moves", "active_game", "move_at", "latest_game")
"""The store's methods that read a game or its log."""


def count_reads(store: Store, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    reads: list[str] = []
    for name in READS:
        method = getattr(store, name)

        def counted(*args: Any, _name: str = name, _method: Callable[..., Awaitable[Any]] = method) -> Any:
            reads.append(_name)
            return _method(*args)

        monkeypatch.setattr(store, name, counted)
    return reads


def count_replays(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Each telling of a whole log from the start (the seed's position): the number of actions told."""
    told: list[int] = []
    replay = history.replay_public

    def counted(start: Any, actions: Any) -> Any:
        told.append(len(actions))
        return replay(start, actions)

    monkeypatch.setattr(history, "replay_public", counted)
    return told


async def test_an_ai_turn_reads_its_game_once(
    games: ClansService, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await started(games, (ANN,), ai=("easy",))
    if table.mover.user_id == ANN:
        await games.play_in(CHANNEL, ANN, table.hut_moves()[0])
    before = len(await store.moves(table.id))
    reads = count_reads(store, monkeypatch)
    played = await games.ai_turn(table.id, budget_s=0.01)
    assert played is not None and played.actor.ai_level == "easy"
    assert reads == ["game_log"]  # the game with its log, read together, and nothing read again to commit
    monkeypatch.undo()
    assert len(await store.moves(table.id)) == before + 1


def next_action(played: Played | None, table_moves: list[Move], rng: random.Random) -> Move:
    view = played.table.view if played is not None else None
    if view is not None and view.pending:
        return Move.village(rng.choice(view.pending))
    return rng.choice(table_moves)


async def play_and_catch_up(
    games: ClansService, seed: int, players: tuple[int, ...], actions: int
) -> list[GameHistory]:
    """Random actions; after each, the catch-up the next mover's ping shows (the last action shown with it).
    A seat resigns half way."""
    host, *others = players
    game = await games.open_lobby(GUILD, CHANNEL, host, "Host")
    for number, user_id in enumerate(others):
        await games.join(game.id, user_id, f"Player {number}")
    table = await games.start(game.id, host)
    rng = random.Random(seed)
    played: Played | None = None
    caught: list[GameHistory] = []
    for number in range(actions):
        current = played.table if played is not None else table
        if current.view.over:
            break
        if number == actions // 2 and len(players) > 3:
            quitter = next(u for u in players if u != current.mover.user_id)
            played = await games.resign(table.id, quitter)
        else:
            mover = current.mover.user_id
            assert mover is not None
            played = await games.play(table.id, mover, next_action(played, current.hut_moves(), rng))
        if not played.table.view.over:  # as the bot: a finished game pings nobody
            caught.append(await games.catch_up(played.table, played.table.mover.seat, shown=1))
    return caught


@pytest.mark.parametrize("players", [(ANN, BOB, CY), (ANN, BOB, CY, 14)])
async def test_the_catch_up_tells_the_kept_tail_as_the_whole_log_would(
    store: Store, monkeypatch: pytest.MonkeyPatch, players: tuple[int, ...]
) -> None:
    cold = ClansService(store, seed_source=lambda: 5)
    cold.log_tails.capacity = 0  # keeps nothing: every catch-up tells the whole log from the seed, as before
    expected = await play_and_catch_up(cold, 1, players, 60)
    told = count_replays(monkeypatch)
    warm = ClansService(store, seed_source=lambda: 5)
    caught = await play_and_catch_up(warm, 1, players, 60)
    assert [c.facts for c in caught] == [e.facts for e in expected]
    assert sum(bool(c.facts) for c in caught) > 20
    assert told == [1]  # once, at the first catch-up of the game (one action old); then the kept tail


async def test_the_catch_up_reads_what_another_process_committed(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    here = ClansService(store, seed_source=lambda: 7)
    there = ClansService(store)  # another process on the same database
    table = await started(here, (ANN, BOB, CY))
    rng = random.Random(3)
    played = None
    told = count_replays(monkeypatch)
    replays_here = 0
    for number in range(30):
        current = played.table if played is not None else table
        mover = current.mover.user_id
        assert mover is not None
        service = there if number % 4 == 3 else here
        played = await service.play(table.id, mover, next_action(played, current.hut_moves(), rng))
        if service is here:
            before = len(told)
            tail = await here.catch_up(played.table, played.table.mover.seat, shown=1)
            replays_here += len(told) - before
            cold = ClansService(store)
            cold.log_tails.capacity = 0
            assert tail.facts == (await cold.catch_up(played.table, played.table.mover.seat, shown=1)).facts
    assert replays_here == 1  # the first catch-up; the other process's actions are then told from the log


async def test_the_answer_is_given_holding_no_lock(games: ClansService) -> None:
    table = await started(games)
    held: list[bool] = []

    async def answered() -> None:
        held.append(games.locks.busy(table.id))

    assert table.mover.user_id is not None
    await games.play_in(CHANNEL, table.mover.user_id, table.hut_moves()[0], accepted=answered)
    assert held == [False]


async def test_a_slow_answer_holds_no_other_action_and_a_double_submission_applies_once(
    games: ClansService, store: Store
) -> None:
    table = await started(games, (ANN, BOB, CY))
    mover = table.mover.user_id
    assert mover is not None
    move = table.hut_moves()[0]
    slow, answering = asyncio.Event(), asyncio.Event()

    async def slow_answer() -> None:
        answering.set()
        await slow.wait()

    first = asyncio.create_task(games.play_in(CHANNEL, mover, move, accepted=slow_answer))
    await answering.wait()  # the first is checked and waits on its answer
    assert not first.done()
    second = asyncio.create_task(games.play_in(CHANNEL, mover, move))
    # Not behind the first: the second finishes while the first still waits (the bound only turns a deadlock,
    # as when the answer was awaited under the lock, into a failure).
    done, _ = await asyncio.wait({first, second}, timeout=60, return_when=asyncio.FIRST_COMPLETED)
    assert done == {second} and second.result().table.view.ply == 1
    slow.set()
    with refused(Why.ALREADY_PLAYED, move=move):
        await first
    assert [m.action for m in await store.moves(table.id)] == [move.text]


async def test_an_alexandros_table_and_resignation_read_the_game_once(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    alexandros = AlexandrosService(store, seed_source=lambda: 8)
    game = await alexandros.open_lobby(GUILD, CHANNEL, ANN, "Ann")
    for user_id, name in ((BOB, "Bob"), (CY, "Cy")):
        await alexandros.join(game.id, user_id, name)
    await alexandros.start(game.id, ANN)
    reads = count_reads(store, monkeypatch)
    table = await alexandros.table_in(CHANNEL)
    assert reads == ["active_game"]
    acted = await alexandros.resign(table.id, BOB)
    assert reads == ["active_game", "get_game"]
    assert acted.action == f"resign:{acted.seat.seat}" and acted.seat.user_id == BOB


def test_a_tail_keeps_about_one_round_and_tells_what_the_whole_log_would() -> None:
    state = new_game(3, 11)
    tail = history.LogTail.replayed(public_view(state), [])
    rng = random.Random(11)
    actions: list[Move | Resign] = []
    longest = 0
    while not state.over and len(actions) < 150:
        action: Move | Resign = rng.choice(legal_moves(state))
        if len(actions) == 20:
            action = Resign((state.to_move + 1) % 3)  # a seat leaves: the tail stops keeping facts for it
        play(state, action)
        actions.append(action)
        tail.advance(action)
        longest = max(longest, len(tail.facts))
        whole = history.public_history(public_view(new_game(3, 11)), actions)
        for seat in range(3):
            if not state.resigned[seat]:
                assert tail.since(seat, state.ply) == history.since_last_action(whole, seat)
    assert len(actions) > 30 and longest <= 10  # one round of three seats, with their village choices


def test_the_tails_kept_are_the_most_recently_used() -> None:
    tails = history.LogTails(capacity=2)
    for game_id in (1, 2, 3):
        tails.keep(game_id, history.LogTail.replayed(public_view(new_game(3, game_id)), []))
    assert len(tails) == 2 and tails.get(1) is None and tails.get(2) is not None


async def test_a_finished_game_asked_for_its_replay_is_read_once(
    games: ClansService, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await started(games)
    await games.resign(table.id, BOB)
    reads = count_reads(store, monkeypatch)
    finished = await finished_game(games, table.id, GUILD)
    assert reads == ["get_game"] and finished.moves == 0
    replay = await replay_of(games, table.id)
    assert reads == ["get_game", "game_log"] and len(replay.views) == 2  # the setup, then the resignation
