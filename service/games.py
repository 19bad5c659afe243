"""The game service: every operation on a lobby or a running game, each one transaction."""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass

from ai import choose_action, clan_beliefs
from engine import (
    Action,
    Clan,
    GameState,
    IllegalMove,
    Move,
    Outcome,
    PublicView,
    Resign,
    apply,
    final_result,
    legal_moves,
    new_game,
    parse_action,
    play,
    public_view,
    replay,
    state_from_view,
)
from engine.serial import BadState
from service.errors import GameError
from service.pace import AWAY_AFTER, Clock, Pace, clock_for, final_winners, system_clock
from store import GameRecord, ResultInput, SeatRecord, StaleAction, Store

log = logging.getLogger("clans.service")

MIN_PLAYERS = 2
MAX_PLAYERS = 4
AI_LEVELS = ("easy", "normal", "hard")


@dataclass(frozen=True, slots=True)
class Table:
    """A started game as loaded: its record (seats, ids) and its engine state."""

    record: GameRecord
    state: GameState

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.record.seats)

    @property
    def view(self) -> PublicView:
        return public_view(self.state)

    def seat_of(self, user_id: int) -> SeatRecord | None:
        return self.record.seat_of(user_id)

    @property
    def mover(self) -> SeatRecord:
        return self.record.seats[self.state.to_move]


@dataclass(frozen=True, slots=True)
class Played:
    """An action that was applied and committed, with the table as it now stands."""

    table: Table
    outcome: Outcome
    actor: SeatRecord


@dataclass(frozen=True, slots=True)
class AiGuesses:
    """An AI seat's best guess of each other player's clan, with its probability."""

    ai_name: str
    guesses: tuple[tuple[str, Clan, float], ...]


class GameService:
    def __init__(self, store: Store, seed_source: Callable[[], int] | None = None, now: Clock | None = None) -> None:
        self.store = store
        self._seed_source = seed_source or (lambda: secrets.randbits(62))
        self.now: Clock = now or system_clock
        self._locks: dict[int, asyncio.Lock] = {}

    def _lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    # --- lobby ---------------------------------------------------------------------------------

    async def open_lobby(
        self, guild_id: int | None, channel_id: int, host_id: int, host_name: str, pace: str = Pace.DAILY
    ) -> GameRecord:
        pace = _pace(pace)
        return await self.store.create_lobby(guild_id, channel_id, host_id, host_name, self._seed_source(), pace)

    async def set_pace(self, game_id: int, user_id: int, pace: str) -> GameRecord:
        game = await self.lobby(game_id)
        if user_id != game.host_id:
            raise GameError("Only the host can change the pace.")
        if not await self.store.set_pace(game_id, _pace(pace)):
            raise GameError(_status_sentence(await self.game(game_id)))
        return await self.game(game_id)

    async def active_game(self, channel_id: int) -> GameRecord:
        game = await self.store.active_game(channel_id)
        if game is None:
            raise GameError("There is no game in this channel. Open one with `/clans new`.")
        return game

    async def game(self, game_id: int) -> GameRecord:
        game = await self.store.get_game(game_id)
        if game is None:
            raise GameError("That game no longer exists.")
        return game

    async def lobby(self, game_id: int) -> GameRecord:
        game = await self.game(game_id)
        if game.status != "lobby":
            raise GameError(_status_sentence(game))
        return game

    async def join(self, game_id: int, user_id: int, name: str) -> GameRecord:
        await self.lobby(game_id)
        await self.store.add_seat(game_id, user_id, name)
        return await self.game(game_id)

    async def leave(self, game_id: int, user_id: int) -> GameRecord:
        game = await self.lobby(game_id)
        if user_id == game.host_id:
            raise GameError("You are the host: use `/clans cancel` to close the lobby.")
        return await self.store.remove_seat(game_id, user_id)

    async def add_ai(self, game_id: int, user_id: int, level: str) -> GameRecord:
        game = await self.lobby(game_id)
        if level not in AI_LEVELS:
            raise GameError(f"The AI levels are {', '.join(AI_LEVELS)}.")
        if game.seat_of(user_id) is None:
            raise GameError("Join the game first to add AI players.")
        taken = {seat.name for seat in game.seats}
        name = f"AI ({level})"
        number = 2
        while name in taken:
            name = f"AI ({level}) {number}"
            number += 1
        await self.store.add_seat(game_id, None, name, ai_level=level)  # type: ignore[arg-type]
        return await self.game(game_id)

    async def start(self, game_id: int, user_id: int) -> Table:
        game = await self.lobby(game_id)
        if user_id != game.host_id:
            raise GameError("Only the host can start the game.")
        if not MIN_PLAYERS <= len(game.seats) <= MAX_PLAYERS:
            raise GameError(f"Clans needs {MIN_PLAYERS} to {MAX_PLAYERS} players; this lobby has {len(game.seats)}.")
        state = new_game(len(game.seats), game.seed)
        clock = clock_for(Pace(game.pace), game.seats, state, self.now())
        record = await self.store.start_game(game_id, state.to_json(), clock)
        return Table(record, state)

    async def cancel(self, game_id: int, user_id: int, can_manage: bool) -> GameRecord:
        game = await self.game(game_id)
        if game.status not in ("lobby", "running"):
            raise GameError(_status_sentence(game))
        if user_id != game.host_id and not can_manage:
            raise GameError("Only the host or a member with Manage Messages can cancel the game.")
        return await self.store.cancel_game(game_id, end_reason="cancelled")

    # --- running games -------------------------------------------------------------------------

    async def table(self, game_id: int) -> Table:
        """The running (or finished) game with its state, from the snapshot or, failing that, the log."""
        game = await self.game(game_id)
        if game.status == "lobby":
            raise GameError("The game has not started yet.")
        if game.status == "cancelled":
            raise GameError("That game was cancelled.")
        return Table(game, await self._state(game))

    async def table_in(self, channel_id: int) -> Table:
        return await self.table((await self.active_game(channel_id)).id)

    async def _state(self, game: GameRecord) -> GameState:
        if game.snapshot is not None:
            try:
                state = GameState.from_json(game.snapshot)
            except BadState:
                pass
            else:
                if state.ply == game.snapshot_ply and state.seed == game.seed:
                    return state
        moves = await self.store.moves(game.id)
        return replay(game.seed, len(game.seats), [m.action for m in moves])

    async def start_view(self, table: Table) -> PublicView:
        """The public position right after setup (what an AI replays the log from)."""
        return public_view(new_game(table.state.players, table.record.seed))

    async def actions(self, game_id: int) -> list[Action]:
        return [parse_action(m.action) for m in await self.store.moves(game_id)]

    async def play(
        self,
        game_id: int,
        user_id: int | None,
        action: Action | str,
        seat: int | None = None,
        expected_ply: int | None = None,
        timeouts: int | None = None,
    ) -> Played:
        """Validate and apply one action for a human (``user_id``) or an AI (``seat``), then commit it.

        ``expected_ply`` pins the position the player saw (a button on an old message): if the game
        has moved on, the action is refused instead of being applied to a different position.
        ``timeouts`` is given when the autopilot acts for a human seat whose time ran out: the seat's new count
        of timeouts in a row. A human's own action sets it back to 0 (and ends being away).
        """
        async with self._lock(game_id):
            table = await self.table(game_id)
            if table.record.status != "running" or table.state.over:
                raise GameError("The game is over.")
            if expected_ply is not None and expected_ply != table.state.ply:
                raise GameError("Too late: the game moved on while you were choosing. Look at the latest board.")
            if user_id is not None:
                seat_record = table.seat_of(user_id)
                if seat_record is None:
                    raise GameError("You are not playing in this game.")
                seat = seat_record.seat
            assert seat is not None
            if isinstance(action, str):
                action = parse_action(action)
            if isinstance(action, Move) and seat != table.state.to_move:
                raise GameError(f"It is {_mention(table.mover)}'s turn.")
            if table.state.resigned[seat]:
                raise GameError("You have resigned from this game.")
            state = table.state.copy()
            try:
                outcome = play(state, action, seat=None if isinstance(action, Resign) else seat)
            except IllegalMove as error:
                raise GameError(str(error)) from None
            if user_id is not None:
                timeouts = 0
            changed_turn = state.over or state.to_move != table.state.to_move
            now_away = timeouts is not None and timeouts >= AWAY_AFTER
            away = {s.seat for s in table.record.seats if s.away and s.seat != seat} | ({seat} if now_away else set())
            try:
                await self.store.append_action(
                    game_id,
                    state.ply,
                    seat,
                    user_id,
                    action.text,
                    state.to_json(),
                    finished=state.over,
                    end_reason=state.end_reason.value if state.end_reason else None,
                    results=_results(table.record, state, away) if state.over else (),
                    rated=table.record.guild_id is not None,
                    clock=clock_for(Pace(table.record.pace), table.record.seats, state, self.now())
                    if changed_turn
                    else None,
                    timeouts=timeouts,
                    away=now_away,
                )
            except StaleAction:
                raise GameError("That move was already played: the game has moved on.") from None
            record = await self.game(game_id)
            return Played(Table(record, state), outcome, record.seats[seat])

    async def my_clan(self, game_id: int, user_id: int) -> Clan:
        """A player's own secret clan: only ever shown to that player."""
        table = await self.table(game_id)
        seat = table.seat_of(user_id)
        if seat is None:
            raise GameError("You are not playing in this game.")
        return table.state.clans[seat.seat]

    async def ai_turn(self, game_id: int, budget_s: float) -> Played | None:
        """If an AI seat is to act, let it decide (off the event loop) and play; None otherwise."""
        table = await self.table(game_id)
        seat = table.mover
        if table.record.status != "running" or table.state.over or seat.ai_level is None:
            return None
        start = await self.start_view(table)
        history = await self.actions(game_id)
        clan = table.state.clans[seat.seat]
        move = await asyncio.to_thread(
            decide_safely, seat.ai_level, start, history, seat.seat, clan, table.record.seed, budget_s
        )
        return await self.play(game_id, None, move, seat=seat.seat, expected_ply=table.state.ply)

    async def ai_guesses(self, table: Table) -> list[AiGuesses]:
        """Once a game is over: what each AI seat believed about the others' clans at the end."""
        if not table.state.over:
            raise GameError("The AI's guesses are only shown once the game is over.")
        ai_seats = [seat for seat in table.record.seats if seat.ai_level is not None]
        if not ai_seats:
            return []
        start = await self.start_view(table)
        history = await self.actions(table.id)
        guesses = []
        for seat in ai_seats:
            beliefs = await asyncio.to_thread(clan_beliefs, start, history, seat.seat, table.state.clans[seat.seat])
            guesses.append(
                AiGuesses(
                    seat.name,
                    tuple(
                        (other.name, *max(beliefs[other.seat].items(), key=lambda kv: kv[1]))
                        for other in table.record.seats
                        if other.seat != seat.seat
                    ),
                )
            )
        return guesses

    async def resign(self, game_id: int, user_id: int) -> Played:
        table = await self.table(game_id)
        seat = table.seat_of(user_id)
        if seat is None:
            raise GameError("You are not playing in this game.")
        return await self.play(game_id, user_id, Resign(seat.seat))


def _results(record: GameRecord, state: GameState, away: set[int]) -> list[ResultInput]:
    result = final_result(state)
    winners = final_winners(result, away)
    return [
        ResultInput(
            seat=seat.seat,
            user_id=seat.user_id,
            name=seat.name,
            clan=result.clans[seat.seat].label,
            clan_score=result.clan_scores[result.clans[seat.seat]],
            chips=result.chips[seat.seat],
            total=result.totals[seat.seat],
            winner=seat.seat in winners,
            resigned=seat.seat in result.resigned,
            away=seat.seat in away,
        )
        for seat in record.seats
    ]


def decide_safely(
    level: str, start: PublicView, history: list[Action], seat: int, clan: Clan, seed: int, budget_s: float
) -> Move:
    """The AI's move; should the AI ever fail, a legal move all the same, so the game never stalls."""
    try:
        return choose_action(level, start, history, seat, clan, seed, budget_s=budget_s)
    except Exception:
        log.exception("AI (%s) failed in seat %s; playing the first legal move instead", level, seat)
        state = state_from_view(start, tuple(Clan(c) for c in range(start.players)))
        for action in history:
            apply(state, action)
        return legal_moves(state)[0]


def _pace(text: str) -> Pace:
    try:
        return Pace.parse(text)
    except ValueError as error:
        raise GameError(str(error)) from None


def _mention(seat: SeatRecord) -> str:
    return seat.name if seat.user_id is None else f"<@{seat.user_id}>"


def _status_sentence(game: GameRecord) -> str:
    return {
        "lobby": "That game is still in its lobby.",
        "running": "That game has already started.",
        "finished": "That game is over.",
        "cancelled": "That game was cancelled.",
    }[game.status]
