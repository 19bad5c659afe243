"""The move panel's side of the game service (mixed into GameService): whom a panel is for, what a move would do
(the engine's preview), and playing a previewed move with its village order through the one path every move takes
(checked, pinned to the position it was previewed on, committed under the game's lock).

A village order whose every choice ends in the same position is never asked: the service plays the first in map
order (``settle_equal_orders``), and says so through ``Played.outcome`` listing every village it founded.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.clans import (
    Action,
    IllegalMove,
    Move,
    Outcome,
    Phase,
    Preview,
    order_results,
    orders_matter,
    preview_move,
)
from errors import GameError, Why
from service.clans.tables import Loaded, Played, Table

if TYPE_CHECKING:
    from service.turns import Accepted, Where


@dataclass(frozen=True, slots=True)
class PanelTable:
    """A running game as its mover's panel shows it, at the position the panel was opened on."""

    table: Table
    seat: int
    """The mover's seat (the panel is theirs alone)."""

    @property
    def ply(self) -> int:
        return self.table.view.ply


class MovePanels:
    """What the move panel asks of the game service."""

    if TYPE_CHECKING:

        async def _load(self, game_id: int) -> Loaded: ...

        async def play(
            self,
            game_id: int,
            user_id: int | None,
            action: Action | str,
            seat: int | None = None,
            expected_ply: int | None = None,
            accepted: Accepted | None = None,
            timeouts: int | None = None,
            where: Where | None = None,
        ) -> Played: ...

    async def panel_table(self, game_id: int, user_id: int, ply: int | None, where: Where) -> PanelTable:
        """The game for ``user_id``'s panel, with one read: refused unless it is this server's and channel's game,
        running, the user's turn, and (given ``ply``) still at the position the panel was built for."""
        loaded = await self._load(game_id)
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

    def previews(self, table: Table, move: Move | None) -> list[Preview]:
        """What ``move`` would do now (every distinct village order it leaves), or with ``None`` while the mover
        owes an order: each distinct result of that order. The engine works it out; nothing is committed."""
        if move is None:
            return order_results(table.view)
        try:
            return preview_move(table.view, move)
        except IllegalMove as error:
            raise GameError(Why.ILLEGAL_MOVE, reason=error) from None

    async def play_previewed(
        self,
        game_id: int,
        user_id: int,
        actions: Sequence[Move],
        expected_ply: int,
        accepted: Accepted | None = None,
        where: Where | None = None,
    ) -> Played:
        """Play a preview's actions (a hut move and/or village choices) one after another, each pinned to the
        position the one before it left: a second click, or any action between, is refused as for
        ``/clans move``. One Played for them all (``accepted`` is called once, before the first commit)."""
        if not actions:
            raise GameError(Why.NOT_A_CHOICE)
        first = await self.play(game_id, user_id, actions[0], expected_ply=expected_ply, accepted=accepted, where=where)
        done = [first]
        for action in actions[1:]:
            done.append(await self.play(game_id, user_id, action, expected_ply=done[-1].table.view.ply, where=where))
        return await self.settle_equal_orders(joined(done))

    async def settle_equal_orders(self, played: Played) -> Played:
        """After a move that leaves a village order owed: when every order ends the same, play the first in map
        order for the mover (nobody is asked); ``played`` then lists every village founded."""
        view = played.table.view
        if view.phase is not Phase.ORDER or orders_matter(view):
            return played
        [only] = order_results(view)
        done = [played]
        for action in only.actions:
            user_id, seat = played.actor.user_id, None if played.actor.user_id is not None else played.actor.seat
            ply = done[-1].table.view.ply
            done.append(await self.play(played.table.id, user_id, action, seat=seat, expected_ply=ply))
        return joined(done)


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
