"""What every player may see. Images and messages are made from this, never from GameState."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.clans.board import Board, Chart
from engine.clans.clan import Clan
from engine.clans.hutmoves import villages_founded
from engine.clans.moves import Move
from engine.clans.rules import apply, final_result, legal_moves
from engine.clans.state import FinalResult, GameState, Phase, Village


@dataclass(frozen=True, slots=True)
class PublicView:
    board: Board
    chart: Chart
    players: int
    huts: tuple[tuple[int, ...], ...]
    """Huts per clan, indexed by territory id (index 0 unused)."""
    villages: tuple[Village, ...]
    scores: tuple[int, ...]
    """The scoring track: points per clan."""
    chips: tuple[int, ...]
    """Village chips taken, per seat."""
    removed: tuple[int, ...]
    epoch: int
    chips_left: int
    to_move: int
    turn: int
    ply: int
    phase: Phase
    pending: tuple[int, ...]
    last_move: Move | None
    resigned: tuple[bool, ...]
    result: FinalResult | None
    """Only once the game is over: the clans revealed with the totals."""

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def last_villages(self) -> tuple[Village, ...]:
        """The villages founded by the last hut move."""
        return tuple(v for v in self.villages if v.turn == self.turn and self.last_move is not None)

    def count(self, territory: int) -> int:
        return sum(self.huts[territory])


def public_view(state: GameState) -> PublicView:

    return PublicView(
        board=state.board,
        chart=state.chart,
        players=state.players,
        huts=tuple(tuple(h) for h in state.huts),
        villages=tuple(state.villages),
        scores=tuple(state.scores),
        chips=tuple(state.chips),
        removed=tuple(state.removed),
        epoch=state.epoch,
        chips_left=state.chips_left,
        to_move=state.to_move,
        turn=state.turn,
        ply=state.ply,
        phase=state.phase,
        pending=state.pending,
        last_move=state.last_move,
        resigned=tuple(state.resigned),
        result=final_result(state) if state.over else None,
    )


def state_from_view(view: PublicView, clans: Sequence[Clan], seed: int = 0) -> GameState:
    """A playable GameState that matches ``view``, with ``clans`` as a guess at the hidden clans.

    This is how search over hidden information (the AI) plays forward without knowing any secret.
    """
    if len(clans) != view.players or len(set(clans)) != view.players:
        raise ValueError("Give one different clan per player")
    huts = [list(h) for h in view.huts]
    counts = [sum(h) for h in huts]
    return GameState(
        board=view.board,
        chart=view.chart,
        players=view.players,
        seed=seed,
        clans=tuple(clans),
        huts=huts,
        counts=counts,
        removed=list(view.removed),
        occupied=sum(1 << t for t, n in enumerate(counts) if n),
        villages=list(view.villages),
        scores=list(view.scores),
        chips=list(view.chips),
        to_move=view.to_move,
        ply=view.ply,
        turn=view.turn,
        phase=view.phase,
        pending=view.pending,
        last_move=view.last_move,
        resigned=list(view.resigned),
        end_reason=view.result.reason if view.result else None,
    )


@dataclass(frozen=True, slots=True)
class OrderOption:
    """What choosing ``territory`` as the next village implies for every pending village."""

    territory: int
    villages: tuple[Village, ...]
    """Founded in this order: ``territory`` first, then the rest in map order (the order the
    mover gets if they pick the lowest territory each time after this one)."""
    unfounded: tuple[int, ...]
    """Pending territories that would score nothing because the 12th village ends the game first."""
    exact: bool
    """True when this choice settles every pending village (at most one other is left to found)."""

    @property
    def chosen(self) -> Village:
        return self.villages[0]


def order_consequences(view: PublicView) -> list[OrderOption]:
    """While the mover orders villages: for each pending territory chosen next, the epoch and value every
    pending village would get. After this choice, two or more villages left are ordered again by the mover;
    the option assumes they follow in map order and says so with ``exact=False``."""
    placeholder = tuple(Clan(c) for c in range(view.players))
    founded = len(view.villages)
    options = []
    for territory in view.pending:
        state = state_from_view(view, placeholder)
        apply(state, Move.village(territory))
        while state.phase is Phase.ORDER:
            apply(state, Move.village(state.pending[0]))
        villages = tuple(state.villages[founded:])
        built = {v.territory for v in villages}
        options.append(
            OrderOption(
                territory=territory,
                villages=villages,
                unfounded=tuple(t for t in view.pending if t not in built),
                exact=len(view.pending) <= 2,
            )
        )
    return options


def move_foundings(view: PublicView) -> dict[Move, tuple[int, ...]]:
    """For every legal hut move: the territories that would become villages if it were played."""
    if view.phase is not Phase.MOVE:
        return {}
    base = state_from_view(view, tuple(Clan(c) for c in range(view.players)))
    return {move: tuple(villages_founded(base, move.src)) for move in legal_moves(base)}


def order_choices(view: PublicView) -> list[Village]:
    """While the mover orders villages: each pending village as it would be founded if chosen next."""
    placeholder = tuple(Clan(c) for c in range(view.players))
    choices = []
    for territory in view.pending:
        state = state_from_view(view, placeholder)
        apply(state, Move.village(territory))
        choices.append(state.villages[len(view.villages)])
    return choices
