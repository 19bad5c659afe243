"""Actions as values with a text form (for selects, the action log and the database), and the typed
errors of an illegal one: a code and the facts, never a sentence (the text layer writes those)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from engine.alexandros.board import Symbol

HAND = -1
"""``MoveAlexander.card`` for the special move: a card played from the hand."""
SUPPLY = 2
"""``TakeCard.slot`` for the top card of the supply (0 and 1 are the face-up cards)."""


class Why(StrEnum):
    """Why an action is illegal: the code an IllegalAction carries."""

    GAME_OVER = "game_over"
    NOT_YOUR_TURN = "not_your_turn"
    WRONG_PHASE = "wrong_phase"
    NO_SUCH_CARD = "no_such_card"
    NOT_A_JOKER = "not_a_joker"
    NO_EMPTY_SPACE = "no_empty_space"
    NOT_CLOSEST = "not_closest"
    NOT_A_POINT_OF_SPACE = "not_a_point_of_space"
    NOT_ENOUGH_WALLS = "not_enough_walls"
    NOT_A_SHORTEST_PATH = "not_a_shortest_path"
    NO_SUCH_SPACE = "no_such_space"
    NOT_A_SYMBOL_SPACE = "not_a_symbol_space"
    NOT_ONE_PROVINCE = "not_one_province"
    PROVINCE_OCCUPIED = "province_occupied"
    PROVINCE_FREE = "province_free"
    OWN_PROVINCE = "own_province"
    NOT_ENOUGH_GUARDS = "not_enough_guards"
    MISSING_CARDS = "missing_cards"
    ALREADY_TAXED = "already_taxed"
    NOT_YOUR_GUARD = "not_your_guard"
    WRONG_GIVE = "wrong_give"
    NOT_A_PLAYER = "not_a_player"
    NOT_CANONICAL = "not_canonical"
    """Spaces or cards not sorted, or one given twice (the text form always sorts them)."""
    BAD_TEXT = "bad_text"


class IllegalAction(ValueError):
    """An action the rules forbid now: ``code`` says why, ``facts`` holds the values a sentence needs (the text
    layer words them). ``str()`` is the code and the facts, for logs (``no_such_space (space=99)``)."""

    def __init__(self, code: Why, **facts: object) -> None:
        super().__init__(code.value, facts)
        self.code = code
        self.facts = facts

    def __str__(self) -> str:
        if not self.facts:
            return self.code.value
        return f"{self.code.value} ({', '.join(f'{name}={value!r}' for name, value in self.facts.items())})"


@dataclass(frozen=True, order=True, slots=True)
class MoveAlexander:
    """Move Alexander (docs/RULES.md A4): with face-up card ``card`` (0, 1) or, for the special move, a card
    of ``symbol`` from the hand (``card == HAND``), to ``point`` of the empty symbol space ``space``.
    ``symbol`` is the card's symbol, or the one chosen when the face-up card is a joker."""

    card: int
    symbol: Symbol
    space: int
    point: int

    @property
    def text(self) -> str:
        source = "hand" if self.card == HAND else f"u{self.card}"
        return f"move {source} {self.symbol.label} s{self.space} p{self.point}"


@dataclass(frozen=True, order=True, slots=True)
class ChoosePath:
    """Choose among the shortest paths: ``walls`` are the sides that get a new wall, sorted."""

    walls: tuple[int, ...]

    @property
    def text(self) -> str:
        return "path " + (",".join(str(w) for w in self.walls) or "-")


@dataclass(frozen=True, order=True, slots=True)
class TakeCard:
    slot: int
    """0 or 1: a face-up card; SUPPLY: the top card of the supply."""

    @property
    def text(self) -> str:
        return "take supply" if self.slot == SUPPLY else f"take u{self.slot}"


@dataclass(frozen=True, order=True, slots=True)
class Occupy:
    """Occupy the free province of these symbol spaces, a guard on each; cards pay for its other ones."""

    guards: tuple[int, ...]

    @property
    def text(self) -> str:
        return "occupy " + ",".join(str(s) for s in self.guards)


@dataclass(frozen=True, order=True, slots=True)
class TakeOver:
    """Take over an opponent's province: two cards remove each guard, then occupy it with ``guards``."""

    guards: tuple[int, ...]

    @property
    def text(self) -> str:
        return "takeover " + ",".join(str(s) for s in self.guards)


@dataclass(frozen=True, order=True, slots=True)
class Give:
    """After a take-over with 3 or 4 players: the cards (sorted) handed to the player who lost it."""

    cards: tuple[Symbol, ...]

    @property
    def text(self) -> str:
        return "give " + (",".join(c.label for c in self.cards) or "-")


@dataclass(frozen=True, order=True, slots=True)
class Tax:
    """Levy taxes with a card matching the symbol under the mover's guard on ``space``, in any province they
    occupy (docs/RULES.md A5.8)."""

    space: int

    @property
    def text(self) -> str:
        return f"tax {self.space}"


@dataclass(frozen=True, order=True, slots=True)
class TakeBack:
    space: int

    @property
    def text(self) -> str:
        return f"back {self.space}"


@dataclass(frozen=True, order=True, slots=True)
class EndTurn:
    """Leave the remaining actions unused (docs/RULES.md A5.2)."""

    @property
    def text(self) -> str:
        return "end"


@dataclass(frozen=True, order=True, slots=True)
class Resign:
    seat: int

    @property
    def text(self) -> str:
        return f"resign:{self.seat}"


Action = MoveAlexander | ChoosePath | TakeCard | Occupy | TakeOver | Give | Tax | TakeBack | EndTurn | Resign

_MOVE = re.compile(r"^move (hand|u[01]) ([a-z]+) s(\d+) p(\d+)$")
_NUMBERS = re.compile(r"^(occupy|takeover) (\d+(?:,\d+)*)$")
_ONE = re.compile(r"^(tax|back) (\d+)$")


def parse_action(text: str) -> Action:
    """Read an action's text form (``MoveAlexander(...).text`` and so on) back."""
    t = " ".join(text.strip().lower().split())
    try:
        if m := _MOVE.match(t):
            card = HAND if m[1] == "hand" else int(m[1][1])
            return MoveAlexander(card, Symbol.parse(m[2]), int(m[3]), int(m[4]))
        if t.startswith("path "):
            rest = t[5:]
            return ChoosePath(() if rest == "-" else tuple(sorted(int(x) for x in rest.split(","))))
        if t in ("take u0", "take u1"):
            return TakeCard(int(t[-1]))
        if t == "take supply":
            return TakeCard(SUPPLY)
        if m := _NUMBERS.match(t):
            guards = tuple(sorted(int(x) for x in m[2].split(",")))
            return Occupy(guards) if m[1] == "occupy" else TakeOver(guards)
        if t.startswith("give "):
            rest = t[5:]
            return Give(() if rest == "-" else tuple(sorted(Symbol.parse(x) for x in rest.split(","))))
        if m := _ONE.match(t):
            return Tax(int(m[2])) if m[1] == "tax" else TakeBack(int(m[2]))
        if t == "end":
            return EndTurn()
        if t.startswith("resign:"):
            return Resign(int(t[7:]))
    except (KeyError, ValueError):
        pass
    raise IllegalAction(Why.BAD_TEXT, text=text)
