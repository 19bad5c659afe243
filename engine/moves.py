"""Moves as values, with the text form used by slash commands, the move log and the database."""

from __future__ import annotations

import re
from dataclasses import dataclass


class IllegalMove(ValueError):
    """A move the rules forbid; the message is a sentence a player understands."""


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
        raise IllegalMove(f"{text.strip()!r} is not a move: write two territory numbers, like 23-24")

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
