"""What the service hands out about a game: the public view and the seats, never the hidden clans."""

from __future__ import annotations

from dataclasses import dataclass

import service.turns as turns
from engine.clans import (
    Clan,
    GameState,
    Move,
    Outcome,
    PublicView,
    legal_moves,
    public_view,
    state_from_view,
)
from service.games import public_record
from service.tables import PublicTable
from store import SeatRecord


@dataclass(frozen=True, slots=True)
class Table(PublicTable[PublicView]):
    """A started game as the players may see it: its public record (seats, ids; no snapshot, no seed) and its
    public view."""

    @property
    def over(self) -> bool:
        return self.view.over

    def hut_moves(self) -> list[Move]:
        """The legal hut moves, in the engine's order (empty while the mover orders villages)."""
        if self.over:
            return []
        # Which moves are legal depends on the huts only, never on who holds which clan.
        placeholder = tuple(Clan(c) for c in range(self.view.players))
        return [m for m in legal_moves(state_from_view(self.view, placeholder)) if not m.is_village_choice]

    def move_sources(self) -> list[int]:
        """Territories whose huts may move now, ascending."""
        return sorted({m.src for m in self.hut_moves()})

    def move_targets(self, source: int) -> list[int]:
        """Where the huts of ``source`` may move now."""
        return [m.dst for m in self.hut_moves() if m.src == source]


@dataclass(frozen=True, slots=True)
class Played:
    """An action that was applied and committed, with the table as it now stands."""

    table: Table
    outcome: Outcome
    actor: SeatRecord


@dataclass(frozen=True, slots=True)
class AiGuesses:
    """An AI seat's best guess of each other player's clan, with its probability."""

    ai_name: str
    guesses: tuple[tuple[str, Clan, float], ...]
    exposed: tuple[Clan, float] | None = None
    """This AI's clan, and how sure a table running the AI's code could have been of it (``ai.clans.exposure``)."""


@dataclass(frozen=True, slots=True)
class Loaded(turns.Loaded[GameState]):
    """Inside the service only: a game's full record and its whole state, secrets included."""

    @property
    def mover(self) -> SeatRecord:
        return self.record.seats[self.state.to_move]

    def table(self) -> Table:
        return Table(public_record(self.record), public_view(self.state))
