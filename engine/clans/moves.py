"""Moves as values, with the text form used by slash commands, the move log and the database."""

from __future__ import annotations

import re
from dataclasses import astuple, dataclass


class IllegalMove(ValueError):
    """A move the rules forbid. The subclass says why and its fields hold the facts; the words a player reads
    are the text layer's (texts/clans/reasons.py). ``str()`` is the reason and its facts, for logs
    (``NotNeighbours(src=24, dst=40)``)."""

    def __str__(self) -> str:
        return repr(self)


@dataclass(eq=False)
class _Reason(IllegalMove):
    def __post_init__(self) -> None:
        # The facts are the exception's args, so it pickles (it may cross a process boundary) and compares.
        super().__init__(*astuple(self))

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.args == other.args

    __hash__ = ValueError.__hash__


@dataclass(eq=False)
class GameIsOver(_Reason):
    pass


@dataclass(eq=False)
class NotInGame(_Reason):
    """A resignation for a seat that is not (or no longer) playing."""

    seat: int


@dataclass(eq=False)
class ResignOnlyYourself(_Reason):
    pass


@dataclass(eq=False)
class NotYourTurn(_Reason):
    pass


@dataclass(eq=False)
class NoSuchTerritory(_Reason):
    territory: int
    size: int


@dataclass(eq=False)
class ChooseVillageFirst(_Reason):
    """The mover owes the order of the villages their move founded: only these territories are legal."""

    choices: tuple[int, ...]


@dataclass(eq=False)
class SameTerritory(_Reason):
    pass


@dataclass(eq=False)
class EmptyTerritory(_Reason):
    territory: int


@dataclass(eq=False)
class NotNeighbours(_Reason):
    src: int
    dst: int


@dataclass(eq=False)
class TooManyHuts(_Reason):
    """``src`` holds ``count`` huts: too many to move at all (docs/RULES.md)."""

    src: int
    count: int


@dataclass(eq=False)
class OnlySmallerMoves(_Reason):
    """The group of ``src`` is not smaller than the ``target`` huts of ``dst``."""

    src: int
    count: int
    dst: int
    target: int


@dataclass(eq=False)
class NotAMove(_Reason):
    """Text that is no move at all (a slash argument, a line typed in the terminal game)."""

    text: str


@dataclass(frozen=True, order=True, slots=True)
class Move:
    """Move all huts of ``src`` onto ``dst``.

    While the mover is choosing the order of the villages a move founded, the choice
    "found territory T next" is also a Move, with ``src == dst == T`` (text ``v23``).
    """

    src: int
    dst: int

    @property
    def is_village_choice(self) -> bool:
        return self.src == self.dst

    @property
    def text(self) -> str:
        return f"v{self.src}" if self.is_village_choice else f"{self.src}-{self.dst}"

    def __str__(self) -> str:
        return self.text

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read ``"23-24"`` (also ``"23 24"``, ``"23>24"``) or a village choice ``"v23"``."""
        match = _HUT_MOVE.match(text)
        if match:
            return cls(int(match[1]), int(match[2]))
        match = _VILLAGE_CHOICE.match(text)
        if match:
            return cls(int(match[1]), int(match[1]))
        raise NotAMove(text.strip())

    @classmethod
    def village(cls, territory: int) -> Move:
        return cls(territory, territory)


@dataclass(frozen=True, slots=True)
class Resign:
    """A player leaves a running game; kept in the move log like a move."""

    seat: int

    @property
    def text(self) -> str:
        return f"resign:{self.seat}"

    def __str__(self) -> str:
        return self.text


Action = Move | Resign

_HUT_MOVE = re.compile(r"^\s*(\d{1,3})\s*(?:-|>|→|\s)\s*(\d{1,3})\s*$")
_VILLAGE_CHOICE = re.compile(r"^\s*(?:v|village\s*)(\d{1,3})\s*$", re.IGNORECASE)
_RESIGN = re.compile(r"^\s*resign:(\d)\s*$")


def parse_action(text: str) -> Action:
    match = _RESIGN.match(text)
    if match:
        return Resign(int(match[1]))
    return Move.parse(text)
