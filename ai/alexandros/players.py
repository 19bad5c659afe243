"""The two levels that judge one deal of the unseen cards (``engine.sample_state``).

- ``easy``: one step at a time. Alexander's move and the wall path by the position they leave (sometimes
  a random move instead), then each action by the position it leaves, with noise.
- ``normal``: the whole turn (``search.TurnSearch``): every move of Alexander and every wall path judged by
  its best action, the best few through both actions, and the turn with the best end position is played.
  It plans again at every call, so a card drawn on the way changes the plan.
"""

from __future__ import annotations

import random

from ai.alexandros.evaluate import NORMAL, Weights, evaluate
from ai.alexandros.search import TurnSearch, after, choose_give, distinct
from engine.alexandros import Action, GameState, Phase, legal_actions

BEAM = 6
"""Normal: the moves of Alexander (with their wall paths) searched through both actions."""
FOLLOW_UP = 8
"""Normal: the first actions of a turn searched through the second one as well."""
EASY_RANDOM_MOVE = 0.35
"""Easy: how often Alexander goes to a random legal destination."""
EASY_NOISE = 3.0
"""Easy: the spread (points) of the noise on every judgement."""


def choose_easy(
    state: GameState,
    seat: int,
    rng: random.Random,
    weights: Weights = NORMAL,
    noise: float = EASY_NOISE,
    random_move: float = EASY_RANDOM_MOVE,
) -> Action:
    actions = legal_actions(state)
    if state.phase is Phase.GIVE:
        return rng.choice(actions)
    if state.phase is Phase.MOVE and rng.random() < random_move:
        return rng.choice(actions)
    return max(
        distinct(state, actions),
        key=lambda a: evaluate(after(state, a, seat), seat, weights) + rng.gauss(0, noise),
    )


def normal_search(seat: int, rng: random.Random, weights: Weights = NORMAL) -> TurnSearch:
    return TurnSearch(seat, weights, rng, beam=BEAM, follow=FOLLOW_UP)


def choose_normal(state: GameState, seat: int, rng: random.Random, weights: Weights = NORMAL) -> Action:
    if state.phase is Phase.GIVE:
        return choose_give(state)
    return normal_search(seat, rng, weights).lines(state)[0].first
