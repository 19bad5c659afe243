"""A playout policy a little wiser than random: players found the villages that pay their own clan.

Moves are drawn like ``engine.clans.random_playout`` (a random live territory, then a random neighbour).
The mover also looks at every move that founds a village (``engine.clans.founding_moves``) and plays the
best of all these for its (sampled) clan: a village's value if its clan scores there, plus the chip,
minus a little for feeding its huts into a doomed village. Ties go to the first random draw.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import add

from engine.clans import (
    MAY_MOVE,
    Epoch,
    GameState,
    LiveTracker,
    Phase,
    Terrain,
    apply,
    draw_hut_move,
    draw_village_choice,
    strife,
    village_value,
    villages_founded,
)

DRAWS = 2
"""Random moves drawn per step."""


def _village(huts: Sequence[int], terrain: Terrain, epoch: Epoch, clan: int) -> float:
    """What founding a village of ``huts`` is worth to ``clan``: the chip, plus its value if the clan scores
    there, or minus 3 if the clan feeds a doomed village."""
    after = strife(huts)
    if not after[clan]:
        return 1.0
    _, value, destroyed = village_value(after, terrain, epoch)
    return -2.0 if destroyed else 1.0 + value


def informed_playout(state: GameState, clans: Sequence[int], rng: random.Random) -> None:
    """Play to the end of the game, in place, with ``clans`` as the seats' (guessed) clans.

    The moves looked at are the DRAWS random ones, then the founding moves in ``founding_moves``' order, the
    first best kept. A founding move's value depends on its source's villages, and on its destination only
    when that is one of them, so each source's villages are valued once; a move listed twice is looked at
    once (the second could not beat the first).
    """
    if state.phase is Phase.OVER:
        return
    board = state.board
    neighbours = board.neighbours
    counts = state.counts
    huts = state.huts
    terrain = board.terrain
    chart = state.chart
    epochs, chip_epoch, last_chip = chart.epochs, chart.chip_epoch, chart.chips - 1
    tracker = LiveTracker(state)
    live = tracker.live
    sources_of = tracker.founding_sources
    move = tracker.move
    rand = rng.random
    order, over = Phase.ORDER, Phase.OVER
    while True:
        phase = state.phase
        if phase is over:
            return
        if phase is order:
            apply(state, draw_village_choice(state, rand))
            continue
        clan = clans[state.to_move]
        # Every village this move founds is judged in the epoch of the first one's chip.
        epoch = epochs[chip_epoch[min(len(state.villages), last_chip)] - 1]
        first = draw_hut_move(live, neighbours, counts, rand)
        second = draw_hut_move(live, neighbours, counts, rand)
        sources = sources_of()
        if not sources:
            move(*first)
            continue
        valued = []
        for src in sources:
            founded = villages_founded(state, src)
            parts = [_village(huts[t], terrain[t], epoch, clan) for t in founded]
            valued.append((src, founded, parts, sum(parts)))
        best_score = -1e9
        best = first
        for src, dst in (first, second):
            score = 0.0
            if src in sources:
                _, founded, parts, score = valued[sources.index(src)]
                if dst in founded:
                    merged = tuple(map(add, huts[dst], huts[src]))
                    score += _village(merged, terrain[dst], epoch, clan) - parts[founded.index(dst)]
            if score > best_score:
                best_score, best = score, (src, dst)
        for src, founded, parts, base in valued:
            allowed = MAY_MOVE[counts[src]]
            for dst in neighbours[src]:
                if allowed[counts[dst]]:
                    score = base
                    if dst in founded:
                        merged = tuple(map(add, huts[dst], huts[src]))
                        score += _village(merged, terrain[dst], epoch, clan) - parts[founded.index(dst)]
                    if score > best_score:
                        best_score, best = score, (src, dst)
        move(*best)
