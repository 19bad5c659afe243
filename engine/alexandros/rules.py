"""The rules of Alexandros (docs/RULES.md A1-A8) as plain functions over a GameState: setup, the legal
actions in a fixed order, the fast ``apply`` and the checked ``play``."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from itertools import combinations

from engine.alexandros.actions import (
    HAND,
    SUPPLY,
    Action,
    ChoosePath,
    EndTurn,
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
from engine.alexandros.geometry import path_wall_sets, point_distances, provinces, space_distance
from engine.alexandros.state import EndReason, GameState, Outcome, Phase, Result

MIN_PLAYERS = 2
MAX_PLAYERS = 4
WIN_POINTS = 100
"""docs/RULES.md A7.2: the game ends at once when someone has this many points."""


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


# --- what is where ---------------------------------------------------------------------------------------


def is_empty(state: GameState, space: int) -> bool:
    """docs/RULES.md A4.1: no wall on any side, no guard and not Alexander's space."""
    if state.guards[space] >= 0 or space == state.alexander_space:
        return False
    walls = state.walls
    a, b, c = state.board.space_sides[space]
    return not (walls >> a & 1 or walls >> b & 1 or walls >> c & 1)


def closest_empty(state: GameState, dist: Sequence[int] | None = None) -> dict[Symbol, tuple[int, list[int]]]:
    """For every symbol with an empty space: the distance from Alexander to the closest ones, and those
    spaces in id order (docs/RULES.md A4.2)."""
    board = state.board
    if dist is None:
        dist = point_distances(board, state.alexander_point)
    best: dict[Symbol, tuple[int, list[int]]] = {}
    for space, symbol in enumerate(board.symbol):
        if symbol is None or not is_empty(state, space):
            continue
        d = space_distance(board, dist, space)
        found = best.get(symbol)
        if found is None or d < found[0]:
            best[symbol] = (d, [space])
        elif d == found[0]:
            found[1].append(space)
    return best


def province_spaces(state: GameState, space: int) -> list[int]:
    pid = state.province[space]
    return [s for s, p in enumerate(state.province) if p == pid]


def open_count(state: GameState, spaces: Iterable[int]) -> int:
    symbol = state.board.symbol
    return sum(1 for s in spaces if symbol[s] is None)


def tax_income(state: GameState) -> list[int]:
    """What every seat scores when taxes are levied now: the open spaces of each of their provinces held by
    exactly one guard (docs/RULES.md A6.3)."""
    guards_in: dict[int, list[int]] = {}
    for space, seat in enumerate(state.guards):
        if seat >= 0:
            guards_in.setdefault(state.province[space], []).append(seat)
    income = [0] * state.players
    symbol = state.board.symbol
    for pid, seats in guards_in.items():
        if len(seats) == 1:
            income[seats[0]] += sum(1 for s, p in enumerate(state.province) if p == pid and symbol[s] is None)
    return income


def wall_options(state: GameState, start: int, end: int) -> list[tuple[int, ...]]:
    """The distinct new-wall sets of the shortest paths from ``start`` to ``end`` that the walls left can
    build (docs/RULES.md A4.5, A7.3)."""
    budget = state.black_left + state.red_left
    return [w for w in path_wall_sets(state.board, state.walls, start, end) if len(w) <= budget]


# --- legal actions ---------------------------------------------------------------------------------------


def legal_actions(state: GameState) -> list[Action]:
    """Every legal action now, in a fixed order; empty once the game is over. Resignations are not listed
    (any seat still playing may resign at any time)."""
    if state.phase is Phase.MOVE:
        return list(alexander_moves(state))
    if state.phase is Phase.PATH:
        return [ChoosePath(w) for w in wall_options(state, state.path_from, state.alexander_point)]
    if state.phase is Phase.ACTIONS:
        return further_actions(state)
    if state.phase is Phase.GIVE:
        return [Give(c) for c in give_choices(state.give_from)]
    return []


def _move_cards(state: GameState, nearest: dict[Symbol, tuple[int, list[int]]]) -> list[tuple[int, Symbol]]:
    """(card, symbol) pairs Alexander may move with: face-up cards (any reachable symbol when a card is a
    joker: docs/RULES.md A4.7), then the special move with a hand card (A4.6)."""
    pairs: list[tuple[int, Symbol]] = []
    for slot, card in enumerate(state.face_up):
        if card is None:
            continue
        if card in nearest:
            pairs.append((slot, card))
        else:
            pairs.extend((slot, s) for s in SYMBOLS if s in nearest)
    hand = state.hands[state.to_move]
    pairs.extend((HAND, s) for s in SYMBOLS if hand[s] and s in nearest)
    return pairs


def alexander_moves(state: GameState) -> list[MoveAlexander]:
    board = state.board
    dist = point_distances(board, state.alexander_point)
    nearest = closest_empty(state, dist)
    budget = state.black_left + state.red_left
    moves: list[MoveAlexander] = []
    affordable: dict[int, bool] = {}
    for card, symbol in _move_cards(state, nearest):
        spaces = nearest[symbol][1]
        for space in spaces:
            for point in sorted(board.space_points[space]):
                ok = affordable.get(point)
                if ok is None:
                    # A path never places more walls than it has sides; only a short budget needs the paths.
                    ok = dist[point] <= budget or bool(wall_options(state, state.alexander_point, point))
                    affordable[point] = ok
                if ok:
                    moves.append(MoveAlexander(card, symbol, space, point))
    return moves


def further_actions(state: GameState) -> list[Action]:
    seat = state.to_move
    actions: list[Action] = [TakeCard(slot) for slot, card in enumerate(state.face_up) if card is not None]
    if state.supply or state.discard:
        actions.append(TakeCard(SUPPLY))
    occupy, takeover = occupations(state)
    actions.extend(Occupy(g) for g in occupy)
    actions.extend(TakeOver(g) for g in takeover)
    if not state.taxed:
        actions.extend(Tax(s) for s in taxable_spaces(state))
    actions.extend(TakeBack(s) for s, g in enumerate(state.guards) if g == seat)
    actions.append(EndTurn())
    return actions


def taxable_spaces(state: GameState) -> list[int]:
    seat = state.to_move
    hand = state.hands[seat]
    symbol = state.board.symbol
    count: dict[int, int] = {}
    for space, g in enumerate(state.guards):
        if g >= 0:
            count[state.province[space]] = count.get(state.province[space], 0) + 1
    spaces = []
    for space, g in enumerate(state.guards):
        sym = symbol[space]
        if g == seat and sym is not None and hand[sym] and count[state.province[space]] == 1:
            spaces.append(space)
    return spaces


def occupations(state: GameState) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """The guard placements of every legal occupation and take-over, each list in province, then guard
    order (docs/RULES.md A5.4 to A5.7)."""
    seat = state.to_move
    hand = state.hands[seat]
    cards = sum(hand)
    max_guards = state.guards_left[seat]
    board = state.board
    groups: dict[int, list[int]] = {}
    for space, pid in enumerate(state.province):
        if board.symbol[space] is not None:
            groups.setdefault(pid, []).append(space)
    occupy: list[tuple[int, ...]] = []
    takeover: list[tuple[int, ...]] = []
    if not max_guards:
        return occupy, takeover
    for pid in sorted(groups):
        spaces = groups[pid]
        owners = {state.guards[s] for s in spaces if state.guards[s] >= 0}
        if seat in owners:
            continue
        need = [0] * len(SYMBOLS)
        for s in spaces:
            sym = board.symbol[s]
            assert sym is not None
            need[sym] += 3 if state.guards[s] >= 0 else 1
        total = sum(need)
        # Each guard saves exactly one card; a placement is possible only if the hand covers the rest.
        deficit = [max(0, n - h) for n, h in zip(need, hand, strict=True)]
        short = sum(deficit)
        target = takeover if owners else occupy
        for g in range(max(1, short), min(max_guards, len(spaces)) + 1):
            if total - g > cards:
                continue
            for combo in combinations(spaces, g):
                if short:
                    saved = [0] * len(SYMBOLS)
                    for s in combo:
                        saved[board.symbol[s]] += 1  # type: ignore[index]
                    if any(d > v for d, v in zip(deficit, saved, strict=True)):
                        continue
                target.append(combo)
    return occupy, takeover


def give_choices(paid: Sequence[Symbol]) -> list[tuple[Symbol, ...]]:
    """Every distinct choice of half the paid cards, rounded up (docs/RULES.md A5.8), sorted."""
    counts = [0] * len(SYMBOLS)
    for c in paid:
        counts[c] += 1
    size = (len(paid) + 1) // 2
    found: list[tuple[Symbol, ...]] = []

    def pick(i: int, left: int, chosen: list[Symbol]) -> None:
        if i == len(SYMBOLS):
            if left == 0:
                found.append(tuple(chosen))
            return
        for n in range(min(counts[i], left) + 1):
            pick(i + 1, left - n, chosen + [SYMBOLS[i]] * n)

    pick(0, size, [])
    return sorted(found)


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
        if sum(1 for s in province_spaces(state, action.space) if state.guards[s] >= 0) != 1:
            raise IllegalAction(Why.NOT_A_LONE_GUARD, space=action.space)
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


def occupation_cost(state: GameState, guards: Sequence[int]) -> list[Symbol]:
    """The cards (sorted) occupying or taking over the province of ``guards`` with them costs: two per
    opponent guard, matching the space it stands on, then one per symbol space without a new guard."""
    cost: list[Symbol] = []
    symbol = state.board.symbol
    for s in province_spaces(state, guards[0]):
        sym = symbol[s]
        if sym is None:
            continue
        if state.guards[s] >= 0:
            cost += [sym, sym]
        if s not in guards:
            cost.append(sym)
    return sorted(cost)


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


# --- the fast path ---------------------------------------------------------------------------------------


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
        state.province = provinces(state.board, state.walls)
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
        choices = give_choices(cost)
        if len(choices) == 1:  # nothing to choose (docs/RULES.md A5.7)
            _give(state, choices[0])
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
    live = [s for s in range(state.players) if not state.resigned[s]]
    top = max(state.scores[s] for s in live)
    return Result(
        scores=tuple(state.scores),
        winners=tuple(s for s in live if state.scores[s] == top),
        reason=state.end_reason,
        rounds=state.round,
    )


def replay(players: int, seed: int, actions: Iterable[Action], board: Board | None = None) -> GameState:
    """state = replay(seed, actions): the action log is the source of truth."""
    state = new_game(players, seed, board)
    for action in actions:
        apply(state, action)
    return state
