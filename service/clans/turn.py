"""What only Clans tells the shared turn pipeline (service/turns.py): its refusals before the engine (a pin to an
old position, a hut move out of turn, a village order owed), that only other seats' resignations leave a pin
standing, what the loser of a race is told, and what a result keeps of the game (clan, clan score, chips)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from engine.clans import Action, Clan, GameState, IllegalMove, Move, Phase, Resign, check, final_result, parse_action
from engine.clans.moves import NotAMove
from errors import GameError, Why
from service.clans.tables import Loaded, Table
from service.turns import Loaded as Read
from store import GameRecord

TooLate = Callable[[GameRecord, GameState, int, Action, int], Awaitable[GameError]]


class VillageOrderOwed(GameError):
    """The mover tried a hut move while they still owe the order of the villages their move founded."""

    def __init__(self, table: Table) -> None:
        super().__init__(Why.ORDER_OWED)
        self.table = table


class ClansTurn:
    """Clans' answers to the pipeline's questions (``service.turns.TurnGame``)."""

    def __init__(self, too_late: TooLate) -> None:
        self.too_late = too_late
        """Why an action for an older position cannot be played (the game service's: it reads the log)."""

    def fits(self, record: GameRecord, state: GameState) -> bool:
        return state.ply == record.snapshot_ply and state.seed == record.seed

    async def vet(self, loaded: Read[Any], seat: int, action: str, expected_ply: int | None) -> None:
        record, state = loaded.record, loaded.state
        parsed = parse(action)
        if expected_ply is not None and expected_ply != state.ply:
            raise await self.too_late(record, state, seat, parsed, expected_ply)
        if record.status != "running" or state.over:
            raise GameError(Why.GAME_OVER)
        if isinstance(parsed, Move) and seat != state.to_move:
            # Their own move of a moment ago (a double click) is "already played", not "not your turn".
            raise await self.too_late(record, state, seat, parsed, state.ply - 1)
        if state.resigned[seat]:
            raise GameError(Why.RESIGNED)
        if isinstance(parsed, Move) and not parsed.is_village_choice and state.phase is Phase.ORDER:
            raise VillageOrderOwed(Loaded(record, state).table())

    def same_turn(self, before: GameState, after: GameState) -> bool:
        """Whether every action between the two states was a resignation of a seat not to move: the mover, the
        phase and the board are as they were."""
        resigned = sum(after.resigned) - sum(before.resigned)
        return (
            resigned > 0
            and after.ply - before.ply == resigned
            and (after.turn, after.to_move, after.phase, after.over)
            == (before.turn, before.to_move, before.phase, False)
        )

    async def lost_race(self, loaded: Read[Any], seat: int, action: str, ply: int) -> GameError:
        return await self.too_late(loaded.record, loaded.state, seat, parse(action), ply)

    def detail(self, state: GameState, seat: int) -> dict[str, str | int]:
        """The clan ``seat`` held (told once the game is over), that clan's score and the seat's village chips."""
        return result_detail(state, seat)


def result_detail(state: GameState, seat: int) -> dict[str, str | int]:
    """What a Clans result keeps beyond the points (``store.ResultRecord.detail``)."""
    result = final_result(state)
    clan = result.clans[seat]
    return {"clan": clan.label, "clan_score": result.clan_scores[clan], "chips": result.chips[seat]}


def held_clan(detail: Mapping[str, str | int]) -> Clan | None:
    """The clan a finished Clans result says its seat held (None for a result without one)."""
    label = detail.get("clan")
    return Clan.parse(label) if isinstance(label, str) else None


def parse(text: str) -> Action:
    try:
        return parse_action(text)
    except IllegalMove as error:
        raise GameError(Why.ILLEGAL_MOVE, reason=error) from None


def text_of(action: Action | str, state: GameState) -> str:
    """An action's text form, checked to be one (a typed command's text is user input). A command's numbers that
    no text form can say (a negative territory) get the engine's own reason, from the state as read."""
    if isinstance(action, str):
        return parse(action).text
    try:
        if parse_action(action.text) == action:
            return action.text
    except IllegalMove:
        pass
    try:
        check(state, action)
    except IllegalMove as error:
        raise GameError(Why.ILLEGAL_MOVE, reason=error) from None
    raise GameError(Why.ILLEGAL_MOVE, reason=NotAMove(action.text))


__all__ = ["ClansTurn", "Resign", "VillageOrderOwed", "parse", "text_of"]
