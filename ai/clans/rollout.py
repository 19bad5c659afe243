"""A playout policy a little wiser than random: players found the villages that pay their own clan.

Moves are drawn like ``engine.clans.random_playout`` (a random live territory, then a random neighbour).
The mover also looks at every move that founds a village (``engine.clans.founding_moves``) and plays the
best of all these for its (sampled) clan: a village's value if its clan scores there, plus the chip,
minus a little for feeding its huts into a doomed village. Ties go to the first random draw.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.clans import (
    GameState,
    Phase,
    apply,
    draw_hut_move,
    draw_village_choice,
    founding_moves,
    live_territories,
    move_table,
    strife,
    village_value,
    villages_founded,
)

DRAWS = 2
"""Random moves drawn per step."""


def informed_playout(state: GameState, clans: Sequence[int], rng: random.Random) -> None:
    """Play to the end of the game, in place, with ``clans`` as the seats' (guessed) clans."""
    board = state.board
    neighbours = board.neighbours
    counts = state.counts
    huts = state.huts
    terrain = board.terrain
    chart = state.chart
    table = move_table(board.size)
    rand = rng.random
    while state.phase is not Phase.OVER:
        if state.phase is Phase.ORDER:
            apply(state, draw_village_choice(state, rand))
            continue
        live = live_territories(state)
        clan = clans[state.to_move]
        chip = len(state.villages)
        # Every village this move founds is judged in the epoch of the first one's chip.
        epoch = chart.epochs[chart.chip_epoch[min(chip, chart.chips - 1)] - 1]
        moves = [draw_hut_move(live, neighbours, counts, rand) for _ in range(DRAWS)]
        moves += [(m.src, m.dst) for m in founding_moves(state, live)]
        best = moves[0]
        best_score = -1e9
        for src, dst in moves:
            score = 0.0
            for t in villages_founded(state, src):
                after = strife(tuple(a + b for a, b in zip(huts[t], huts[src], strict=True)) if t == dst else huts[t])
                score += 1.0  # the chip
                if after[clan]:
                    _, value, destroyed = village_value(after, terrain[t], epoch)
                    score += -3.0 if destroyed else value
            if score > best_score:
                best_score, best = score, (src, dst)
        apply(state, table[best[0]][best[1]])
