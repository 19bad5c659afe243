"""What every game's AI turns share in a process: one background task per game, only while its AI seats are to
act, forgotten as soon as it ends; waited for (tests, shutdown) or cancelled all at once."""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Coroutine
from functools import partial
from typing import Any

from cogs.drawing import behind


class GameTasks:
    """The base of a game's AI turns (cogs/<game>/ai_turns.py): its tasks, by game."""

    def __init__(self) -> None:
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._closed = False
        """After cancel_all (the bot stops): no new task; an AI turn an action under way asks for waits in the
        database for the sweep of the next process."""

    @property
    def games_with_tasks(self) -> set[int]:
        """The games that hold a task entry (each only while an AI is to act)."""
        return set(self._tasks)

    def running(self, game_id: int) -> bool:
        task = self._tasks.get(game_id)
        return task is not None and not task.done()

    def start(self, game_id: int, run: Coroutine[Any, Any, None], name: str) -> None:
        if self._closed:
            run.close()
            return
        context = contextvars.copy_context()  # the task's own copy: its drawings wait behind, the caller's do not
        context.run(behind.set, True)
        task = asyncio.create_task(run, name=name, context=context)
        task.add_done_callback(partial(self._forget, game_id))
        self._tasks[game_id] = task

    def _forget(self, game_id: int, task: asyncio.Task[None]) -> None:
        if self._tasks.get(game_id) is task:
            del self._tasks[game_id]
            self.forgotten(game_id)

    def forgotten(self, game_id: int) -> None:
        """The game's task ended: drop what was kept for it."""

    async def idle(self) -> None:
        """Wait until no AI is thinking (for tests and shutdown)."""
        while any(not t.done() for t in self._tasks.values()):
            await asyncio.gather(*self._tasks.values(), return_exceptions=True)

    def cancel_all(self) -> None:
        self._closed = True
        for task in self._tasks.values():
            task.cancel()
