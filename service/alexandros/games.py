"""The Alexandros service: lobby, seats and AI seats, start, checked actions, AI turns, resignation, results and
ratings, history (the lobby and what every game shares are the base's: service/games.py). No Discord here: the
/alexandros cog talks to this service only.

Each action loads its game once and goes through the turn pipeline both games share (service/turns.py: check,
commit pinned to its ply, races, results); this module keeps what is Alexandros' own: the hand, the panel and
the whole turn told. The move log stays the source of truth (service/alexandros/replays.py rebuilds every
position from the seed and the log). An action that loses a race for its ply, here or in another process, is told
the game moved on (Why.MOVED_ON), changing nothing.

Games are timed like Clans ones (service/pace.py): a commit that passes the turn writes the next turn's clock,
an AI seat's turn is claimed (service/claims.py) so one process plays it, and the autopilot plays a timed-out
turn through ``play_for`` (service/alexandros/deadlines.py).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import engine.alexandros as alex
from engine.alexandros.facts import Destination, Told, destinations, foresee_all, told
from errors import GameError, Why
from service.ai_pool import AiPool
from service.alexandros.ai_client import AlexandrosAi
from service.alexandros.turn import AlexandrosTurn
from service.claims import Claims
from service.games import GameService, public_record
from service.pace import Clock, final_winners
from service.tables import PublicTable
from service.turns import Committed, Turns, Where
from store import GameRecord, MoveRecord, SeatRecord, Store

GAME_NAME = "alexandros"


@dataclass(frozen=True, slots=True)
class AlexTable(PublicTable[alex.PublicView]):
    """A started Alexandros game as everyone may see it: the public record (no snapshot, no seed) and the
    public view (hand sizes, never hands)."""

    @property
    def over(self) -> bool:
        return self.view.phase is alex.Phase.OVER

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won a finished game: the engine's winners, a seat still away at the end set aside."""
        return _winners(self.view.scores, self.view.resigned, self.record.seats)


@dataclass(frozen=True, slots=True)
class Panel:
    """What the mover's own turn panel shows: their private view (hand, legal actions) and, when Alexander's
    wall path is to be chosen, each shortest path's effect. Only ever shown to that player."""

    table: AlexTable
    mine: alex.PrivateView
    effects: dict[str, alex.WallEffect]
    """Each ChoosePath's text form → what its walls would do."""
    facts: dict[str, Told]
    """Each legal action's text form → what it would cost and bring."""
    destinations: dict[int, Destination]
    """Each point Alexander may move to → its distance and the new walls its paths need."""


@dataclass(frozen=True, slots=True)
class Acted:
    """One committed action: the table after it, what it did, who acted and the action's text form."""

    table: AlexTable
    outcome: alex.Outcome
    seat: SeatRecord
    action: str
    told: Told
    """What the action did, as the table saw it."""
    earlier: tuple[Told, ...] = ()
    """When a player's own action (or the autopilot's first) ended a turn they had begun before: what the
    earlier actions of that turn did, so that the turn is posted whole."""
    panel: Panel | None = None
    """The mover's next panel, when asked for (``act(..., panel=True)``) and their turn goes on: built from the
    state the action left, so a pick reads its game once."""

    @property
    def turn(self) -> tuple[Told, ...]:
        return (*self.earlier, self.told)


@dataclass(frozen=True, slots=True)
class Unannounced:
    """Actions committed but never posted (a crash came between): the table now, and who did what."""

    table: AlexTable
    actions: tuple[tuple[SeatRecord, str], ...]
    told: tuple[Told, ...] = ()
    """What each of ``actions`` did."""


class AlexandrosService(GameService):
    game = GAME_NAME

    def __init__(
        self,
        store: Store,
        ai: AiPool | None = None,
        seed_source: Callable[[], int] | None = None,
        now: Clock | None = None,
        claims: Claims | None = None,
    ) -> None:
        super().__init__(store, seed_source, now, claims)
        self.ai = None if ai is None else AlexandrosAi(ai)
        """The AI seats' thinking in the worker pool; None: in this process (tests without a pool)."""
        self.turns: Turns[alex.GameState] = self.pipeline(AlexandrosTurn())

    async def start(self, game_id: int, user_id: int) -> AlexTable:
        record, state = await self._begin(game_id, user_id)
        return AlexTable(public_record(record), alex.public_view(state))

    # --- reading -------------------------------------------------------------------------------------------

    async def _running(self, game_id: int) -> tuple[GameRecord, alex.GameState]:
        loaded = await self.turns.load(game_id)
        return loaded.record, loaded.state

    async def _started(self, record: GameRecord) -> tuple[GameRecord, alex.GameState]:
        loaded = await self.turns.loaded(record)
        return loaded.record, loaded.state

    async def table(self, game_id: int) -> AlexTable:
        record, state = await self._running(game_id)
        return AlexTable(public_record(record), alex.public_view(state))

    async def table_in(self, channel_id: int) -> AlexTable:
        record, state = await self._started(await self._active_record(channel_id))  # the record holds the snapshot
        return AlexTable(public_record(record), alex.public_view(state))

    async def hand(self, game_id: int, user_id: int) -> alex.PrivateView:
        """A player's own view: the public view, their hand and, on their move, the legal actions. Only ever
        shown to that player."""
        return _hand(*await self._running(game_id), user_id)

    async def hand_in(self, channel_id: int, user_id: int) -> alex.PrivateView:
        """The player's own view of the channel's game, from one read."""
        return _hand(*await self._started(await self._active_record(channel_id)), user_id)

    async def panel(self, game_id: int, user_id: int, where: Where | None = None) -> Panel:
        """The mover's turn panel (Why.THEIR_TURN for anyone else: a panel is the mover's alone), from one read.
        ``where``: the (server, channel) of the component asking; a game of another one is refused."""
        record, state = await self._running(game_id)
        if where is not None and where != (record.guild_id, record.channel_id):
            raise GameError(Why.ELSEWHERE)
        seat = record.seat_of(user_id)
        if seat is None:
            raise GameError(Why.NOT_PLAYING)
        if state.phase is alex.Phase.OVER:
            raise GameError(Why.GAME_OVER)
        if state.to_move != seat.seat:
            mover = record.seats[state.to_move]
            raise GameError(Why.THEIR_TURN, name=mover.name, user_id=mover.user_id)
        return await asyncio.to_thread(_panel, record, state, seat.seat)  # up to a few hundred ms: off the loop

    async def history(self, game_id: int) -> list[MoveRecord]:
        await self._record_with_secrets(game_id)
        return await self.store.moves(game_id)

    # --- acting --------------------------------------------------------------------------------------------

    async def act(
        self,
        game_id: int,
        user_id: int,
        action: str,
        expected_ply: int | None = None,
        where: Where | None = None,
        panel: bool = False,
    ) -> Acted:
        """The player's action (its text form), checked by the engine and committed with its snapshot, through
        the shared pipeline (service/turns.py). ``expected_ply``: the position a panel was built for; a later
        one is Why.MOVED_ON. ``where``: the component's (server, channel), checked with the game's one read.
        ``panel``: the mover's next panel comes with the action when their turn goes on (no second read)."""
        loaded = await self.turns.load(game_id)
        done = await self.turns.submit(loaded, user_id, action, expected_ply=expected_ply, where=where)
        acted = _acted(done)
        if acted.table.over or acted.table.view.to_move != acted.seat.seat:
            return await self.whole_turn(acted, loaded.record)
        if panel:
            mine = await asyncio.to_thread(_panel, done.record, done.state, acted.seat.seat)
            return replace(acted, panel=mine)
        return acted

    async def resign(self, game_id: int, user_id: int) -> Acted:
        loaded = await self.turns.load(game_id)
        seat = loaded.record.seat_of(user_id)
        if seat is None:
            raise GameError(Why.NOT_PLAYING)
        acted = _acted(await self.turns.submit(loaded, user_id, alex.Resign(seat.seat).text))
        if acted.table.over or acted.table.view.to_move != seat.seat:
            return await self.whole_turn(acted, loaded.record)
        return acted

    async def whole_turn(self, acted: Acted, record: GameRecord | None = None) -> Acted:
        """``acted`` with what the earlier actions of its turn did (rebuilt from the seed and the move log),
        when the turn began before it: a turn's post tells all of it. ``record``: the game as read for the
        action (its seed deals the replay), else read here. A resignation is told alone."""
        if isinstance(acted.told.action, alex.MoveAlexander | alex.Resign):
            return acted
        record = record or await self._record_with_secrets(acted.table.id)
        moves = [m for m in await self.store.moves(record.id) if m.ply <= acted.table.record.snapshot_ply]
        actions = [alex.parse_action(m.action) for m in moves]
        starts = [i for i, a in enumerate(actions[:-1]) if isinstance(a, alex.MoveAlexander)]
        if not starts or moves[starts[-1]].seat != acted.seat.seat:
            return acted  # a resignation in another player's turn: theirs is told when it ends
        earlier = await asyncio.to_thread(_replay_told, record, actions, starts[-1], len(actions) - 1)
        return replace(acted, earlier=earlier)

    async def play_ai(self, game_id: int) -> Acted | None:
        """One action of the AI seat to move, if this process claims it (None if a human is to move, the game
        is over, or another process has the turn). The AI is given its own private view only, in a worker
        process when there is a pool."""
        record, state = await self._running(game_id)
        if record.status != "running" or state.phase is alex.Phase.OVER:
            return None
        seat = record.seats[state.to_move]
        if seat.ai_level is None:
            await self.store.no_ai_to_act(game_id, record.snapshot_ply)  # a mark from migration 12, or a late sweep
            return None
        async with self.claims.hold(game_id, "ai", record.snapshot_ply) as ours:
            if not ours:
                return None
            return await self.play_for(game_id, seat.seat, record.snapshot_ply, seat.ai_level)

    async def play_for(self, game_id: int, seat: int, ply: int, level: str, timeouts: int | None = None) -> Acted:
        """The action an AI of ``level`` chooses for ``seat`` at ``ply``, committed (Why.MOVED_ON if the game
        moved on meanwhile). The AI sees that seat's private view only: the public view and its own hand.
        ``timeouts``: the autopilot plays for a human whose time ran out (their new count in a row)."""
        loaded = await self.turns.load(game_id)
        record, state = loaded.record, loaded.state
        if loaded.ply != ply or state.to_move != seat or state.phase is alex.Phase.OVER:
            raise GameError(Why.MOVED_ON)
        mine = alex.private_view(state, seat)
        if self.ai is not None:
            text = await self.ai.choose(level, mine, game_id=game_id, guild_id=record.guild_id)
        else:
            from ai.alexandros import choose_action

            text = choose_action(level, mine, seed=ply * 7919 + game_id).text
        # Pinned to the ply the AI thought about: if the game moved on meanwhile, the commit is refused.
        return _acted(await self.turns.submit(loaded, None, text, seat=seat, expected_ply=ply, timeouts=timeouts))

    async def play_ais(self, game_id: int, limit: int = 400) -> list[Acted]:
        """Every AI action until a human is to move or the game ends."""
        done: list[Acted] = []
        while len(done) < limit and (acted := await self.play_ai(game_id)) is not None:
            done.append(acted)
        return done

    # --- announcements ---------------------------------------------------------------------------------------

    async def mark_announced(self, game_id: int, ply: int) -> None:
        """The public post for the game's actions up to ``ply`` is out (catch-up leaves them alone)."""
        await self.store.mark_announced(game_id, ply)

    async def unannounced_turns(self, game_id: int) -> Unannounced | None:
        """The actions committed since the last public post, when they ended a turn (or the game) and so were
        due one: a crash came between the commit and the post. None while the mover is still in their turn."""
        record = await self._record_with_secrets(game_id)
        if record.status not in ("running", "finished"):
            return None
        view = alex.public_view((await self.turns.loaded(record)).state)  # the snapshot, else the log: one loader
        if view.phase not in (alex.Phase.MOVE, alex.Phase.OVER):
            return None  # mid-turn (the scheduler looks again later): known from the snapshot, no log read
        everything = await self.store.moves(game_id)
        moves = [m for m in everything if m.ply > record.announced_ply]
        if not moves or (view.phase is not alex.Phase.OVER and moves[-1].seat == view.to_move):
            return None
        actions = tuple((record.seats[m.seat], m.action) for m in moves)
        log = [alex.parse_action(m.action) for m in everything]
        said = await asyncio.to_thread(_replay_told, record, log, len(log) - len(moves), len(log))
        return Unannounced(AlexTable(public_record(record), view), actions, said)

    async def cancel_in(self, channel_id: int, user_id: int, can_manage: bool) -> GameRecord:
        game = await self.cancellable_in(channel_id, user_id, can_manage)
        return await self.cancel(game.id, user_id, can_manage)


def _panel(record: GameRecord, state: alex.GameState, seat: int) -> Panel:
    """The panel's facts: what every legal action would do (in a thread: a long occupy menu takes a while)."""
    mine = alex.private_view(state, seat)
    effects = {}
    points = []
    actions = [alex.parse_action(text) for text in mine.legal]
    facts = dict(zip(mine.legal, foresee_all(state, actions), strict=True))
    for text, action in zip(mine.legal, actions, strict=True):
        if isinstance(action, alex.ChoosePath):
            effects[text] = alex.wall_effect(state, action.walls)
        if isinstance(action, alex.MoveAlexander) and action.point not in points:
            points.append(action.point)
    table = AlexTable(public_record(record), alex.public_view(state))
    return Panel(table, mine, effects, facts, destinations(state, points))


def _replay_told(record: GameRecord, log: Sequence[alex.Action], first: int, end: int) -> tuple[Told, ...]:
    """What ``log[first:end]`` did, replaying the game from its seed (the log is the source of truth)."""
    state = alex.new_game(len(record.seats), record.seed)
    said = []
    for index, action in enumerate(log[:end]):
        if index < first:
            alex.apply(state, action)
            continue
        start = state.copy()
        alex.apply(state, action)
        said.append(told(start, action, state))
    return tuple(said)


def _hand(record: GameRecord, state: alex.GameState, user_id: int) -> alex.PrivateView:
    seat = record.seat_of(user_id)
    if seat is None:
        raise GameError(Why.NOT_PLAYING)
    return alex.private_view(state, seat.seat)


def _winners(scores: Sequence[int], resigned: Sequence[bool], seats: Sequence[SeatRecord]) -> tuple[int, ...]:
    gone = {s for s in range(len(scores)) if resigned[s]}
    away = {seat.seat for seat in seats if seat.away}
    return final_winners(scores, alex.winners(scores, resigned), gone, away)


def _acted(done: Committed[alex.GameState]) -> Acted:
    """What a committed action did, as the table saw it."""
    checked = done.checked
    table = AlexTable(public_record(done.record), alex.public_view(done.state))
    said = told(checked.loaded.state, alex.parse_action(checked.action), done.state)
    return Acted(table, checked.outcome, checked.loaded.record.seats[checked.seat], checked.action, said)


__all__ = ["GAME_NAME", "Acted", "AlexTable", "AlexandrosService", "Panel", "Unannounced"]
