"""What one player's private board shows: their own clan and the territories they can move from now."""

from __future__ import annotations

from dataclasses import dataclass

from engine.clans import Clan, GameState, Move, Phase, legal_moves


@dataclass(frozen=True)
class PrivateBoard:
    clan: Clan | None
    """The viewer's own clan, or None for someone without a seat."""
    movable: frozenset[int]
    """The territories the viewer can move from: empty unless it is their hut move."""


def private_board(state: GameState, seat: int | None) -> PrivateBoard:
    """For the holder of ``seat`` only (their ephemeral ``/clans board``): never for a public image."""
    if seat is None:
        return PrivateBoard(None, frozenset())
    movable: frozenset[int] = frozenset()
    if state.phase is Phase.MOVE and state.to_move == seat and not state.resigned[seat]:
        movable = frozenset(m.src for m in legal_moves(state) if isinstance(m, Move))
    return PrivateBoard(state.clans[seat], movable)
