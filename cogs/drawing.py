"""Images drawn off the event loop and a few at a time, for every game: a burst of moves in any game waits for
a free slot instead of holding one image's worth of memory and a thread per move at once.

Drawings nobody is waiting on at a command (those of AI turns: ``GameTasks`` runs them ``behind``) take slots of
their own, so a player's post never queues behind AI games' boards, however many of them end at once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

RENDERS_AT_ONCE = 2
"""Renders running at once; the machine it runs on has few cores, so more would only queue in threads."""
BEHIND_AT_ONCE = 1
"""Renders of AI turns running at once, beside the players' own slots."""

behind: ContextVar[bool] = ContextVar("drawing_behind", default=False)
"""True in a task whose drawings wait in the AI turns' slots (cogs/ai_tasks.py sets it for an AI turn's task)."""


class Drawing:
    """The bot's drawing slots (the bot's ``drawing``), shared by every game's board images: ``at_once`` for
    what players' commands and buttons draw, ``behind_at_once`` more for the AI turns'."""

    def __init__(self, at_once: int = RENDERS_AT_ONCE, behind_at_once: int = BEHIND_AT_ONCE) -> None:
        self._slots = asyncio.Semaphore(at_once)
        self._behind = asyncio.Semaphore(behind_at_once)

    async def draw(self, render: Callable[..., bytes], *args: Any, **kwargs: Any) -> bytes:
        """``render(*args, **kwargs)`` in a worker thread, once a slot is free (an AI turn's: one of its own)."""
        async with self._behind if behind.get() else self._slots:
            return await asyncio.to_thread(render, *args, **kwargs)
