"""The move panel's side of the Clans service: whom a panel is for and what a move would do (the engine's preview),
checked against a game already read; the service plays a confirmed preview through the one path every move takes
(service/clans/games.py: checked, pinned to the position it was previewed on, committed under the game's lock).

A village order whose every choice ends in the same position is never asked: the service plays the first in map
order, and says so through ``Played.outcome`` listing every village it founded (``joined``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.clans import IllegalMove, Move, Outcome, Preview, order_results, preview_move
from errors import GameError, Why
from service.clans.tables import Loaded, Played, Table
from service.turns import Where


@dataclass(frozen=True, slots=True)
class PanelTable:
    """A running game as its mover's panel shows it, at the position the panel was opened on."""

    table: Table
    seat: int
    """The mover's seat (the panel is theirs alone)."""

    @property
    def ply(self) -> int:
        return self.table.view.ply


def panel_of(loaded: Loaded, user_id: int, ply: int | None, where: Where) -> PanelTable:
    """The game for ``user_id``'s panel: refused unless it is this server's and channel's game, running, the
    user's turn, and (given ``ply``) still at the position the panel was built for."""
    record, state = loaded.record, loaded.state
    if where != (record.guild_id, record.channel_id):
        raise GameError(Why.ELSEWHERE)
    seat = record.seat_of(user_id)
    if seat is None:
        raise GameError(Why.NOT_PLAYING)
    if record.status != "running" or state.over:
        raise GameError(Why.GAME_OVER)
    if state.to_move != seat.seat:
        mover = record.seats[state.to_move]
        raise GameError(Why.THEIR_TURN, name=mover.name, user_id=mover.user_id)
    if ply is not None and ply != state.ply:
        raise GameError(Why.MOVED_ON)
    return PanelTable(loaded.table(), seat.seat)


def previews(table: Table, move: Move | None) -> list[Preview]:
    """What ``move`` would do now (every distinct village order it leaves), or with ``None`` while the mover
    owes an order: each distinct result of that order. The engine works it out; nothing is committed."""
    if move is None:
        return order_results(table.view)
    try:
        return preview_move(table.view, move)
    except IllegalMove as error:
        raise GameError(Why.ILLEGAL_MOVE, reason=error) from None


def joined(done: Sequence[Played]) -> Played:
    """Actions of one turn played one after another, as one: the first action, every village and epoch, the
    position after the last."""
    first, last = done[0], done[-1]
    if len(done) == 1:
        return first
    outcome = Outcome(
        move=first.outcome.move,
        seat=first.outcome.seat,
        villages=tuple(v for p in done for v in p.outcome.villages),
        epochs_entered=tuple(e for p in done for e in p.outcome.epochs_entered),
        awaiting_order=last.outcome.awaiting_order,
        game_over=last.outcome.game_over,
        result=last.outcome.result,
    )
    return Played(last.table, outcome, first.actor)
