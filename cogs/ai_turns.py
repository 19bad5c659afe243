"""AI seats move on their own: one background task per game while an AI is to act."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from service import GameError, GameService, Played

log = logging.getLogger("clans.ai")


class AITurns:
    def __init__(
        self,
        games: GameService,
        announce: Callable[[Played], Awaitable[None]],
        delay_s: float,
        budget_s: float,
    ) -> None:
        self.games = games
        self.announce = announce
        self.delay_s = delay_s
        self.budget_s = budget_s
        self._tasks: dict[int, asyncio.Task[None]] = {}

    def schedule(self, game_id: int) -> None:
        """Make sure the game's AI seats play while it is their turn (no-op if already running)."""
        task = self._tasks.get(game_id)
        if task is None or task.done():
            self._tasks[game_id] = asyncio.create_task(self._play_turns(game_id), name=f"clans-ai-{game_id}")

    async def _play_turns(self, game_id: int) -> None:
        while True:
            await asyncio.sleep(self.delay_s)
            try:
                played = await self.games.ai_turn(game_id, self.budget_s)
            except GameError as refusal:  # the game moved on or ended meanwhile
                log.info("AI turn in game %s skipped: %s", game_id, refusal)
                return
            except Exception:
                log.exception("AI turn failed in game %s", game_id)
                return
            if played is None:
                return
            try:
                await self.announce(played)
            except Exception:
                log.exception("Could not announce the AI move in game %s", game_id)

    async def idle(self) -> None:
        """Wait until no AI is thinking (for tests and shutdown)."""
        while any(not t.done() for t in self._tasks.values()):
            await asyncio.gather(*self._tasks.values(), return_exceptions=True)

    def cancel_all(self) -> None:
        for task in self._tasks.values():
            task.cancel()
