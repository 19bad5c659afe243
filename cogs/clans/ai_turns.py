"""AI seats move on their own: one background task per game, only while an AI is to act.

The task of a game lives while its AI seats are to act and is dropped as soon as the game ends or
a human is next; whoever just played knows who is next (``after``), so nothing is reloaded to find
out. The thinking itself happens in the service's worker processes, never on the event loop.

A task's actions form one run, announced once at its end (every action listed, one board): a "thinking…"
placeholder is posted when the run starts and edited into that message (see ``cogs.clans.ai_runs``). A run may begin
with the autopilot's moves for a human whose time ran out (``after_autopilot``): they are listed in the same
message, under the timeout's notice.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from functools import partial

import discord

from cogs.clans.ai_runs import Lead, RunAnnouncer
from service import GameError, GameService, Played, Table
from texts import of_game

log = logging.getLogger("clans.ai")


def ai_moves_next(table: Table) -> bool:
    """Whether an AI seat acts next in ``table`` (as the action that produced it left the game)."""
    return table.ai_to_act


class AITurns:
    def __init__(
        self,
        games: GameService,
        runs: RunAnnouncer,
        delay_s: float,
        budget_s: float | None = None,
        rollouts: int | None = None,
    ) -> None:
        self.games = games
        self.runs = runs
        self.delay_s = delay_s
        self.budget_s = budget_s
        self.rollouts = rollouts
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        """Games scheduled while their task was finishing: it looks once more instead of stopping."""

    def after(self, table: Table) -> None:
        """After an action was committed: let the AI play on if one is next, else keep nothing."""
        if ai_moves_next(table):
            self.schedule(table.id, table)

    def schedule(self, game_id: int, table: Table | None = None) -> None:
        """Make sure the game's AI seats play while it is their turn (when the caller cannot tell, e.g.
        after a restart: the task then loads the game once)."""
        if self._running(game_id):
            self._again.add(game_id)
            return
        self._start(game_id, table, None)

    def after_autopilot(self, played: Sequence[Played], notice: str, extra_view: discord.ui.View | None) -> bool:
        """The autopilot just played ``played`` and an AI acts next: its run starts with them, so the timeout
        and the AI's moves are one message. False (nothing done) when the game's AI task is already running:
        the caller announces the autopilot's moves itself."""
        table = played[-1].table
        if not ai_moves_next(table) or self._running(table.id):
            return False
        self._start(table.id, table, Lead(tuple(played), notice, extra_view))
        return True

    def _running(self, game_id: int) -> bool:
        task = self._tasks.get(game_id)
        return task is not None and not task.done()

    def _start(self, game_id: int, table: Table | None, lead: Lead | None) -> None:
        task = asyncio.create_task(self._play_turns(game_id, table, lead), name=f"clans-ai-{game_id}")
        task.add_done_callback(partial(self._forget, game_id))
        self._tasks[game_id] = task

    @property
    def games_with_tasks(self) -> set[int]:
        """The games that hold a task entry (each only while an AI is to act)."""
        return set(self._tasks)

    def _forget(self, game_id: int, task: asyncio.Task[None]) -> None:
        if self._tasks.get(game_id) is task:
            del self._tasks[game_id]
            self._again.discard(game_id)

    async def _play_turns(self, game_id: int, table: Table | None, lead: Lead | None) -> None:
        """One run of AI actions (after ``lead``'s, if any), announced once at its end. Knowing the table
        (``after``), the run starts with a "thinking…" placeholder that its announcement then replaces."""
        lead = lead or Lead()
        run: list[Played] = list(lead.played)
        channel_id = table.record.channel_id if table is not None else None
        placeholder = None
        if table is not None and channel_id is not None:
            placeholder = await self.runs.begin(of_game(table.record), channel_id, table.mover.name, lead.notice)
        try:
            while True:
                self._again.discard(game_id)
                played = await self._play_one(game_id)
                if played is not None:
                    run.append(played)
                    channel_id = played.table.record.channel_id
                more = played is not None and ai_moves_next(played.table)
                if not more and game_id not in self._again:
                    return
        finally:
            if channel_id is not None:
                try:
                    await self.runs.finish(channel_id, placeholder, run, lead)
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

    async def idle(self) -> None:
        """Wait until no AI is thinking (for tests and shutdown)."""
        while any(not t.done() for t in self._tasks.values()):
            await asyncio.gather(*self._tasks.values(), return_exceptions=True)

    def cancel_all(self) -> None:
        for task in self._tasks.values():
            task.cancel()
