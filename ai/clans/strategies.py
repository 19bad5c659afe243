"""Each level's published mixed strategy at a point of a game, for all five clans at once, cached.

Easy, normal and the autopilot draw their moves from these; hard's reading of AI seats
(``ai.clans.reading``) multiplies them, as anyone who runs this code could.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence

from ai.clans.belief import _start_key, observe, public_state
from ai.clans.levels import AUTOPILOT_LEVEL
from ai.clans.players import (
    AUTOPILOT_HIDING,
    CHIP_TILT,
    NORMAL_HIDING,
    NORMAL_PROSPECTS,
    Policy,
    easy_policy,
    normal_policy,
)
from engine.clans import Action, Phase, PublicView

CACHE_SIZE = 512
_policies: OrderedDict[tuple[object, ...], Policy] = OrderedDict()
_lock = threading.Lock()


def check_turn(phase: Phase, to_move: int, seat: int) -> None:
    if phase is Phase.OVER:
        raise ValueError("The game is over: there is nothing to choose")
    if to_move != seat:
        raise ValueError(f"It is seat {to_move}'s turn, not seat {seat}'s")


def level_policy(level: str, start: PublicView, history: Sequence[Action], seat: int) -> Policy:
    """Every clan's mixed strategy at this point, for easy, normal or the autopilot (cached: the
    strategies do not depend on the clan held, so an observer testing five clans pays once)."""
    key = (level, _start_key(start), tuple(history), seat)
    with _lock:
        cached = _policies.get(key)
        if cached is not None:
            _policies.move_to_end(key)
            return cached
    if level == "easy":
        state = public_state(start, history)
        check_turn(state.phase, state.to_move, seat)
        policy = easy_policy(state)
    elif level in ("normal", AUTOPILOT_LEVEL):
        obs = observe(start, history)
        check_turn(obs.state.phase, obs.state.to_move, seat)
        if level == AUTOPILOT_LEVEL:
            policy = normal_policy(obs, seat, AUTOPILOT_HIDING)
        else:
            policy = normal_policy(obs, seat, NORMAL_HIDING, CHIP_TILT, NORMAL_PROSPECTS)
    else:
        raise ValueError(f"{level!r} has no strategy of its own here")
    with _lock:
        _policies[key] = policy
        while len(_policies) > CACHE_SIZE:
            _policies.popitem(last=False)
    return policy
