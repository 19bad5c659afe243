"""Alexandros: the fast path, an action known to be legal applied to the state (replays, search), with the
card supply, the turn's end and both endings (docs/RULES.md A3-A8)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.alexandros.actions import (
    HAND,
    SUPPLY,
    Action,
    ChoosePath,
    EndTurn,
    Give,
    MoveAlexander,
    Occupy,
    TakeBack,
    TakeCard,
    TakeOver,
    Tax,
)
from engine.alexandros.board import Symbol
from engine.alexandros.geometry import along_path, provinces_after
from engine.alexandros.legal import (
    alexander_moves,
    give_choices,
    occupation_cost,
    province_spaces,
    tax_income,
    wall_options,
)
from engine.alexandros.state import MIN_PLAYERS, WIN_POINTS, EndReason, GameState, Phase, Result


def apply(state: GameState, action: Action) -> None:
    """Apply a legal action without checking it (search and replay)."""
    state.ply += 1
    if isinstance(action, MoveAlexander):
        _move_alexander(state, action)
    elif isinstance(action, ChoosePath):
        _build(state, action.walls)
    elif isinstance(action, TakeCard):
        _take_card(state, action.slot)
    elif isinstance(action, Occupy | TakeOver):
        _occupy(state, action.guards)
    elif isinstance(action, Give):
        _give(state, action.cards)
    elif isinstance(action, Tax):
        _tax(state, action.space)
    elif isinstance(action, TakeBack):
        state.guards[action.space] = -1
        state.guards_left[state.to_move] += 1
        _action_done(state)
    elif isinstance(action, EndTurn):
        _end_turn(state)
    else:
        _resign(state, action.seat)


def draw(state: GameState) -> Symbol | None:
    """The top card of the supply; an empty supply first takes the discard pile, shuffled (A3.3)."""
    if not state.supply and state.discard:
        state.reshuffles += 1
        # Sorted first, so the new supply depends on the seed, the count and the pile's cards only.
        pile = sorted(state.discard)
        random.Random(f"alexandros:{state.seed}:{state.reshuffles}").shuffle(pile)
        state.supply = pile
        state.discard = []
    return state.supply.pop() if state.supply else None


def _move_alexander(state: GameState, move: MoveAlexander) -> None:
    seat = state.to_move
    if move.card == HAND:
        state.hands[seat][move.symbol] -= 1
        state.discard.append(move.symbol)
    else:
        card = state.face_up[move.card]
        assert card is not None
        state.hands[seat][card] += 1
        state.face_up[move.card] = draw(state)
    state.path_from = state.alexander_point
    state.alexander_point = move.point
    state.alexander_space = move.space
    options = wall_options(state, state.path_from, move.point)
    if len(options) == 1:
        _build(state, options[0])
    else:
        state.phase = Phase.PATH


def _build(state: GameState, walls: Sequence[int]) -> None:
    if len(walls) > state.black_left:
        # The black walls run out on the way: red ones complete the path, on its last sides (A7.1).
        walls = along_path(state.board, state.path_from, walls)
    for side in walls:
        bit = 1 << side
        state.walls |= bit
        if state.black_left:
            state.black_left -= 1
        else:
            state.red_left -= 1
            state.red |= bit
            state.last_turn = True
    if walls:
        state.province = provinces_after(state.board, state.province, state.walls, walls)
    state.path_from = -1
    state.phase = Phase.ACTIONS
    state.actions_left = 2


def _take_card(state: GameState, slot: int) -> None:
    hand = state.hands[state.to_move]
    if slot == SUPPLY:
        card = draw(state)
        assert card is not None
        hand[card] += 1
    else:
        card = state.face_up[slot]
        assert card is not None
        hand[card] += 1
        state.face_up[slot] = None
        state.refill.append(slot)
    _action_done(state)


def _occupy(state: GameState, guards: Sequence[int]) -> None:
    seat = state.to_move
    cost = occupation_cost(state, guards)
    loser = -1
    for s in province_spaces(state, guards[0]):
        owner = state.guards[s]
        if owner >= 0:
            loser = owner
            state.guards_left[owner] += 1
            state.guards[s] = -1
    for s in guards:
        state.guards[s] = seat
    state.guards_left[seat] -= len(guards)
    hand = state.hands[seat]
    for card in cost:
        hand[card] -= 1
    if loser >= 0 and state.players > 2 and not state.resigned[loser]:
        state.give_to = loser
        state.give_from = cost
        if len(set(cost)) == 1:  # cards of one symbol: nothing to choose (docs/RULES.md A5.7)
            _give(state, cost[: (len(cost) + 1) // 2])
        else:
            state.phase = Phase.GIVE
        return
    state.discard.extend(cost)
    _action_done(state)


def _give(state: GameState, cards: Sequence[Symbol]) -> None:
    rest = list(state.give_from)
    hand = state.hands[state.give_to]
    for card in cards:
        rest.remove(card)
        hand[card] += 1
    state.discard.extend(rest)
    state.give_to = -1
    state.give_from = []
    state.phase = Phase.ACTIONS
    _action_done(state)


def _tax(state: GameState, space: int) -> None:
    symbol = state.board.symbol[space]
    assert symbol is not None
    state.hands[state.to_move][symbol] -= 1
    state.discard.append(symbol)
    state.taxed = True
    income = tax_income(state)
    # Everyone scores, the levying player first, then in turn order; the game ends after the whole levy.
    for k in range(state.players):
        seat = (state.to_move + k) % state.players
        if not state.resigned[seat]:
            state.scores[seat] += income[seat]
    if max(state.scores) >= WIN_POINTS:
        _finish(state, EndReason.HUNDRED)
        return
    _action_done(state)


def _action_done(state: GameState) -> None:
    state.actions_left -= 1
    if state.actions_left <= 0:
        _end_turn(state)


def _end_turn(state: GameState) -> None:
    for slot in range(len(state.face_up)):
        if state.face_up[slot] is None:
            state.face_up[slot] = draw(state)
    state.refill = []
    state.turn += 1
    state.taxed = False
    state.actions_left = 0
    if state.last_turn:
        _finish(state, EndReason.RED_WALLS)
        return
    seat = state.to_move
    for _ in range(state.players):
        seat = (seat + 1) % state.players
        if not state.resigned[seat]:
            break
    state.to_move = seat
    state.phase = Phase.MOVE
    if not alexander_moves(state):
        _finish(state, EndReason.STUCK)


def _resign(state: GameState, seat: int) -> None:
    state.resigned[seat] = True
    for s, g in enumerate(state.guards):
        if g == seat:
            state.guards[s] = -1
            state.guards_left[seat] += 1
    if sum(not r for r in state.resigned) < MIN_PLAYERS:
        _finish(state, EndReason.RESIGNATIONS)
        return
    if seat == state.give_to:
        state.discard.extend(state.give_from)
        state.give_from = []
        state.give_to = -1
        state.phase = Phase.ACTIONS
        _action_done(state)
    elif seat == state.to_move:
        if state.phase is Phase.PATH:
            _build(state, wall_options(state, state.path_from, state.alexander_point)[0])
        if state.phase is Phase.GIVE:
            _give(state, give_choices(state.give_from)[0])
        if state.phase is not Phase.OVER and state.to_move == seat:
            _end_turn(state)


def _finish(state: GameState, reason: EndReason) -> None:
    state.phase = Phase.OVER
    state.end_reason = reason
    state.actions_left = 0


def result(state: GameState) -> Result | None:
    """Scores, winner(s) and why the game ended; None while it runs."""
    if state.end_reason is None:
        return None
    return Result(
        scores=tuple(state.scores),
        winners=winners(state.scores, state.resigned),
        reason=state.end_reason,
        rounds=state.round,
    )


def winners(scores: Sequence[int], resigned: Sequence[bool]) -> tuple[int, ...]:
    """The seats with the most points among those who did not resign (several on a tie: docs/RULES.md A7.5)."""
    live = [s for s in range(len(scores)) if not resigned[s]]
    top = max((scores[s] for s in live), default=0)
    return tuple(s for s in live if scores[s] == top)
