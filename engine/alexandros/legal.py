"""Alexandros: what is where (empty spaces, the closest ones, provinces, taxes) and the legal actions in a fixed
order (docs/RULES.md A2-A6)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

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
from engine.alexandros.board import SYMBOLS, Symbol
from engine.alexandros.geometry import path_wall_sets, point_distances, space_distance
from engine.alexandros.state import GameState, Phase

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


def tax_income(state: GameState) -> list[int]:
    """What every seat scores when taxes are levied now: the open spaces of each of their provinces held by
    exactly one guard (docs/RULES.md A6.3)."""
    return tax_outlook(state)[0]


def tax_outlook(state: GameState) -> tuple[list[int], list[set[Symbol]]]:
    """``tax_income`` and every seat's ``levy_symbols`` at once, in one pass over the guards (for the AI, which
    asks for both at every position it judges)."""
    province = state.province
    symbol = state.board.symbol
    # The seat holding each guarded province with a lone guard, or _CROWDED once a second guard shows up.
    holder: dict[int, int] = {}
    symbols: list[set[Symbol]] = [set() for _ in range(state.players)]
    for space, seat in enumerate(state.guards):
        if seat >= 0:
            pid = province[space]
            holder[pid] = _CROWDED if pid in holder else seat
            sym = symbol[space]
            if sym is not None:
                symbols[seat].add(sym)
    income = [0] * state.players
    if holder:
        for space in state.board.open_spaces:
            seat = holder.get(province[space], _CROWDED)
            if seat >= 0:
                income[seat] += 1
    return income, symbols


_CROWDED = -1
"""``tax_income``'s mark of a province that scores nothing (two or more guards, or none)."""


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


def levy_symbols(state: GameState, seat: int) -> set[Symbol]:
    """The symbols whose card lets ``seat`` levy taxes: the ones under any of its guards, in any province it
    occupies, alone there or not (docs/RULES.md A5.8; only the scoring counts lone guards)."""
    return tax_outlook(state)[1][seat]


def taxable_spaces(state: GameState) -> list[int]:
    """The spaces of the mover's guards whose symbol they hold a card of, in id order (docs/RULES.md A5.8)."""
    seat = state.to_move
    hand = state.hands[seat]
    symbol = state.board.symbol
    return [s for s, g in enumerate(state.guards) if g == seat and (sym := symbol[s]) is not None and hand[sym]]


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
