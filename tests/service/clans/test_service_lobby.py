"""Lobbies through the service: who may join, leave, add an AI, start and cancel, and what they are told."""

from __future__ import annotations

import pytest
from refused import refused
from service_helpers import ANN, BOB, CHANNEL, CY, GUILD, NAMES, started

from engine.clans import GameState, legal_moves, new_game
from errors import Why
from service.clans.games import ClansService
from service.games import CancelTerms
from store import GameRecord, Store


async def test_a_lobby_fills_up_and_refuses_a_fifth_player(games: ClansService) -> None:
    game = await games.open_lobby(GUILD, CHANNEL, ANN, "Ann")
    await games.join(game.id, BOB, "Bob")
    await games.add_ai(game.id, ANN, "easy")
    game = await games.add_ai(game.id, BOB, "easy")
    assert [s.name for s in game.seats] == ["Ann", "Bob", "AI (easy)", "AI (easy) 2"]
    with refused(Why.LOBBY_FULL, seats=4):
        await games.join(game.id, CY, "Cy")


async def test_lobby_refusals_say_why(games: ClansService) -> None:
    game = await games.open_lobby(GUILD, CHANNEL, ANN, "Ann")
    with refused(Why.CHANNEL_BUSY):
        await games.open_lobby(GUILD, CHANNEL, BOB, "Bob")
    with refused(Why.ALREADY_SEATED):
        await games.join(game.id, ANN, "Ann")
    with refused(Why.HOST_CANNOT_LEAVE, game="clans"):
        await games.leave(game.id, ANN)
    with refused(Why.NOT_SEATED):
        await games.leave(game.id, BOB)
    with refused(Why.JOIN_FIRST):
        await games.add_ai(game.id, BOB, "easy")
    with refused(Why.AI_LEVELS, levels=("easy", "normal", "hard")):
        await games.add_ai(game.id, ANN, "godlike")
    with refused(Why.PLAYER_COUNT, game="clans", low=2, high=4, seated=1):
        await games.start(game.id, ANN)
    await games.join(game.id, BOB, "Bob")
    with refused(Why.ONLY_HOST_START):
        await games.start(game.id, BOB)
    with refused(Why.GAME_GONE):
        await games.join(999, BOB, "Bob")


async def test_leaving_moves_later_seats_up(games: ClansService) -> None:
    game = await games.open_lobby(GUILD, CHANNEL, ANN, "Ann")
    await games.join(game.id, BOB, "Bob")
    await games.join(game.id, CY, "Cy")
    game = await games.leave(game.id, BOB)
    assert [(s.seat, s.name) for s in game.seats] == [(0, "Ann"), (1, "Cy")]


async def test_a_started_game_hands_out_the_public_view_only(games: ClansService, store: Store) -> None:
    table = await started(games)
    assert table.record.status == "running" and table.view.ply == 0
    assert table.record.snapshot is None and table.record.seed == 0  # the snapshot holds every clan, the seed deals
    assert not hasattr(table, "state")
    assert (await games.active_game(CHANNEL)).snapshot is None
    assert (await games.table(table.id)).record.snapshot is None
    stored = await store.get_game(table.id)
    assert stored is not None and stored.snapshot is not None
    with refused(Why.STARTED):
        await games.join(table.id, CY, NAMES[CY])


async def test_each_player_sees_only_their_own_clan(games: ClansService, store: Store) -> None:
    table = await started(games)
    record = await store.get_game(table.id)
    assert record is not None and record.snapshot is not None
    clans = GameState.from_json(record.snapshot).clans
    assert await games.my_clan(table.id, ANN) == clans[0]
    assert await games.my_clan(table.id, BOB) == clans[1]
    with refused(Why.NOT_PLAYING):
        await games.my_clan(table.id, CY)


async def test_only_the_host_or_a_manager_may_cancel(games: ClansService) -> None:
    table = await started(games, (ANN, BOB, CY))
    with refused(Why.ONLY_HOST_CANCEL):
        await games.cancellable_in(CHANNEL, BOB, can_manage=False)
    with refused(Why.ONLY_HOST_CANCEL):
        await games.cancel(table.id, BOB, can_manage=False)
    assert (await games.cancellable_in(CHANNEL, BOB, can_manage=True)).id == table.id
    cancelled = await games.cancel(table.id, ANN, can_manage=False)
    assert cancelled.status == "cancelled"
    with refused(Why.CANCELLED):
        await games.cancel(table.id, ANN, can_manage=False)
    with refused(Why.NO_GAME_IN_CHANNEL, game="clans"):
        await games.cancellable_in(CHANNEL, ANN, can_manage=False)


async def test_a_free_cancel_raced_by_the_first_move_changes_nothing(
    games: ClansService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """R8.5: cancelling is free only before the first move; one made by another process after the terms were
    read (here: the record the cancel read is the one from before the move) wins, and the cancel is refused."""
    table = await started(games, (ANN, BOB, CY))
    before = await games.record(table.id)
    assert games.cancel_terms(before, ANN, can_manage=False) is CancelTerms.FREE
    first = legal_moves(new_game(3, before.seed))[0]  # the service's dealer is seeded: the game is this deal
    await games.play(table.id, table.mover.user_id or 0, first)
    read = games.record

    async def stale_read(game_id: int) -> GameRecord:
        return before if game_id == table.id else await read(game_id)

    monkeypatch.setattr(games, "record", stale_read)
    with refused(Why.CANCEL_MOVED_ON):
        await games.cancel(table.id, ANN, can_manage=False)
    monkeypatch.undo()
    assert (await games.record(table.id)).status == "running"


async def test_the_lobby_message_is_remembered(games: ClansService) -> None:
    game = await games.open_lobby(GUILD, CHANNEL, ANN, "Ann")
    await games.set_lobby_message(game.id, 4242)
    assert (await games.record(game.id)).lobby_message_id == 4242
    with refused(Why.GAME_GONE):
        await games.set_lobby_message(999, 1)
