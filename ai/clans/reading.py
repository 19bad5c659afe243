"""Hard's reading of the other seats: an AI seat by the exact likelihood of its level's published
strategy, a human by the general belief model.

A seat's level is public (the table shows who is an AI, and at which level), and every level's
strategy is this open-source code: anyone at the table can compute, for each clan, the probability
that an easy, normal or autopilot seat holding it would have made each move it made
(``ai.clans.strategies``). Multiplying those is the exact posterior, where the general model
(``ai.clans.belief``) takes every seat for a noisy maximiser and counts each move 0.35 times.
A hard seat draws by normal's odds while it is blind to its clan (``ai.clans.hard.blind``: its first
hut moves), so those moves are read through normal's strategy; its told moves hang on a search with a
secret seed, and are read by the general model, as a human's are.

Nothing here sees a clan: only the public start, the actions and the seats' public levels.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Sequence

from ai.clans.belief import _start_key, general_evidence, placeholder_clans, public_state
from ai.clans.hard import blind, hut_moves
from ai.clans.levels import AUTOPILOT_LEVEL
from ai.clans.strategies import level_policy
from engine.clans import CLAN_COUNT, Action, Move, Phase, PublicView, apply, state_from_view

Levels = tuple[str | None, ...]
"""Each seat's public level: an AI level, or None for a person."""
SURPRISE = 0.01
"""A share of every exact likelihood that is uniform over the legal moves, so that a move the strategy
would not have made (a legal move played when the workers failed, or a game begun under an older
version of the code) weakens a reading instead of ruling out the true clan."""
CACHE_GAMES = 64

_cache: OrderedDict[tuple[object, ...], tuple[list[Action], list[list[float]]]] = OrderedDict()
_lock = threading.Lock()


def exact_levels(levels: Sequence[str | None]) -> Levels:
    """The levels as the reader uses them: an AI seat by its level, any other seat (a person, or a
    level without a published strategy) as a person."""
    return tuple(level if level in ("easy", "normal", "hard", AUTOPILOT_LEVEL) else None for level in levels)


def read(start: PublicView, history: Sequence[Action], levels: Sequence[str | None]) -> list[list[float]]:
    """Each seat's (outer) log-likelihood of its moves so far for each clan (inner): by its level's
    strategy for an AI seat, tempered by the general model for a person."""
    kinds = exact_levels(levels)
    if len(kinds) != start.players:
        raise ValueError(f"{len(kinds)} levels for a {start.players}-player game")
    history = list(history)
    key = (_start_key(start), kinds)
    with _lock:
        cached = _cache.get(key)
        if cached is not None and len(cached[0]) <= len(history) and cached[0] == history[: len(cached[0])]:
            done, loglik = cached[0], [row[:] for row in cached[1]]
            _cache.move_to_end(key)
        else:
            done, loglik = [], [[0.0] * CLAN_COUNT for _ in range(start.players)]
    if len(done) < len(history):
        evidence = general_evidence(start, history)
        state = public_state(start, done) if done else state_from_view(start, placeholder_clans(start.players))
        made = hut_moves(start, done)
        for ply in range(len(done), len(history)):
            said = evidence[ply]
            action = history[ply]
            if said is not None:
                level = kinds[said.seat]
                if level == "hard" and blind(state, made[said.seat]):
                    level = "normal"
                if level is None or level == "hard":
                    row = said.loglik
                else:
                    assert isinstance(action, Move)
                    row = tuple(exact_evidence(level, start, history[:ply], said.seat, action))
                loglik[said.seat] = [a + b for a, b in zip(loglik[said.seat], row, strict=True)]
            if isinstance(action, Move) and state.phase is Phase.MOVE:
                made[state.to_move] += 1
            apply(state, action)
        with _lock:
            _cache[key] = (history, [row[:] for row in loglik])
            _cache.move_to_end(key)
            while len(_cache) > CACHE_GAMES:
                _cache.popitem(last=False)
    return loglik


def exact_evidence(level: str, start: PublicView, before: Sequence[Action], seat: int, move: Move) -> list[float]:
    """log P(``move`` | clan) for each clan, by ``level``'s strategy at that point."""
    policy = level_policy(level, start, before, seat)
    n = len(policy.moves)
    index = policy.moves.index(move) if move in policy.moves else -1
    result = []
    for c in range(CLAN_COUNT):
        p = policy.by_clan[c][index] if index >= 0 else 0.0
        result.append(math.log((1 - SURPRISE) * p + SURPRISE / n))
    return result
