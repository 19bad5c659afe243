"""This process's claims on background work (an AI's turn; later a turn's timeout), over store.claims.

``async with claims.hold(game_id, "ai", ply) as ours:`` claims the work for ``lease_s`` seconds; while the block
runs (an AI thinking, however long it waits for a worker) a task renews the lease every third of it; leaving
the block releases the claim. ``ours`` is False when another process holds a live claim, or the game is no
longer at that ply: then the caller does nothing. Should this process die while it holds a claim, the lease
runs out and another process's sweep takes the work over. Time comes from ``clock`` (seconds since the epoch),
injected by the tests.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from store import ClaimKind, Store, new_holder

log = logging.getLogger("clans.claims")

DEFAULT_LEASE_S = 30.0
"""How long a claim holds without renewal: how long work waits after its process died."""


class Claims:
    def __init__(
        self,
        store: Store,
        clock: Callable[[], float] = time.time,
        lease_s: float = DEFAULT_LEASE_S,
        holder: str | None = None,
    ) -> None:
        self.store = store
        self.clock = clock
        self.lease_s = lease_s
        self.holder = holder or new_holder()
        """This claimer's id in the claims table: unique per service, so two in one process are two holders."""

    def now_ms(self) -> int:
        return int(self.clock() * 1000)

    @property
    def lease_ms(self) -> int:
        return int(self.lease_s * 1000)

    @asynccontextmanager
    async def hold(self, game_id: int, kind: ClaimKind, ply: int) -> AsyncIterator[bool]:
        """Claim ``kind`` work on the game at ``ply`` for the block, renewed while it runs; yields whether it
        is ours (if not, the block must do nothing)."""
        if not await self.store.claim(game_id, kind, ply, self.holder, self.now_ms(), self.lease_ms):
            yield False
            return
        renewal = asyncio.create_task(self._renew(game_id, kind, ply), name=f"clans-claim-{kind}-{game_id}")
        try:
            yield True
        finally:
            renewal.cancel()
            try:
                await self.store.release(game_id, kind, self.holder)
            except Exception as error:  # the database is gone (shutting down): the lease simply runs out
                log.warning(
                    "Could not release the %s claim on game %s (%s); it expires by itself", kind, game_id, error
                )

    async def _renew(self, game_id: int, kind: ClaimKind, ply: int) -> None:
        while True:
            await asyncio.sleep(self.lease_s / 3)
            try:
                ours = await self.store.renew(game_id, kind, ply, self.holder, self.now_ms(), self.lease_ms)
            except Exception as error:
                log.warning("Could not renew the %s claim on game %s: %s", kind, game_id, error)
                continue
            if not ours:  # our lease ran out and another process took the work: its commit or ours is refused
                log.warning("Lost the %s claim on game %s at ply %s to another process", kind, game_id, ply)
                return

    async def held(self, game_id: int, kind: ClaimKind) -> bool:
        """Whether some process holds a live claim of ``kind`` on the game (its work is still under way)."""
        holder = await self.store.claim_holder(game_id, kind)
        return holder is not None and holder[2] > self.now_ms()

    async def due_ai_games(self, limit: int = 100, *, game: str) -> list[int]:
        """Running games of ``game`` waiting for an AI that no live claim covers, oldest first (the sweep's
        query)."""
        return [game_id for game_id, _ in await self.store.due_ai_turns(self.now_ms(), limit, game=game)]
