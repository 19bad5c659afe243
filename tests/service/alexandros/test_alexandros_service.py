"""Alexandros games through the service on both backends: lobby, AI seats, checked actions, a whole game to
its results and per-game ratings, and what a player may not do."""

from __future__ import annotations

import random

import pytest

import engine.alexandros as alex
from ai.alexandros.requests import AlexandrosDecision
from errors import GameError, Why
from service.ai_pool import AiPool
from service.alexandros import AlexandrosService
from service.alexandros.replays import finished_game, replay_of
from service.clans.games import ClansService
from store import Store

GUILD, CHANNEL, ANN, BOB = 1, 100, 11, 12


@pytest.fixture
def service(store: Store) -> AlexandrosService:
    return AlexandrosService(store, seed_source=lambda: 8)


async def _lobby(service: AlexandrosService, level: str = "easy") -> int:
    game = await service.open_lobby(GUILD, CHANNEL, ANN, "Ann")
    await service.join(game.id, BOB, "Bob")
    await service.add_ai(game.id, ANN, level)
    return game.id


async def test_a_whole_game_with_two_humans_and_an_ai_ends_with_results_and_ratings_per_game(
    service: AlexandrosService, store: Store
) -> None:
    game_id = await _lobby(service)
    with pytest.raises(GameError) as refused:
        await service.add_ai(game_id, ANN, "expert")  # no such level
    assert refused.value.why is Why.AI_LEVELS
    table = await service.start(game_id, ANN)
    assert table.record.snapshot is None and table.record.seed == 0  # nothing secret leaves the service
    rng = random.Random(3)
    users = {0: ANN, 1: BOB}
    done: set[type] = set()
    for _ in range(3000):
        for acted in await service.play_ais(game_id):
            done.add(type(alex.parse_action(acted.action)))
        table = await service.table(game_id)
        if table.over:
            break
        user = users[table.view.to_move]
        mine = await service.hand(game_id, user)
        assert mine.legal and len(mine.hand) == len(alex.SYMBOLS)
        action = rng.choice([a for a in mine.legal if not a.startswith("resign")] or mine.legal)
        acted = await service.act(game_id, user, action, expected_ply=table.record.snapshot_ply)
        done.add(type(alex.parse_action(action)))
        assert acted.table.record.snapshot_ply == table.record.snapshot_ply + 1
    assert table.over and table.record.status == "finished" and table.view.turn > 20
    assert table.view.end_reason is not alex.EndReason.RESIGNATIONS
    assert {alex.MoveAlexander, alex.Occupy} <= done
    results = await store.results(game_id)
    assert [r.total for r in results] == list(table.view.scores)
    assert {r.seat for r in results if r.winner}
    board = await service.leaderboard(GUILD)
    assert sorted(row.user_id for row in board) == [ANN, BOB]
    assert await ClansService(store).leaderboard(GUILD) == []  # Clans' leaderboard is untouched
    await finished_game(service, game_id, GUILD)
    views = (await replay_of(service, game_id)).views
    assert views[-1] == table.view and len(views) == len(await service.history(game_id)) + 1


async def test_out_of_turn_stale_and_foreign_actions_change_nothing(service: AlexandrosService, store: Store) -> None:
    game_id = await _lobby(service)
    table = await service.start(game_id, ANN)
    await service.play_ais(game_id)
    table = await service.table(game_id)
    mover = {0: ANN, 1: BOB}[table.view.to_move]
    other = BOB if mover == ANN else ANN
    legal = (await service.hand(game_id, mover)).legal
    assert (await service.hand(game_id, other)).legal == ()  # only the mover is offered actions
    for user, action, ply, why in (
        (other, legal[0], None, Why.THEIR_TURN),
        (mover, legal[0], table.record.snapshot_ply - 1, Why.MOVED_ON),
        (mover, "occupy 1,2,3", None, Why.ILLEGAL_MOVE),
        (mover, "drop table", None, Why.ILLEGAL_MOVE),
        (99, legal[0], None, Why.NOT_PLAYING),
    ):
        with pytest.raises(GameError) as refused:
            await service.act(game_id, user, action, expected_ply=ply)
        assert refused.value.why is why
    assert (await service.table(game_id)).record.snapshot_ply == table.record.snapshot_ply
    with pytest.raises(GameError) as refused:
        await ClansService(store).active_game(CHANNEL)  # the channel's game is not a Clans one
    assert refused.value.why is Why.OTHER_GAME and refused.value.facts == {"game": "alexandros"}
    with pytest.raises(GameError) as refused:
        await ClansService(store).open_lobby(GUILD, CHANNEL, BOB, "Bob")  # one game per channel, any kind
    assert refused.value.why is Why.CHANNEL_BUSY
    # A second process (a restart) builds the same game from the database and plays on.
    again = AlexandrosService(store)
    acted = await again.act(game_id, mover, legal[0])
    assert acted.table.record.snapshot_ply == table.record.snapshot_ply + 1


async def test_a_resignation_is_an_action_of_the_log(service: AlexandrosService) -> None:
    game_id = await _lobby(service)
    await service.start(game_id, ANN)
    acted = await service.resign(game_id, BOB)
    assert acted.table.view.resigned[1] and acted.action == "resign:1"
    assert (await service.history(game_id))[-1].action == "resign:1"


async def test_ai_seats_think_in_the_worker_pool_from_their_own_view(store: Store) -> None:
    pool = AiPool(1, secret=b"test")
    try:
        service = AlexandrosService(store, ai=pool, seed_source=lambda: 8)
        game = await service.open_lobby(GUILD, CHANNEL, ANN, "Ann")
        await service.add_ai(game.id, ANN, "normal")
        await service.start(game.id, ANN)
        table = await service.table(game.id)
        if not table.ai_to_act:  # let Ann act first
            await service.act(game.id, ANN, (await service.hand(game.id, ANN)).legal[0])
        acted = await service.play_ai(game.id)
        assert acted is not None and acted.seat.ai_level == "normal" and pool.fallbacks == 0
        assert pool.pids  # a worker process chose it
        assert set(AlexandrosDecision.__slots__) == {"level", "mine", "seed"}  # its own view: no other hand, no seed
    finally:
        await pool.close()


async def test_a_player_still_away_at_the_end_cannot_win_and_is_ranked_last(
    service: AlexandrosService, store: Store
) -> None:
    """README: a player still away when the game ends cannot win and is ranked last (as in Clans)."""
    game = await service.open_lobby(GUILD, CHANNEL, ANN, "Ann")
    await service.join(game.id, BOB, "Bob")
    table = await service.start(game.id, ANN)
    rng = random.Random(5)
    for _ in range(3000):
        if table.over:
            break
        if table.view.to_move == 0:  # Ann never plays: the autopilot plays every turn of hers, and she is away
            acted = await service.play_for(game.id, 0, table.record.snapshot_ply, "normal", timeouts=3)
        else:
            mine = await service.hand(game.id, BOB)
            action = rng.choice([a for a in mine.legal if not a.startswith("resign")] or mine.legal)
            acted = await service.act(game.id, BOB, action, expected_ply=table.record.snapshot_ply)
        table = acted.table
    assert table.over and table.record.seats[0].away
    assert table.view.scores[0] > table.view.scores[1]  # the autopilot outscored Bob's random play ...
    assert table.winners == (1,)  # ... but an away seat cannot win
    ann, bob = await store.results(game.id)
    assert (ann.winner, ann.away, bob.winner) == (False, True, True)
