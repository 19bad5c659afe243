"""A playout policy a little wiser than random: players found the villages that pay their own clan.

Moves are drawn like ``engine.random_playout`` (a random live territory, then a random neighbour).
The mover also looks at every move that founds a village (``SEEK_VILLAGES``) and plays the best of
all these for its (sampled) clan: a village's value if its clan scores there, plus the chip, minus a
little for feeding its huts into a doomed village. Ties go to the first random draw.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine import IMMOBILE, GameState, Move, Phase, apply
from engine.playout import draw_hut_move

DRAWS = 2
"""Random moves drawn per step."""
SEEK_VILLAGES = True
"""Also consider every move that founds a village."""


def informed_playout(state: GameState, clans: Sequence[int], rng: random.Random) -> None:
    """Play to the end of the game, in place, with ``clans`` as the seats' (guessed) clans."""
    board = state.board
    size = board.size
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
        live = [t for t in range(1, size + 1) if counts[t] and occupied & masks[t]]
        clan = clans[state.to_move]
        chip = len(state.villages)
        epoch = chart.epochs[chart.chip_epoch[min(chip, chart.chips - 1)] - 1]
        last = chip == chart.chips - 1
        moves: list[tuple[int, int]] = []
        for _ in range(DRAWS):
            moves.append(draw_hut_move(live, neighbours, counts, rand))
        if SEEK_VILLAGES:
            for t in live:
                near = occupied & masks[t]
                if near & (near - 1):
                    continue  # two or more occupied neighbours: not one move from a village
                src = near.bit_length() - 1
                n = counts[src]
                for dst in neighbours[src]:
                    m = counts[dst]
                    if m and (n < IMMOBILE or n <= m):
                        moves.append((src, dst))
        best = moves[0]
        best_score = -1e9
        for src, dst in moves:
            left = occupied & ~(1 << src)
            score = 0.0
            for t in neighbours[src]:
                if not counts[t] or left & masks[t]:
                    continue
                h = [a + b for a, b in zip(huts[t], huts[src], strict=True)] if t == dst else huts[t]
                strife = all(h)
                doomed = not last and terrain[t] in epoch.unfavourable
                score += 1.0
                if h[clan] >= (2 if strife else 1):
                    if doomed:
                        score -= 3.0
                    else:
                        value = sum(x for x in h if not (strife and x == 1))
                        score += value + (5 if last else epoch.bonus if terrain[t] in epoch.favourable else 0)
            if score > best_score:
                best_score, best = score, (src, dst)
        apply(state, Move(best[0], best[1]))
