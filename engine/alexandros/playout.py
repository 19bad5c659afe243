"""Random play to the end of the game: for tests, simulations and the AI's rollouts."""

from __future__ import annotations

import random

from engine.alexandros.actions import Action
from engine.alexandros.legal import legal_actions
from engine.alexandros.state import GameState
from engine.alexandros.turns import apply


def random_playout(state: GameState, rng: random.Random, limit: int = 100_000) -> list[Action]:
    """Play uniformly random legal actions until the game ends (or ``limit`` actions); returns them."""
    played: list[Action] = []
    while not state.over and len(played) < limit:
        action = rng.choice(legal_actions(state))
        apply(state, action)
        played.append(action)
    return played
