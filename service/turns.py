"""The one turn pipeline of every game: load a game once, check an action (the engine decides), commit it with
the one way of handling races, the results with the away rule, and the follow-up after each commit.

It imports no game: it works over the game's ``GameRules`` (engine/rules.py) and the few questions only the game
can answer (``TurnGame``: its refusals before the engine, whether a pinned position still stands, what the loser
of a race is told, what it keeps of a result). Each game's service holds one ``Turns`` and builds its own answer (the
Clans table, the Alexandros turn told) from what a commit returns.

Races: an action is checked against the game as read, the caller answers the player (``accepted``) holding
nothing, then the action is committed under the game's lock, pinned to the ply it was checked at (the store's
expected-ply append). Losing that race to another process reads the game again: an unpinned action (a
resignation) is checked again against the new position, a pinned one stands only when the game says the turn is
the same (``same_turn``), else the game's own refusal says why (``lost_race``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, Generic, Protocol, TypeVar

from engine.rules import GameRules, Standing, replay
from errors import GameError, Why
from registry import game as game_named
from service.errors import refusal
from service.locks import GameLocks
from service.pace import AWAY_AFTER, Clock, Pace, final_winners, turn_clock
from store import GameRecord, ResultInput, SeatRecord, StaleAction, Store, StoreError

Accepted = Callable[[], Awaitable[object]]
"""Called once an action is found legal, before it is committed and before the game's lock is taken: where the
cog answers the interaction (a slow answer holds no other action of the game)."""

Where = tuple[int | None, int | None]
"""The (server, channel) a component was used in."""

S = TypeVar("S")
"""A game's own state object."""


@dataclass(frozen=True, slots=True)
class Loaded(Generic[S]):
    """Inside the service only: a game's full record and its whole state (the game's own object), secrets
    included."""

    record: GameRecord
    state: S

    @property
    def ply(self) -> int:
        """The actions played so far (the position an action is pinned to)."""
        return self.record.snapshot_ply


@dataclass(frozen=True, slots=True)
class Checked(Generic[S]):
    """Inside the service only: an action found legal against a loaded game, with the state after it (not yet
    committed)."""

    loaded: Loaded[S]
    seat: int
    user_id: int | None
    action: str
    """The action's text form (what the move log stores)."""
    state: S
    """The state after the action (a copy: the loaded state is left as it was)."""
    outcome: Any
    """What the game's ``play`` returned."""
    timeouts: int | None
    """The acting seat's new count of timeouts in a row (0 for a human's own action), when it changes."""


@dataclass(frozen=True, slots=True)
class Committed(Generic[S]):
    """A committed action: what was checked, and the game's record after the commit (built, not read back)."""

    checked: Checked[S]
    record: GameRecord
    standing: Standing | None
    """The result, when the action ended the game."""
    to_move: int
    """The seat to move after the action."""

    @property
    def game_id(self) -> int:
        return self.record.id

    @property
    def ply(self) -> int:
        return self.record.snapshot_ply

    @property
    def state(self) -> S:
        return self.checked.state

    @property
    def over(self) -> bool:
        return self.standing is not None

    @property
    def next_event_at(self) -> datetime | None:
        """When the turn clock next needs the scheduler (None: no timed turn)."""
        return self.record.next_event_at

    @property
    def ai_to_act(self) -> bool:
        return not self.over and self.record.seats[self.to_move].ai_level is not None


FollowUp = Callable[[Committed[Any]], None]
"""Work after every commit of any game (wake the turn clock, let an AI seat play): registered once, run once per
commit, once the game's lock is released; it must not block (it schedules work, it does not do it)."""


class TurnGame(Protocol):
    """What only the game knows, asked by the pipeline."""

    def fits(self, record: GameRecord, state: Any) -> bool:
        """Whether a state read from the snapshot is the record's (its ply, its seed)."""
        ...

    async def vet(self, loaded: Loaded[Any], seat: int, action: str, expected_ply: int | None) -> None:
        """The game's refusals before the engine is asked (a stale pin, not your turn, the game is over...)."""
        ...

    def same_turn(self, before: Any, after: Any) -> bool:
        """Whether a pin to ``before`` still stands at ``after`` (only other seats' resignations came between)."""
        ...

    async def lost_race(self, loaded: Loaded[Any], seat: int, action: str, ply: int) -> GameError:
        """What the loser of a race for the position after ``ply`` is told, ``loaded`` being the game now."""
        ...

    def detail(self, state: Any, seat: int) -> Mapping[str, str | int]:
        """What only this game keeps of ``seat``'s result in a finished game (none: empty)."""
        ...


class Turns(Generic[S]):
    """The pipeline, one per game service; every game's service runs this same class."""

    def __init__(
        self,
        rules: GameRules,
        game: TurnGame,
        store: Store,
        locks: GameLocks,
        now: Clock,
        read: Callable[[int], Awaitable[GameRecord]],
    ) -> None:
        self.rules = rules
        self.ai_ratings = game_named(rules.name).ai_ratings
        """Each AI level's published rating, at which an AI seat takes part in its opponents' ratings."""
        self.game = game
        self.store = store
        self.locks = locks
        self.now = now
        self.read = read
        """The game's record by id (the service's own: it refuses another game's)."""
        self.follow_ups: list[FollowUp] = []

    def after_commit(self, follow_up: FollowUp) -> None:
        """Register work to run once after every commit (the bot registers it once, for every game)."""
        self.follow_ups.append(follow_up)

    def forget(self, follow_up: FollowUp) -> None:
        """No longer run ``follow_up`` (its cog is unloaded)."""
        if follow_up in self.follow_ups:
            self.follow_ups.remove(follow_up)

    # --- loading ---------------------------------------------------------------------------------------------

    async def load(self, game_id: int) -> Loaded[S]:
        return await self.loaded(await self.read(game_id))

    async def loaded(self, record: GameRecord) -> Loaded[S]:
        """A started game from its record: the state from the snapshot, else replayed from the move log."""
        self._started(record)
        state = self._from_snapshot(record)
        if state is None:
            moves = await self.store.moves(record.id)
            state = replay(self.rules, len(record.seats), record.seed, [m.action for m in moves], record.board)
        return Loaded(record, state)

    def loaded_from(self, record: GameRecord, actions: Sequence[str]) -> Loaded[S]:
        """A started game from its record and its log read together (no further read)."""
        self._started(record)
        state = self._from_snapshot(record)
        if state is None:
            state = replay(self.rules, len(record.seats), record.seed, list(actions), record.board)
        return Loaded(record, state)

    @staticmethod
    def _started(record: GameRecord) -> None:
        if record.status == "lobby":
            raise GameError(Why.NOT_STARTED)
        if record.status == "cancelled":
            raise GameError(Why.CANCELLED)

    def _from_snapshot(self, record: GameRecord) -> S | None:
        """The state stored with the game's last action, if it is whole and the game's (else None)."""
        if record.snapshot is None:
            return None
        try:
            state: S = self.rules.from_json(record.snapshot)
        except ValueError:  # the game's BadState: the log is the source of truth
            return None
        return state if self.game.fits(record, state) else None

    # --- one action ------------------------------------------------------------------------------------------

    async def submit(
        self,
        loaded: Loaded[S],
        user_id: int | None,
        action: str,
        seat: int | None = None,
        expected_ply: int | None = None,
        accepted: Accepted | None = None,
        timeouts: int | None = None,
        where: Where | None = None,
    ) -> Committed[S]:
        """Check the action, let the caller answer (``accepted``) holding nothing, then commit under the game's
        lock. The lock is held only across database work: a slow answer to Discord never holds other actions."""
        game_id = loaded.record.id
        if self.locks.busy(game_id):
            # Another action of this game is being committed: what we read may be about to change, so read
            # again once it is (a double click is then refused before anything is answered).
            async with self.locks.hold(game_id):
                reloaded = await self.load(game_id)
            if expected_ply == loaded.ply and self.game.same_turn(loaded.state, reloaded.state):
                expected_ply = reloaded.ply  # the same turn and board: the pin moves with the resignations
            loaded = reloaded
        checked = await self.check(loaded, user_id, action, seat, expected_ply, timeouts, where)
        if accepted is not None:
            await accepted()
        async with self.locks.hold(game_id):
            for attempt in range(2):
                try:
                    committed = await self.commit(checked)
                    break
                except StaleAction as error:
                    # Unpinned actions (a resignation) apply to whatever the position now is; a pinned one still
                    # stands when the game says the turn is the same.
                    reloaded = await self.load(game_id)
                    if attempt == 1 or (
                        expected_ply is not None and not self.game.same_turn(checked.loaded.state, reloaded.state)
                    ):
                        raise await self.lost_race(reloaded, user_id, checked.seat, action, error) from None
                    checked = await self.check(reloaded, user_id, action, seat, None, timeouts, where)
            else:
                raise AssertionError("unreachable")
        for follow_up in self.follow_ups:
            follow_up(committed)
        return committed

    async def lost_race(
        self, loaded: Loaded[S], user_id: int | None, seat: int | None, action: str, error: StaleAction
    ) -> GameError:
        """The same words as when the loser had read the game after the winner's commit."""
        seat_record = loaded.record.seat_of(user_id) if user_id is not None else None
        seat = seat_record.seat if seat_record is not None else seat
        if seat is None:
            return refusal(error)
        return await self.game.lost_race(loaded, seat, action, error.ply - 1)

    async def check(
        self,
        loaded: Loaded[S],
        user_id: int | None,
        action: str,
        seat: int | None,
        expected_ply: int | None,
        timeouts: int | None,
        where: Where | None = None,
    ) -> Checked[S]:
        """The action applied to a copy of the loaded state, or the refusal that says why it cannot be."""
        record = loaded.record
        if where is not None and where != (record.guild_id, record.channel_id):
            raise GameError(Why.ELSEWHERE)
        if user_id is not None:
            seat_record = record.seat_of(user_id)
            if seat_record is None:
                raise GameError(Why.NOT_PLAYING)
            seat = seat_record.seat
        assert seat is not None
        await self.game.vet(loaded, seat, action, expected_ply)
        after: S = self.rules.copy(loaded.state)
        try:
            outcome = self.rules.play(after, action, seat)
        except self.rules.illegal as error:
            raise GameError(Why.ILLEGAL_MOVE, reason=error) from None
        return Checked(loaded, seat, user_id, action, after, outcome, 0 if user_id is not None else timeouts)

    async def commit(self, checked: Checked[S]) -> Committed[S]:
        """Write a checked action with the state after it; StaleAction if the game moved on since it was read."""
        record, state, seat, timeouts = checked.loaded.record, checked.state, checked.seat, checked.timeouts
        standing = self.rules.result(state)
        over = standing is not None
        rated = record.guild_id is not None
        now_away = timeouts is not None and timeouts >= AWAY_AFTER
        seats = tuple(
            replace(s, timeouts=timeouts, away=now_away) if s.seat == seat and timeouts is not None else s
            for s in record.seats
        )
        # The clock restarts when the turn passes to another seat (the steps of one turn share its clock).
        to_move = self.rules.to_move(state)
        turn_passed = over or to_move != self.rules.to_move(checked.loaded.state)
        clock = turn_clock(Pace(record.pace), seats, over, to_move, self.now()) if turn_passed else None
        ply = checked.loaded.ply + 1
        try:
            move = await self.store.append_action(
                record.id,
                ply,
                seat,
                checked.user_id,
                checked.action,
                self.rules.to_json(state),
                finished=over,
                end_reason=standing.reason if standing is not None else None,
                results=self.results(seats, state, standing) if standing is not None else (),
                rated=rated,
                clock=clock,
                timeouts=timeouts,
                away=now_away,
                ai_to_act=not over and seats[to_move].ai_level is not None,
                back_at=self.now() if checked.user_id is not None else None,  # their own action ends days off
            )
        except StaleAction:
            raise
        except StoreError as error:
            raise refusal(error) from None
        # What the commit changed, built here rather than read back.
        after = replace(record, snapshot_ply=ply, seats=seats)
        if clock is not None:
            after = replace(
                after, deadline_at=clock.deadline_at, next_event_at=clock.next_event_at, held_until=clock.held_until
            )
        if standing is not None:
            after = replace(
                after, status="finished", finished_at=move.created_at, end_reason=standing.reason, rated=rated
            )
        return Committed(checked, after, standing, to_move)

    # --- results ---------------------------------------------------------------------------------------------

    def results(self, seats: Sequence[SeatRecord], state: S, standing: Standing) -> list[ResultInput]:
        """Each seat's result; a seat still away at the end cannot win (``final_winners``)."""
        won = winners(standing, seats)
        away = {seat.seat for seat in seats if seat.away}
        rows = []
        for seat in seats:
            rows.append(
                ResultInput(
                    seat=seat.seat,
                    user_id=seat.user_id,
                    name=seat.name,
                    total=standing.scores[seat.seat],
                    winner=seat.seat in won,
                    resigned=seat.seat in standing.resigned,
                    away=seat.seat in away,
                    ai_level=seat.ai_level,
                    ai_rating=None if seat.ai_level is None else self.ai_ratings.get(seat.ai_level),
                    detail=self.game.detail(state, seat.seat),
                )
            )
        return rows


def winners(standing: Standing, seats: Sequence[SeatRecord]) -> tuple[int, ...]:
    """A finished game's winners once seats still away at the end are set aside (any game)."""
    away = {seat.seat for seat in seats if seat.away}
    return final_winners(standing.scores, standing.winners, standing.resigned, away)
