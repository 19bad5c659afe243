"""The small interface every game of the frame implements, and the registry of the games.

The frame (lobbies, seats, the move log, results and ratings per game) needs the same few things from each
game: its name and player bounds, a setup from a seed, the legal actions in a fixed order, a checked play and
a fast apply, the public view and one player's private view, the state as JSON, and the result. Each game's
engine stays as it is; an adapter here maps those questions onto it, so the frame never imports a game's
rules directly. Actions travel as their text forms, the form the move log stores.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Protocol

import engine.alexandros as alexandros
import engine.clans as clans


@dataclass(frozen=True, slots=True)
class Standing:
    """A finished game's points and winners per seat (resigned seats cannot win)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str
    resigned: tuple[int, ...] = ()


class GameRules(Protocol):
    """What the frame asks of a game. ``state`` is the game's own mutable state object."""

    name: str
    min_players: int
    max_players: int
    illegal: type[ValueError]
    """The game's illegal-move error: what ``play`` raises for an action that may not be played."""

    def setup(self, players: int, seed: int) -> Any: ...

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


class ClansRules:
    name = "clans"
    min_players = clans.MIN_PLAYERS
    max_players = clans.MAX_PLAYERS
    illegal: type[ValueError] = clans.IllegalMove

    def setup(self, players: int, seed: int) -> clans.GameState:
        return clans.new_game(players, seed)

    def legal_actions(self, state: clans.GameState) -> list[str]:
        return [move.text for move in clans.legal_moves(state)]

    def play(self, state: clans.GameState, action: str, seat: int) -> clans.Outcome:
        parsed = clans.parse_action(action)
        return clans.play(state, parsed, None if isinstance(parsed, clans.Resign) else seat)

    def copy(self, state: clans.GameState) -> clans.GameState:
        return state.copy()

    def apply(self, state: clans.GameState, action: str) -> None:
        clans.apply(state, clans.parse_action(action))

    def to_move(self, state: clans.GameState) -> int:
        return state.to_move

    def public_view(self, state: clans.GameState) -> clans.PublicView:
        return clans.public_view(state)

    def private_view(self, state: clans.GameState, seat: int) -> clans.Clan:
        return state.clans[seat]

    def to_json(self, state: clans.GameState) -> str:
        return state.to_json()

    def from_json(self, text: str) -> clans.GameState:
        return clans.GameState.from_json(text)

    def result(self, state: clans.GameState) -> Standing | None:
        if not state.over:
            return None
        final = clans.final_result(state)
        return Standing(final.totals, final.winners, str(final.reason), tuple(sorted(final.resigned)))


class AlexandrosRules:
    name = "alexandros"
    min_players = alexandros.MIN_PLAYERS
    max_players = alexandros.MAX_PLAYERS
    illegal: type[ValueError] = alexandros.IllegalAction

    def setup(self, players: int, seed: int) -> alexandros.GameState:
        return alexandros.new_game(players, seed)

    def legal_actions(self, state: alexandros.GameState) -> list[str]:
        return [action.text for action in alexandros.legal_actions(state)]

    def play(self, state: alexandros.GameState, action: str, seat: int) -> alexandros.Outcome:
        parsed = alexandros.parse_action(action)
        return alexandros.play(state, parsed, None if isinstance(parsed, alexandros.Resign) else seat)

    def copy(self, state: alexandros.GameState) -> alexandros.GameState:
        return state.copy()

    def apply(self, state: alexandros.GameState, action: str) -> None:
        alexandros.apply(state, alexandros.parse_action(action))

    def to_move(self, state: alexandros.GameState) -> int:
        return state.to_move

    def public_view(self, state: alexandros.GameState) -> alexandros.PublicView:
        return alexandros.public_view(state)

    def private_view(self, state: alexandros.GameState, seat: int) -> alexandros.PrivateView:
        return alexandros.private_view(state, seat)

    def to_json(self, state: alexandros.GameState) -> str:
        return alexandros.state_to_json(state)

    def from_json(self, text: str) -> alexandros.GameState:
        return alexandros.state_from_json(text)

    def result(self, state: alexandros.GameState) -> Standing | None:
        done = alexandros.result(state)
        if done is None:
            return None
        resigned = tuple(seat for seat, gone in enumerate(state.resigned) if gone)
        return Standing(done.scores, done.winners, str(done.reason), resigned)


GAMES: Final[dict[str, GameRules]] = {rules.name: rules for rules in (ClansRules(), AlexandrosRules())}
"""Every game the frame runs, by the name the ``games`` table stores."""


def rules_of(name: str) -> GameRules:
    try:
        return GAMES[name]
    except KeyError:
        raise ValueError(f"No game is called {name!r}: {', '.join(GAMES)}") from None


def replay(rules: GameRules, players: int, seed: int, actions: list[str]) -> Any:
    """The state after ``actions`` from the setup of ``seed``: the move log is the source of truth."""
    state = rules.setup(players, seed)
    for action in actions:
        rules.apply(state, action)
    return state
