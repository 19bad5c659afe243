"""AI seats move on their own: one background task per game while an AI is to act."""

from __future__ import annotations

import asyncio
import logging

from cogs.ai_runs import RunAnnouncer
from service import GameError, GameService, Played, Table

log = logging.getLogger("clans.ai")


def ai_moves_next(table: Table) -> bool:
    """Whether an AI seat acts next in ``table``."""
    return table.ai_to_act


class AITurns:
    def __init__(self, games: GameService, runs: RunAnnouncer, delay_s: float, budget_s: float) -> None:
        self.games = games
        self.runs = runs
        self.delay_s = delay_s
        self.budget_s = budget_s
        self._tasks: dict[int, asyncio.Task[None]] = {}

    def schedule(self, game_id: int) -> None:
        """Make sure the game's AI seats play while it is their turn (no-op if already running)."""
        task = self._tasks.get(game_id)
        if task is None or task.done():
            self._tasks[game_id] = asyncio.create_task(self._play_turns(game_id), name=f"clans-ai-{game_id}")

    async def _play_turns(self, game_id: int) -> None:
        """One run: the AI seats act while it is their turn, and the run is announced once, at its end."""
        try:
            table = await self.games.table(game_id)
        except GameError:
            return
        if not ai_moves_next(table):
            return
        channel_id = table.record.channel_id
        placeholder = await self.runs.begin(channel_id, table.mover.name)
        run: list[Played] = []
        try:
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
                run.append(played)
                if not ai_moves_next(played.table):
                    return
        finally:
            try:
                await self.runs.finish(channel_id, placeholder, run)
            except Exception:
                log.exception("Could not announce the AI moves in game %s", game_id)

    async def idle(self) -> None:
        """Wait until no AI is thinking (for tests and shutdown)."""
        while any(not t.done() for t in self._tasks.values()):
            await asyncio.gather(*self._tasks.values(), return_exceptions=True)

    def cancel_all(self) -> None:
        for task in self._tasks.values():
            task.cancel()
