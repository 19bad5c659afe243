"""Alexandros' AI seats move on their own: one task per game while its AI seats are to act, in whichever
process claims each action (service.claims), found at once after a commit here or by the shared AI sweep
(cogs/ai_sweep.py) after a restart or a commit in another process.

A run of AI actions is posted once at its end, with the action that handed the turn to the AI when there was
one (``lead``): the "your turn" post of the next human, or the end. One runner per bot (the /alexandros cog's
``ai``), so the panel, the sweep and the clock share it.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

import discord

from cogs.ai_tasks import GameTasks
from cogs.alexandros.actions import alexandros_service
from cogs.alexandros.posts import built_walls, post_turn, turn_lines, whole_turns
from errors import GameError
from service.alexandros import Acted, AlexTable
from texts import of_game

log = logging.getLogger("clans.alexandros")


class AlexandrosAiTurns(GameTasks):
    def __init__(self, client: discord.Client) -> None:
        super().__init__()
        self.client = client
        self._again: dict[int, tuple[list[Acted], list[str]]] = {}
        """Games scheduled while their task was thinking or posting its run, with the actions (and notices) that
        handed the turn over then: the task plays another run, posting them with it, instead of stopping."""

    def schedule(self, game_id: int, lead: Sequence[Acted] = (), notice: str = "") -> None:
        """Let the game's AI seats play while it is their turn; ``lead``: the actions (and a timeout's
        ``notice``) posted with the run."""
        if self.running(game_id):
            # Discord may hold the run's post for seconds (a rate limit) while the next human already played:
            # the hand-off is kept for the task's next run, never dropped to wait for the sweep.
            actions, notices = self._again.setdefault(game_id, ([], []))
            actions.extend(lead)
            notices.extend([notice] if notice else [])
            return
        self.start(game_id, self._run(game_id, list(lead), notice), f"alexandros-ai-{game_id}")

    def forgotten(self, game_id: int) -> None:
        self._again.pop(game_id, None)

    async def _run(self, game_id: int, lead: list[Acted], notice: str) -> None:
        """Runs of AI actions, each posted once at its end, until no AI is to act and nobody handed the game
        over again meanwhile (also while the last run was being posted)."""
        notices = [notice] if notice else []
        while True:
            await self._play_run(game_id, lead, notices)
            again = self._again.pop(game_id, None)
            if again is None:
                return
            lead, notices = again

    async def _play_run(self, game_id: int, done: list[Acted], notices: list[str]) -> None:
        service = alexandros_service(self.client)
        while True:
            if game_id in self._again:  # handed over again while this run thinks: its actions join this run
                actions, more_notices = self._again.pop(game_id)
                done += actions
                notices += more_notices
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
            await post_turn(self.client, table, [*notices, *lines], built_walls(whole_turns(done)))
