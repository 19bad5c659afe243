"""One asyncio lock per game with an action in flight; a game's lock is dropped as soon as nobody holds or
awaits it, so thousands of finished or idle games leave nothing behind."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager


class GameLocks:
    def __init__(self) -> None:
        self._locks: dict[int, tuple[asyncio.Lock, list[int]]] = {}

    def __len__(self) -> int:
        """How many games have a lock right now (held or awaited)."""
        return len(self._locks)

    def busy(self, game_id: int) -> bool:
        """Someone holds (or awaits) the game's lock."""
        return game_id in self._locks

    @asynccontextmanager
    async def hold(self, game_id: int) -> AsyncIterator[None]:
        lock, users = self._locks.setdefault(game_id, (asyncio.Lock(), [0]))
        users[0] += 1
        try:
            async with lock:
                yield
        finally:
            users[0] -= 1
            if users[0] == 0:
                del self._locks[game_id]
