"""Fast random play to the end of a game, for search (the AI) and benchmarks."""

from __future__ import annotations

import random
from collections.abc import Callable
from math import floor

from engine.clans.board import Board
from engine.clans.clan import CLAN_COUNT
from engine.clans.hutmoves import MAY_MOVE, live_territories, move_table
from engine.clans.moves import Move
from engine.clans.rules import apply, end_game, found_village
from engine.clans.state import EndReason, GameState, Phase

_NO_HUTS = (0,) * CLAN_COUNT
# ``floor(x)`` is ``int(x)`` for the draws' non-negative x (the same integer, so the same moves), at a third of
# the cost: calling the ``int`` type is slow.


def random_playout(state: GameState, rng: random.Random) -> None:
    """Play random legal actions until the game ends, changing ``state`` in place.

    Moves are drawn by rejection (a random live territory, then a random neighbour) instead of
    listing every legal move, so a step costs about the same early and late in the game. Every
    move applied is legal; the draw is not exactly uniform over legal moves.
    """
    rand = rng.random
    while state.phase is Phase.ORDER:
        apply(state, draw_village_choice(state, rand))
    if state.phase is not Phase.OVER:
        _hut_moves(state, rand)


def _hut_moves(state: GameState, rand: Callable[[], float]) -> None:
    """The playout from a position waiting for a hut move: ``apply``'s hut move (rules.py) played on local
    counters, which the state gets back whenever a village is founded and at the end.

    The live territories (occupied, with an occupied neighbour) are kept move by move: a move empties its
    source and isolates exactly the neighbours it turns into villages, so they are what leaves the list, and
    the game has a hut move left as long as the list is not empty (``has_hut_move``). The list is
    ``live[:size]``; a territory leaves it by taking the last one's place (``index`` says where each one is),
    and the draws depend on this order.
    """
    board = state.board
    neighbours = board.neighbours
    masks = board.neighbour_mask
    spans = _spans(board)
    counts = state.counts
    huts = state.huts
    table = move_table(board.size)
    next_seat = _next_seats(state)
    live = live_territories(state)
    index = [0] * len(counts)
    for i, t in enumerate(live):
        index[t] = i
    size = len(live)
    span = float(size)  # size, as a float: a float times a float is the cheaper product
    occupied, turn, ply, seat = state.occupied, state.turn, state.ply, state.to_move
    while True:
        while True:  # draw_hut_move
            src = live[floor(rand() * span)]
            around = neighbours[src]
            dst = around[floor(rand() * spans[src])]
            n = counts[src]
            if MAY_MOVE[n][counts[dst]]:
                break
        source, target = huts[src], huts[dst]
        # One add per clan: half the cost of a loop or ``map(add, ...)`` over the CLAN_COUNT (5) clans.
        red, blue, green, yellow, black = source
        target[0] += red
        target[1] += blue
        target[2] += green
        target[3] += yellow
        target[4] += black
        source[:] = _NO_HUTS
        counts[dst] += n
        counts[src] = 0
        occupied &= ~(1 << src)
        turn += 1
        ply += 1
        size -= 1
        span -= 1.0
        last = live[size]
        if last != src:
            live[index[src]] = last
            index[last] = index[src]
        founded = None  # villages_founded: the neighbours left without an occupied neighbour
        for t in around:
            if counts[t] and not occupied & masks[t]:
                size -= 1
                span -= 1.0
                last = live[size]
                if last != t:
                    live[index[t]] = last
                    index[last] = index[t]
                if founded is None:
                    founded = [t]
                else:
                    founded.append(t)
        if founded is not None or not size:
            state.occupied, state.turn, state.ply, state.to_move = occupied, turn, ply, seat
            state.last_move = table[src][dst]
            if founded is not None and len(founded) > 1:
                state.phase = Phase.ORDER
                state.pending = tuple(founded)
                while state.phase is Phase.ORDER:  # the village choices end the turn themselves
                    apply(state, draw_village_choice(state, rand))
                if state.phase is Phase.OVER:
                    return
                occupied, ply, seat = state.occupied, state.ply, state.to_move
                continue
            if founded is not None:
                found_village(state, founded[0])
                if state.phase is Phase.OVER:
                    return
                occupied = state.occupied
            if not size:
                end_game(state, EndReason.NO_MOVES)
                return
        seat = next_seat[seat]


_SPANS: dict[int, tuple[Board, tuple[float, ...]]] = {}
"""Each board's neighbour counts as floats, by ``id`` (the board kept alive beside them)."""


def _spans(board: Board) -> tuple[float, ...]:
    """How many neighbours each territory has, as floats: a draw multiplies a random float by it."""
    known = _SPANS.get(id(board))
    if known is not None and known[0] is board:
        return known[1]
    spans = tuple(float(len(around)) for around in board.neighbours)
    if len(_SPANS) < 64:
        _SPANS[id(board)] = (board, spans)
    return spans


def _next_seats(state: GameState) -> list[int]:
    """The seat moving after each seat: the next one that has not resigned (nobody resigns in a playout)."""
    players = state.players
    following = []
    for seat in range(players):
        for _ in range(players):
            seat = (seat + 1) % players
            if not state.resigned[seat]:
                break
        following.append(seat)
    return following


def draw_village_choice(state: GameState, rand: Callable[[], float]) -> Move:
    """A random choice of the next village to found, while the mover orders several (Phase.ORDER)."""
    pending = state.pending
    choice = pending[floor(rand() * len(pending))]
    return move_table(state.board.size)[choice][choice]


def draw_hut_move(
    live: list[int], neighbours: tuple[tuple[int, ...], ...], counts: list[int], rand: Callable[[], float]
) -> tuple[int, int]:
    """A random legal hut move: a random live territory, then a random neighbour, until one is legal.

    ``live`` must hold the occupied territories that have an occupied neighbour (non-empty while a
    hut move exists, so this always ends).
    """
    while True:
        src = live[floor(rand() * len(live))]
        around = neighbours[src]
        dst = around[floor(rand() * len(around))]
        if MAY_MOVE[counts[src]][counts[dst]]:
            return src, dst
