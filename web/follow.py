"""Pages following their game live: each page holds one server-sent event stream; one task per process looks at
every game followed in one read of the database (``WebPages.marks``) every ``POLL_S`` seconds, and at once when this
process commits an action (``poke``). A page hears a new mark as an event and fetches itself again; a revoked or
renewed link ends the stream."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Iterator

from service.web import PageMark, WebPages

log = logging.getLogger("clans.web")

POLL_S = 1.0
"""How often the games followed are looked at: another process's commit reaches a page within about this."""


def version_of(mark: PageMark) -> str:
    """A mark as the page carries it (``data-version``) and the stream sends it."""
    deadline = "" if mark.deadline_at is None else str(int(mark.deadline_at.timestamp()))
    return f"{mark.status}.{mark.ply}.{mark.seats}.{mark.away}.{deadline}"


class Watch:
    """One page following one game through one of its links."""

    def __init__(self, game_id: int, token: str, mark: PageMark) -> None:
        self.game_id = game_id
        self.token = token
        self.mark = mark
        self.ended = False
        self.gone = False
        """Ended because its link no longer opens the game (not because the server stops)."""
        self.changed = asyncio.Event()

    def see(self, mark: PageMark | None) -> bool:
        """The game's mark now (None: gone); whether it is news to this page."""
        if mark is None or mark.web_token != self.token:
            self.end(gone=True)
            return True
        if mark == self.mark:
            return False
        self.mark = mark
        self.changed.set()
        return True

    def end(self, gone: bool = False) -> None:
        self.ended = True
        self.gone = gone
        self.changed.set()

    @property
    def version(self) -> str:
        return version_of(self.mark)


class Following:
    def __init__(self, pages: WebPages, poll_s: float = POLL_S) -> None:
        self.pages = pages
        self.poll_s = poll_s
        self._watches: dict[int, set[Watch]] = {}
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self.looks = 0
        """Reads of the games followed, for tests and benchmarks."""

    @property
    def streams(self) -> int:
        return sum(len(watches) for watches in self._watches.values())

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="web-following")

    async def close(self) -> None:
        for watches in self._watches.values():
            for watch in watches:
                watch.end()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    @contextlib.contextmanager
    def watch(self, game_id: int, token: str, mark: PageMark) -> Iterator[Watch]:
        watch = Watch(game_id, token, mark)
        self._watches.setdefault(game_id, set()).add(watch)
        self._wake.set()  # a first look at once: the game may have moved since the page was read
        try:
            yield watch
        finally:
            watches = self._watches.get(game_id)
            if watches is not None:
                watches.discard(watch)
                if not watches:
                    del self._watches[game_id]

    def poke(self, game_id: int) -> None:
        """An action of the game was committed in this process: look now."""
        self.pages.forget(game_id)
        if game_id in self._watches:
            self._wake.set()

    async def _run(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.poll_s if self._watches else None)
            self._wake.clear()
            if not self._watches:
                continue
            try:
                await self.look()
            except Exception:  # the database is away for a moment: the next look tries again
                log.exception("Could not look at the games the web pages follow")

    async def look(self) -> None:
        """Tell every page following a game what its game's mark is now."""
        ids = list(self._watches)
        marks = await self.pages.marks(ids)
        self.looks += 1
        for game_id in ids:
            news = [watch.see(marks.get(game_id)) for watch in list(self._watches.get(game_id, ()))]
            if any(news):
                self.pages.forget(game_id)
