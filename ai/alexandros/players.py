"""The two levels. Both search a state sampled from the AI's own knowledge (engine.alexandros.sample_state).

- ``easy``: one step at a time. Alexander's move and the wall path by the position they leave (sometimes
  a random move instead), then each action by the position it leaves, with noise.
- ``normal``: the whole turn. Every move of Alexander and every wall path are scored by the position they
  leave; the best few are searched through both actions (every pair), and the turn with the best end
  position is played. It plans again at every call, so a card drawn on the way changes the plan.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ai.alexandros.evaluate import evaluate
from engine.alexandros import (
    SUPPLY,
    Action,
    EndTurn,
    GameState,
    Give,
    Occupy,
    Phase,
    Symbol,
    TakeCard,
    TakeOver,
    Tax,
    apply,
    give_choices,
    legal_actions,
    levy_symbols,
)

BEAM = 6
"""Normal: the moves of Alexander (with their wall paths) searched through both actions."""
FOLLOW_UP = 10
"""Normal: the first actions of a turn searched through the second one as well."""
HOLD = 100
"""Added to the actions left while the search applies one, so the engine never ends the turn."""
SAME_PROVINCE = 3
"""Occupations of one province with the same number of guards judged (the rest differ in the cards paid)."""
EASY_RANDOM_MOVE = 0.3
"""Easy: how often Alexander goes to a random legal destination."""
EASY_NOISE = 1.5
"""Easy: the spread (points) of the noise on every judgement."""


def after(state: GameState, action: Action, seat: int, rng: random.Random) -> GameState:
    """The state after ``action``; a take-over's cards to give back are chosen at once, as the AI would.

    The turn is never handed on: the position is judged as the turn leaves it (``actions_left`` 0). Ending
    a turn makes the engine look for the next player's moves, and with few walls left that means listing
    long wall paths: seconds of CPU over a search's thousand leaves, for nothing the judgement reads."""
    copy = state.copy()
    if isinstance(action, EndTurn):
        copy.actions_left = 0
        return copy
    holding = copy.phase is Phase.ACTIONS
    if holding:
        copy.actions_left += HOLD
    apply(copy, action)
    if copy.phase is Phase.GIVE and copy.to_move == seat:
        apply(copy, choose_give(copy, rng))
    if holding and copy.phase is Phase.ACTIONS:
        copy.actions_left -= HOLD
    return copy


def choose_give(state: GameState, rng: random.Random) -> Give:
    """Hand the loser the cards least useful to them: not the symbols under their guards (they would levy
    with them), nor two of a symbol under one of our guards (they would take it over)."""
    loser = state.give_to
    theirs = levy_symbols(state, loser)
    ours = {int(s) for s, g in enumerate(state.guards) if g == state.to_move}
    our_symbols = {int(sym) for s in ours if (sym := state.board.symbol[s]) is not None}

    def harm(cards: tuple[Symbol, ...]) -> float:
        return sum(2.0 if c in theirs else 1.0 if c in our_symbols else 0.0 for c in cards) + rng.random() * 0.1

    return Give(min(give_choices(state.give_from), key=harm))


def distinct(state: GameState, actions: list[Action]) -> list[Action]:
    """The choices worth judging: taking either of two alike face-up cards is one choice, so is levying with
    either of two guards on alike symbols (the same card pays), and of the ways to
    occupy (or take over) one province with as many guards, which differ only in the cards paid, a few.
    A big hand and a big province give thousands of those, and the search would judge every pair."""
    seen: dict[object, int] = {}
    kept: list[Action] = []
    for action in actions:
        key: object = action
        limit = 1
        if isinstance(action, TakeCard) and action.slot != SUPPLY:
            key = ("card", state.face_up[action.slot])
        elif isinstance(action, Tax):
            key = ("tax", state.board.symbol[action.space])
        elif isinstance(action, Occupy | TakeOver):
            key = (type(action), state.province[action.guards[0]], len(action.guards))
            limit = SAME_PROVINCE
        if seen.get(key, 0) < limit:
            seen[key] = seen.get(key, 0) + 1
            kept.append(action)
    return kept


def best_by(actions: list[Action], score: Callable[[Action], float]) -> Action:
    return max(actions, key=score)


# --- easy ------------------------------------------------------------------------------------------------


def choose_easy(state: GameState, seat: int, rng: random.Random) -> Action:
    actions = legal_actions(state)
    if state.phase is Phase.GIVE:
        return rng.choice(actions)
    if state.phase is Phase.MOVE and rng.random() < EASY_RANDOM_MOVE:
        return rng.choice(actions)
    return best_by(
        distinct(state, actions), lambda a: evaluate(after(state, a, seat, rng), seat) + rng.gauss(0, EASY_NOISE)
    )


# --- normal ----------------------------------------------------------------------------------------------


def choose_normal(state: GameState, seat: int, rng: random.Random) -> Action:
    if state.phase is Phase.GIVE:
        return choose_give(state, rng)
    if state.phase is Phase.ACTIONS:
        return best_actions(state, seat, rng)[1] or EndTurn()
    # Alexander's move or the wall path: score each by the position it leaves, search the best through
    # both actions.
    starts: list[tuple[float, Action, GameState]] = []
    for action in legal_actions(state):
        for first, reached in _to_actions(state, action, seat, rng):
            starts.append((evaluate(reached, seat) + rng.random() * 1e-3, first, reached))
    starts.sort(key=lambda t: -t[0])
    best: tuple[float, Action] | None = None
    for _, first, reached in starts[:BEAM]:
        value = best_actions(reached, seat, rng)[0] if _mine(reached, seat) else evaluate(reached, seat)
        if best is None or value > best[0]:
            best = (value, first)
    assert best is not None
    return best[1]


def _mine(state: GameState, seat: int) -> bool:
    return state.phase is Phase.ACTIONS and state.to_move == seat and state.actions_left > 0


def _to_actions(state: GameState, action: Action, seat: int, rng: random.Random) -> list[tuple[Action, GameState]]:
    """The states ``action`` can lead to before the two actions: one per wall path when it asks for one."""
    reached = after(state, action, seat, rng)
    if reached.phase is not Phase.PATH:
        return [(action, reached)]
    return [(action, after(reached, path, seat, rng)) for path in legal_actions(reached)]


def best_actions(state: GameState, seat: int, rng: random.Random) -> tuple[float, Action | None]:
    """The best value reachable with the actions left this turn, and the first action to get it. Every
    action is judged by the position it leaves; the best FOLLOW_UP of them also through the next action."""
    best: tuple[float, Action | None] = (evaluate(state, seat) if not state.actions_left else -1e9, None)
    judged: list[tuple[float, Action, GameState]] = []
    for action in distinct(state, legal_actions(state)):
        reached = after(state, action, seat, rng)
        judged.append((evaluate(reached, seat) + rng.random() * 1e-3, action, reached))
    judged.sort(key=lambda t: -t[0])
    for rank, (value, action, reached) in enumerate(judged):
        if rank < FOLLOW_UP and _mine(reached, seat):
            value = best_actions(reached, seat, rng)[0] + rng.random() * 1e-3
        if value > best[0]:
            best = (value, action)
    return best
