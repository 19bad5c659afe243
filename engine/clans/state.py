"""What changes during a game: the state, and the records of what happened."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import StrEnum

from engine.clans.board import Board, Chart
from engine.clans.clan import Clan, Terrain
from engine.clans.moves import Action, Move


class Phase(StrEnum):
    MOVE = "move"
    """Waiting for the player to move to move huts."""
    ORDER = "order"
    """Waiting for the mover to say which of the villages their move founded comes next."""
    OVER = "over"


class EndReason(StrEnum):
    """Why a game ended, as the code saved games and the database keep (the text layer words it)."""

    TWELFTH_VILLAGE = "twelfth_village"
    NO_MOVES = "no_moves"
    RESIGNATIONS = "resignations"

    @classmethod
    def read(cls, text: str) -> EndReason:
        """A code, or the English phrase that saved games and databases held before the codes."""
        return cls(LEGACY_END_REASONS.get(text, text))


LEGACY_END_REASONS = {
    "twelfth village": "twelfth_village",
    "no moves left": "no_moves",
    "fewer than two players left": "resignations",
}
"""The phrases stored before the codes (store/migrations.py rewrites them in the database)."""


@dataclass(frozen=True, slots=True)
class Village:
    number: int
    """1..12: the village chip it took."""
    territory: int
    terrain: Terrain
    epoch: int
    huts_before: tuple[int, ...]
    """Huts per clan when founded, before strife."""
    huts: tuple[int, ...]
    """Huts per clan after strife (all removed afterwards if destroyed)."""
    value: int
    destroyed: bool
    founder: int
    """Seat of the player who founded it."""
    turn: int
    """The hut move (1-based) that founded it."""

    @property
    def strife(self) -> bool:
        return all(self.huts_before)

    @property
    def size_before(self) -> int:
        return sum(self.huts_before)

    @property
    def size(self) -> int:
        return sum(self.huts)

    @property
    def colours(self) -> tuple[Clan, ...]:
        """Clans present after strife; each scored ``value``."""
        return tuple(Clan(c) for c, n in enumerate(self.huts) if n)


_new = object.__new__
(_number, _territory, _terrain, _epoch, _huts_before, _huts, _value, _destroyed, _founder, _turn) = (
    getattr(Village, f.name).__set__ for f in fields(Village)
)


def new_village(
    number: int,
    territory: int,
    terrain: Terrain,
    epoch: int,
    huts_before: tuple[int, ...],
    huts: tuple[int, ...],
    value: int,
    destroyed: bool,
    founder: int,
    turn: int,
) -> Village:
    """``Village(...)`` at less than half the cost: a frozen dataclass's ``__init__`` sets each field through
    ``object.__setattr__``, slower than the slots' own setters. Twelve villages a game made it a sixth of a
    random playout's time."""
    village = _new(Village)
    _number(village, number)
    _territory(village, territory)
    _terrain(village, terrain)
    _epoch(village, epoch)
    _huts_before(village, huts_before)
    _huts(village, huts)
    _value(village, value)
    _destroyed(village, destroyed)
    _founder(village, founder)
    _turn(village, turn)
    return village


@dataclass(frozen=True, slots=True)
class FinalResult:
    reason: EndReason
    clans: tuple[Clan, ...]
    """Each seat's clan, revealed."""
    clan_scores: tuple[int, ...]
    chips: tuple[int, ...]
    totals: tuple[int, ...]
    """Per seat: clan score + 1 per village chip."""
    winners: tuple[int, ...]
    """Seats sharing the highest total (resigned seats cannot win)."""
    resigned: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one action did, for messages and images."""

    move: Action
    seat: int
    villages: tuple[Village, ...]
    epochs_entered: tuple[int, ...]
    awaiting_order: tuple[int, ...]
    """Villages the mover must now put in order (empty unless the game waits for that)."""
    game_over: bool
    result: FinalResult | None

    @property
    def chips_taken(self) -> int:
        return len(self.villages)


@dataclass(slots=True)
class GameState:
    """One game. Mutable for speed: ``play``/``apply`` change it in place, ``copy`` forks it.

    Hut tables are indexed by territory id (index 0 unused) then by clan.
    """

    board: Board = field(repr=False)
    chart: Chart = field(repr=False)
    players: int
    seed: int
    clans: tuple[Clan, ...] = field(repr=False)
    huts: list[list[int]]
    counts: list[int]
    removed: list[int]
    occupied: int
    """Bit t set when territory t holds huts."""
    villages: list[Village]
    scores: list[int]
    chips: list[int]
    to_move: int
    ply: int = 0
    """Actions applied so far: hut moves, village choices and resignations."""
    turn: int = 0
    """Hut moves made so far."""
    phase: Phase = Phase.MOVE
    pending: tuple[int, ...] = ()
    last_move: Move | None = None
    resigned: list[bool] = field(default_factory=list)
    end_reason: EndReason | None = None

    def copy(self) -> GameState:
        return GameState(
            board=self.board,
            chart=self.chart,
            players=self.players,
            seed=self.seed,
            clans=self.clans,
            huts=[h[:] for h in self.huts],
            counts=self.counts[:],
            removed=self.removed[:],
            occupied=self.occupied,
            villages=self.villages[:],
            scores=self.scores[:],
            chips=self.chips[:],
            to_move=self.to_move,
            ply=self.ply,
            turn=self.turn,
            phase=self.phase,
            pending=self.pending,
            last_move=self.last_move,
            resigned=self.resigned[:],
            end_reason=self.end_reason,
        )

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def chips_left(self) -> int:
        return self.chart.chips - len(self.villages)

    @property
    def epoch(self) -> int:
        """The epoch of the next village chip (the last epoch once all are taken)."""
        return self.chart.chip_epoch[min(len(self.villages), self.chart.chips - 1)]

    def to_json(self) -> str:
        from engine.clans.serial import state_to_json

        return state_to_json(self)

    @classmethod
    def from_json(cls, text: str) -> GameState:
        from engine.clans.serial import state_from_json

        return state_from_json(text)
