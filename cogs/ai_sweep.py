"""The sweep: one background task per bot process and game's kind that picks up AI turns nobody is playing.

The process that commits a move hands the next AI turn to its own AI turns at once
(``cogs.clans.ai_turns.AITurns``, ``cogs.alexandros.ai_turns.AlexandrosAiTurns``, both on
``cogs.ai_tasks.GameTasks``). The sweep covers every
other case, so that any process can play any game's AI: every ``interval_s`` it asks the database (one indexed
query, see store.claims) for the running games waiting for an AI that no live claim covers — after a restart,
a move committed by another process, or a process that died holding a claim whose lease has run out — and
hands each to the game's AI turns, which claim the turn before thinking. Of several processes sweeping at once, the
one whose claim lands plays; the others find the claim taken and do nothing. The first sweep runs at start
(``run_once``, awaited); ``sleep`` is injectable.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Protocol

from service.claims import Claims

log = logging.getLogger("clans.ai")

DEFAULT_INTERVAL_S = 5.0
BATCH = 100
"""Games handed over per sweep at most; a live claim hides a game from the next sweep, which takes the next."""


class AiTurns(Protocol):
    """A game's AI turns in this process: one task per game while its AI seats are to act."""

    @property
    def games_with_tasks(self) -> set[int]: ...

    def schedule(self, game_id: int) -> None: ...


class AiSweep:
    def __init__(
        self,
        claims: Claims,
        turns: AiTurns,
        interval_s: float = DEFAULT_INTERVAL_S,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
        *,
        game: str,
    ) -> None:
        self.claims = claims
        self.turns = turns
        self.interval_s = interval_s
        self.sleep = sleep
        self.game = game
        """The kind of game this sweep looks for (the ``games.game`` column)."""
        self._task: asyncio.Task[None] | None = None

    async def run_once(self) -> list[int]:
        """Hand every due AI turn to the game's AI turns (unless this process is already on it); the games found
        due."""
        due = await self.claims.due_ai_games(BATCH, game=self.game)
        busy = self.turns.games_with_tasks
        for game_id in due:
            if game_id not in busy:
                self.turns.schedule(game_id)
        return due

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._sweep(), name=f"{self.game}-ai-sweep")

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None

    async def _sweep(self) -> None:
        while True:
            await self.sleep(self.interval_s)
            try:
                await self.run_once()
            except Exception as error:  # the database is unreachable for a moment: try again next time
                log.warning("AI sweep failed: %s", error)
