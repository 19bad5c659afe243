"""A position played out move by move with its live territories kept, for playouts that choose their moves."""

from __future__ import annotations

from engine.clans.hutmoves import live_territories, move_table
from engine.clans.playout import _next_seats
from engine.clans.rules import end_game, found_village
from engine.clans.state import EndReason, GameState, Phase

_NO_HUTS = (0, 0, 0, 0, 0)


class LiveTracker:
    """``state``'s live territories (``live_territories``), kept as hut moves are played through ``move``.

    A hut move empties its source and isolates exactly the neighbours it turns into villages, so they are
    what leaves ``live``; village choices (``apply`` in Phase.ORDER) found territories already isolated and
    change nothing here. ``live`` stays ascending, as ``live_territories`` lists it, so draws indexed into it
    (``draw_hut_move``) pick what they would pick from a fresh listing. ``lonely`` marks (one bit per
    territory) the live territories with a single occupied neighbour: each becomes a village when that
    neighbour moves away, whatever the move (``founding_moves``).
    """

    __slots__ = ("_following", "_table", "live", "lonely", "state")

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.live = live_territories(state)
        occupied = state.occupied
        masks = state.board.neighbour_mask
        lonely = 0
        for t in self.live:
            near = occupied & masks[t]
            if not near & (near - 1):
                lonely |= 1 << t
        self.lonely = lonely
        self._following = _next_seats(state)
        self._table = move_table(state.board.size)

    def founding_sources(self) -> list[int]:
        """The territories a hut move founds villages from (``villages_founded`` is not empty), each once, in
        the order ``founding_moves`` first lists a move from them (one may have no legal move: 7+ huts whose
        neighbours are all smaller)."""
        occupied = self.state.occupied
        masks = self.state.board.neighbour_mask
        rest = self.lonely
        seen = 0
        sources: list[int] = []
        while rest:
            low = rest & -rest
            rest ^= low
            near = occupied & masks[low.bit_length() - 1]
            if not near & seen:
                seen |= near
                sources.append(near.bit_length() - 1)
        return sources

    def move(self, src: int, dst: int) -> None:
        """``apply(state, Move(src, dst))`` for a legal hut move in Phase.MOVE, keeping ``live`` and ``lonely``."""
        state = self.state
        huts = state.huts
        counts = state.counts
        source, target = huts[src], huts[dst]
        red, blue, green, yellow, black = source
        target[0] += red
        target[1] += blue
        target[2] += green
        target[3] += yellow
        target[4] += black
        source[:] = _NO_HUTS
        counts[dst] += counts[src]
        counts[src] = 0
        occupied = state.occupied & ~(1 << src)
        state.occupied = occupied
        state.ply += 1
        state.turn += 1
        state.last_move = self._table[src][dst]
        board = state.board
        live = self.live
        live.remove(src)
        lonely = self.lonely & ~(1 << src)
        masks = board.neighbour_mask
        founded: list[int] | None = None
        for t in board.neighbours[src]:
            if counts[t]:
                near = occupied & masks[t]
                if not near:
                    live.remove(t)
                    lonely &= ~(1 << t)
                    if founded is None:
                        founded = [t]
                    else:
                        founded.append(t)
                elif not near & (near - 1):
                    lonely |= 1 << t
        self.lonely = lonely
        if founded is not None:
            if len(founded) > 1:
                state.phase = Phase.ORDER
                state.pending = tuple(founded)
                return
            found_village(state, founded[0])
            if state.phase is Phase.OVER:
                return
        if not live:
            end_game(state, EndReason.NO_MOVES)
            return
        state.to_move = self._following[state.to_move]
