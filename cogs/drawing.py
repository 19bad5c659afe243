"""Images drawn off the event loop and a few at a time, for every game: a burst of moves in any game waits for
a free slot instead of holding one image's worth of memory and a thread per move at once."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

RENDERS_AT_ONCE = 2
"""Renders running at once; the machine it runs on has few cores, so more would only queue in threads."""


class Drawing:
    """The bot's drawing slots (the bot's ``drawing``), shared by every game's board images."""

    def __init__(self, at_once: int = RENDERS_AT_ONCE) -> None:
        self._slots = asyncio.Semaphore(at_once)

    async def draw(self, render: Callable[..., bytes], *args: Any, **kwargs: Any) -> bytes:
        """``render(*args, **kwargs)`` in a worker thread, once a slot is free."""
        async with self._slots:
            return await asyncio.to_thread(render, *args, **kwargs)
