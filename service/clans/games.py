"""The Clans service: every operation on a Clans game, the /clans cog's one door into it (the lobby and what every
game shares are the base's: service/games.py).

An action reads its game once and commits once: one read (the game, its seats and its snapshot), one write (the
action, the new snapshot and, at the end, the results); nothing is read back after the commit. A turn of several
actions (a move and the village order it leaves) chains them on what each commit returns, each pinned to the
position the one before it left, so it too reads once. Checking, committing, races and results are the turn
pipeline both games share (service/turns.py); Clans' own answers to it (its refusals, a village order owed, its
result detail) are in service/clans/turn.py; its panels, overviews and AI's thoughts in the modules beside this one.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence

from engine.clans import (
    Action,
    Clan,
    GameState,
    Move,
    Phase,
    Preview,
    PublicView,
    Resign,
    order_results,
    orders_matter,
    parse_action,
)
from errors import GameError, Why
from service.ai_pool import AiPool, AiQueueFull
from service.claims import Claims
from service.clans import overview
from service.clans import panel as panels
from service.clans.ai_client import ClansAi
from service.clans.ai_seats import ai_guesses
from service.clans.history import LogTails
from service.clans.overview import GameHistory, SeatedGame
from service.clans.panel import PanelTable, joined, panel_of
from service.clans.private_board import PrivateBoard, private_board
from service.clans.tables import AiGuesses, Loaded, Played, Table
from service.clans.told import TableTold, own_now, table_told
from service.clans.told import from_json as told_from_json
from service.clans.told import to_json as told_to_json
from service.clans.turn import ClansTurn, parse, text_of
from service.games import GameService
from service.pace import Clock
from service.turns import Accepted, Turns, Where
from store import GameRecord, MoveRecord, Store

log = logging.getLogger("clans.service")

GAME_NAME = "clans"
"""Clans' name in the registry and in the games table."""

Confirmed = Callable[[Sequence[Move]], Awaitable[object]]
"""Called once a confirmed preview is found legal, with the actions it plays, before anything is committed."""


class ClansService(GameService):
    game = GAME_NAME

    def __init__(
        self,
        store: Store,
        seed_source: Callable[[], int] | None = None,
        ai_pool: AiPool | None = None,
        now: Clock | None = None,
        claims: Claims | None = None,
    ) -> None:
        super().__init__(store, seed_source, now, claims)
        self.ai_pool = ai_pool or AiPool()
        """Where every AI thinks (worker processes); its owner starts and closes it."""
        self.ai = ClansAi(self.ai_pool)
        """Clans' AI in that pool, with the hard AI's own defaults (the registry's factory sets the configured)."""
        self.log_tails = LogTails()
        """The latest public facts of games whose catch-up was asked (service/clans/history.py)."""
        self.turns: Turns[GameState] = self.pipeline(ClansTurn(self.too_late))

    # --- reading ---------------------------------------------------------------------------------------------

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
        return await self._loaded(await self._record_with_secrets(game_id))

    async def _loaded(self, game: GameRecord) -> Loaded:
        read = await self.turns.loaded(game)
        return Loaded(read.record, read.state)

    def _loaded_from(self, game: GameRecord, moves: Sequence[MoveRecord]) -> Loaded:
        """A started game from a record and its log read together (no further read)."""
        read = self.turns.loaded_from(game, [m.action for m in moves])
        return Loaded(read.record, read.state)

    def start_view(self, loaded: Loaded) -> PublicView:
        """The public position right after setup (what an AI replays the log from)."""
        return overview.start_view(loaded.record)

    async def actions(self, game_id: int) -> list[Action]:
        return [parse_action(m.action) for m in await self.store.moves(game_id)]

    async def my_clan(self, game_id: int, user_id: int) -> Clan:
        """A player's own secret clan: only ever shown to that player."""
        loaded = await self._load(game_id)
        seat = loaded.record.seat_of(user_id)
        if seat is None:
            raise GameError(Why.NOT_PLAYING)
        return loaded.state.clans[seat.seat]

    async def told(self, game_id: int) -> TableTold:
        """Once a game is over: what each move told the table of its mover's clan (service/clans/told.py), worked
        out once in the AI's worker pool and kept with the game. Nothing of it before the end."""
        kept = await self.store.kept_told(game_id)
        if kept is not None and (told := told_from_json(kept)) is not None:
            return told
        found = await self.store.game_log(game_id)
        if found is None:
            raise GameError(Why.GAME_GONE)
        record, moves = found
        if record.status != "finished":
            raise GameError(Why.TOLD_AFTER_END)
        loaded = self._loaded_from(self._own(record), moves)
        history = [parse_action(m.action) for m in moves]
        readings = await self.ai.readings(self.start_view(loaded), history)
        names = [seat.name for seat in record.seats]
        told = table_told(readings, history, [m.seat for m in moves], loaded.state.clans, names)
        await self.store.keep_told(game_id, told_to_json(told))
        return told

    async def readable_now(self, game_id: int, user_id: int) -> tuple[Clan, int, float]:
        """While a game runs, for one of its players alone: their own clan, where a reader of the public game ranks
        it now (1: its first guess) and the probability it gives it. Never anyone else's."""
        found = await self.store.game_log(game_id)  # one read: the game with its log
        if found is None:
            raise GameError(Why.GAME_GONE)
        record, moves = found
        loaded = self._loaded_from(self._own(record), moves)
        seat = loaded.record.seat_of(user_id)
        if seat is None:
            raise GameError(Why.NOT_PLAYING)
        if loaded.state.over:
            raise GameError(Why.GAME_OVER_TOLD)
        history = [parse_action(m.action) for m in moves]
        reading = (await self.ai.readings(self.start_view(loaded), history))[-1]
        clan = loaded.state.clans[seat.seat]
        rank, probability = own_now(reading, seat.seat, clan)
        return clan, rank, probability

    async def private_board(self, game_id: int, user_id: int) -> PrivateBoard:
        """The viewer's own clan and, on their hut move, the territories they can move from (only for them)."""
        loaded = await self._load(game_id)
        seat = loaded.record.seat_of(user_id)
        return private_board(loaded.state, None if seat is None else seat.seat)

    # --- across games (service/clans/overview.py) --------------------------------------------------------------

    async def seated_games(self, user_id: int) -> list[SeatedGame]:
        return await overview.seated_games(self.store, self.turns, user_id)

    async def history(self, game_id: int | None, channel_id: int, guild_id: int | None) -> GameHistory:
        return await overview.history(self.store, game_id, channel_id, guild_id)

    async def catch_up(self, table: Table, seat: int, shown: int = 0) -> GameHistory:
        return await overview.catch_up(self.store, self.log_tails, table, seat, shown)

    async def finished_here(self, channel_id: int) -> GameRecord | None:
        return await overview.finished_here(self.store, channel_id)

    async def too_late(
        self, game: GameRecord, state: GameState, seat: int, action: Action, expected_ply: int
    ) -> GameError:
        return await overview.too_late(self.store, game, state, seat, action, expected_ply)

    # --- acting ------------------------------------------------------------------------------------------------

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
        played, _ = await self._play(loaded, user_id, action, seat, expected_ply, accepted, timeouts, where)
        return played

    async def play_in(
        self, channel_id: int, user_id: int, action: Action | str, accepted: Accepted | None = None
    ) -> Played:
        """A human's action in the channel's game: one read, one write. A hut move is pinned to the position
        when it arrived, so a double submission applies once."""
        loaded = await self._loaded(await self._active_record(channel_id))
        if isinstance(action, str):
            action = parse(action)
        pinned = loaded.state.ply if isinstance(action, Move) else None
        played, _ = await self._play(loaded, user_id, action, None, pinned, accepted)
        return played

    async def move_in(
        self, channel_id: int, user_id: int, move: Move, accepted: Accepted | None = None
    ) -> tuple[Played, bool]:
        """`/clans move`: the hut move in the channel's game, and the village order it leaves when every order
        ends the same (nobody is asked: the first in map order is played; True then). One read."""
        loaded = await self._loaded(await self._active_record(channel_id))
        played, after = await self._play(loaded, user_id, move, None, loaded.state.ply, accepted)
        settled = await self._settle(played, after)
        return settled, settled is not played

    async def confirm_preview(
        self,
        game_id: int,
        user_id: int,
        ply: int,
        move: Move | None,
        index: int,
        accepted: Confirmed | None = None,
        where: Where | None = None,
    ) -> tuple[Played, bool]:
        """The move panel's Confirm: preview ``index`` of ``move`` (None: of the village order owed) at position
        ``ply``, checked as the panel checks it and played as every move is, from one read. Its actions (a hut
        move and/or village choices) are committed one after another, each pinned to the position the one
        before it left: a second click, or any action between, is refused as for ``/clans move``. True when the
        order of the villages it founds changes nothing (nobody was asked)."""
        loaded = await self._load(game_id)
        panel = panel_of(loaded, user_id, ply, where or (None, None))
        found = panels.previews(panel.table, move)
        if not 0 <= index < len(found):
            raise GameError(Why.NOT_A_CHOICE)
        preview = found[index]
        if not preview.actions:
            raise GameError(Why.NOT_A_CHOICE)
        answer = (lambda: accepted(preview.actions)) if accepted is not None else None
        done = [await self._play(loaded, user_id, preview.actions[0], None, ply, answer, where=where)]
        for action in preview.actions[1:]:
            after = done[-1][1]
            done.append(await self._play(after, user_id, action, None, after.ply, None, where=where))
        played = await self._settle(joined([p for p, _ in done]), done[-1][1])
        return played, len(found) == 1 and len(preview.villages) > 1

    async def panel_table(self, game_id: int, user_id: int, ply: int | None, where: Where) -> PanelTable:
        """The game for ``user_id``'s panel, with one read (service/clans/panel.py says who may open it)."""
        return panel_of(await self._load(game_id), user_id, ply, where)

    def previews(self, table: Table, move: Move | None) -> list[Preview]:
        """What ``move`` would do now, each distinct village order it leaves (service/clans/panel.py)."""
        return panels.previews(table, move)

    async def resign(self, game_id: int, user_id: int, accepted: Accepted | None = None) -> Played:
        return await self._resign(await self._load(game_id), user_id, accepted)

    async def resign_in(self, channel_id: int, user_id: int, accepted: Accepted | None = None) -> Played:
        return await self._resign(await self._loaded(await self._active_record(channel_id)), user_id, accepted)

    async def _resign(self, loaded: Loaded, user_id: int, accepted: Accepted | None) -> Played:
        seat = loaded.record.seat_of(user_id)
        if seat is None:
            raise GameError(Why.NOT_PLAYING)
        played, _ = await self._play(loaded, user_id, Resign(seat.seat), None, None, accepted)
        return played

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
    ) -> tuple[Played, Loaded]:
        """The action through the shared pipeline (check, answer, commit, races: service/turns.py): what the
        table sees of it, and the game as the commit left it (to chain the next action of the turn on, unread)."""
        text = text_of(action, loaded.state)
        done = await self.turns.submit(loaded, user_id, text, seat, expected_ply, accepted, timeouts, where)
        after = Loaded(done.record, done.state)
        self.log_tails.committed(done.game_id, done.state.ply, parse(text), done.state.over)
        played = Played(after.table(), done.checked.outcome, done.checked.loaded.record.seats[done.checked.seat])
        return played, after

    async def _settle(self, played: Played, after: Loaded) -> Played:
        """After a move that leaves a village order owed: when every order ends the same, play the first in map
        order for the mover (nobody is asked), chained on ``after``; ``played`` then lists every village
        founded."""
        view = played.table.view
        if view.phase is not Phase.ORDER or orders_matter(view):
            return played
        [only] = order_results(view)
        done = [played]
        user_id, seat = played.actor.user_id, None if played.actor.user_id is not None else played.actor.seat
        for action in only.actions:
            next_played, after = await self._play(after, user_id, action, seat, after.ply, None)
            done.append(next_played)
        return joined(done)

    # --- AI seats ----------------------------------------------------------------------------------------------

    async def ai_turn(self, game_id: int, budget_s: float | None = None, rollouts: int | None = None) -> Played | None:
        """If an AI seat is to act and this process claims its turn, let it decide (in a worker process) and
        play; None otherwise (a human acts, or another process has the turn). One read: the game with its log
        (the AI replays the public log), the state from its snapshot; the action is committed against it."""
        found = await self.store.game_log(game_id)
        if found is None:
            raise GameError(Why.GAME_GONE)
        record, moves = found
        loaded = self._loaded_from(self._own(record), moves)
        seat, ply = loaded.mover, loaded.state.ply
        if loaded.record.status != "running" or loaded.state.over:
            return None
        if seat.ai_level is None:
            await self.store.no_ai_to_act(game_id, ply)  # a mark from before migration 4, or a late sweep
            return None
        async with self.claims.hold(game_id, "ai", ply) as ours:
            if not ours:
                return None
            history = [parse_action(m.action) for m in moves]
            try:
                answer = await self.ai.choose(
                    seat.ai_level,
                    self.start_view(loaded),
                    history,
                    seat.seat,
                    loaded.state.clans[seat.seat],
                    game_id=game_id,
                    guild_id=loaded.record.guild_id,
                    rollouts=rollouts,
                    budget_s=budget_s,
                    levels=[s.ai_level for s in loaded.record.seats],  # public: hard reads AI seats by their level
                )
            except AiQueueFull:  # the claim is released on the way out: the AI sweep hands the turn over later
                return None
            # Pinned to the ply it thought about: if the game moved on meanwhile, the commit is refused.
            played, _ = await self._play(loaded, None, answer.move, seat.seat, ply, None)
            return played

    async def ai_guesses(self, table: Table) -> list[AiGuesses]:
        """Once a game is over: what each AI seat believed about the others' clans at the end, and how sure a
        table reading its moves with its own code could have been of its clan (service/clans/ai_seats.py). One
        read: the game with its log."""
        if not table.view.over:
            raise GameError(Why.GUESSES_AFTER_END)
        if all(seat.ai_level is None for seat in table.record.seats):
            return []
        found = await self.store.game_log(table.id)
        if found is None:
            raise GameError(Why.GAME_GONE)
        record, moves = found
        loaded = self._loaded_from(self._own(record), moves)
        history = [parse_action(m.action) for m in moves]
        return await ai_guesses(self.ai, table, loaded, self.start_view(loaded), history)
