"""The Clans game service's AI seats: an AI's turn (claimed by one process, thought about in a worker) and,
once the game is over, what each AI believed and how readable its own clan was. Mixed into GameService."""

from __future__ import annotations

import logging
from typing import Protocol

from engine.clans import Action, Clan, PublicView, parse_action
from errors import GameError, Why
from service.ai_pool import AiPoolError, AiQueueFull
from service.claims import Claims
from service.clans.ai_client import ClansAi
from service.clans.tables import AiGuesses, Loaded, Played, Table
from store import GameRecord, MoveRecord, Store

log = logging.getLogger("clans.service")


class _Service(Protocol):
    """What the AI seats use of the game service."""

    store: Store
    claims: Claims
    ai: ClansAi

    def _own(self, game: GameRecord) -> GameRecord: ...

    def _loaded_from(self, game: GameRecord, moves: list[MoveRecord]) -> Loaded: ...

    def start_view(self, loaded: Loaded) -> PublicView: ...

    async def _load(self, game_id: int) -> Loaded: ...

    async def actions(self, game_id: int) -> list[Action]: ...

    async def _play(
        self,
        loaded: Loaded,
        user_id: int | None,
        action: Action | str,
        seat: int | None,
        expected_ply: int | None,
        accepted: None,
    ) -> Played: ...


class AiSeats:
    async def ai_turn(
        self: _Service, game_id: int, budget_s: float | None = None, rollouts: int | None = None
    ) -> Played | None:
        """If an AI seat is to act and this process claims its turn, let it decide (in a worker process) and
        play; None otherwise (a human acts, or another process has the turn). One read: the game with its log
        (the AI replays the public log), the state from its snapshot; the action is committed against it."""
        found = await self.store.game_log(game_id)
        if found is None:
            raise GameError(Why.GAME_GONE)
        record, moves = found
        loaded = self._loaded_from(self._own(record), moves)
        seat, ply = loaded.mover, loaded.state.ply
        if loaded.record.status != "running" or loaded.state.over:
            return None
        if seat.ai_level is None:
            await self.store.no_ai_to_act(game_id, ply)  # a mark from before migration 4, or a late sweep
            return None
        async with self.claims.hold(game_id, "ai", ply) as ours:
            if not ours:
                return None
            start = self.start_view(loaded)
            history = [parse_action(m.action) for m in moves]
            clan = loaded.state.clans[seat.seat]
            try:
                answer = await self.ai.choose(
                    seat.ai_level,
                    start,
                    history,
                    seat.seat,
                    clan,
                    game_id=game_id,
                    guild_id=loaded.record.guild_id,
                    rollouts=rollouts,
                    budget_s=budget_s,
                )
            except AiQueueFull:  # the claim is released on the way out: the AI sweep hands the turn over later
                return None
            # Pinned to the ply it thought about: if the game moved on meanwhile, the commit is refused.
            return await self._play(loaded, None, answer.move, seat.seat, ply, None)

    async def ai_guesses(self: _Service, table: Table) -> list[AiGuesses]:
        """Once a game is over: what each AI seat believed about the others' clans at the end, and how
        sure a table reading its moves with its own code could have been of its clan."""
        if not table.view.over:
            raise GameError(Why.GUESSES_AFTER_END)
        ai_seats = [seat for seat in table.record.seats if seat.ai_level is not None]
        if not ai_seats:
            return []
        loaded = await self._load(table.id)
        start = self.start_view(loaded)
        history = await self.actions(table.id)
        guesses = []
        for seat in ai_seats:
            try:
                beliefs = await self.ai.beliefs(start, history, seat.seat, loaded.state.clans[seat.seat])
            except AiPoolError as error:
                log.error("No guesses for seat %s in game %s: %s", seat.seat, table.id, error)
                continue
            clan = loaded.state.clans[seat.seat]
            try:
                reading = await self.ai.exposure(start, history, seat.seat, seat.ai_level or "normal")
                exposed: tuple[Clan, float] | None = (clan, reading[clan])
            except AiPoolError as error:
                log.error("No exposure for %s in game %s: %s", seat.name, table.id, error)
                exposed = None
            guesses.append(
                AiGuesses(
                    seat.name,
                    tuple(
                        (other.name, *max(beliefs[other.seat].items(), key=lambda kv: kv[1]))
                        for other in table.record.seats
                        if other.seat != seat.seat
                    ),
                    exposed,
                )
            )
        return guesses
