"""A playout policy a little wiser than random: players found the villages that pay their own clan.

Moves are drawn like ``engine.random_playout`` (a random live territory, then a random neighbour);
the mover draws a few and keeps the one whose villages pay its (sampled) clan best, counting the
chip, and avoids feeding villages that pay nobody it cares about.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine import IMMOBILE, GameState, Move, Phase, apply

DRAWS = 4
"""Moves drawn per step; the best for the mover is played."""


def informed_playout(state: GameState, clans: Sequence[int], rng: random.Random) -> None:
    """Play to the end of the game, in place, with ``clans`` as the seats' (guessed) clans."""
    board = state.board
    neighbours = board.neighbours
    masks = board.neighbour_mask
    counts = state.counts
    huts = state.huts
    terrain = board.terrain
    chart = state.chart
    rand = rng.random
    while state.phase is not Phase.OVER:
        if state.phase is Phase.ORDER:
            pending = state.pending
            choice = pending[int(rand() * len(pending))]
            apply(state, Move(choice, choice))
            continue
        occupied = state.occupied
        live = [t for t in range(1, board.size + 1) if counts[t] and occupied & masks[t]]
        clan = clans[state.to_move]
        chip = len(state.villages)
        epoch = chart.epochs[chart.chip_epoch[min(chip, chart.chips - 1)] - 1]
        last = chip == chart.chips - 1
        best: tuple[int, int] | None = None
        best_score = -1e9
        for _ in range(DRAWS):
            while True:
                src = live[int(rand() * len(live))]
                around = neighbours[src]
                dst = around[int(rand() * len(around))]
                n, m = counts[src], counts[dst]
                if m and (n < IMMOBILE or n <= m):
                    break
            left = occupied & ~(1 << src)
            score = 0.0
            for t in around:
                if not counts[t] or left & masks[t]:
                    continue
                h = [a + b for a, b in zip(huts[t], huts[src], strict=True)] if t == dst else huts[t]
                strife = all(h)
                size = sum(x for x in h if not (strife and x == 1))
                doomed = not last and terrain[t] in epoch.unfavourable
                score += 1.0
                mine = h[clan] >= (2 if strife else 1)
                if mine and not doomed:
                    value = size + (5 if last else epoch.bonus if terrain[t] in epoch.favourable else 0)
                    score += value
                elif mine:
                    score -= 3.0
            if score > best_score:
                best_score, best = score, (src, dst)
        assert best is not None
        apply(state, Move(best[0], best[1]))
