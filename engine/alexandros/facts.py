"""What an action did, or would do, as facts the whole table may know (no sentences, never a hidden card): the
turn panel's options (what a choice costs and brings) and the public post of a turn (what it did).

Every fact is read off the states before and after the engine's own ``apply``, so no rule is written twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.alexandros.actions import (
    HAND,
    SUPPLY,
    Action,
    ChoosePath,
    EndTurn,
    Give,
    MoveAlexander,
    Occupy,
    Resign,
    TakeBack,
    TakeCard,
    TakeOver,
    Tax,
)
from engine.alexandros.board import Symbol
from engine.alexandros.legal import occupation_cost, province_spaces, tax_income, wall_options
from engine.alexandros.state import GameState
from engine.alexandros.turns import apply


@dataclass(frozen=True, slots=True)
class Told:
    """What one action did, as everyone at the table saw it."""

    seat: int
    """Who acted (for a resignation: who resigned)."""
    action: Action
    region: str = ""
    """Where: Alexander's new space, the province occupied or taken over, the guard that levies or goes home."""
    card: Symbol | None = None
    """The card Alexander moved with, the face-up card taken, the card a levy paid (None: the supply's top card,
    which only its taker sees)."""
    distance: int = 0
    """Alexander's move: triangle sides from where he stood."""
    walls: int = 0
    """New walls this action built."""
    red: int = 0
    """Of those, the red ones."""
    beside: tuple[int, ...] = ()
    """The spaces the new walls border, in id order (where on the board they stand)."""
    cost: tuple[Symbol, ...] = ()
    """Cards an occupation or take-over paid (face up to the discard pile or the loser: the table sees them)."""
    guards: int = 0
    """Guards placed by an occupation or take-over."""
    loser: int = -1
    """A take-over's (or a give-back's) former owner."""
    removed: int = 0
    """A take-over: the loser's guards sent home."""
    given: int = 0
    """Cards handed back to the loser (how many; which ones stay between the two hands)."""
    scored: tuple[int, ...] = ()
    """Points each seat gained."""
    income_before: tuple[int, ...] = ()
    income_after: tuple[int, ...] = ()
    """Each seat's tax income before and after the action."""
    sides: int = 0
    """The new walls as sides, one bit per side (the board marks the walls of the turn)."""


@dataclass(frozen=True, slots=True)
class Destination:
    """A point Alexander may move to: how far, and how many new walls its shortest paths need (each distinct
    count, fewest first: paths over sides already walled need fewer)."""

    point: int
    distance: int
    walls: tuple[int, ...]


def told(before: GameState, action: Action, after: GameState, income: Sequence[int] | None = None) -> Told:
    """What ``action`` did, from the states before and after it (``income``: the tax income before, when known)."""
    board = before.board
    seat = action.seat if isinstance(action, Resign) else before.to_move
    new = after.walls & ~before.walls
    walls = new.bit_count()
    sides = [side for side in range(new.bit_length()) if new >> side & 1]
    beside = tuple(sorted({space for side in sides for space in board.side_spaces[side]}))
    red = (after.red & ~before.red).bit_count()
    was, now = tuple(income if income is not None else tax_income(before)), tuple(tax_income(after))
    scored = tuple(a - b for a, b in zip(after.scores, before.scores, strict=True))
    match action:
        case MoveAlexander(card=card, symbol=symbol, space=space, point=point):
            distance = board.distances[before.alexander_point][point]
            shown = symbol if card == HAND else before.face_up[card]
            return Told(
                seat,
                action,
                board.region[space],
                shown,
                distance,
                walls,
                red,
                beside,
                income_before=was,
                income_after=now,
                sides=new,
            )
        case ChoosePath():
            return Told(
                seat, action, walls=walls, red=red, beside=beside, income_before=was, income_after=now, sides=new
            )
        case TakeCard(slot=slot):
            return Told(seat, action, card=before.face_up[slot] if slot != SUPPLY else None)
        case Occupy(guards=guards) | TakeOver(guards=guards):
            spaces = province_spaces(before, guards[0])
            owners = [before.guards[s] for s in spaces if before.guards[s] >= 0]
            loser = owners[0] if owners else -1
            given = sum(after.hands[loser]) - sum(before.hands[loser]) if loser >= 0 else 0
            return Told(
                seat,
                action,
                board.region[guards[0]],
                cost=tuple(occupation_cost(before, guards)),
                guards=len(guards),
                loser=loser,
                removed=len(owners),
                given=given,
                scored=scored,
                income_before=was,
                income_after=now,
            )
        case Give(cards=cards):
            return Told(seat, action, loser=before.give_to, given=len(cards))
        case Tax(space=space):
            paid = board.symbol[space]
            return Told(seat, action, board.region[space], paid, scored=scored, income_before=was, income_after=now)
        case TakeBack(space=space):
            return Told(seat, action, board.region[space], income_before=was, income_after=now)
    return Told(seat, action, scored=scored)


def foresee_all(state: GameState, actions: Sequence[Action]) -> list[Told]:
    """``foresee`` for each of ``actions`` (the tax income before them worked out once)."""
    income = tax_income(state)
    return [foresee(state, action, income) for action in actions]


def foresee(state: GameState, action: Action, income: Sequence[int] | None = None) -> Told:
    """What a legal ``action`` would do now, the state unchanged. Cheap for the panel's options: Alexander's
    moves, the end of the turn and the supply's card are told without playing them (see ``destinations``)."""
    match action:
        case MoveAlexander(card=card, symbol=symbol, space=space, point=point):
            distance = state.board.distances[state.alexander_point][point]
            shown = symbol if card == HAND else state.face_up[card]
            return Told(state.to_move, action, state.board.region[space], shown, distance)
        case TakeCard() | EndTurn() | Resign():
            return told(state, action, state, income)
    after = state.copy()
    after.actions_left += 1  # the turn's end (and the next mover's options it looks up) is no part of the action
    apply(after, action)
    return told(state, action, after, income)


def destinations(state: GameState, points: list[int]) -> dict[int, Destination]:
    """How far each of ``points`` is from Alexander and the new walls its shortest paths need."""
    start = state.alexander_point
    found = {}
    for point in points:
        counts = sorted({len(walls) for walls in wall_options(state, start, point)})
        found[point] = Destination(point, state.board.distances[start][point], tuple(counts))
    return found
