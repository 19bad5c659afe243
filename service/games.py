"""Lobbies: opening, seats, starting, cancelling. The part of the game service before and around play."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime, timedelta
from enum import Enum
from typing import Any, ClassVar

from engine.rules import GameRules
from errors import GameError, Why
from registry import game as game_named
from service.claims import Claims
from service.errors import STATUS_REASON, refusals
from service.limits import check_may_open
from service.locks import GameLocks
from service.pace import Clock, Pace, system_clock, turn_clock
from service.ratings import ai_rating
from service.turns import TurnGame, Turns
from store import GameRecord, LeaderboardRow, Limits, ProfileRecord, Store, StoreError, is_ai_level
from texts.catalogs import DEFAULT_LANGUAGE, LANGUAGES

LOBBY_IDLE = timedelta(hours=24)
"""A lobby nobody started within this time is closed."""


def public_record(record: GameRecord) -> GameRecord:
    """The game's record without its snapshot (which holds every secret) and with seed 0 (the seed deals them)."""
    return replace(record, snapshot=None, seed=0)


class CancelTerms(Enum):
    """What cancelling a game means for whoever asks (docs/RULES.md, "Cancelling a game")."""

    FREE = "free"
    """Nothing has been played yet: the game is simply gone, nothing is scored."""
    VOID = "void"
    """A moderator who does not play ends a game under way: it is void, nothing is scored."""
    RESIGN = "resign"
    """A player ends a game under way: it counts as their resignation; the others play on, or the game ends
    and is scored as resignations are (so a losing host cannot wipe a rated game away)."""


class GameService:
    turns: Turns[Any]
    """The turn pipeline every game shares (service/turns.py), with the game's own answers."""
    game: ClassVar[str]
    """The game this service runs (a name in registry.GAME_NAMES, whose rules give the player bounds, the
    setup and the state's JSON); a channel holds one game of any kind, and each service refuses the others'."""

    @property
    def rules(self) -> GameRules:
        return game_named(self.game).rules

    @property
    def ai_levels(self) -> tuple[str, ...]:
        """The AI levels a lobby may seat."""
        return game_named(self.game).ai_levels

    def ai_rating(self, level: str) -> int:
        """The rating an AI of ``level`` plays at (its published one: it never changes)."""
        return ai_rating(*game_named(self.game).ai_ratings[level])

    def __init__(
        self,
        store: Store,
        seed_source: Callable[[], int] | None = None,
        now: Clock | None = None,
        claims: Claims | None = None,
    ) -> None:
        self.store = store
        self._seed_source = seed_source or (lambda: secrets.randbits(62))
        self.now: Clock = now or system_clock
        self.locks = GameLocks()
        self._languages: dict[int, str] = {}
        """Each user's language as last written by this process: an unchanged one costs no write."""
        self.limits = Limits()
        """Open lobbies and games per member and per server (the bot sets them from its configuration)."""
        self.claims = claims or Claims(store)
        """This process's claims: an AI turn is played by the one process that claims it (service/claims.py)."""

    def pipeline(self, game: TurnGame) -> Turns[Any]:
        """The turn pipeline every game shares (service/turns.py), with the game's own answers (``game``)."""
        return Turns(self.rules, game, self.store, self.locks, self.now, self._record_with_secrets)

    async def open_lobby(
        self,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        host_name: str,
        pace: str = Pace.DAILY,
        language: str = DEFAULT_LANGUAGE,
        board: str = "",
    ) -> GameRecord:
        """``board``: the board to play on, as the game names it ("": the game's default board)."""
        pace = parse_pace(pace)
        board = self.parse_board(board)
        language = parse_language(language)
        await self.check_may_open(guild_id, host_id)
        with refusals():
            return await self.store.create_lobby(
                guild_id,
                channel_id,
                host_id,
                host_name,
                self._seed_source(),
                pace,
                language,
                game=self.game,
                limits=self.limits,
                web_token=new_web_token(),
                opened_at=self.now(),
                board=board,
            )

    def parse_board(self, board: str) -> str:
        """The board to store for a new game: one of the game's boards, its default when none is asked for."""
        boards = self.rules.boards
        if not board:
            return next(iter(boards), "")
        if board not in boards:
            raise GameError(Why.UNKNOWN_BOARD, boards=tuple(boards))
        return board

    async def set_language(self, game_id: int, user_id: int, language: str) -> GameRecord:
        """The host changes the language of the game's public messages while it is in its lobby."""
        game = await self.lobby(game_id)
        if user_id != game.host_id:
            raise GameError(Why.ONLY_HOST_LANGUAGE)
        if not await self.store.set_language(game_id, parse_language(language)):
            raise GameError(STATUS_REASON[(await self.record(game_id)).status])
        return await self.record(game_id)

    async def remember_language(self, user_id: int, language: str) -> None:
        """The language a user last spoke to the bot in: their DMs (reminders, their clan) use it."""
        language = parse_language(language)
        if self._languages.get(user_id) != language:
            await self.store.remember_language(user_id, language, self.now())
            self._languages[user_id] = language

    async def user_language(self, user_id: int) -> str:
        """The user's last known language (English if they never interacted)."""
        if user_id not in self._languages:
            self._languages[user_id] = await self.store.user_language(user_id) or DEFAULT_LANGUAGE
        return self._languages[user_id]

    async def check_may_open(self, guild_id: int | None, host_id: int) -> None:
        """Refused when the member or the server may not open another lobby (before answering `/clans new`)."""
        await check_may_open(self.store, self.limits, guild_id, host_id)

    async def set_pace(self, game_id: int, user_id: int, pace: str) -> GameRecord:
        game = await self.lobby(game_id)
        if user_id != game.host_id:
            raise GameError(Why.ONLY_HOST_PACE)
        if not await self.store.set_pace(game_id, parse_pace(pace)):
            raise GameError(STATUS_REASON[(await self.record(game_id)).status])
        return await self.record(game_id)

    async def set_lobby_message(self, game_id: int, message_id: int) -> None:
        with refusals():
            await self.store.set_lobby_message(game_id, message_id)

    async def place_lobby(self, game_id: int, channel_id: int) -> GameRecord:
        """Move a just-opened lobby into its own channel or thread."""
        with refusals():
            return public_record(await self.store.move_lobby(game_id, channel_id))

    async def discard_lobby(self, game_id: int) -> None:
        """A lobby that could not be placed is closed again (it was never shown)."""
        with refusals():
            await self.store.cancel_game(game_id, end_reason="unplaced")

    async def active_game(self, channel_id: int) -> GameRecord:
        return public_record(await self._active_record(channel_id))

    async def _active_record(self, channel_id: int) -> GameRecord:
        game = await self.store.active_game(channel_id)
        if game is None:
            raise GameError(Why.NO_GAME_IN_CHANNEL, game=self.game)
        return self._own(game)

    def _own(self, game: GameRecord) -> GameRecord:
        if game.game != self.game:
            raise GameError(Why.OTHER_GAME, game=game.game)
        return game

    async def record(self, game_id: int) -> GameRecord:
        return public_record(await self._record_with_secrets(game_id))

    async def _record_with_secrets(self, game_id: int) -> GameRecord:
        game = await self.store.get_game(game_id)
        if game is None:
            raise GameError(Why.GAME_GONE)
        return self._own(game)

    async def lobby(self, game_id: int) -> GameRecord:
        return public_record(await self._lobby(game_id))

    async def _lobby(self, game_id: int) -> GameRecord:
        game = await self._record_with_secrets(game_id)
        if game.status != "lobby":
            raise GameError(STATUS_REASON[game.status])
        return game

    async def join(self, game_id: int, user_id: int, name: str) -> GameRecord:
        with refusals():
            await self.store.add_seat(game_id, user_id, name, limits=self.limits, max_seats=self.rules.max_players)
        return await self.record(game_id)

    async def leave(self, game_id: int, user_id: int) -> GameRecord:
        game = await self.lobby(game_id)
        if user_id == game.host_id:
            raise GameError(Why.HOST_CANNOT_LEAVE, game=self.game)
        with refusals():
            return public_record(await self.store.remove_seat(game_id, user_id))

    async def add_ai(self, game_id: int, user_id: int, level: str, label: str = "AI") -> GameRecord:
        """Seat an AI of ``level``, named ``label`` ("AI", or "KI" in a German game) with its level."""
        game = await self.lobby(game_id)
        if level not in self.ai_levels or not is_ai_level(level):
            raise GameError(Why.AI_LEVELS, levels=self.ai_levels)
        if game.seat_of(user_id) is None:
            raise GameError(Why.JOIN_FIRST)
        taken = {seat.name for seat in game.seats}
        name = f"{label} ({level})"
        number = 2
        while name in taken:
            name = f"{label} ({level}) {number}"
            number += 1
        with refusals():
            await self.store.add_seat(
                game_id,
                None,
                name,
                ai_level=level,
                max_seats=self.rules.max_players,
            )
        return await self.record(game_id)

    async def _begin(self, game_id: int, user_id: int) -> tuple[GameRecord, Any]:
        """Start the lobby's game (the host only, within the game's player bounds and the limits): the game's
        setup from the lobby's seed, and the first turn's clock. The record (with its snapshot) and the state."""
        game = await self._lobby(game_id)  # with its seed, which deals the secrets
        if user_id != game.host_id:
            raise GameError(Why.ONLY_HOST_START)
        rules = self.rules
        if not rules.min_players <= len(game.seats) <= rules.max_players:
            raise GameError(
                Why.PLAYER_COUNT, game=self.game, low=rules.min_players, high=rules.max_players, seated=len(game.seats)
            )
        state = rules.setup(len(game.seats), game.seed, game.board)
        to_move = rules.to_move(state)
        clock = turn_clock(Pace(game.pace), game.seats, False, to_move, self.now())
        ai_first = game.seats[to_move].ai_level is not None
        with refusals():
            # The write checks that the seats are still those the state was dealt for (a guest may leave at
            # the instant the host presses Start) and the server's running games, inside the one transaction.
            record = await self.store.start_game(
                game_id, rules.to_json(state), clock, ai_to_act=ai_first, dealt_for=game.seats, limits=self.limits
            )
        return record, state

    async def next_idle_close(self, idle: timedelta = LOBBY_IDLE) -> datetime | None:
        """When the oldest lobby of this game waiting to start is closed, unless someone starts it first (the
        first second after ``idle``: a lobby is idle once opened more than that before)."""
        opened = await self.store.first_lobby_opened(game=self.game)
        return None if opened is None else opened + idle + timedelta(seconds=1)

    async def close_idle_lobbies(self, now: datetime, idle: timedelta = LOBBY_IDLE) -> list[GameRecord]:
        """Cancel every lobby of this game opened more than ``idle`` before ``now``; the closed games, to
        announce."""
        closed = []
        for lobby in await self.store.idle_lobbies(now - idle, game=self.game):
            try:
                closed.append(public_record(await self.store.cancel_game(lobby.id, end_reason="idle")))
            except StoreError:  # started or cancelled meanwhile: nothing to close
                continue
        return closed

    # --- standings ----------------------------------------------------------------------------------------------

    async def leaderboard(self, guild_id: int) -> list[LeaderboardRow]:
        return await self.store.leaderboard(guild_id, game=self.game)

    async def profile(self, guild_id: int, user_id: int) -> ProfileRecord | None:
        return await self.store.profile(guild_id, user_id, game=self.game)

    def _check_may_cancel(self, game: GameRecord, user_id: int, can_manage: bool) -> None:
        if game.status not in ("lobby", "running"):
            raise GameError(STATUS_REASON[game.status])
        if user_id != game.host_id and not can_manage:
            raise GameError(Why.ONLY_HOST_CANCEL)

    def cancel_terms(self, game: GameRecord, user_id: int, can_manage: bool) -> CancelTerms:
        """What cancelling ``game`` means for this user, if they may (the host, or anyone with ``can_manage``)."""
        self._check_may_cancel(game, user_id, can_manage)
        if game.status == "lobby" or game.snapshot_ply == 0:
            return CancelTerms.FREE
        return CancelTerms.VOID if game.seat_of(user_id) is None else CancelTerms.RESIGN

    async def cancellable_in(self, channel_id: int, user_id: int, can_manage: bool) -> GameRecord:
        """The channel's game, if this user may cancel it (the host, or anyone with ``can_manage``)."""
        game = await self.active_game(channel_id)
        self._check_may_cancel(game, user_id, can_manage)
        return game

    async def cancel(self, game_id: int, user_id: int, can_manage: bool) -> GameRecord:
        """Cancel a game whose terms are FREE or VOID (a player's cancel of a game under way is a resignation:
        ``ClansService.resign``)."""
        game = await self.record(game_id)
        terms = self.cancel_terms(game, user_id, can_manage)
        if terms is CancelTerms.RESIGN:
            raise GameError(Why.CANCEL_IS_RESIGN)
        # Free only while no move is made: pinned to the move the terms were read at (another process may move).
        at_ply = game.snapshot_ply if terms is CancelTerms.FREE and game.status == "running" else None
        try:
            with refusals():
                return public_record(await self.store.cancel_game(game_id, end_reason="cancelled", at_ply=at_ply))
        except GameError as error:
            if error.why is Why.STALE:
                raise GameError(Why.CANCEL_MOVED_ON) from None
            raise


def new_web_token() -> str:
    """The unguessable part of a game's web page link (service/web.py): 128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


def parse_language(language: str) -> str:
    return language if language in LANGUAGES else DEFAULT_LANGUAGE


def parse_pace(text: str) -> Pace:
    try:
        return Pace.parse(text)
    except ValueError:
        raise GameError(Why.UNKNOWN_PACE, paces=tuple(p.value for p in Pace)) from None
