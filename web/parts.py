"""What each game's part of the page (``web/<game>/``) tells the shared page: its title, where the game stands,
its history in the game's own words, and its boards. Found by the game's name, as every layer finds a game."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Protocol

from registry import package_of
from service.web import GamePage
from texts import Texts


@dataclass(frozen=True, slots=True)
class SeatLine:
    """One seat as the page lists it. ``name`` as the player gave it: the page escapes it."""

    name: str
    ai_level: str | None = None
    score: str = ""
    """Empty while the game keeps it hidden (a Clans player's score is their clan's)."""
    to_move: bool = False
    winner: bool = False
    note: str = ""
    """More about the seat: resigned, away, its clan once a Clans game is over."""


@dataclass(frozen=True, slots=True)
class Overview:
    """Where a started game stands."""

    state: str
    """One line: who is to move, or who won and why."""
    facts: tuple[str, ...]
    """Public facts beside the seats (the clans' scores, the walls left, …)."""
    seats: tuple[SeatLine, ...]


@dataclass(frozen=True, slots=True)
class Entry:
    """One action of the history: ``who`` (a player's name, shown in bold before ``text``) or None when ``text``
    names the player itself; names in ``text`` are cleaned (usertext.clean_name), not escaped."""

    who: str | None
    text: str


class PagePart(Protocol):
    game: str
    board_version: int
    """Bumped whenever a board's pixels change: the boards browsers keep are asked for again."""

    def title(self, t: Texts, game_id: int) -> str: ...

    def overview(self, t: Texts, page: GamePage, now: datetime) -> Overview: ...

    def entries(self, t: Texts, page: GamePage) -> list[Entry]:
        """One entry per action of the log, in order."""
        ...

    def draw(self, page: GamePage, step: int, t: Texts) -> bytes:
        """The board after action ``step`` (0: the setup) as PNG bytes, with the words of ``t``. Runs in a thread."""
        ...

    picture_title: str | None
    """A finished game's picture beside its boards (Clans: what each move told), its heading as a catalog message;
    None: the game has none."""

    async def picture(self, service: object, page: GamePage, t: Texts) -> Callable[[], bytes] | None:
        """What draws a finished game's picture (in a thread), after whatever the game's ``service`` works out for
        it; None: there is none (yet)."""
        ...


@cache
def part_of(game: str) -> PagePart:
    """The page part of the game called ``game`` (``web/<game>/``'s ``PART``)."""
    part: PagePart = importlib.import_module(package_of(game, "web")).PART
    return part
