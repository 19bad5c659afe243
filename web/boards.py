"""The boards the pages show, drawn off the event loop one at a time (in a thread of the web's own, so the pages
never slow a board the bot posts in Discord) and kept: a position never changes once played, so each board is
drawn once per game, action, language and renderer version, and sent again from memory (and kept by browsers)."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import ThreadPoolExecutor

KEPT_BYTES = 64 * 1024 * 1024
"""Boards kept in memory at most (about 500 boards), the least recently shown forgotten first."""
WAITING = 16
"""Boards waiting to be drawn at most: past that a page is told to ask again shortly (503), the work stays bounded."""


class Busy(Exception):
    """Too many boards are waiting to be drawn."""


class BoardCache:
    def __init__(self, kept_bytes: int = KEPT_BYTES, waiting: int = WAITING) -> None:
        self.kept_bytes = kept_bytes
        self.waiting = waiting
        self._kept: OrderedDict[Hashable, bytes] = OrderedDict()
        self._size = 0
        self._drawing: dict[Hashable, asyncio.Future[bytes]] = {}
        self._executor = ThreadPoolExecutor(1, thread_name_prefix="web-board")
        self.drawn = 0
        """Boards drawn (not taken from memory), for tests and benchmarks."""

    def kept(self, key: Hashable) -> bytes | None:
        png = self._kept.get(key)
        if png is not None:
            self._kept.move_to_end(key)
        return png

    async def png(self, key: Hashable, draw: Callable[[], bytes]) -> bytes:
        """The board of ``key``: kept, or being drawn for another page, or drawn now (``draw`` in the thread)."""
        png = self.kept(key)
        if png is not None:
            return png
        drawing = self._drawing.get(key)
        if drawing is None:
            if len(self._drawing) >= self.waiting:
                raise Busy
            drawing = asyncio.get_running_loop().run_in_executor(self._executor, draw)
            self._drawing[key] = drawing
            try:
                png = await asyncio.shield(drawing)
            finally:
                self._drawing.pop(key, None)
            self.drawn += 1
            self._keep(key, png)
            return png
        return await asyncio.shield(drawing)

    def _keep(self, key: Hashable, png: bytes) -> None:
        self._kept[key] = png
        self._size += len(png)
        while self._size > self.kept_bytes and len(self._kept) > 1:
            _, old = self._kept.popitem(last=False)
            self._size -= len(old)

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)
