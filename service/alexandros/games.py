"""Alexandros games on the frame: lobby, seats and AI seats, start, checked actions, AI turns, resignation,
results and ratings, history and replays. No Discord here: the cog talks to this service only.

Each action loads its game once and builds the state once (from the snapshot), under the game's lock; the
move log stays the source of truth (``replay_views`` rebuilds every position from the seed and the log).
Another process racing for the same ply loses with Why.STALE, changing nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import engine.alexandros as alex
from ai.alexandros import LEVELS
from engine.games import rules_of
from service.ai_pool import AiPool
from service.clans.tables import public_record
from service.errors import GameError, Why, refusals
from service.lobby import LobbyService
from service.pace import Clock, Pace
from store import GameRecord, MoveRecord, ResultInput, SeatRecord, Store
from store.records import LeaderboardRow, ProfileRecord
from texts.catalogs import DEFAULT_LANGUAGE

KIND = "alexandros"


@dataclass(frozen=True, slots=True)
class AlexTable:
    """A started Alexandros game as everyone may see it: the public record (no snapshot, no seed) and the
    public view (hand sizes, never hands)."""

    record: GameRecord
    view: alex.PublicView

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.record.seats)

    @property
    def over(self) -> bool:
        return self.view.phase is alex.Phase.OVER

    @property
    def mover(self) -> SeatRecord:
        return self.record.seats[self.view.to_move]

    @property
    def ai_to_act(self) -> bool:
        return self.record.status == "running" and not self.over and self.mover.ai_level is not None

    def seat_of(self, user_id: int) -> SeatRecord | None:
        return self.record.seat_of(user_id)


@dataclass(frozen=True, slots=True)
class Panel:
    """What the mover's own turn panel shows: their private view (hand, legal actions) and, when Alexander's
    wall path is to be chosen, each shortest path's effect. Only ever shown to that player."""

    table: AlexTable
    mine: alex.PrivateView
    effects: dict[str, alex.WallEffect]
    """Each ChoosePath's text form → what its walls would do."""


@dataclass(frozen=True, slots=True)
class Acted:
    """One committed action: the table after it, what it did, who acted and the action's text form."""

    table: AlexTable
    outcome: alex.Outcome
    seat: SeatRecord
    action: str


class AlexandrosService(LobbyService):
    kind = KIND

    def __init__(
        self,
        store: Store,
        ai: AiPool | None = None,
        seed_source: Callable[[], int] | None = None,
        now: Clock | None = None,
    ) -> None:
        super().__init__(store, seed_source, now)
        self.ai = ai

    async def open_lobby(
        self,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        host_name: str,
        pace: str = Pace.UNTIMED,
        language: str = DEFAULT_LANGUAGE,
    ) -> GameRecord:
        # No turn clock runs for Alexandros yet: its games are untimed whatever is asked.
        return await super().open_lobby(guild_id, channel_id, host_id, host_name, Pace.UNTIMED, language)

    async def add_ai(self, game_id: int, user_id: int, level: str, label: str = "AI") -> GameRecord:
        if level not in LEVELS:
            raise GameError(Why.AI_LEVELS, levels=LEVELS)
        return await super().add_ai(game_id, user_id, level, label)

    async def start(self, game_id: int, user_id: int) -> AlexTable:  # type: ignore[override]
        game = await self._lobby(game_id)
        if user_id != game.host_id:
            raise GameError(Why.ONLY_HOST_START)
        rules = rules_of(KIND)  # the frame's view of the game: bounds, setup, JSON
        if not rules.min_players <= len(game.seats) <= rules.max_players:
            raise GameError(Why.PLAYER_COUNT, low=rules.min_players, high=rules.max_players, seated=len(game.seats))
        state: alex.GameState = rules.setup(len(game.seats), game.seed)
        with refusals():
            record = await self.store.start_game(game_id, rules.to_json(state))
        return AlexTable(public_record(record), alex.public_view(state))

    # --- reading -------------------------------------------------------------------------------------------

    async def _running(self, game_id: int) -> tuple[GameRecord, alex.GameState]:
        return _started(await self._record(game_id))

    async def table(self, game_id: int) -> AlexTable:
        record, state = await self._running(game_id)
        return AlexTable(public_record(record), alex.public_view(state))

    async def table_in(self, channel_id: int) -> AlexTable:
        record, state = _started(await self._active_record(channel_id))  # one read: the record holds the snapshot
        return AlexTable(public_record(record), alex.public_view(state))

    async def hand(self, game_id: int, user_id: int) -> alex.PrivateView:
        """A player's own view: the public view, their hand and, on their move, the legal actions. Only ever
        shown to that player."""
        record, state = await self._running(game_id)
        seat = record.seat_of(user_id)
        if seat is None:
            raise GameError(Why.NOT_PLAYING)
        return alex.private_view(state, seat.seat)

    async def panel(self, game_id: int, user_id: int) -> Panel:
        """The mover's turn panel (Why.THEIR_TURN for anyone else: a panel is the mover's alone)."""
        record, state = await self._running(game_id)
        seat = record.seat_of(user_id)
        if seat is None:
            raise GameError(Why.NOT_PLAYING)
        if state.phase is alex.Phase.OVER:
            raise GameError(Why.GAME_OVER)
        if state.to_move != seat.seat:
            mover = record.seats[state.to_move]
            raise GameError(Why.THEIR_TURN, name=mover.name, user_id=mover.user_id)
        mine = alex.private_view(state, seat.seat)
        effects = {}
        if state.phase is alex.Phase.PATH:
            for text in mine.legal:
                action = alex.parse_action(text)
                if isinstance(action, alex.ChoosePath):
                    effects[text] = alex.wall_effect(state, action.walls)
        return Panel(AlexTable(public_record(record), alex.public_view(state)), mine, effects)

    async def history(self, game_id: int) -> list[MoveRecord]:
        await self._record(game_id)
        return await self.store.moves(game_id)

    async def replay_views(self, game_id: int, guild_id: int | None) -> tuple[alex.PublicView, ...]:
        """Every position of a finished game of this server, from the seed and the move log (the seed stays
        inside)."""
        from service.alexandros.replays import finished_game, replay_of  # that module builds on this one

        await finished_game(self, game_id, guild_id)
        return (await replay_of(self, game_id)).views

    async def leaderboard(self, guild_id: int) -> list[LeaderboardRow]:
        return await self.store.leaderboard(guild_id, game=KIND)

    async def profile(self, guild_id: int, user_id: int) -> ProfileRecord | None:
        return await self.store.profile(guild_id, user_id, game=KIND)

    # --- acting --------------------------------------------------------------------------------------------

    async def act(self, game_id: int, user_id: int, action: str, expected_ply: int | None = None) -> Acted:
        """The player's action (its text form), checked by the engine and committed with its snapshot.
        ``expected_ply``: the position a panel was built for; a later one is Why.MOVED_ON."""
        return await self._act(game_id, user_id, action, expected_ply)

    async def resign(self, game_id: int, user_id: int) -> Acted:
        return await self._act(game_id, user_id, None)

    async def _act(self, game_id: int, user_id: int, action: str | None, expected_ply: int | None = None) -> Acted:
        """``action`` None: the player's resignation (their seat is read with the game, once)."""
        async with self.locks.hold(game_id):
            record, state = await self._running(game_id)
            seat = record.seat_of(user_id)
            if seat is None:
                raise GameError(Why.NOT_PLAYING)
            if expected_ply is not None and expected_ply != record.snapshot_ply:
                raise GameError(Why.MOVED_ON)
            parsed = alex.Resign(seat.seat) if action is None else _parse(action)
            if not isinstance(parsed, alex.Resign) and state.to_move != seat.seat:
                mover = record.seats[state.to_move]
                raise GameError(Why.THEIR_TURN, name=mover.name, user_id=mover.user_id)
            return await self._commit(record, state, seat, parsed, user_id)

    async def play_ai(self, game_id: int) -> Acted | None:
        """One action of the AI seat to move (None if a human is to move or the game is over). The AI is
        given its own private view only, in a worker process when there is a pool."""
        async with self.locks.hold(game_id):
            record, state = await self._running(game_id)
            if record.status != "running" or state.phase is alex.Phase.OVER:
                return None
            seat = record.seats[state.to_move]
            if seat.ai_level is None:
                return None
            mine = alex.private_view(state, seat.seat)
            if self.ai is not None:
                text = await self.ai.choose_alexandros(seat.ai_level, mine, game_id=game_id, guild_id=record.guild_id)
            else:
                from ai.alexandros import choose_action  # no pool (tests, the terminal): think here

                text = choose_action(seat.ai_level, mine, seed=record.snapshot_ply * 7919 + game_id).text
            return await self._commit(record, state, seat, _parse(text), None)

    async def play_ais(self, game_id: int, limit: int = 400) -> list[Acted]:
        """Every AI action until a human is to move or the game ends."""
        done: list[Acted] = []
        while len(done) < limit and (acted := await self.play_ai(game_id)) is not None:
            done.append(acted)
        return done

    async def _commit(
        self, record: GameRecord, state: alex.GameState, seat: SeatRecord, action: alex.Action, user_id: int | None
    ) -> Acted:
        try:
            outcome = alex.play(state, action, seat=None if isinstance(action, alex.Resign) else seat.seat)
        except alex.IllegalAction as error:
            raise GameError(Why.ILLEGAL_MOVE, reason=error) from None
        over = state.phase is alex.Phase.OVER
        rated = record.guild_id is not None
        with refusals():
            move = await self.store.append_action(
                record.id,
                record.snapshot_ply + 1,
                seat.seat,
                user_id,
                action.text,
                alex.state_to_json(state),
                finished=over,
                end_reason=state.end_reason.value if over and state.end_reason else None,
                results=_results(record.seats, state) if over else (),
                rated=rated,
            )
        after = replace(record, snapshot_ply=record.snapshot_ply + 1)
        if over:
            end = state.end_reason.value if state.end_reason else None
            after = replace(after, status="finished", finished_at=move.created_at, end_reason=end, rated=rated)
        return Acted(AlexTable(public_record(after), alex.public_view(state)), outcome, seat, action.text)

    async def cancel_in(self, channel_id: int, user_id: int, can_manage: bool) -> GameRecord:
        game = await self.cancellable_in(channel_id, user_id, can_manage)
        return await self.cancel(game.id, user_id, can_manage)


def _started(record: GameRecord) -> tuple[GameRecord, alex.GameState]:
    if record.status == "lobby" or record.snapshot is None:
        raise GameError(Why.NOT_STARTED)
    return record, alex.state_from_json(record.snapshot)


def _parse(text: str) -> alex.Action:
    try:
        return alex.parse_action(text)
    except alex.IllegalAction as error:
        raise GameError(Why.ILLEGAL_MOVE, reason=error) from None


def _results(seats: tuple[SeatRecord, ...], state: alex.GameState) -> list[ResultInput]:
    done = alex.result(state)
    assert done is not None
    return [
        ResultInput(
            seat=seat.seat,
            user_id=seat.user_id,
            name=seat.name,
            clan="",  # Alexandros has no clans: the column is Clans'
            clan_score=done.scores[seat.seat],
            chips=0,
            total=done.scores[seat.seat],
            winner=seat.seat in done.winners,
            resigned=state.resigned[seat.seat],
            ai_level=seat.ai_level,
        )
        for seat in seats
    ]


__all__ = ["KIND", "Acted", "AlexTable", "AlexandrosService", "Panel"]
