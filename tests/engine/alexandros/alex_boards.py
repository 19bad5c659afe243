"""Small boards for the Alexandros tests, drawn as text (engine/alexandros/grid.py), and a way to set a
position up by hand: the tests rebuild the rule sheet's figures on them."""

from __future__ import annotations

from typing import Any

from engine.alexandros import SYMBOLS, Board, GameState, Symbol, board_from_dict, new_game, provinces
from engine.alexandros.grid import grid_board, point_at, space_at


class TestBoard:
    """A board made from text rows, with lookups by lattice point ``(u, y)`` and triangle ``(r, c)``."""

    __test__ = False

    def __init__(self, rows: list[str], start: tuple[int, int] | None = None, black: int = 65, red: int = 10):
        self.rows = rows
        self.data: dict[str, Any] = grid_board(rows, start=start, black=black, red=red)
        self.board: Board = board_from_dict(self.data)

    def p(self, u: int, y: int) -> int:
        return point_at(self.data, u, y)

    def s(self, r: int, c: int) -> int:
        return space_at(self.data, r, c)

    def side(self, a: tuple[int, int], b: tuple[int, int]) -> int:
        pa, pb = self.p(*a), self.p(*b)
        return self.board.sides.index((min(pa, pb), max(pa, pb)))

    def game(self, players: int = 2, seed: int = 1) -> GameState:
        """A fresh game on this board with empty hands (the dealt cards go back on the supply), seat 0 to
        move; tests then put what they need in place."""
        state = new_game(players, seed, self.board)
        for hand in state.hands:
            for symbol in SYMBOLS:
                state.supply.extend([symbol] * hand[symbol])
                hand[symbol] = 0
        state.to_move = 0
        return state


def give(state: GameState, seat: int, *cards: Symbol) -> None:
    """Move ``cards`` from the supply into ``seat``'s hand (keeps the 55 cards whole)."""
    for card in cards:
        state.supply.remove(card)
        state.hands[seat][card] += 1


def face_up(state: GameState, first: Symbol, second: Symbol) -> None:
    """Make the two face-up cards ``first`` and ``second`` (swapped with cards of the supply)."""
    for slot, card in enumerate((first, second)):
        old = state.face_up[slot]
        state.supply.remove(card)
        if old is not None:
            state.supply.append(old)
        state.face_up[slot] = card


def build_walls(state: GameState, sides: list[int]) -> None:
    """Stand black walls on ``sides`` (as earlier moves would have)."""
    for side in sides:
        if not state.walls >> side & 1:
            state.walls |= 1 << side
            state.black_left -= 1
    state.province = provinces(state.board, state.walls)


def between(tb: TestBoard, a: int, b: int) -> int:
    """The side spaces ``a`` and ``b`` share."""
    (side,) = set(tb.board.space_sides[a]) & set(tb.board.space_sides[b])
    return side


def place_guard(state: GameState, seat: int, space: int) -> None:
    state.guards[space] = seat
    state.guards_left[seat] -= 1
