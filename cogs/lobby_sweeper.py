"""Nothing left hanging: a lobby nobody starts is closed after a day, with a note where it was opened.

One small background loop looks every ``SWEEP_EVERY_S``; the time comes from an injected clock, so tests
call ``sweep()`` at any moment they like instead of waiting.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

log = logging.getLogger("clans.cog")

SWEEP_EVERY_S = 600.0
"""How often idle lobbies are looked for (a lobby closes at most this long after its 24 hours)."""


def utc_now() -> datetime:
    return datetime.now(UTC)


class IdleLobbySweeper:
    def __init__(
        self,
        close_idle: Callable[[datetime], Awaitable[list[int]]],
        clock: Callable[[], datetime] = utc_now,
        every_s: float = SWEEP_EVERY_S,
    ) -> None:
        self.close_idle = close_idle
        self.clock = clock
        self.every_s = every_s
        self._task: asyncio.Task[None] | None = None

    async def sweep(self) -> list[int]:
        """Close the lobbies idle at the clock's current time; their game ids."""
        return await self.close_idle(self.clock())

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name="clans-idle-lobbies")

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    async def _run(self) -> None:
        while True:
            try:
                await self.sweep()
            except Exception:
                log.exception("Closing idle lobbies failed; trying again later")
            await asyncio.sleep(self.every_s)
