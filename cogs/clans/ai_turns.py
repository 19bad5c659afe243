"""AI seats move on their own: one background task per game, only while an AI is to act.

The task of a game lives while its AI seats are to act and is dropped as soon as the game ends or
a human is next; whoever just played knows who is next (``after``), so nothing is reloaded to find
out. The thinking itself happens in the service's worker processes, never on the event loop.

A task's actions form one run, posted once at its end as a new message (every action listed, one board: see
``cogs.clans.ai_runs``). A hand-off that arrives while the task is still posting its run (Discord's rate limit
can hold that post for seconds, while the human after the AI has already moved) is not lost: the task plays
another run instead of ending.
"""

from __future__ import annotations

import asyncio
import logging

from cogs.ai_tasks import GameTasks
from cogs.clans.ai_runs import RunAnnouncer
from errors import GameError
from service.clans.games import ClansService
from service.clans.tables import Played, Table

log = logging.getLogger("clans.ai")


def ai_moves_next(table: Table) -> bool:
    """Whether an AI seat acts next in ``table`` (as the action that produced it left the game)."""
    return table.ai_to_act


class AITurns(GameTasks):
    def __init__(
        self,
        games: ClansService,
        runs: RunAnnouncer,
        delay_s: float,
        budget_s: float | None = None,
        rollouts: int | None = None,
    ) -> None:
        super().__init__()
        self.games = games
        self.runs = runs
        self.delay_s = delay_s
        self.budget_s = budget_s
        self.rollouts = rollouts
        self._again: set[int] = set()
        """Games scheduled while their task was thinking or posting its run: it plays on instead of stopping."""

    def after(self, table: Table) -> None:
        """After an action was committed: let the AI play on if one is next, else keep nothing."""
        if ai_moves_next(table):
            self.schedule(table.id)

    def schedule(self, game_id: int) -> None:
        """Make sure the game's AI seats play while it is their turn (also when the caller cannot tell, e.g.
        after a restart)."""
        if self.running(game_id):
            self._again.add(game_id)
            return
        self.start(game_id, self._play_turns(game_id), f"clans-ai-{game_id}")

    def forgotten(self, game_id: int) -> None:
        self._again.discard(game_id)

    async def _play_turns(self, game_id: int) -> None:
        """Runs of AI actions, each posted once at its end, until no AI is to act and nobody scheduled the game
        again meanwhile (also while the last run was being posted)."""
        while True:
            await self._play_run(game_id)
            if game_id not in self._again:
                return

    async def _play_run(self, game_id: int) -> None:
        run: list[Played] = []
        try:
            while True:
                self._again.discard(game_id)
                played = await self._play_one(game_id)
                if played is not None:
                    run.append(played)
                more = played is not None and ai_moves_next(played.table)
                if not more and game_id not in self._again:
                    return
        finally:
            if run:
                try:
                    await self.runs.finish(run[-1].table.record.channel_id, run)
                except Exception:
                    log.exception("Could not announce the AI moves in game %s", game_id)

    async def _play_one(self, game_id: int) -> Played | None:
        """One AI action (None if no AI acted)."""
        await asyncio.sleep(self.delay_s)
        try:
            return await self.games.ai_turn(game_id, self.budget_s, self.rollouts)
        except GameError as refusal:  # the game moved on or ended meanwhile
            log.info("AI turn in game %s skipped: %s", game_id, refusal)
        except Exception:
            log.exception("AI turn failed in game %s", game_id)
        return None
