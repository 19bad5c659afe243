"""Fast random play to the end of a game, for search (the AI) and benchmarks."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.clans.hutmoves import MAY_MOVE, live_territories, move_table
from engine.clans.moves import Move
from engine.clans.rules import apply
from engine.clans.state import GameState, Phase


def random_playout(state: GameState, rng: random.Random) -> None:
    """Play random legal actions until the game ends, changing ``state`` in place.

    Moves are drawn by rejection (a random live territory, then a random neighbour) instead of
    listing every legal move, so a step costs about the same early and late in the game. Every
    move applied is legal; the draw is not exactly uniform over legal moves.
    """
    board = state.board
    neighbours = board.neighbours
    masks = board.neighbour_mask
    counts = state.counts
    table = move_table(board.size)
    rand = rng.random
    # Live territories: the ones a move can start from or reach, kept up to date move by move.
    live = live_territories(state)
    index = [-1] * (board.size + 1)
    for i, t in enumerate(live):
        index[t] = i

    def drop(t: int) -> None:
        i = index[t]
        last = live.pop()
        if last != t:
            live[i] = last
            index[last] = i
        index[t] = -1

    over, order = Phase.OVER, Phase.ORDER
    while state.phase is not over:
        if state.phase is order:
            apply(state, draw_village_choice(state, rand))
            continue
        src, dst = draw_hut_move(live, neighbours, counts, rand)
        apply(state, table[src][dst])
        drop(src)
        occupied = state.occupied
        for t in neighbours[src]:
            if index[t] >= 0 and not occupied & masks[t]:
                drop(t)


def draw_village_choice(state: GameState, rand: Callable[[], float]) -> Move:
    """A random choice of the next village to found, while the mover orders several (Phase.ORDER)."""
    pending = state.pending
    choice = pending[int(rand() * len(pending))]
    return move_table(state.board.size)[choice][choice]


def draw_hut_move(
    live: list[int], neighbours: tuple[tuple[int, ...], ...], counts: list[int], rand: Callable[[], float]
) -> tuple[int, int]:
    """A random legal hut move: a random live territory, then a random neighbour, until one is legal.

    ``live`` must hold the occupied territories that have an occupied neighbour (non-empty while a
    hut move exists, so this always ends).
    """
    while True:
        src = live[int(rand() * len(live))]
        around = neighbours[src]
        dst = around[int(rand() * len(around))]
        if MAY_MOVE[counts[src]][counts[dst]]:
            return src, dst
