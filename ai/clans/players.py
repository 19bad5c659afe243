"""The AI levels. Each sees the public game and its own clan, nothing else, and plays a mixed
strategy that hides that clan (``ai.clans.hiding``)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ai.clans.belief import Observation, assignment_weights, marginals
from ai.clans.evaluate import Option
from ai.clans.hiding import Hiding, policies, tilted
from engine.clans import CLAN_COUNT, Clan, GameState, Move, Phase, apply, legal_moves, villages_founded

EASY_HIDING = Hiding(start=40.0, end=40.0)
EASY_CHIP_TILT = 3.0
"""Easy: every clan's strategy weighted by exp(EASY_CHIP_TILT · village chips the action takes), so easy
founds a village when it can (a point for its holder) and otherwise wanders. The chips are public, so the
weight leaks nothing of its own. Measured on 200 two-player games each: without it easy won 0.56 against
random moves, with 2 / 3 / 4 0.76 / 0.82 / 0.83; a first-time player's stand-in (``bench.stand_ins``) beat
it in 0.92 without, 0.91 / 0.83 / 0.70 with (docs/AI.md, "Easy")."""
NORMAL_HIDING = Hiding(start=0.7, middle=0.9, end=1.8)
"""Normal hides harder as the game goes on: its moves give most away while the later villages are
founded, and there a high λ cost fewer won games than it saved in leakage (docs/AI.md, the curve).
Lower than before the chip tilt (CHIP_TILT) and the halved prospects (NORMAL_PROSPECTS), which both
leaked less and so bought a sharper choice; as low as the observer's bars allow: 0.6 -> 0.8 -> 1.8 read
the clan at the end in 0.53 of 800 seats, 0.5 -> 0.9 -> 1.8 after 5 moves in 0.38."""
CHIP_TILT = 2.0
"""Normal: every clan's strategy is weighted by exp(CHIP_TILT · village chips the action takes). The
chips are public, so the weight is the same whatever the clan and leaks nothing by itself; it makes
normal found the villages it can found (the value counts a chip as one point, which a λ of 1-3 points
per nat barely follows), and the move among them is still drawn by the clans' values. Measured against
three easy AIs on the same deals it won more games and leaked less at the end (docs/AI.md)."""
NORMAL_PROSPECTS = 0.5
"""Normal's weight on prospects (what a move changes in the villages to come), the points it banks now
weighing 1. Prospects are guesses, and on the moves that found nothing they are all that tells the
clans' values apart, so halving them leaks less at the same λ: against three easy AIs on the same 1000
deals, at λ 1.0 -> 1.2 -> 2.5, it won alike (0.813, the whole prospects 0.79-0.82 over five draws of
normal's own seed) while an observer read the clan at the end in 0.36 of 800 seats instead of 0.46.
That bought NORMAL_HIDING's lower λ: 0.827 of 2000 games against 0.808 of 5000 before, the observer at
0.25 / 0.46 / 0.2% on 400 seats against 0.33 / 0.49 / 0.3% (docs/AI.md, "This round")."""
AUTOPILOT_HIDING = Hiding(start=4.0, end=3.0)
"""The strongest hiding: a timed-out player's stand-in gives up points rather than their clan."""


@dataclass(frozen=True, slots=True)
class Policy:
    """Each clan's mixed strategy (outer) over the legal actions (inner), in ``moves`` order."""

    moves: tuple[Move, ...]
    by_clan: list[list[float]]
    values: list[list[float]]
    """Each action's value (outer) for each clan (inner), in the level's own terms."""


def easy_policy(state: GameState) -> Policy:
    """Easy values an action by the points it banks now for each clan, mixes with EASY_HIDING, and takes
    the chips it can (EASY_CHIP_TILT, alike for every clan). It reads no beliefs: the public position is
    all it needs."""
    moves = legal_moves(state)
    values: list[list[float]] = []
    chips: list[float] = []
    mover = state.to_move
    for move in moves:
        if state.phase is Phase.MOVE and not villages_founded(state, move.src):
            values.append([0.0] * CLAN_COUNT)
            chips.append(0.0)
            continue
        after = state.copy()
        apply(after, move)
        values.append([float(after.scores[c] - state.scores[c]) for c in range(CLAN_COUNT)])
        chips.append(EASY_CHIP_TILT * (after.chips[mover] - state.chips[mover]))
    lam = EASY_HIDING.weight(len(state.villages), state.chart.chips)
    return Policy(tuple(moves), tilted(policies(values, lam), chips), values)


def clan_scores(obs: Observation, seat: int, prospects: float = 1.0) -> list[list[float]]:
    """Normal's judgement of every action (outer) for each clan the mover might hold (inner): its best
    option's own gain plus chips, minus the gain of the opponent likeliest to profit. The gains count
    the points banked now whole and the rest (the prospects) times ``prospects``.

    An opponent's clan is guessed from the moves so far: the mean of the guesses given each clan the
    mover might hold, then, for the mover holding c, that guess with c ruled out.
    """
    state = obs.state
    live = [s for s in range(state.players) if s != seat and not state.resigned[s]]
    guesses = [[0.0] * CLAN_COUNT for _ in live]
    for c in range(CLAN_COUNT):
        beliefs = marginals(assignment_weights(obs.loglik, seat, Clan(c)), state.players)
        for row, s in zip(guesses, live, strict=True):
            for k in range(CLAN_COUNT):
                row[k] += beliefs[s][Clan(k)] / CLAN_COUNT
    rest = [[1.0 / max(1e-9, 1.0 - row[c]) for c in range(CLAN_COUNT)] for row in guesses]
    opponents = list(zip(guesses, rest, strict=True))
    result: list[list[float]] = []
    for entry in obs.gains:
        best = [-math.inf] * CLAN_COUNT
        for option in entry.options:
            g: Sequence[float] = option.gains
            if prospects != 1.0:
                g = [x + prospects * (y - x) for x, y in zip(option.banked, g, strict=True)]
            g0, g1, g2, g3, g4 = g
            chips = option.chips
            threats = [[-math.inf] * CLAN_COUNT, [0.0] * CLAN_COUNT][not opponents]
            for b, r in opponents:
                d = b[0] * g0 + b[1] * g1 + b[2] * g2 + b[3] * g3 + b[4] * g4
                for c in range(CLAN_COUNT):
                    t = (d - b[c] * g[c]) * r[c]
                    if t > threats[c]:
                        threats[c] = t
            for c in range(CLAN_COUNT):
                score = g[c] + chips - threats[c]
                if score > best[c]:
                    best[c] = score
        result.append(best)
    return result


def normal_policy(
    obs: Observation, seat: int, hiding: Hiding, chip_tilt: float = 0.0, prospects: float = 1.0
) -> Policy:
    """Every clan's strategy from ``clan_scores`` at ``hiding``'s λ, weighted by exp(``chip_tilt`` ·
    the chips each action takes) for every clan alike (``ai.clans.hiding.tilted``)."""
    state = obs.state
    values = clan_scores(obs, seat, prospects)
    lam = hiding.weight(len(state.villages), state.chart.chips)
    by_clan = policies(values, lam)
    if chip_tilt:
        by_clan = tilted(by_clan, [chip_tilt * max(o.chips for o in e.options) for e in obs.gains])
    return Policy(tuple(e.move for e in obs.gains), by_clan, values)


def one_ply_scores(obs: Observation, seat: int, clan: Clan) -> list[tuple[float, Option]]:
    """Normal's judgement of every option for one clan: own gain minus the likeliest-best opponent's."""
    state = obs.state
    beliefs = marginals(assignment_weights(obs.loglik, seat, clan), state.players)
    opponents = [
        tuple(beliefs[s][Clan(c)] for c in range(CLAN_COUNT))
        for s in range(state.players)
        if s != seat and not state.resigned[s]
    ]
    own = int(clan)
    scored: list[tuple[float, Option]] = []
    for entry in obs.gains:
        for option in entry.options:
            gains = option.gains
            g0, g1, g2, g3, g4 = gains
            # sum() over the five products, clan by clan: the same sum as over a generator, for less.
            threats = [sum((b0 * g0, b1 * g1, b2 * g2, b3 * g3, b4 * g4)) for b0, b1, b2, b3, b4 in opponents]
            threat = max(threats) if threats else 0.0
            scored.append((gains[own] + option.chips - threat, option))
    return scored
