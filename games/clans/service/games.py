"""The game service: every operation on a game, the cogs' one door into it (lobbies live in frame/service/lobby.py).

A move costs two database transactions: one read (the game, its seats and its snapshot) and one write (the
move, the new snapshot and, at the end, the results). Nothing is read back after the commit.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace

from frame.service.ai_pool import AiPool
from frame.service.claims import Claims
from frame.service.errors import GameError, Why, refusal
from frame.service.lobby import LobbyService, public_record
from frame.service.pace import AWAY_AFTER, Clock, Pace, final_winners, turn_clock
from frame.store import (
    GameRecord,
    LeaderboardRow,
    MoveRecord,
    ProfileRecord,
    ResultInput,
    SeatRecord,
    StaleAction,
    Store,
)
from games.clans.engine import (
    Action,
    Clan,
    GameState,
    IllegalMove,
    Move,
    Phase,
    PublicView,
    Resign,
    final_result,
    new_game,
    parse_action,
    play,
    public_view,
    replay,
)
from games.clans.engine.serial import BadState
from games.clans.service.ai_client import ClansAi
from games.clans.service.ai_seats import AiSeats
from games.clans.service.history import LogTails
from games.clans.service.overview import GameOverview
from games.clans.service.panel import MovePanels
from games.clans.service.private_board import PrivateBoard, private_board
from games.clans.service.tables import Checked, Loaded, Played, Table

log = logging.getLogger("clans.service")

Accepted = Callable[[], Awaitable[object]]
"""Called once an action is found legal, before it is committed and before the game's lock is taken: where the
cog answers the interaction (a slow answer holds no other action of the game)."""

Where = tuple[int | None, int | None]
"""The (server, channel) a component was used in."""


class VillageOrderOwed(GameError):
    """The mover tried a hut move while they still owe the order of the villages their move founded."""

    def __init__(self, table: Table) -> None:
        super().__init__(Why.ORDER_OWED)
        self.table = table


class GameService(LobbyService, GameOverview, AiSeats, MovePanels):
    kind = "clans"

    def __init__(
        self,
        store: Store,
        seed_source: Callable[[], int] | None = None,
        ai_pool: AiPool | None = None,
        now: Clock | None = None,
        claims: Claims | None = None,
    ) -> None:
        super().__init__(store, seed_source, now)
        self.ai_pool = ai_pool or AiPool()
        """Where every AI thinks (worker processes); its owner starts and closes it."""
        self.ai = ClansAi(self.ai_pool)
        """Clans' AI in that pool, with the hard AI's own defaults (bot.py sets the configured ones)."""
        self.claims = claims or Claims(store)
        """This process's claims: an AI turn is played by the one process that claims it (frame/service/claims.py)."""
        self.log_tails = LogTails()
        """The latest public facts of games whose catch-up was asked (games/clans/service/history.py)."""

    async def start(self, game_id: int, user_id: int) -> Table:
        record, state = await self._begin(game_id, user_id)
        return Loaded(record, state).table()

    async def table(self, game_id: int) -> Table:
        """The running (or finished) game as the players see it."""
        return (await self._load(game_id)).table()

    async def table_of(self, game: GameRecord) -> Table:
        """The table of a game record already read (its snapshot holds the state: nothing is read again)."""
        return (await self._loaded(game)).table()

    async def table_in(self, channel_id: int) -> Table:
        return (await self._loaded(await self._active_record(channel_id))).table()

    async def _load(self, game_id: int) -> Loaded:
        return await self._loaded(await self._record(game_id))

    async def _loaded(self, game: GameRecord) -> Loaded:
        if game.status == "lobby":
            raise GameError(Why.NOT_STARTED)
        if game.status == "cancelled":
            raise GameError(Why.CANCELLED)
        return Loaded(game, await self._state(game))

    async def _state(self, game: GameRecord) -> GameState:
        """The state from the snapshot or, failing that, from the log."""
        state = _from_snapshot(game)
        if state is not None:
            return state
        moves = await self.store.moves(game.id)
        return replay(game.seed, len(game.seats), [m.action for m in moves])

    def start_view(self, loaded: Loaded) -> PublicView:
        """The public position right after setup (what an AI replays the log from)."""
        return public_view(new_game(loaded.state.players, loaded.record.seed))

    async def actions(self, game_id: int) -> list[Action]:
        return [parse_action(m.action) for m in await self.store.moves(game_id)]

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
    ) -> Played:
        """Validate and apply one action for a human (``user_id``) or an AI (``seat``), then commit it.

        ``expected_ply`` pins the position the player saw (a button on an old message): if the game
        has moved on, the action is refused instead of being applied to a different position.
        ``timeouts`` is given when the autopilot acts for a human seat whose time ran out: the seat's new count
        of timeouts in a row. A human's own action sets it back to 0 (and ends being away).
        ``where``: the (server, channel) a component was used in; a game of another one is refused (a forged or
        copied custom id), checked with the game's one read.
        """
        loaded = await self._load(game_id)
        return await self._play(loaded, user_id, action, seat, expected_ply, accepted, timeouts, where)

    async def play_in(
        self, channel_id: int, user_id: int, action: Action | str, accepted: Accepted | None = None
    ) -> Played:
        """A human's action in the channel's game: one read, one write. A hut move is pinned to the position
        when it arrived, so a double submission applies once."""
        loaded = await self._loaded(await self._active_record(channel_id))
        if isinstance(action, str):
            action = _parse(action)
        pinned = loaded.state.ply if isinstance(action, Move) else None
        return await self._play(loaded, user_id, action, None, pinned, accepted)

    async def _play(
        self,
        loaded: Loaded,
        user_id: int | None,
        action: Action | str,
        seat: int | None,
        expected_ply: int | None,
        accepted: Accepted | None,
        timeouts: int | None = None,
        where: Where | None = None,
    ) -> Played:
        """Check the action, let the caller answer (``accepted``) holding nothing, then commit under the game's
        lock. The lock is held only across database work: a slow answer to Discord never holds other actions."""
        game_id = loaded.record.id
        if self.locks.busy(game_id):
            # Another action of this game is being committed: what we read may be about to change, so read
            # again once it is (a double click is then refused before anything is answered).
            async with self.locks.hold(game_id):
                reloaded = await self._load(game_id)
            if expected_ply == loaded.state.ply and _only_resignations(loaded.state, reloaded.state):
                expected_ply = reloaded.state.ply  # the same turn and board: the pin moves with the resignations
            loaded = reloaded
        checked = await self._check(loaded, user_id, action, seat, expected_ply, timeouts, where)
        if accepted is not None:
            await accepted()
        async with self.locks.hold(game_id):
            for attempt in range(2):
                try:
                    return await self._commit(checked)
                except StaleAction as error:
                    # Unpinned actions (a resignation) apply to whatever the position now is; a pinned one still
                    # stands when only other seats' resignations came in between (the same turn, the same board).
                    reloaded = await self._load(game_id)
                    if attempt == 1 or (
                        expected_ply is not None and not _only_resignations(checked.loaded.state, reloaded.state)
                    ):
                        raise await self._lost_race(game_id, user_id, checked.seat, checked.action, error) from None
                    checked = await self._check(reloaded, user_id, action, seat, None, timeouts, where)
        raise AssertionError("unreachable")

    async def _lost_race(
        self, game_id: int, user_id: int | None, seat: int | None, action: Action | str, error: StaleAction
    ) -> GameError:
        """What the loser of a race to the same ply is told: the same words as when it read the game after the
        winner's commit ("your move … was already played", whose turn it is)."""
        loaded = await self._load(game_id)
        seat_record = loaded.record.seat_of(user_id) if user_id is not None else None
        seat = seat_record.seat if seat_record is not None else seat
        if seat is None:
            return refusal(error)
        parsed = _parse(action) if isinstance(action, str) else action
        return await self.too_late(loaded.record, loaded.state, seat, parsed, error.ply - 1)

    async def _check(
        self,
        loaded: Loaded,
        user_id: int | None,
        action: Action | str,
        seat: int | None,
        expected_ply: int | None,
        timeouts: int | None,
        where: Where | None = None,
    ) -> Checked:
        """The action applied to a copy of the loaded state, or the refusal that says why it cannot be."""
        record, state = loaded.record, loaded.state
        if where is not None and where != (record.guild_id, record.channel_id):
            raise GameError(Why.ELSEWHERE)
        if user_id is not None:
            seat_record = record.seat_of(user_id)
            if seat_record is None:
                raise GameError(Why.NOT_PLAYING)
            seat = seat_record.seat
        assert seat is not None
        if isinstance(action, str):
            action = _parse(action)
        if expected_ply is not None and expected_ply != state.ply:
            raise await self.too_late(record, state, seat, action, expected_ply)
        if record.status != "running" or state.over:
            raise GameError(Why.GAME_OVER)
        if isinstance(action, Move) and seat != state.to_move:
            # Their own move of a moment ago (a double click) is "already played", not "not your turn".
            raise await self.too_late(record, state, seat, action, state.ply - 1)
        if state.resigned[seat]:
            raise GameError(Why.RESIGNED)
        if isinstance(action, Move) and not action.is_village_choice and state.phase is Phase.ORDER:
            raise VillageOrderOwed(loaded.table())
        after = state.copy()
        try:
            outcome = play(after, action, seat=None if isinstance(action, Resign) else seat)
        except IllegalMove as error:
            raise GameError(Why.ILLEGAL_MOVE, reason=error) from None
        return Checked(loaded, seat, user_id, action, after, outcome, 0 if user_id is not None else timeouts)

    async def _commit(self, checked: Checked) -> Played:
        """Write a checked action with the state after it; StaleAction if the game moved on since it was read."""
        record, before, state, seat = checked.loaded.record, checked.loaded.state, checked.state, checked.seat
        timeouts = checked.timeouts
        rated = record.guild_id is not None
        now_away = timeouts is not None and timeouts >= AWAY_AFTER
        seats = tuple(
            replace(s, timeouts=timeouts, away=now_away) if s.seat == seat and timeouts is not None else s
            for s in record.seats
        )
        # The clock restarts when the turn passes to another seat (a village order is part of the same turn).
        turn_passed = state.over or state.to_move != before.to_move
        clock = turn_clock(Pace(record.pace), seats, state.over, state.to_move, self.now()) if turn_passed else None
        move = await self.store.append_action(
            record.id,
            state.ply,
            seat,
            checked.user_id,
            checked.action.text,
            state.to_json(),
            finished=state.over,
            end_reason=state.end_reason.value if state.end_reason else None,
            results=_results(seats, state) if state.over else (),
            rated=rated,
            clock=clock,
            timeouts=timeouts,
            away=now_away,
            ai_to_act=not state.over and record.seats[state.to_move].ai_level is not None,
        )
        # What the commit changed, built here rather than read back.
        after = replace(record, snapshot_ply=state.ply, seats=seats)
        if clock is not None:
            after = replace(after, deadline_at=clock.deadline_at, next_event_at=clock.next_event_at)
        if state.over:
            end_reason = state.end_reason.value if state.end_reason else None
            after = replace(after, status="finished", finished_at=move.created_at, end_reason=end_reason, rated=rated)
        self.log_tails.committed(record.id, state.ply, checked.action, state.over)
        return Played(Table(public_record(after), public_view(state)), checked.outcome, record.seats[seat])

    async def my_clan(self, game_id: int, user_id: int) -> Clan:
        """A player's own secret clan: only ever shown to that player."""
        loaded = await self._load(game_id)
        seat = loaded.record.seat_of(user_id)
        if seat is None:
            raise GameError(Why.NOT_PLAYING)
        return loaded.state.clans[seat.seat]

    async def private_board(self, game_id: int, user_id: int) -> PrivateBoard:
        """The viewer's own clan and, on their hut move, the territories they can move from (only for them)."""
        loaded = await self._load(game_id)
        seat = loaded.record.seat_of(user_id)
        return private_board(loaded.state, None if seat is None else seat.seat)

    def _loaded_from(self, game: GameRecord, moves: Sequence[MoveRecord]) -> Loaded:
        """A started game from a record and its log read together (no further read)."""
        if game.status == "lobby":
            raise GameError(Why.NOT_STARTED)
        if game.status == "cancelled":
            raise GameError(Why.CANCELLED)
        state = _from_snapshot(game) or replay(game.seed, len(game.seats), [m.action for m in moves])
        return Loaded(game, state)

    async def resign(self, game_id: int, user_id: int, accepted: Accepted | None = None) -> Played:
        loaded = await self._load(game_id)
        seat = loaded.record.seat_of(user_id)
        if seat is None:
            raise GameError(Why.NOT_PLAYING)
        return await self._play(loaded, user_id, Resign(seat.seat), None, None, accepted)

    async def resign_in(self, channel_id: int, user_id: int, accepted: Accepted | None = None) -> Played:
        loaded = await self._loaded(await self._active_record(channel_id))
        seat = loaded.record.seat_of(user_id)
        if seat is None:
            raise GameError(Why.NOT_PLAYING)
        return await self._play(loaded, user_id, Resign(seat.seat), None, None, accepted)

    # --- standings -----------------------------------------------------------------------------

    async def leaderboard(self, guild_id: int) -> list[LeaderboardRow]:
        return await self.store.leaderboard(guild_id)

    async def profile(self, guild_id: int, user_id: int) -> ProfileRecord | None:
        return await self.store.profile(guild_id, user_id)


def _from_snapshot(game: GameRecord) -> GameState | None:
    """The state stored with the game's last action, if it is whole and matches the game."""
    if game.snapshot is None:
        return None
    try:
        state = GameState.from_json(game.snapshot)
    except BadState:
        return None
    return state if state.ply == game.snapshot_ply and state.seed == game.seed else None


def _parse(text: str) -> Action:
    try:
        return parse_action(text)
    except IllegalMove as error:
        raise GameError(Why.ILLEGAL_MOVE, reason=error) from None


def _results(seats: tuple[SeatRecord, ...], state: GameState) -> list[ResultInput]:
    result = final_result(state)
    away = {seat.seat for seat in seats if seat.away}
    winners = final_winners(result.totals, result.winners, result.resigned, away)
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
            ai_level=seat.ai_level,
        )
        for seat in seats
    ]


def _only_resignations(before: GameState, after: GameState) -> bool:
    """Whether every action between the two states was a resignation of a seat not to move: the mover, the phase
    and the board are as they were."""
    resigned = sum(after.resigned) - sum(before.resigned)
    return (
        resigned > 0
        and after.ply - before.ply == resigned
        and (after.turn, after.to_move, after.phase, after.over) == (before.turn, before.to_move, before.phase, False)
    )
