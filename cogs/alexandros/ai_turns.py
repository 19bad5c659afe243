"""Alexandros' AI seats move on their own: one task per game while its AI seats are to act, in whichever
process claims each action (service.claims), found at once after a commit here or by the frame's AI sweep
(cogs/ai_sweep.py) after a restart or a commit in another process.

A run of AI actions is posted once at its end, with the action that handed the turn to the AI when there was
one (``lead``): the "your turn" post of the next human, or the end. One runner per bot (``bot.alexandros_ai``), so the
panel, the sweep and the clock share it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from functools import partial

import discord

from cogs.alexandros.posts import post_turn, service_of, turn_lines
from service.alexandros import Acted, AlexTable
from service.errors import GameError
from texts import of_game

log = logging.getLogger("clans.alexandros")


class AlexandrosAiTurns:
    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        """Games scheduled while their task was finishing: it looks once more instead of stopping."""

    @property
    def games_with_tasks(self) -> set[int]:
        return set(self._tasks)

    def schedule(self, game_id: int, lead: Sequence[Acted] = (), notice: str = "") -> None:
        """Let the game's AI seats play while it is their turn; ``lead``: the actions (and a timeout's
        ``notice``) posted with the run."""
        task = self._tasks.get(game_id)
        if task is not None and not task.done():
            self._again.add(game_id)
            return
        task = asyncio.create_task(self._run(game_id, tuple(lead), notice), name=f"alexandros-ai-{game_id}")
        task.add_done_callback(partial(self._forget, game_id))
        self._tasks[game_id] = task

    def _forget(self, game_id: int, task: asyncio.Task[None]) -> None:
        if self._tasks.get(game_id) is task:
            del self._tasks[game_id]
            self._again.discard(game_id)

    async def _run(self, game_id: int, lead: tuple[Acted, ...], notice: str) -> None:
        service = service_of(self.client)
        done = list(lead)
        while True:
            self._again.discard(game_id)
            try:
                acted = await service.play_ai(game_id)
            except GameError as refusal:  # the game moved on or ended meanwhile (another process)
                log.info("Alexandros AI turn in game %s skipped: %s", game_id, refusal)
                acted = None
            except Exception:
                log.exception("Alexandros AI turn failed in game %s", game_id)
                acted = None
            if acted is not None:
                done.append(acted)
            more = acted is not None and acted.table.ai_to_act
            if not more and game_id not in self._again:
                break
        if done:
            table: AlexTable = done[-1].table
            lines = turn_lines(of_game(table.record), table, done)
            await post_turn(self.client, table, [notice, *lines] if notice else lines)

    async def idle(self) -> None:
        """Wait until no AI is thinking (for tests and shutdown)."""
        while any(not t.done() for t in self._tasks.values()):
            await asyncio.gather(*self._tasks.values(), return_exceptions=True)

    def cancel_all(self) -> None:
        for task in self._tasks.values():
            task.cancel()
