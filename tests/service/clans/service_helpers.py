"""Builders for the service tests: players, a started game, the whole state as the database holds it."""

from __future__ import annotations

import random

from engine.clans import Board, GameState, Move, Phase, apply, legal_moves, new_game
from service.clans.games import ClansService
from service.clans.tables import Table
from store import Store

GUILD = 900
CHANNEL = 500
ANN, BOB, CY = 11, 12, 13
NAMES = {ANN: "Ann", BOB: "Bob", CY: "Cy"}


async def started(
    games: ClansService, players: tuple[int, ...] = (ANN, BOB), ai: tuple[str, ...] = (), channel: int = CHANNEL
) -> Table:
    host, *others = players
    game = await games.open_lobby(GUILD, channel, host, NAMES[host])
    for user_id in others:
        await games.join(game.id, user_id, NAMES[user_id])
    for level in ai:
        await games.add_ai(game.id, host, level)
    return await games.start(game.id, host)


async def secret_state(store: Store, game_id: int) -> GameState:
    """The whole state, secrets included: what only the store and the service ever hold."""
    record = await store.get_game(game_id)
    assert record is not None and record.snapshot is not None
    return GameState.from_json(record.snapshot)


def moves_until_order(seed: int, players: int, board: Board, limit: int = 200) -> list[Move]:
    """Hut moves from setup on ``board`` (random, seeded) until one founds 2+ villages, found offline with the
    engine."""
    state = new_game(players, seed, board)
    rng = random.Random(0)
    played: list[Move] = []
    while not state.over and len(played) < limit:
        moves = legal_moves(state)
        several = [m for m in moves if _founds_several(state, m)]
        move = several[0] if several else rng.choice(moves)
        played.append(move)
        apply(state, move)
        if several:
            return played
    raise AssertionError(f"seed {seed}: no move founding several villages")


def _founds_several(state: GameState, move: Move) -> bool:
    after = state.copy()
    apply(after, move)
    return after.phase is Phase.ORDER
