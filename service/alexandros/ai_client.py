"""Alexandros' AI, thought about in the shared worker pool: an AI seat's action, with the first legal action
as the fallback."""

from __future__ import annotations

from ai.alexandros.requests import AlexandrosDecision
from engine.alexandros import PrivateView
from service.ai_pool import AiPool

BUDGET_S = 30.0
"""The longest an Alexandros decision may think (the normal AI searches a whole turn: a few seconds at most)."""


class AlexandrosAi:
    """Alexandros' requests to ``pool``."""

    def __init__(self, pool: AiPool) -> None:
        self.pool = pool

    async def choose(self, level: str, mine: PrivateView, *, game_id: int, guild_id: int | None = None) -> str:
        """The action (text form) of the AI whose private view is ``mine``, chosen in a worker (in the fair line,
        like a Clans decision); the first legal action if the workers fail twice, so the game goes on."""
        seed = self.pool.seed(game_id, mine.public.ply, mine.seat)
        request = AlexandrosDecision(level, mine, seed)
        # Never refused for a full line (bounded=False): Alexandros' AI turns do not yet step aside for the sweep.
        answer = await self.pool.run(
            request, budget_s=BUDGET_S, place=(guild_id, game_id), fallback=lambda: mine.legal[0], bounded=False
        )
        return answer.value
