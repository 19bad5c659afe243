"""Clans' AI work for the shared worker pool (service/ai_pool.py): each request is a frozen value that
crosses to a worker process and is answered there by its ``solve()``.

A request carries only what an AI seat may know: the public view of the game's start, the actions since, its
own seat and clan, and a seed for its own sampling that is not the game's setup seed (``AiPool.seed``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.clans import choose_action, clan_beliefs, exposure
from ai.clans.told import Reading, readings
from engine.clans import Action, Clan, Move, PublicView


@dataclass(frozen=True, slots=True)
class Decision:
    """Choose the move of the AI at ``seat``; hard plays ``rollouts`` rollouts, at most ``budget_s`` seconds.
    ``levels``: every seat's public level (None for a person), by which hard reads the AI seats."""

    level: str
    start: PublicView
    history: tuple[Action, ...]
    seat: int
    clan: Clan
    seed: int
    rollouts: int
    budget_s: float
    levels: tuple[str | None, ...] | None = None

    def solve(self) -> Move:
        return choose_action(
            self.level,
            self.start,
            self.history,
            self.seat,
            self.clan,
            self.seed,
            budget_s=self.budget_s,
            iterations=self.rollouts,
            levels=self.levels,
        )


@dataclass(frozen=True, slots=True)
class Beliefs:
    """The AI at ``seat``'s probability of each clan for every seat; read by the seats' public ``levels``
    when given (as hard reads), by the general belief model otherwise."""

    start: PublicView
    history: tuple[Action, ...]
    seat: int
    clan: Clan
    levels: tuple[str | None, ...] | None = None

    def solve(self) -> list[dict[Clan, float]]:
        return clan_beliefs(self.start, self.history, self.seat, self.clan, self.levels)


@dataclass(frozen=True, slots=True)
class Exposure:
    """After the game only: how sure a table running the AI's code could have been of each clan of
    the AI at ``seat`` (``ai.clans.exposure``). It needs no clan: it reads the seat's moves."""

    start: PublicView
    history: tuple[Action, ...]
    seat: int
    level: str
    levels: tuple[str | None, ...] | None = None

    def solve(self) -> dict[Clan, float]:
        return exposure(self.start, self.history, self.seat, self.level, self.levels)


@dataclass(frozen=True, slots=True)
class Readings:
    """What each move told the table (``ai.clans.told``): the public reading of every seat's clan before and after
    each action. No clan: the table's view."""

    start: PublicView
    history: tuple[Action, ...]

    def solve(self) -> list[Reading]:
        return readings(self.start, self.history)
