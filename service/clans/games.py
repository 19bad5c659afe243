"""The game service: every operation on a game, the cogs' one door into it (lobbies live in service/lobby.py).

A move costs two database transactions: one read (the game, its seats and its snapshot) and one write (the
move, the new snapshot and, at the end, the results). Nothing is read back after the commit. Checking,
committing, races and results are the turn pipeline both games share (service/turns.py); Clans' own answers to
it (its refusals, a village order owed, its result columns) are in service/clans/turn.py.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

from engine.clans import (
    Action,
    Clan,
    GameState,
    Move,
    PublicView,
    Resign,
    new_game,
    parse_action,
    public_view,
)
from errors import GameError, Why
from registry import rules_of
from service.ai_pool import AiPool
from service.claims import Claims
from service.clans.ai_client import ClansAi
from service.clans.ai_seats import AiSeats
from service.clans.history import LogTails
from service.clans.overview import GameOverview
from service.clans.panel import MovePanels
from service.clans.private_board import PrivateBoard, private_board
from service.clans.tables import Loaded, Played, Table
from service.clans.turn import ClansTurn, parse, text_of
from service.lobby import LobbyService, public_record
from service.pace import Clock
from service.turns import Accepted, Turns, Where
from store import (
    GameRecord,
    LeaderboardRow,
    MoveRecord,
    ProfileRecord,
    Store,
)

log = logging.getLogger("clans.service")


KIND = "clans"
"""The name Clans has in the frame (registry) and in the games table."""


class GameService(LobbyService, GameOverview, AiSeats, MovePanels):
    kind = KIND

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
        """This process's claims: an AI turn is played by the one process that claims it (service/claims.py)."""
        self.log_tails = LogTails()
        """The latest public facts of games whose catch-up was asked (service/clans/history.py)."""
        self.turns: Turns[GameState] = Turns(
            rules_of(self.kind), ClansTurn(self.too_late), store, self.locks, self.now, self._record
        )
        """The turn pipeline every game shares (service/turns.py), with Clans' answers."""

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
        read = await self.turns.loaded(game)
        return Loaded(read.record, read.state)

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
            action = parse(action)
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
        """The action through the shared pipeline (check, answer, commit, races: service/turns.py)."""
        text = text_of(action, loaded.state)
        done = await self.turns.submit(loaded, user_id, text, seat, expected_ply, accepted, timeouts, where)
        state = done.state
        self.log_tails.committed(done.game_id, state.ply, parse(text), state.over)
        table = Table(public_record(done.record), public_view(state))
        return Played(table, done.checked.outcome, done.checked.loaded.record.seats[done.checked.seat])

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
        read = self.turns.loaded_from(game, [m.action for m in moves])
        return Loaded(read.record, read.state)

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
        return await self.store.leaderboard(guild_id, game=self.kind)

    async def profile(self, guild_id: int, user_id: int) -> ProfileRecord | None:
        return await self.store.profile(guild_id, user_id, game=self.kind)
