"""Alexandros' turn clock: the shared deadlines (service/deadlines.py) with Alexandros' autopilot.

When a human's time runs out, the autopilot plays their whole turn (Alexander's move, the walls, the two
actions, a give-back it owes) with the Alexandros AI at ``AUTOPILOT_LEVEL``, seeing only that player's own
hand and the public view, exactly as an AI seat would.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import engine.alexandros as alex
from ai.alexandros import AUTOPILOT_LEVEL
from errors import GameError
from service.alexandros.games import Acted, AlexandrosService, AlexTable
from service.deadlines import TimedOut, TurnDeadlines

log = logging.getLogger("clans.alexandros.deadlines")

MAX_STEPS = 40
"""A turn is a handful of actions (move, path, two actions, a give-back, the end): a bound, never reached."""


@dataclass(frozen=True, slots=True)
class AlexTimeout(TimedOut[Acted]):
    @property
    def table(self) -> AlexTable:
        return self.played[-1].table


class AlexandrosDeadlines(TurnDeadlines[AlexTimeout]):
    def __init__(self, games: AlexandrosService, level: str = AUTOPILOT_LEVEL) -> None:
        super().__init__(games, level)
        self.games = games

    async def _autopilot(self, game_id: int, ply: int, seat_number: int) -> AlexTimeout | None:
        """Play the timed-out seat's whole turn, from the ply found due until the turn passes or the game ends."""
        table = await self.games.table(game_id)
        if table.record.snapshot_ply != ply or table.over or table.view.to_move != seat_number:
            return None
        seat = table.mover
        timeouts = seat.timeouts + 1
        played: list[Acted] = []
        for _ in range(MAX_STEPS):
            try:
                done = await self.games.play_for(game_id, seat_number, ply, self.level, timeouts)
            except GameError as refusal:  # the player acted in the meantime: their action stands
                log.info("Autopilot in Alexandros game %s stood down: %s", game_id, refusal)
                break
            if not played:  # the player may have begun the turn: the post tells all of it
                done = await self.games.whole_turn(done)
            played.append(done)
            ply = done.table.record.snapshot_ply
            if done.table.view.phase is alex.Phase.OVER or done.table.view.to_move != seat_number:
                break
        if not played:
            return None
        away = self.away_after_autopilot(seat, seat_number, played[-1].table.record)
        return AlexTimeout(seat, tuple(played), timeouts, away)
