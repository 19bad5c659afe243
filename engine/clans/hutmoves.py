"""The move and village rules as fast primitives (docs/RULES.md R5, R6.1).

These are the only definitions of "may this group move onto that one" and "which territories does
this move turn into villages". The checked path (``rules.check``), move generation, the random
playout and the AI's search all call them; nothing re-derives them.
"""

from __future__ import annotations

from functools import cache

from engine.clans.clan import CLAN_COUNT, HUTS_PER_CLAN
from engine.clans.moves import Move
from engine.clans.state import GameState

IMMOBILE = 7
"""A group of this many huts or more cannot move (except onto a larger or equal one of 7+)."""


def may_move(n: int, m: int) -> bool:
    """docs/RULES.md R5.1, R5.2: may a group of ``n`` huts move onto a neighbouring group of ``m``?"""
    return n > 0 and m > 0 and (n < IMMOBILE or n <= m)


MAY_MOVE: tuple[tuple[bool, ...], ...] = tuple(
    tuple(may_move(n, m) for m in range(CLAN_COUNT * HUTS_PER_CLAN + 1)) for n in range(CLAN_COUNT * HUTS_PER_CLAN + 1)
)
"""``may_move`` as a table, ``MAY_MOVE[n][m]``, for hot loops: one lookup instead of a call."""


@cache
def move_table(size: int) -> tuple[tuple[Move, ...], ...]:
    """``move_table(size)[src][dst]`` is ``Move(src, dst)``, made once, so search allocates no moves."""
    return tuple(tuple(Move(src, dst) for dst in range(size + 1)) for src in range(size + 1))


def villages_founded(state: GameState, src: int) -> list[int]:
    """docs/RULES.md R6.1: the territories that become villages once ``src`` is emptied, in map order.

    They are the occupied neighbours of ``src`` with no other occupied neighbour. Asked before a hut
    move from ``src``, this tells whether (and where) the move founds villages; the destination is
    one of them exactly when it is isolated too.
    """
    left = state.occupied & ~(1 << src)
    board = state.board
    masks = board.neighbour_mask
    counts = state.counts
    found: list[int] = []
    for t in board.neighbours[src]:  # a plain loop: faster than a comprehension on so few items
        if counts[t] and not left & masks[t]:
            found.append(t)
    return found


def live_territories(state: GameState) -> list[int]:
    """The occupied territories with an occupied neighbour: where every hut move starts and ends."""
    counts = state.counts
    occupied = state.occupied
    masks = state.board.neighbour_mask
    return [t for t in range(1, state.board.size + 1) if counts[t] and occupied & masks[t]]


def founding_moves(state: GameState, live: list[int] | None = None) -> list[Move]:
    """Every legal hut move that founds a village (give ``live_territories(state)`` if already known).

    A live territory with a single occupied neighbour becomes a village when that neighbour moves
    away, wherever it moves; a move appears once per village it founds this way.
    """
    if live is None:
        live = live_territories(state)
    occupied = state.occupied
    board = state.board
    masks = board.neighbour_mask
    neighbours = board.neighbours
    counts = state.counts
    table = move_table(board.size)
    moves: list[Move] = []
    for t in live:
        near = occupied & masks[t]
        if near & (near - 1):
            continue  # two or more occupied neighbours: not one move from a village
        src = near.bit_length() - 1
        allowed = MAY_MOVE[counts[src]]
        row = table[src]
        for dst in neighbours[src]:
            if allowed[counts[dst]]:
                moves.append(row[dst])
    return moves


def has_hut_move(state: GameState) -> bool:
    """True when two neighbouring territories both hold huts.

    That is exactly when a legal move exists: of two occupied neighbours, a group under 7 may
    always move onto the other, and of two groups of 7+, the smaller may move onto the larger.
    """
    occupied = state.occupied
    masks = state.board.neighbour_mask
    rest = occupied
    while rest:
        low = rest & -rest
        if occupied & masks[low.bit_length() - 1]:
            return True
        rest ^= low
    return False
