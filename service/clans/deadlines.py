"""Clans' turn deadlines: the shared ones (service/deadlines.py) with Clans' autopilot, which plays the seat's move
(and a village order it owes) with the autopilot AI told only its own clan, and Clans' catch-up list."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from ai.clans import AUTOPILOT_LEVEL
from engine.clans import GameState, Move, Resign, apply, board_named, new_game, parse_action, play
from errors import GameError
from service.clans.games import ClansService
from service.clans.tables import Loaded, Played, Table
from service.deadlines import TimedOut, TurnDeadlines

log = logging.getLogger("clans.deadlines")


@dataclass(frozen=True, slots=True)
class Timeout(TimedOut[Played]):
    @property
    def table(self) -> Table:
        return self.played[-1].table


class Deadlines(TurnDeadlines[Timeout]):
    """Clans' clocks: the autopilot plays the normal AI for the seat, told only its own clan."""

    def __init__(self, games: ClansService, level: str = AUTOPILOT_LEVEL) -> None:
        super().__init__(games, level)
        self.games = games

    async def _autopilot(self, game_id: int, ply: int, seat_number: int) -> Timeout | None:
        """Play the timed-out seat's turn, a village order it owes included, at the ply found due."""
        loaded = await self.games._load(game_id)  # inside the service: the autopilot needs the seat's clan
        if loaded.state.ply != ply or loaded.state.over or loaded.state.to_move != seat_number:
            return None
        seat = loaded.mover
        timeouts = seat.timeouts + 1
        played: list[Played] = []
        while True:
            move = await self._decide(loaded)
            try:  # each action pinned to the position the one before it left, chained on its commit (unread)
                done, loaded = await self.games._play(loaded, None, move, seat_number, loaded.ply, None, timeouts)
            except GameError as refusal:  # the player moved in the meantime: their move stands
                log.info("Autopilot in game %s stood down: %s", game_id, refusal)
                break
            played.append(done)
            if done.table.view.over or done.table.view.to_move != seat_number:
                break
        if not played:
            return None
        away = self.away_after_autopilot(seat, seat_number, played[-1].table.record)
        return Timeout(seat, tuple(played), timeouts, away)

    async def _decide(self, loaded: Loaded) -> Move:
        """The autopilot's choice: the normal AI, told only the public game and this seat's own clan."""
        seat = loaded.mover.seat
        start = self.games.start_view(loaded)
        history = (await self.games.actions(loaded.record.id))[: loaded.state.ply]  # as loaded, whatever came since
        clan = loaded.state.clans[seat]
        # In the AI's worker pool, with a decision seed that cannot rebuild the deal (never the setup seed).
        answer = await self.games.ai.choose(self.level, start, history, seat, clan, game_id=loaded.record.id)
        return answer.move

    async def unannounced_actions(self, game_id: int) -> list[Played]:
        """The actions committed after the last announced one, each with the table as it stood after it."""
        record = await self.games._record_with_secrets(game_id)  # with the seed: the log is replayed from the setup
        moves = await self.store.moves(game_id)
        state: GameState = new_game(len(record.seats), record.seed, board_named(record.board))
        played: list[Played] = []
        for logged in moves:
            action = parse_action(logged.action)
            if logged.ply <= record.announced_ply:
                apply(state, action)
                continue
            state = state.copy()
            outcome = play(state, action, seat=None if isinstance(action, Resign) else logged.seat)
            played.append(Played(Loaded(record, state).table(), outcome, record.seats[logged.seat]))
        return played
