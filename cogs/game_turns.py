"""What runs beside every game's commands: its turn clock, its AI turns and the sweep that finds AI turns nobody
plays, started and stopped the same way for every game (its cog's ``cog_load`` and ``cog_unload``)."""

from __future__ import annotations

from typing import Any

from cogs.ai_sweep import AiSweep
from cogs.ai_tasks import GameTasks
from cogs.clock import ClockScheduler
from service.deadlines import TurnDeadlines
from service.turns import Turns


class GameTurns:
    """A base of a game's cog: it sets these, then follows its turn pipeline."""

    deadlines: TurnDeadlines[Any]
    clock: ClockScheduler[Any]
    ai: GameTasks
    sweep: AiSweep
    _followed: Turns[Any]

    def follow_turns(self, turns: Turns[Any]) -> None:
        """Every commit of the game's pipeline wakes the clock when the next turn needs it sooner."""
        self._followed = turns
        self.clock.follow(turns)

    async def catch_up_at_start(self) -> None:
        """At start: who is away, the moves committed before a crash but never announced, and the AI turns a
        stopped process (or another one) left."""
        await self.deadlines.load_away()
        await self.clock.catch_up(immediate=True)
        await self.sweep.run_once()

    def run_clock(self) -> None:
        """The sweep and the clock run from now on."""
        self.sweep.start()
        self.clock.start()

    async def stop_turns(self) -> None:
        """At unload: no commit wakes the clock any more, the sweep and every AI task stop, then the clock."""
        self.clock.unfollow(self._followed)
        self.sweep.stop()
        self.ai.cancel_all()
        await self.clock.stopped()
