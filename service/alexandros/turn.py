"""What only Alexandros tells the shared turn pipeline (service/turns.py): its refusals before the engine (a
panel built for an older position, not your turn, the game is over), that a pin stands only at its own position,
that the loser of a race is told the game moved on, and that a result keeps nothing beyond the points."""

from __future__ import annotations

from typing import Any

import engine.alexandros as alex
from errors import GameError, Why
from service.turns import Loaded
from store import GameRecord


class AlexandrosTurn:
    """Alexandros' answers to the pipeline's questions (``service.turns.TurnGame``)."""

    def fits(self, record: GameRecord, state: alex.GameState) -> bool:
        return state.ply == record.snapshot_ply and state.seed == record.seed

    async def vet(self, loaded: Loaded[Any], seat: int, action: str, expected_ply: int | None) -> None:
        record, state = loaded.record, loaded.state
        if expected_ply is not None and expected_ply != loaded.ply:
            raise GameError(Why.MOVED_ON)
        if record.status != "running" or state.phase is alex.Phase.OVER:
            raise GameError(Why.GAME_OVER)
        if not isinstance(parse(action), alex.Resign) and state.to_move != seat:
            mover = record.seats[state.to_move]
            raise GameError(Why.THEIR_TURN, name=mover.name, user_id=mover.user_id)

    def same_turn(self, before: alex.GameState, after: alex.GameState) -> bool:
        return False  # a panel shows one position: any action since, a resignation too, changes what it offers

    async def lost_race(self, loaded: Loaded[Any], seat: int, action: str, ply: int) -> GameError:
        return GameError(Why.MOVED_ON)

    def detail(self, state: alex.GameState, seat: int) -> dict[str, str | int]:
        return {}  # the points say it all


def parse(text: str) -> alex.Action:
    try:
        return alex.parse_action(text)
    except alex.IllegalAction as error:
        raise GameError(Why.ILLEGAL_MOVE, reason=error) from None
