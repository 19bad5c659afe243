"""What changes during an Alexandros game."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from engine.alexandros.board import Board, Symbol

MIN_PLAYERS = 2
MAX_PLAYERS = 4
WIN_POINTS = 100
"""docs/RULES.md A7.2: the game ends at once when someone has this many points."""


class Phase(StrEnum):
    MOVE = "move"
    """Waiting for the player to move Alexander."""
    PATH = "path"
    """Alexander's destination is chosen; waiting for the choice among shortest wall paths."""
    ACTIONS = "actions"
    """Waiting for one of the two further actions (or the end of the turn)."""
    GIVE = "give"
    """After a take-over with 3 or 4 players: waiting for the cards handed to the loser."""
    OVER = "over"


class EndReason(StrEnum):
    RED_WALLS = "red_walls"
    """A move needed red walls (the black ones ran out); its player finished the turn."""
    HUNDRED = "hundred_points"
    """Someone reached 100 points."""
    STUCK = "stuck"
    """The player to move has no legal Alexander move at all (docs/RULES.md A7.4)."""
    RESIGNATIONS = "resignations"


@dataclass(slots=True)
class GameState:
    board: Board
    players: int
    seed: int
    walls: int
    """Bit per side: a wall stands there."""
    red: int
    """Bit per side: the wall there is red."""
    black_left: int
    red_left: int
    alexander_point: int
    alexander_space: int
    guards: list[int]
    """Per space: the seat whose guard stands there, or -1."""
    guards_left: list[int]
    hands: list[list[int]]
    """Per seat: the number of cards of each symbol."""
    face_up: list[Symbol | None]
    supply: list[Symbol]
    """Top card last."""
    discard: list[Symbol]
    reshuffles: int
    scores: list[int]
    to_move: int
    resigned: list[bool]
    province: list[int] = field(default_factory=list)
    """Per space: the id of its province (the lowest space id in it); kept up to date with the walls."""
    phase: Phase = Phase.MOVE
    actions_left: int = 0
    taxed: bool = False
    last_turn: bool = False
    """Red walls were used this turn: the game ends when it does."""
    refill: list[int] = field(default_factory=list)
    """Face-up slots taken by the take-card action, filled at the end of the turn."""
    path_from: int = -1
    """In Phase.PATH: the point Alexander left."""
    give_to: int = -1
    give_from: list[Symbol] = field(default_factory=list)
    """In Phase.GIVE: the cards the take-over paid, half of which (rounded up) go to ``give_to``."""
    turn: int = 0
    """Completed turns."""
    ply: int = 0
    end_reason: EndReason | None = None

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def round(self) -> int:
        """Completed rounds (every player had a turn)."""
        return self.turn // self.players

    def copy(self) -> GameState:
        return GameState(
            board=self.board,
            players=self.players,
            seed=self.seed,
            walls=self.walls,
            red=self.red,
            black_left=self.black_left,
            red_left=self.red_left,
            alexander_point=self.alexander_point,
            alexander_space=self.alexander_space,
            guards=list(self.guards),
            guards_left=list(self.guards_left),
            hands=[list(h) for h in self.hands],
            face_up=list(self.face_up),
            supply=list(self.supply),
            discard=list(self.discard),
            reshuffles=self.reshuffles,
            scores=list(self.scores),
            to_move=self.to_move,
            resigned=list(self.resigned),
            province=list(self.province),
            phase=self.phase,
            actions_left=self.actions_left,
            taxed=self.taxed,
            last_turn=self.last_turn,
            refill=list(self.refill),
            path_from=self.path_from,
            give_to=self.give_to,
            give_from=list(self.give_from),
            turn=self.turn,
            ply=self.ply,
            end_reason=self.end_reason,
        )


@dataclass(frozen=True, slots=True)
class Result:
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    """Seats with the most points (several on a tie: docs/RULES.md A7.5)."""
    reason: EndReason
    rounds: int


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one checked action did, as facts for the announcement (``play`` returns it)."""

    seat: int
    """Who acted (for a resignation: who resigned)."""
    walls: tuple[int, ...]
    """Sides that got a wall (a move with a single path, or a ChoosePath)."""
    red: tuple[int, ...]
    """Those of ``walls`` that are red."""
    scored: tuple[int, ...]
    """Points each seat gained (a levy of taxes)."""
    phase: Phase
    """What the game waits for now."""
    result: Result | None
    """Set when this action ended the game."""
