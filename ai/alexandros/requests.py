"""Alexandros' AI work for the shared worker pool (service/ai_pool.py): a frozen value that crosses to
a worker process and is answered there by its ``solve()``."""

from __future__ import annotations

from dataclasses import dataclass

from ai.alexandros import choose_action
from engine.alexandros import PrivateView


@dataclass(frozen=True, slots=True)
class AlexandrosDecision:
    """Choose the Alexandros action of the AI whose private view is ``mine`` (the public view and its own
    hand only: no other hand, no supply order, no setup seed); its answer is the action's text."""

    level: str
    mine: PrivateView
    seed: int

    def solve(self) -> str:
        return choose_action(self.level, self.mine, self.seed).text
