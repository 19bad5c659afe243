"""Clans' AI, thought about in the shared worker pool: the requests a Clans game needs (a seat's move, what
an AI believed, how readable its clan was), with the hard AI's defaults and the fallback legal move."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ai.clans import DEFAULT_BUDGET_S, DEFAULT_ROLLOUTS
from ai.clans.requests import Beliefs, Decision, Exposure, Readings
from ai.clans.told import Reading
from engine.clans import Action, Clan, Move, PublicView, apply, legal_moves, state_from_view
from service.ai_pool import AiPool


@dataclass(frozen=True, slots=True)
class AiAnswer:
    """A chosen move, and the process that chose it (None when the fallback legal move was played)."""

    move: Move
    pid: int | None


def fallback_move(start: PublicView, history: Sequence[Action]) -> Move:
    """A legal move for the seat to act, found without any search or secret (the first in order)."""
    state = state_from_view(start, tuple(Clan(c) for c in range(start.players)))
    for action in history:
        apply(state, action)
    return legal_moves(state)[0]


READINGS_BUDGET_S = 30.0
"""What is worked out once a game is over (the table's reading, each AI's beliefs and exposure) has this long, not a
decision's budget: the longest game's reading is a few seconds of CPU (bench/told.py), a hard seat's exposure one
or two (it reads every told move for each clan), and a loaded machine stretches both. A worker past this is judged
hung."""


class ClansAi:
    """Clans' requests to ``pool``. ``rollouts`` and ``budget_s`` are the hard AI's defaults (each call may
    override them); None: the AI's own (DEFAULT_ROLLOUTS, DEFAULT_BUDGET_S)."""

    def __init__(self, pool: AiPool, rollouts: int | None = None, budget_s: float | None = None) -> None:
        self.pool = pool
        self.rollouts = DEFAULT_ROLLOUTS if rollouts is None else rollouts
        self.budget_s = DEFAULT_BUDGET_S if budget_s is None else budget_s

    def decision(
        self,
        level: str,
        start: PublicView,
        history: Sequence[Action],
        seat: int,
        clan: Clan,
        *,
        game_id: int,
        rollouts: int | None = None,
        budget_s: float | None = None,
        levels: Sequence[str | None] | None = None,
    ) -> Decision:
        """All a worker gets for one move: the public game, the seats' public levels (None for a person),
        the seat's own clan, and a seed for its sampling keyed by the pool's secret (never the game's setup
        seed, which rebuilds the deal)."""
        return Decision(
            level,
            start,
            tuple(history),
            seat,
            Clan(clan),
            self.pool.seed(game_id, len(history), seat),
            self.rollouts if rollouts is None else rollouts,
            self.budget_s if budget_s is None else budget_s,
            None if levels is None else tuple(levels),
        )

    async def choose(
        self,
        level: str,
        start: PublicView,
        history: Sequence[Action],
        seat: int,
        clan: Clan,
        *,
        game_id: int,
        guild_id: int | None = None,
        rollouts: int | None = None,
        budget_s: float | None = None,
        levels: Sequence[str | None] | None = None,
    ) -> AiAnswer:
        """The move of the AI at ``seat`` (to act after ``history``), chosen in a worker process; a legal move
        if the workers fail twice (or the AI raises), so the game goes on. Waits its turn in line with the
        decisions of other games (``guild_id``: the game's server, for the round-robin); AiQueueFull, at once,
        when the pool's line is full."""
        request = self.decision(
            level, start, history, seat, clan, game_id=game_id, rollouts=rollouts, budget_s=budget_s, levels=levels
        )
        answer = await self.pool.run(
            request,
            budget_s=request.budget_s,
            place=(guild_id, game_id),
            fallback=lambda: fallback_move(start, history),
        )
        return AiAnswer(answer.value, answer.pid)

    async def beliefs(
        self,
        start: PublicView,
        history: Sequence[Action],
        seat: int,
        clan: Clan,
        levels: Sequence[str | None] | None = None,
    ) -> list[dict[Clan, float]]:
        """The AI at ``seat``'s belief of every seat's clan (worked out in a worker process, ahead of the
        decisions in line: a game's end waits on it), read by the seats' public ``levels`` when given (as
        hard reads); AiPoolError if the workers fail."""
        request = Beliefs(start, tuple(history), seat, Clan(clan), None if levels is None else tuple(levels))
        return (await self.pool.run(request, budget_s=max(self.budget_s, READINGS_BUDGET_S))).value

    async def exposure(
        self,
        start: PublicView,
        history: Sequence[Action],
        seat: int,
        level: str,
        levels: Sequence[str | None] | None = None,
    ) -> dict[Clan, float]:
        """After the game: the table's best reading of the AI at ``seat``'s clan (in a worker process, ahead of
        the decisions, like the beliefs); AiPoolError if the workers fail. ``levels``: the seats' public levels,
        by which hard read the others."""
        request = Exposure(start, tuple(history), seat, level, None if levels is None else tuple(levels))
        return (await self.pool.run(request, budget_s=max(self.budget_s, READINGS_BUDGET_S))).value

    async def readings(self, start: PublicView, history: Sequence[Action]) -> list[Reading]:
        """The table's reading of every seat's clan before and after each action (``ai.clans.told``), in a worker
        process ahead of the decisions; AiPoolError if the workers fail."""
        request = Readings(start, tuple(history))
        return (await self.pool.run(request, budget_s=max(self.budget_s, READINGS_BUDGET_S))).value
