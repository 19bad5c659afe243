"""AI players for Clans: three levels over the public game plus the AI's own clan.

No AI ever sees another seat's clan: it gets the public view of the game's start, the actions
since, and its own clan, and it guesses the rest (``clan_beliefs``).
"""

from __future__ import annotations

import math
import random
import threading
from collections import OrderedDict
from collections.abc import Sequence

from ai.clans import hard
from ai.clans.belief import _start_key, clan_beliefs, observe, public_state
from ai.clans.hard import HardChoice, hard_choice
from ai.clans.hiding import draw
from ai.clans.levels import AI_LEVELS, AUTOPILOT_LEVEL, POLICIES, AiLevel
from ai.clans.players import (
    AUTOPILOT_HIDING,
    CHIP_TILT,
    NORMAL_HIDING,
    NORMAL_PROSPECTS,
    Policy,
    easy_policy,
    normal_policy,
)
from engine.clans import CLAN_COUNT, Action, Clan, Move, Phase, PublicView

DEFAULT_ROLLOUTS = 800
"""Hard's rollouts per move when neither rollouts nor a budget is given: as strong as 3,200 rollouts
or 2 s of thinking (bench/ai_arena.py --curve) for a fraction of the CPU."""
EXPOSURE_ROLLOUTS = 0
"""Hard's rollouts per move when the reveal reads its clan: its lookahead alone, 75 ms a move."""
DEFAULT_BUDGET_S = 2.0
"""The usual upper bound on hard's thinking time per move (the bot's CLANS_AI_BUDGET)."""

__all__ = [
    "AI_LEVELS",
    "AUTOPILOT_LEVEL",
    "DEFAULT_BUDGET_S",
    "DEFAULT_ROLLOUTS",
    "POLICIES",
    "AiLevel",
    "choose_action",
    "clan_beliefs",
    "exposure",
]

_CACHE_SIZE = 256
_policies: OrderedDict[tuple[object, ...], Policy] = OrderedDict()
_policies_lock = threading.Lock()
_SEARCHES = 32
_searches: OrderedDict[tuple[object, ...], HardChoice] = OrderedDict()


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

    ``level`` is one of POLICIES: an AI level, or AUTOPILOT_LEVEL (the stand-in for a timed-out player:
    normal's judgement with the strongest hiding). Every level draws its move from a mixed strategy
    that hides the clan from an observer who runs this code (``ai.clans.hiding``).

    ``start`` is the public view right after setup and ``history`` every action since. Decisions
    depend only on these, ``seed`` and the level. Hard plays ``iterations`` rollouts (reproducible),
    stopping early once ``budget_s`` seconds are spent when both are given; with neither it plays
    DEFAULT_ROLLOUTS rollouts. ``seed`` only drives the AI's own sampling: it is never the game's
    setup seed, which would rebuild every player's clan.
    """
    if level not in POLICIES:
        raise ValueError(f"Unknown AI level {level!r}: choose one of {', '.join(POLICIES)}")
    clan = Clan(clan)
    if level != "hard":
        policy = _policy(level, start, history, seat)
        rng = random.Random(f"{seed}:{len(history)}:{seat}:{level}")
        return policy.moves[draw(policy.by_clan[int(clan)], rng)]
    if iterations is None and budget_s is None:
        iterations = DEFAULT_ROLLOUTS
    choice = _hard_search(start, history, seat, seed, budget_s, iterations)
    rng = random.Random(f"{seed}:{len(history)}:{seat}:{level}")
    return choice.moves[draw(choice.by_clan[int(clan)], rng)]


def _hard_search(
    start: PublicView, history: Sequence[Action], seat: int, seed: int, budget_s: float | None, iterations: int | None
) -> HardChoice:
    """Hard's search, the same whatever clan it holds. A search bound by rollouts alone is reproducible
    and cached like the other levels' strategies, so an observer testing five clans pays once."""
    key = ("hard", _start_key(start), tuple(history), seat, seed, iterations)
    if budget_s is None:
        with _policies_lock:
            cached = _searches.get(key)
            if cached is not None:
                _searches.move_to_end(key)
                return cached
    obs = observe(start, history)
    _check_turn(obs.state.phase, obs.state.to_move, seat)
    rng = random.Random(f"{seed}:{len(history)}:{seat}:hard-search")
    choice = hard_choice(obs, seat, rng, budget_s, iterations, hard.TOLD_SCALE)
    if budget_s is None:
        with _policies_lock:
            _searches[key] = choice
            while len(_searches) > _SEARCHES:
                _searches.popitem(last=False)
    return choice


def _check_turn(phase: Phase, to_move: int, seat: int) -> None:
    if phase is Phase.OVER:
        raise ValueError("The game is over: there is nothing to choose")
    if to_move != seat:
        raise ValueError(f"It is seat {to_move}'s turn, not seat {seat}'s")


def _policy(level: str, start: PublicView, history: Sequence[Action], seat: int) -> Policy:
    """Every clan's mixed strategy at this point, for easy, normal or the autopilot (cached: the
    strategies do not depend on the clan held, so an observer testing five clans pays once)."""
    key = (level, _start_key(start), tuple(history), seat)
    with _policies_lock:
        cached = _policies.get(key)
        if cached is not None:
            _policies.move_to_end(key)
            return cached
    if level == "easy":
        state = public_state(start, history)
        _check_turn(state.phase, state.to_move, seat)
        policy = easy_policy(state)
    else:
        obs = observe(start, history)
        _check_turn(obs.state.phase, obs.state.to_move, seat)
        if level == AUTOPILOT_LEVEL:
            policy = normal_policy(obs, seat, AUTOPILOT_HIDING)
        else:
            policy = normal_policy(obs, seat, NORMAL_HIDING, CHIP_TILT, NORMAL_PROSPECTS)
    with _policies_lock:
        _policies[key] = policy
        while len(_policies) > _CACHE_SIZE:
            _policies.popitem(last=False)
    return policy


def exposure(start: PublicView, history: Sequence[Action], seat: int, level: str) -> dict[Clan, float]:
    """How sure a table that knows the AI's code could be of ``seat``'s clan after ``history``.

    The posterior over the five clans (from an even prior) of an observer who computes, for every
    move the seat made, the probability each clan's mixed strategy gives it. Easy, normal and the
    autopilot are read exactly. Hard drawing blind (``ai.clans.hard.TOLD_SCALE`` None, as shipped)
    keeps normal's odds and is read through normal; a hard told its clan is read through its own
    search, with the lookahead alone (EXPOSURE_ROLLOUTS, to fit the reveal's time) and a seed of the
    reader's own (the AI's is secret). Only for after the game: it reads the
    seat's play, not its clan, but the figure is a verdict on that clan.
    """
    if level == "hard" and hard.TOLD_SCALE is None:
        level = "normal"
    logs = [0.0] * CLAN_COUNT
    for ply, action in enumerate(history):
        if not isinstance(action, Move):
            continue
        obs = observe(start, history[:ply], with_gains=level == "hard")
        if obs.state.phase is Phase.OVER or obs.state.to_move != seat:
            continue
        if level == "hard":
            rng = random.Random(f"exposure:{ply}:{seat}")
            choice = hard_choice(obs, seat, rng, None, EXPOSURE_ROLLOUTS, hard.TOLD_SCALE)
            moves, by_clan = choice.moves, choice.by_clan
        else:
            policy = _policy(level, start, history[:ply], seat)
            moves, by_clan = policy.moves, tuple(tuple(q) for q in policy.by_clan)
        if action not in moves:
            continue
        i = moves.index(action)
        for c in range(CLAN_COUNT):
            logs[c] += math.log(max(by_clan[c][i], 1e-12))
    top = max(logs)
    weights = [math.exp(x - top) for x in logs]
    total = sum(weights)
    return {Clan(c): w / total for c, w in enumerate(weights)}
