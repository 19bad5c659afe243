"""Players that are not AI levels, for the benches to measure the levels against.

- ``random``: a uniform legal move (the floor).
- ``novice``: a stand-in for a first-time player who has read the rule sheet and nothing more: it plays
  the move that founds the villages worth most to its own clan now (the villages' points for its clan plus
  the chips it takes), and a random move when no move founds anything worth a point. It plays its clan
  openly and reads nobody.
"""

from __future__ import annotations

import random

from engine.clans import GameState, Move, Phase, apply, legal_moves, villages_founded

STAND_INS = ("random", "novice")


def stand_in_move(player: str, state: GameState, seed: int, ply: int) -> Move:
    """The move of the stand-in ``player`` for the seat to move (the bench's state, clans and all)."""
    rng = random.Random(f"{seed}:{ply}")
    moves = legal_moves(state)
    if player == "random":
        return rng.choice(moves)
    if player != "novice":
        raise ValueError(f"No stand-in called {player!r}")
    seat = state.to_move
    clan = state.clans[seat]
    best: Move | None = None
    best_value = 0
    for move in moves:
        if state.phase is Phase.MOVE and not villages_founded(state, move.src):
            continue
        after = state.copy()
        apply(after, move)
        value = after.scores[clan] - state.scores[clan] + after.chips[seat] - state.chips[seat]
        if value > best_value:
            best, best_value = move, value
    return best if best is not None else rng.choice(moves)
