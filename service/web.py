"""The games' web pages as the service hands them out (web/ shows them): the game a link opens, with every public
position of it and what each action did; renewing and revoking a link; what the pages following a game watch.

A link is the game's random token (``games.web_token``), never its id alone; a revoked link (no token) opens
nothing. What leaves this module is public only: the game's record without its snapshot and seed, and each
game's public steps (``service/<game>/web.py``: public views and what each action did as the table saw it), never
a secret clan, a hand or an AI's belief. Steps are rebuilt from the seed and the log here, kept per game and
move, and told again only when the game has moved on.
"""

from __future__ import annotations

import asyncio
import importlib
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from errors import GameError, Why
from registry import package_of
from service.games import new_web_token, public_record
from service.turns import Committed, Turns
from store import GameRecord, MoveRecord, PageMark, Store

PAGE_PATH = "/g/{token}"
"""Where a game's page is, under the web server's address (web/server.py serves it; cogs link to it)."""
STEPS_KEPT = 64
"""Games whose steps this process keeps (the most recently shown)."""
OPENED_KEPT = 1024
"""Links whose game this process remembers for ``OPENED_FOR_S`` (a wrong one too)."""
OPENED_FOR_S = 1.0
"""How long a link's game is taken as read: 50 pages asking within it cost one read. A commit in this process,
or a change the pages' watch sees, forgets it at once."""


def page_path(token: str) -> str:
    return PAGE_PATH.format(token=token)


@dataclass(frozen=True, slots=True)
class PublicSteps:
    """Every public position of a started game and what led from one to the next."""

    views: tuple[Any, ...]
    """The game's public view after setup, then after each action (``views[i]`` after action ``i``)."""
    facts: tuple[Any, ...]
    """What action ``i + 1`` did, as the table saw it (each game's own public fact)."""


class StepsOf(Protocol):
    """What each game's ``service/<game>/web.py`` offers: its public steps from the seed and the log."""

    def __call__(self, seed: int, players: int, actions: Sequence[str], board: str = "") -> PublicSteps: ...


@dataclass(frozen=True, slots=True)
class GamePage:
    """One game as its web page shows it: public only."""

    record: GameRecord
    """Without snapshot or seed."""
    moves: tuple[MoveRecord, ...]
    """The move log: who acted and when (the actions' words come from ``steps``)."""
    steps: PublicSteps | None
    """None for a game that never started (a lobby, or one cancelled in it)."""

    @property
    def mark(self) -> PageMark:
        return mark_of(self.record)


def mark_of(record: GameRecord) -> PageMark:
    """The mark of a game as read (the same as the store's ``page_marks`` for it)."""
    away = sum(1 for seat in record.seats if seat.away)
    return PageMark(record.status, record.snapshot_ply, len(record.seats), record.deadline_at, record.web_token, away)


def steps_of(game: str) -> StepsOf:
    """The game's public steps, found by its name (``service/<game>/web.py``)."""
    steps: StepsOf = importlib.import_module(package_of(game, "service.web")).public_steps
    return steps


class WebPages:
    """Every page's door to the games: one per process, over the shared database."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.monotonic) -> None:
        self.store = store
        self.clock = clock
        self._opened: OrderedDict[str, tuple[float, GamePage | None]] = OrderedDict()
        self._steps: OrderedDict[int, tuple[int, PublicSteps]] = OrderedDict()
        self._telling: dict[tuple[int, int], asyncio.Future[PublicSteps]] = {}
        self._reading: dict[str, asyncio.Future[GamePage | None]] = {}
        self._forgotten: dict[int, float] = {}
        """When each game last changed (within ``OPENED_FOR_S``)."""
        self.told = 0
        """Games told again from their seed (not taken from those kept), for tests and benchmarks."""

    async def page(self, token: str) -> GamePage | None:
        """The game ``token`` opens, as its page shows it; None for a wrong or revoked link."""
        now = self.clock()
        kept = self._opened.get(token)
        if kept is not None and now - kept[0] < OPENED_FOR_S and self._fresh(*kept):
            return kept[1]
        reading = self._reading.get(token)
        if reading is not None:  # another page asked for this link a moment ago: one read for both
            return await asyncio.shield(reading)
        reading = asyncio.ensure_future(self._read(token))
        self._reading[token] = reading
        try:
            page = await asyncio.shield(reading)
        finally:
            if self._reading.get(token) is reading:
                del self._reading[token]
        if self._fresh(now, page):  # a read begun before the game changed is not kept
            self._opened[token] = (now, page)
            self._opened.move_to_end(token)
            while len(self._opened) > OPENED_KEPT:
                self._opened.popitem(last=False)
        return page

    async def _read(self, token: str) -> GamePage | None:
        found = await self.store.game_by_web_token(token)
        return None if found is None else await self._page(*found)

    def _fresh(self, read_at: float, page: GamePage | None) -> bool:
        return page is None or read_at > self._forgotten.get(page.record.id, float("-inf"))

    def forget(self, game_id: int) -> None:
        """The game changed: the next request for any of its links reads it again (a read under way when it
        changed is not kept)."""
        now = self.clock()
        self._forgotten = {game: at for game, at in self._forgotten.items() if now - at < OPENED_FOR_S}
        self._forgotten[game_id] = now
        self._reading.clear()  # whoever asks from now on reads the game as it now is
        for token, (_, page) in list(self._opened.items()):
            if page is not None and page.record.id == game_id:
                del self._opened[token]

    async def _page(self, record: GameRecord, moves: list[MoveRecord]) -> GamePage:
        steps = None
        if record.status != "lobby" and record.started_at is not None:
            steps = await self._steps_of(record, [move.action for move in moves])
        return GamePage(public_record(record), tuple(moves), steps)

    async def _steps_of(self, record: GameRecord, actions: list[str]) -> PublicSteps:
        kept = self._steps.get(record.id)
        if kept is not None and kept[0] == len(actions):
            self._steps.move_to_end(record.id)
            return kept[1]
        key = (record.id, len(actions))
        telling = self._telling.get(key)
        if telling is None:  # one telling per game and move, however many pages ask at once
            tell = steps_of(record.game)
            telling = asyncio.ensure_future(
                asyncio.to_thread(tell, record.seed, len(record.seats), actions, record.board)
            )
            self._telling[key] = telling
            try:
                steps = await telling
            finally:
                del self._telling[key]
            self.told += 1
            self._steps[record.id] = (len(actions), steps)
            self._steps.move_to_end(record.id)
            while len(self._steps) > STEPS_KEPT:
                self._steps.popitem(last=False)
            return steps
        return await asyncio.shield(telling)

    async def marks(self, game_ids: Sequence[int]) -> dict[int, PageMark]:
        """Each watched game's mark, in one read (a game gone is left out)."""
        return await self.store.page_marks(game_ids)

    # --- the host's or a moderator's say over the link ----------------------------------------------------------

    async def renew(self, game: str, channel_id: int, user_id: int, can_manage: bool) -> GameRecord:
        """The channel's game (or its last one) gets a new link: the old one opens nothing any more."""
        return await self._set_link(game, channel_id, user_id, can_manage, new_web_token())

    async def revoke(self, game: str, channel_id: int, user_id: int, can_manage: bool) -> GameRecord:
        """The channel's game (or its last one) has no link until it is renewed: its page is gone."""
        return await self._set_link(game, channel_id, user_id, can_manage, None)

    async def _set_link(
        self, game: str, channel_id: int, user_id: int, can_manage: bool, token: str | None
    ) -> GameRecord:
        record = await self.store.active_game(channel_id) or await self.store.latest_game(channel_id)
        if record is None:
            raise GameError(Why.NO_GAME_IN_CHANNEL, game=game)
        if record.game != game:
            raise GameError(Why.OTHER_GAME, game=record.game)
        if user_id != record.host_id and not can_manage:
            raise GameError(Why.ONLY_HOST_WEB_LINK)
        await self.store.set_web_token(record.id, token)
        self.forget(record.id)
        return public_record(replace(record, web_token=token))


@dataclass(frozen=True, slots=True)
class WebLinks:
    """The pages as the bot links to them (bot.py sets them on the bot when it serves pages)."""

    pages: WebPages
    base: str
    """WEB_BASE_URL, or the server's own address on this machine."""
    buttons: bool
    """Links go on link buttons (WEB_BASE_URL is set: an address Discord accepts and readers reach); else only
    ``status`` names the page, as text."""

    def url(self, token: str) -> str:
        return self.base.rstrip("/") + page_path(token)


def follow_commits(services: Mapping[str, object], poke: Callable[[int], None]) -> Callable[[], None]:
    """Call ``poke(game_id)`` after every commit of any game in this process (the pages of that game hear of it at
    once; other processes' commits reach them through ``marks``). Returns what stops it."""

    def follow_up(committed: Committed[Any]) -> None:
        poke(committed.game_id)

    pipelines = [turns for service in services.values() if isinstance(turns := getattr(service, "turns", None), Turns)]
    for turns in pipelines:
        turns.after_commit(follow_up)

    def stop() -> None:
        for turns in pipelines:
            turns.forget(follow_up)

    return stop


__all__ = [
    "PAGE_PATH",
    "GamePage",
    "PageMark",
    "PublicSteps",
    "WebLinks",
    "WebPages",
    "follow_commits",
    "mark_of",
    "page_path",
]
