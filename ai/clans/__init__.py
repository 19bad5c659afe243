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

from ai.clans import belief
from ai.clans.belief import _start_key, beliefs_from, observe
from ai.clans.hard import HardChoice, blind, hard_choice, hut_moves, told_choice
from ai.clans.hiding import draw
from ai.clans.levels import AI_LEVELS, AUTOPILOT_LEVEL, POLICIES, AiLevel
from ai.clans.reading import Levels, exact_levels, read
from ai.clans.strategies import check_turn, level_policy
from engine.clans import CLAN_COUNT, Action, Clan, Move, Phase, PublicView

DEFAULT_ROLLOUTS = 800
"""Hard's rollouts per move when neither rollouts nor a budget is given."""
EXPOSURE_ROLLOUTS = 0
"""Hard's rollouts per move when the reveal reads its told moves: its lookahead alone."""
DEFAULT_BUDGET_S = 2.0
"""The usual upper bound on hard's thinking time per move (the bot's CLANS_AI_BUDGET)."""

__all__ = [
    "AI_LEVELS",
    "AUTOPILOT_LEVEL",
    "DEFAULT_BUDGET_S",
    "DEFAULT_ROLLOUTS",
    "POLICIES",
    "AiLevel",
    "Levels",
    "choose_action",
    "clan_beliefs",
    "exposure",
]

_SEARCHES = 32
_searches: OrderedDict[tuple[object, ...], HardChoice] = OrderedDict()
_searches_lock = threading.Lock()


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
    levels: Sequence[str | None] | None = None,
) -> Move:
    """The move of the AI at ``seat`` (holding ``clan``), which must be the seat to move.

    ``level`` is one of POLICIES: an AI level, or AUTOPILOT_LEVEL (the stand-in for a timed-out player:
    normal's judgement with the strongest hiding). Every level draws its move from a mixed strategy
    that hides the clan from an observer who runs this code (``ai.clans.hiding``); hard only
    for its first TOLD_AFTER hut moves and until TOLD_FROM villages are founded (``ai.clans.hard``).

    ``start`` is the public view right after setup and ``history`` every action since. ``levels``
    is every seat's public level (None for a person); hard reads an AI seat by its level's strategy
    and a person by the general belief model (``ai.clans.reading``), everyone as a person
    when ``levels`` is None. Decisions depend only on these, ``seed`` and the level. Hard plays
    ``iterations`` rollouts (reproducible), stopping early once ``budget_s`` seconds are spent when
    both are given; with neither it plays DEFAULT_ROLLOUTS rollouts. ``seed`` only drives the AI's
    own sampling: it is never the game's setup seed, which would rebuild every player's clan.
    """
    if level not in POLICIES:
        raise ValueError(f"Unknown AI level {level!r}: choose one of {', '.join(POLICIES)}")
    clan = Clan(clan)
    rng = random.Random(f"{seed}:{len(history)}:{seat}:{level}")
    if level != "hard":
        policy = level_policy(level, start, history, seat)
        return policy.moves[draw(policy.by_clan[int(clan)], rng)]
    if iterations is None and budget_s is None:
        iterations = DEFAULT_ROLLOUTS
    kinds = exact_levels(levels) if levels is not None else (None,) * start.players
    obs = observe(start, history)
    check_turn(obs.state.phase, obs.state.to_move, seat)
    if blind(obs.state, hut_moves(start, history)[seat]):
        choice = _hard_search(start, history, seat, seed, budget_s, iterations, kinds)
        return choice.moves[draw(choice.by_clan[int(clan)], rng)]
    search = random.Random(f"{seed}:{len(history)}:{seat}:hard-search")
    told = told_choice(obs, seat, clan, search, budget_s, iterations, read(start, history, kinds))
    return told.moves[draw(told.probabilities, rng)]


def _hard_search(
    start: PublicView,
    history: Sequence[Action],
    seat: int,
    seed: int,
    budget_s: float | None,
    iterations: int | None,
    levels: Levels,
) -> HardChoice:
    """Hard's blind search, the same whatever clan it holds. A search bound by rollouts alone is
    reproducible and cached like the other levels' strategies, so an observer testing five clans pays once."""
    key = ("hard", _start_key(start), tuple(history), seat, seed, iterations, levels)
    if budget_s is None:
        with _searches_lock:
            cached = _searches.get(key)
            if cached is not None:
                _searches.move_to_end(key)
                return cached
    obs = observe(start, history)
    check_turn(obs.state.phase, obs.state.to_move, seat)
    rng = random.Random(f"{seed}:{len(history)}:{seat}:hard-search")
    choice = hard_choice(obs, seat, rng, budget_s, iterations, read(start, history, levels))
    if budget_s is None:
        with _searches_lock:
            _searches[key] = choice
            while len(_searches) > _SEARCHES:
                _searches.popitem(last=False)
    return choice


def clan_beliefs(
    start: PublicView,
    history: Sequence[Action],
    observer_seat: int,
    observer_clan: Clan,
    levels: Sequence[str | None] | None = None,
) -> list[dict[Clan, float]]:
    """Per seat, the probability of each clan, as ``observer_seat`` (holding ``observer_clan``) sees it:
    by the general belief model (``ai.clans.belief``), as easy, normal and the autopilot read; or,
    given the seats' public ``levels``, as hard reads them (``ai.clans.reading``)."""
    if levels is None:
        return belief.clan_beliefs(start, history, observer_seat, observer_clan)
    if not 0 <= observer_seat < start.players:
        raise ValueError(f"No seat {observer_seat} in a {start.players}-player game")
    return beliefs_from(read(start, history, exact_levels(levels)), observer_seat, observer_clan)


def exposure(
    start: PublicView,
    history: Sequence[Action],
    seat: int,
    level: str,
    levels: Sequence[str | None] | None = None,
) -> dict[Clan, float]:
    """How sure a table that knows the AI's code could be of ``seat``'s clan after ``history``.

    The posterior over the five clans (from an even prior) of an observer who computes, for every
    move the seat made, the probability each clan's mixed strategy gives it. Easy, normal and the
    autopilot are read exactly. Hard's blind moves keep normal's odds and are read through normal;
    its told moves through its told search, with the lookahead alone (EXPOSURE_ROLLOUTS, to fit the
    reveal's time) and a seed of the reader's own (the AI's is secret), reading the other seats by
    ``levels`` as hard did. Only for after the game: it reads the seat's play, not its clan, but the
    figure is a verdict on that clan.
    """
    kinds = exact_levels(levels) if levels is not None else (None,) * start.players
    logs = [0.0] * CLAN_COUNT
    own = 0
    for ply, action in enumerate(history):
        if not isinstance(action, Move):
            continue
        before = history[:ply]
        obs = observe(start, before, with_gains=False)
        if obs.state.phase is Phase.OVER or obs.state.to_move != seat:
            continue
        searched = level == "hard" and not blind(obs.state, own)
        own += obs.state.phase is Phase.MOVE
        if searched:
            obs = observe(start, before)
            reading = read(start, before, kinds)
            probs = []
            for c in range(CLAN_COUNT):
                rng = random.Random(f"exposure:{ply}:{seat}")
                told = told_choice(obs, seat, Clan(c), rng, None, EXPOSURE_ROLLOUTS, reading)
                probs.append(told.probabilities[told.moves.index(action)] if action in told.moves else 0.0)
        else:
            policy = level_policy("normal" if level == "hard" else level, start, before, seat)
            if action not in policy.moves:
                continue
            i = policy.moves.index(action)
            probs = [policy.by_clan[c][i] for c in range(CLAN_COUNT)]
        for c in range(CLAN_COUNT):
            logs[c] += math.log(max(probs[c], 1e-12))
    top = max(logs)
    weights = [math.exp(x - top) for x in logs]
    total = sum(weights)
    return {Clan(c): w / total for c, w in enumerate(weights)}
