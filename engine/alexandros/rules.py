"""The rules of Alexandros (docs/RULES.md A1-A8) as plain functions over a GameState: setup, the checked
``play`` and replay. The legal actions are in ``legal``, the fast ``apply`` in ``turns``."""

from __future__ import annotations

import random
from collections.abc import Iterable

from engine.alexandros.actions import (
    HAND,
    SUPPLY,
    Action,
    ChoosePath,
    Give,
    IllegalAction,
    MoveAlexander,
    Occupy,
    Resign,
    TakeBack,
    TakeCard,
    TakeOver,
    Tax,
    Why,
)
from engine.alexandros.board import CARDS_PER_SYMBOL, GUARDS, SYMBOLS, Board, Symbol, load_board
from engine.alexandros.geometry import point_distances, provinces
from engine.alexandros.legal import closest_empty, give_choices, occupation_cost, province_spaces, wall_options
from engine.alexandros.state import MAX_PLAYERS, MIN_PLAYERS, GameState, Outcome, Phase
from engine.alexandros.turns import apply, result


def new_game(players: int, seed: int, board: Board | None = None) -> GameState:
    """Set up a game (docs/RULES.md A3): all randomness comes from ``seed``."""
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Alexandros is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"The seed must be a whole number, not {seed!r}")
    board = board or load_board()
    rng = random.Random(seed)
    deck = [s for s in SYMBOLS for _ in range(CARDS_PER_SYMBOL)]
    rng.shuffle(deck)
    hands = [[0] * len(SYMBOLS) for _ in range(players)]
    for hand in hands:
        hand[deck.pop()] += 1
    face_up: list[Symbol | None] = [deck.pop(), deck.pop()]
    state = GameState(
        board=board,
        players=players,
        seed=seed,
        walls=0,
        red=0,
        black_left=board.black_walls,
        red_left=board.red_walls,
        alexander_point=board.start_point,
        alexander_space=board.start_space,
        guards=[-1] * board.space_count,
        guards_left=[GUARDS] * players,
        hands=hands,
        face_up=face_up,
        supply=deck,
        discard=[],
        reshuffles=0,
        scores=[0] * players,
        to_move=rng.randrange(players),
        resigned=[False] * players,
        province=provinces(board, 0),
    )
    return state


# --- the checked path ------------------------------------------------------------------------------------


def check(state: GameState, action: Action, seat: int | None = None) -> None:
    """Raise IllegalAction (a code and facts) unless ``action`` is legal now, for ``seat`` when given."""
    if state.phase is Phase.OVER:
        raise IllegalAction(Why.GAME_OVER)
    if isinstance(action, Resign):
        if not 0 <= action.seat < state.players or state.resigned[action.seat]:
            raise IllegalAction(Why.NOT_A_PLAYER, seat=action.seat)
        if seat is not None and seat != action.seat:
            raise IllegalAction(Why.NOT_YOUR_TURN, seat=seat)
        return
    if seat is not None and seat != state.to_move:
        raise IllegalAction(Why.NOT_YOUR_TURN, seat=seat, to_move=state.to_move)
    wanted = {
        MoveAlexander: Phase.MOVE,
        ChoosePath: Phase.PATH,
        Give: Phase.GIVE,
    }.get(type(action), Phase.ACTIONS)
    if state.phase is not wanted:
        raise IllegalAction(Why.WRONG_PHASE, phase=state.phase.value, wanted=wanted.value)
    if isinstance(action, MoveAlexander):
        _check_move(state, action)
    elif isinstance(action, ChoosePath):
        if action.walls not in wall_options(state, state.path_from, state.alexander_point):
            raise IllegalAction(Why.NOT_A_SHORTEST_PATH, walls=action.walls)
    elif isinstance(action, Give):
        if action.cards not in give_choices(state.give_from):
            raise IllegalAction(Why.WRONG_GIVE, cards=action.cards, size=(len(state.give_from) + 1) // 2)
    elif isinstance(action, TakeCard):
        if action.slot == SUPPLY:
            if not (state.supply or state.discard):
                raise IllegalAction(Why.NO_SUCH_CARD, slot=action.slot)
        elif action.slot not in (0, 1) or state.face_up[action.slot] is None:
            raise IllegalAction(Why.NO_SUCH_CARD, slot=action.slot)
    elif isinstance(action, Occupy | TakeOver):
        _check_occupation(state, action)
    elif isinstance(action, Tax):
        _check_guard(state, action.space)
        if state.taxed:
            raise IllegalAction(Why.ALREADY_TAXED)
        symbol = state.board.symbol[action.space]
        assert symbol is not None
        if not state.hands[state.to_move][symbol]:
            raise IllegalAction(Why.MISSING_CARDS, cards=(symbol,))
    elif isinstance(action, TakeBack):
        _check_guard(state, action.space)


def _check_space(state: GameState, space: int) -> None:
    if not 0 <= space < state.board.space_count:
        raise IllegalAction(Why.NO_SUCH_SPACE, space=space)


def _check_guard(state: GameState, space: int) -> None:
    _check_space(state, space)
    if state.guards[space] != state.to_move:
        raise IllegalAction(Why.NOT_YOUR_GUARD, space=space)


def _check_move(state: GameState, move: MoveAlexander) -> None:
    board = state.board
    dist = point_distances(board, state.alexander_point)
    nearest = closest_empty(state, dist)
    if move.card == HAND:
        if not state.hands[state.to_move][move.symbol]:
            raise IllegalAction(Why.NO_SUCH_CARD, card=move.card, symbol=move.symbol)
    elif move.card not in (0, 1) or state.face_up[move.card] is None:
        raise IllegalAction(Why.NO_SUCH_CARD, card=move.card)
    elif state.face_up[move.card] != move.symbol and state.face_up[move.card] in nearest:
        raise IllegalAction(Why.NOT_A_JOKER, card=move.card, symbol=state.face_up[move.card])
    if move.symbol not in nearest:
        raise IllegalAction(Why.NO_EMPTY_SPACE, symbol=move.symbol)
    _check_space(state, move.space)
    spaces = nearest[move.symbol][1]
    if move.space not in spaces:
        raise IllegalAction(Why.NOT_CLOSEST, space=move.space, symbol=move.symbol, closest=tuple(spaces))
    if move.point not in board.space_points[move.space]:
        raise IllegalAction(Why.NOT_A_POINT_OF_SPACE, space=move.space, point=move.point)
    if dist[move.point] > state.black_left + state.red_left and not wall_options(
        state, state.alexander_point, move.point
    ):
        raise IllegalAction(Why.NOT_ENOUGH_WALLS, point=move.point, red_left=state.red_left)


def _check_occupation(state: GameState, action: Occupy | TakeOver) -> None:
    guards = action.guards
    if not guards or list(guards) != sorted(set(guards)):
        raise IllegalAction(Why.NOT_CANONICAL, spaces=guards)
    for space in guards:
        _check_space(state, space)
        if state.board.symbol[space] is None:
            raise IllegalAction(Why.NOT_A_SYMBOL_SPACE, space=space)
    if len({state.province[s] for s in guards}) > 1:
        raise IllegalAction(Why.NOT_ONE_PROVINCE, spaces=guards)
    seat = state.to_move
    owners = {state.guards[s] for s in province_spaces(state, guards[0]) if state.guards[s] >= 0}
    if isinstance(action, Occupy) and owners:
        raise IllegalAction(Why.PROVINCE_OCCUPIED, owner=min(owners))
    if isinstance(action, TakeOver):
        if not owners:
            raise IllegalAction(Why.PROVINCE_FREE)
        if seat in owners:
            raise IllegalAction(Why.OWN_PROVINCE)
    if len(guards) > state.guards_left[seat]:
        raise IllegalAction(Why.NOT_ENOUGH_GUARDS, needed=len(guards), left=state.guards_left[seat])
    cost = occupation_cost(state, guards)
    hand = state.hands[seat]
    missing = tuple(s for s in SYMBOLS for _ in range(max(0, cost.count(s) - hand[s])))
    if missing:
        raise IllegalAction(Why.MISSING_CARDS, cards=missing)


def play(state: GameState, action: Action, seat: int | None = None) -> Outcome:
    """The checked path: raise IllegalAction, or apply ``action`` and say what it did."""
    check(state, action, seat)
    actor = action.seat if isinstance(action, Resign) else state.to_move
    walls, red, scores = state.walls, state.red, list(state.scores)
    apply(state, action)
    sides = range(len(state.board.sides))
    return Outcome(
        seat=actor,
        walls=tuple(s for s in sides if (state.walls & ~walls) >> s & 1),
        red=tuple(s for s in sides if (state.red & ~red) >> s & 1),
        scored=tuple(after - before for after, before in zip(state.scores, scores, strict=True)),
        phase=state.phase,
        result=result(state),
    )


def replay(players: int, seed: int, actions: Iterable[Action], board: Board | None = None) -> GameState:
    """state = replay(seed, actions): the action log is the source of truth."""
    state = new_game(players, seed, board)
    for action in actions:
        apply(state, action)
    return state
