"""AI players for Alexandros: three levels over the public view and the AI's own hand.

The AI never sees another hand, the supply's order or the game's seed: it samples them from what it
cannot account for, with its own seed (the engine's ``sample_state``).
"""

from __future__ import annotations

import random
from typing import Literal, get_args

from ai.alexandros.hard import choose_hard
from ai.alexandros.players import choose_easy, choose_normal
from engine.alexandros import Action, Phase, PrivateView, sample_state

AlexandrosLevel = Literal["easy", "normal", "hard"]
"""An Alexandros AI level, weakest first."""
AI_LEVELS: tuple[AlexandrosLevel, ...] = get_args(AlexandrosLevel)
AUTOPILOT_LEVEL: AlexandrosLevel = "normal"
"""The level that plays for a player whose turn timed out (hands are secret, but there is no hidden identity a
strong move could give away): normal, quick and strong; hard's search is kept for the seats that asked for it."""

__all__ = ["AI_LEVELS", "AUTOPILOT_LEVEL", "AlexandrosLevel", "choose_action"]


def choose_action(level: str, mine: PrivateView, seed: int) -> Action:
    """The action of the AI at ``mine.seat``, which must be the seat to move, in any phase of the turn.

    ``mine`` is that seat's private view (the public view and its own hand). The choice depends only on
    ``mine``, ``seed`` and the level, and is always legal. ``seed`` drives the AI's own sampling only: it
    must not be the game's setup seed.
    """
    if level not in AI_LEVELS:
        raise ValueError(f"Unknown Alexandros AI level {level!r}: choose one of {', '.join(AI_LEVELS)}")
    view = mine.public
    if view.phase is Phase.OVER:
        raise ValueError("The game is over: there is nothing to choose")
    if view.to_move != mine.seat:
        raise ValueError(f"It is seat {view.to_move}'s turn, not seat {mine.seat}'s")
    rng = random.Random(f"alexandros:{seed}:{view.ply}:{mine.seat}:{level}")
    if level == "hard":
        return choose_hard(mine, rng)
    state = sample_state(mine, rng)
    if level == "easy":
        return choose_easy(state, mine.seat, rng)
    return choose_normal(state, mine.seat, rng)
