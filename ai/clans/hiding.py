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
much value the AI gives up to leak one nat. It shrinks toward the last villages (LAMBDA_END), when
hiding has little left to protect and points decide the game.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.clans import CLAN_COUNT

ITERATIONS = 8
"""Blahut-Arimoto rounds: enough for the menu to settle to within a percent."""


@dataclass(frozen=True, slots=True)
class Hiding:
    """A hiding setting: λ (points per nat) at the start and once the last chip is about to go."""

    start: float
    end: float

    def weight(self, chips_taken: int, chips: int) -> float:
        left = max(0, chips - chips_taken) / max(1, chips)
        return self.end + (self.start - self.end) * left


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
    menu = [k / n for k in counts]
    q: list[list[float]] = []
    for _ in range(ITERATIONS):
        q = []
        for c in range(CLAN_COUNT):
            row = [m * t for m, t in zip(menu, tilt[c], strict=True)]
            total = sum(row)
            q.append([x / total for x in row])
        menu = [(a + b + c + d + e) / CLAN_COUNT for a, b, c, d, e in zip(*q, strict=True)]
    return [[qc[g] / counts[g] for g in group] for qc in q]


def draw(probabilities: Sequence[float], rng: random.Random) -> int:
    """An index drawn from ``probabilities`` with the AI's own generator."""
    x = rng.random()
    acc = 0.0
    for i, p in enumerate(probabilities):
        acc += p
        if x < acc:
            return i
    return len(probabilities) - 1
