"""AI players for Clans: three levels over the public game plus the AI's own clan.

No AI ever sees another seat's clan: it gets the public view of the game's start, the actions
since, and its own clan, and it guesses the rest (``clan_beliefs``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ai.belief import clan_beliefs, observe
from ai.levels import AI_LEVELS, AiLevel
from ai.players import choose_easy, choose_hard, choose_normal
from engine import Action, Clan, Move, Phase, PublicView

DEFAULT_ROLLOUTS = 800
"""Hard's rollouts per move when neither rollouts nor a budget is given: as strong as 3,200 rollouts
or 2 s of thinking (bench/ai_arena.py --curve) for a fraction of the CPU."""
DEFAULT_BUDGET_S = 2.0
"""The usual upper bound on hard's thinking time per move (the bot's CLANS_AI_BUDGET)."""

__all__ = ["AI_LEVELS", "DEFAULT_BUDGET_S", "DEFAULT_ROLLOUTS", "AiLevel", "choose_action", "clan_beliefs"]


def choose_action(
    level: str,
    start: PublicView,
    history: Sequence[Action],
    seat: int,
    clan: Clan,
    seed: int,
    budget_s: float | None = None,
    *,
    iterations: int | None = None,
) -> Move:
    """The move of the AI at ``seat`` (holding ``clan``), which must be the seat to move.

    ``start`` is the public view right after setup and ``history`` every action since. Decisions
    depend only on these, ``seed`` and the level. Hard plays ``iterations`` rollouts (reproducible),
    stopping early once ``budget_s`` seconds are spent when both are given; with neither it plays
    DEFAULT_ROLLOUTS rollouts. ``seed`` only drives the AI's own sampling: it is never the game's
    setup seed, which would rebuild every player's clan.
    """
    if level not in AI_LEVELS:
        raise ValueError(f"Unknown AI level {level!r}: choose one of {', '.join(AI_LEVELS)}")
    clan = Clan(clan)
    obs = observe(start, history, with_gains=level != "easy")
    state = obs.state
    if state.phase is Phase.OVER:
        raise ValueError("The game is over: there is nothing to choose")
    if state.to_move != seat:
        raise ValueError(f"It is seat {state.to_move}'s turn, not seat {seat}'s")
    rng = random.Random(f"{seed}:{len(history)}:{seat}:{level}")
    if level == "easy":
        return choose_easy(obs, seat, clan, rng)
    if level == "normal":
        return choose_normal(obs, seat, clan, rng)
    if iterations is None and budget_s is None:
        iterations = DEFAULT_ROLLOUTS
    return choose_hard(obs, seat, clan, rng, budget_s, iterations)
