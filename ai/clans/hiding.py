"""Mixed strategies that keep the clan secret from an observer who runs this very code.

An observer who knows the AI's code can compute, for each clan c, the probability P(move | c) that
the AI would have played what it played. A deterministic argmax gives that away: only one or two
clans produce the move. So every level draws its move from a distribution, built as the solution of
an information-regularised choice (Strouse et al. 2018, "Learning to share and hide intentions"):

    maximise  E[value of the move for my clan]  -  λ · I(move ; clan)

over the policies of all five clans at once, the clans being equally likely a priori. Its solution
(Blahut-Arimoto) is ``q_c(m) ∝ μ(m) · exp(V_c(m) / λ)`` with ``μ = mean_c q_c``: every clan plays
from the same shared menu μ of moves good for several clans (decoys come for free: a move good for
two clans keeps both plausible), tilted by its own values, so that for any move and any two clans
``log q_c(m) / q_d(m)`` is at most ``(V_c(m) - V_d(m)) / λ`` plus a constant. λ is in points: how
much value the AI gives up to leak one nat. Each level sets how it runs over the game (``Hiding``).
"""

from __future__ import annotations

import math
import operator
import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.clans import CLAN_COUNT

ITERATIONS = 8
"""Blahut-Arimoto rounds, the last giving the policies. Deliberately short of convergence: each round
sharpens the shared menu toward the moves all clans value, and measured against three easy AIs, 4
rounds lost more games than 8, 30 and 100 rounds lost more and leaked more (docs/AI.md)."""


@dataclass(frozen=True, slots=True)
class Hiding:
    """A hiding setting: λ (points per nat) at the start and once the last chip is about to go, and
    optionally once half the chips are taken (λ then runs straight from one to the next)."""

    start: float
    end: float
    middle: float | None = None

    def weight(self, chips_taken: int, chips: int) -> float:
        left = max(0, chips - chips_taken) / max(1, chips)
        if self.middle is None:
            return self.end + (self.start - self.end) * left
        if left >= 0.5:
            return self.middle + (self.start - self.middle) * (2 * left - 1)
        return self.end + (self.middle - self.end) * 2 * left


def policies(values: Sequence[Sequence[float]], lam: float) -> list[list[float]]:
    """For each clan (outer), the probability of each move (inner), given ``values[move][clan]``."""
    n = len(values)
    if n == 1:
        return [[1.0] for _ in range(CLAN_COUNT)]
    lam = max(lam, 1e-3)
    # Moves worth the same to every clan are interchangeable: solve once per distinct row of values.
    index: dict[tuple[float, ...], int] = {}
    rows: list[Sequence[float]] = []
    counts: list[int] = []
    group = []
    for v in values:
        key = tuple(v)
        g = index.get(key)
        if g is None:
            g = index[key] = len(rows)
            rows.append(v)
            counts.append(0)
        counts[g] += 1
        group.append(g)
    # exp(V/λ) per clan, shifted by each clan's best value so nothing overflows.
    tilt: list[list[float]] = []
    for c in range(CLAN_COUNT):
        top = max(v[c] for v in rows)
        tilt.append([math.exp((v[c] - top) / lam) for v in rows])
    t0, t1, t2, t3, t4 = tilt
    menu = [k / n for k in counts]
    # One round: q_c = menu · tilt_c / Z_c, then menu = mean_c q_c, done without building the q_c.
    for _ in range(ITERATIONS - 1):
        i0, i1, i2, i3, i4 = (1 / (CLAN_COUNT * sum(map(operator.mul, menu, t))) for t in tilt)
        menu = [
            m * (a * i0 + b * i1 + c * i2 + d * i3 + e * i4)
            for m, a, b, c, d, e in zip(menu, t0, t1, t2, t3, t4, strict=True)
        ]
    result: list[list[float]] = []
    for t in tilt:
        z = sum(map(operator.mul, menu, t))
        q = [m * x / z for m, x in zip(menu, t, strict=True)]
        result.append([q[g] / counts[g] for g in group])
    return result


def tilted(strategies: Sequence[Sequence[float]], log_weights: Sequence[float]) -> list[list[float]]:
    """Every clan's strategy multiplied by the same ``exp(log_weights[move])``, then renormalised.

    A preference that is the same whatever the clan (the chips a move takes are public) leaks nothing
    of its own: for any move and any two clans, ``log q_c(m) / q_d(m)`` changes by a constant only.
    """
    top = max(log_weights, default=0.0)
    factors = [math.exp(w - top) for w in log_weights]
    result: list[list[float]] = []
    for q in strategies:
        weighted = [p * f for p, f in zip(q, factors, strict=True)]
        total = sum(weighted)
        result.append([w / total for w in weighted] if total > 0 else list(q))
    return result


def draw(probabilities: Sequence[float], rng: random.Random) -> int:
    """An index drawn from ``probabilities`` with the AI's own generator."""
    x = rng.random()
    acc = 0.0
    for i, p in enumerate(probabilities):
        acc += p
        if x < acc:
            return i
    return len(probabilities) - 1
