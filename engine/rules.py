"""The small interface every game's rules implement.

The shared code (lobbies, seats, the move log, results and ratings per game) needs the same few things from each
game: its name and player bounds, a setup from a seed, the legal actions in a fixed order, a checked play and
a fast apply, the public view and one player's private view, the state as JSON, and the result. Each game's
engine stays as it is; an adapter in the game's registration record (``registry/<game>.py``) maps those questions
onto it, and the shared code reaches it through ``registry``. Actions travel as their text forms, the form the
move log stores.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True, slots=True)
class Standing:
    """A finished game's points and winners per seat (resigned seats cannot win)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str
    resigned: tuple[int, ...] = ()


class GameRules(Protocol):
    """What the shared code asks of a game's rules. ``state`` is the game's own mutable state object."""

    name: str
    min_players: int
    max_players: int
    illegal: type[ValueError]
    """The game's illegal-move error: what ``play`` raises for an action that may not be played."""
    boards: dict[str, str]
    """The boards a game may be played on: name -> what players call it (a "choice name" msgid), the default
    first; empty for a game of one board."""

    def setup(self, players: int, seed: int, board: str = "") -> Any:
        """The game dealt from ``seed`` on ``board`` (the game's name for it; "": its original board)."""
        ...

    def legal_actions(self, state: Any) -> list[str]: ...

    def play(self, state: Any, action: str, seat: int) -> Any:
        """Check ``action`` for ``seat`` and apply it; raises the game's illegal-move error (a ValueError). A
        resignation is the resigning seat's at any time, not only on its turn."""
        ...

    def copy(self, state: Any) -> Any:
        """An independent copy of ``state`` (an action is checked on one, leaving the state read as it was)."""
        ...

    def apply(self, state: Any, action: str) -> None:
        """Apply an action known to be legal (replay, search): no check."""
        ...

    def to_move(self, state: Any) -> int: ...

    def public_view(self, state: Any) -> Any: ...

    def private_view(self, state: Any, seat: int) -> Any:
        """What ``seat`` alone may see besides the public view (never another seat's secret)."""
        ...

    def to_json(self, state: Any) -> str: ...

    def from_json(self, text: str) -> Any: ...

    def result(self, state: Any) -> Standing | None:
        """None while the game runs."""
        ...


def replay(rules: GameRules, players: int, seed: int, actions: list[str], board: str = "") -> Any:
    """The state after ``actions`` from the setup of ``seed`` on ``board`` (as the game is stored): the move log is
    the source of truth."""
    state = rules.setup(players, seed, board)
    for action in actions:
        rules.apply(state, action)
    return state
