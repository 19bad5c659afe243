"""STYLE.md 14, perft-style pins: legal-move counts from fixed seeds and sequences, cross-checked.

The pinned numbers were computed with the engine, then checked here against computations that share no
code with it: closed forms from the map's degrees for the opening tree, and the brute-force reading of
docs/RULES.md in reference.py for the fixed game sequences and mid-game trees.
"""

from __future__ import annotations

import copy
import random

import pytest
from reference import ADJ, RefGame, legal_pairs

from engine.clans import EndReason, GameState, Phase, apply, legal_moves, new_game, play, random_playout


def numbers(text: str) -> list[int]:
    return [int(n) for n in text.split()]


# (seed, players) -> legal-move count before every action of the game that always plays
# legal_moves[(ply * 7 + seed) % count], then the end reason, clan scores, chips and village territories.
SEQUENCES = {
    (1, 2): (
        numbers(
            "292 286 278 272 262 250 238 226 214 204 196 186 176 166 158 152 142 134 126 122 116 108 "
            "104 98 92 88 86 82 76 70 62 58 52 46 2 42 40 36 30 26 20 16 14 12 8 2"
        ),
        EndReason.TWELFTH_VILLAGE,
        [34, 40, 26, 32, 34],
        [10, 2],
        [11, 39, 14, 5, 36, 16, 57, 17, 19, 22, 50, 60],
    ),
    (2, 3): (
        numbers(
            "292 286 278 272 262 250 240 228 216 206 196 186 176 168 160 154 144 132 126 122 116 110 "
            "104 94 86 82 74 70 64 2 60 58 54 52 42 38 34 32 28 22 18 2 14 2 10 8 6"
        ),
        EndReason.TWELFTH_VILLAGE,
        [31, 23, 33, 40, 23],
        [5, 4, 3],
        [11, 19, 2, 38, 36, 53, 45, 7, 5, 25, 55, 23],
    ),
    (3, 4): (
        numbers(
            "292 284 276 268 256 244 234 222 212 202 194 184 176 166 158 148 138 132 124 120 116 108 "
            "100 96 90 86 80 76 72 64 60 52 50 46 44 38 35 31 29 27 25 23 19 15 13 10 8 6 2 2"
        ),
        EndReason.NO_MOVES,
        [32, 28, 32, 33, 39],
        [1, 2, 4, 4],
        [55, 1, 29, 36, 48, 52, 59, 23, 12, 3, 45],
    ),
}

# perft(1..3) from the opening (the same for every seed: at most 3 hut moves found no village and only
# hut counts, not colours, decide legality) and perft(1..3) after 25 actions of each sequence above.
OPENING_PERFT = [292, 82_260, 22_342_180]
MIDGAME_PERFT = {(1, 2): [88, 7_224, 551_752], (2, 3): [82, 5_955, 400_458], (3, 4): [86, 6_924, 519_595]}


def perft(state: GameState, depth: int) -> int:
    moves = legal_moves(state)
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        child = state.copy()
        apply(child, move)
        total += perft(child, depth - 1)
    return total


def play_sequence(seed: int, players: int, plies: int | None = None) -> tuple[GameState, list[int]]:
    state = new_game(players, seed)
    counts = []
    while not state.over and (plies is None or state.ply < plies):
        moves = legal_moves(state)
        counts.append(len(moves))
        play(state, moves[(state.ply * 7 + seed) % len(moves)])
    return state, counts


@pytest.mark.parametrize(("seed", "players"), list(SEQUENCES))
def test_sequence_counts_are_pinned(seed: int, players: int) -> None:
    counts, reason, scores, chips, villages = SEQUENCES[seed, players]
    state, seen = play_sequence(seed, players)
    assert seen == counts
    assert state.end_reason is reason
    assert state.scores == scores and state.chips == chips
    assert [v.territory for v in state.villages] == villages


@pytest.mark.parametrize(("seed", "players"), list(SEQUENCES))
def test_sequence_counts_agree_with_the_reference(seed: int, players: int) -> None:
    """The pinned sequences replayed with the brute-force reading of docs/RULES.md give the same counts."""
    counts, reason, scores, chips, villages = SEQUENCES[seed, players]
    state = new_game(players, seed)
    ref = RefGame(huts={t: state.huts[t][:] for t in range(1, 61)}, players=players, mover=state.to_move)
    seen = []
    while not state.over:
        moves = legal_moves(state)
        if state.phase is Phase.MOVE:
            assert {(mv.src, mv.dst) for mv in moves} == ref.legal()
            move = moves[(state.ply * 7 + seed) % len(moves)]
            pending = ref.move(move.src, move.dst)
            order: list[int] = []
        else:
            assert set(state.pending) == pending
            move = moves[(state.ply * 7 + seed) % len(moves)]
            order.append(move.src)
        seen.append(len(moves))
        play(state, move)
        if state.phase is not Phase.ORDER:
            ref.found(order + sorted(pending - set(order)))
            assert ref.over == state.over
            assert ref.scores == state.scores and ref.chips == state.chips
    assert seen == counts
    assert ref.scores == scores and ref.chips == chips
    assert [t for t, _ in ref.villages] == villages
    assert (len(ref.villages) == 12) == (reason is EndReason.TWELFTH_VILLAGE)


def test_opening_perft_is_pinned() -> None:
    state = new_game(3, 1)
    assert [perft(state, d) for d in (1, 2, 3)] == OPENING_PERFT


def test_opening_perft_closed_form() -> None:
    """Check the pins from the map alone: with one hut everywhere, the legal moves are the directed
    edges between occupied territories, so after emptying a1 then a2 there are
    2E - 2 (deg a1 + deg a2 - [a1 ~ a2]) of them."""
    deg = {t: len(ns) for t, ns in ADJ.items()}
    two_e = sum(deg.values())
    edges = [(a, b) for a in ADJ for b in ADJ[a]]
    perft2 = sum(two_e - 2 * deg[a] for a, _ in edges)
    perft3 = 0
    for a1, _ in edges:
        for a2, b2 in edges:
            if a1 not in (a2, b2):
                perft3 += two_e - 2 * (deg[a1] + deg[a2] - (a2 in ADJ[a1]))
    assert [two_e, perft2, perft3] == OPENING_PERFT


@pytest.mark.parametrize(("seed", "players"), list(MIDGAME_PERFT))
def test_midgame_perft_is_pinned(seed: int, players: int) -> None:
    state, _ = play_sequence(seed, players, plies=25)
    assert state.ply == 25 and state.phase is Phase.MOVE
    assert [perft(state, d) for d in (1, 2, 3)] == MIDGAME_PERFT[seed, players]


@pytest.mark.parametrize(("seed", "players"), list(MIDGAME_PERFT))
def test_midgame_perft_two_agrees_with_the_reference(seed: int, players: int) -> None:
    """perft(2) from the reference: after each move, the village choices if 2+ villages wait for an order,
    otherwise the legal hut moves once the single village (if any) is founded."""
    state, _ = play_sequence(seed, players, plies=25)
    base = RefGame(
        huts={t: state.huts[t][:] for t in range(1, 61)},
        players=players,
        mover=state.to_move,
        scores=state.scores[:],
        chips=state.chips[:],
        villages=[(v.territory, v.value) for v in state.villages],
    )
    total = 0
    for a, b in sorted(base.legal()):
        ref = copy.deepcopy(base)
        founded = ref.move(a, b)
        if len(founded) >= 2:
            total += len(founded)
        else:
            ref.found(sorted(founded))
            total += len(ref.legal())
    assert [len(base.legal()), total] == MIDGAME_PERFT[seed, players][:2]
    assert len(legal_pairs(state.counts)) == MIDGAME_PERFT[seed, players][0]


# random_playout(new_game(players, seed), Random(seed)) -> hut moves, actions, end, clan scores, chips, villages.
PLAYOUTS = {
    (7, 2): (49, 49, EndReason.NO_MOVES, [30, 33, 35, 31, 22], [6, 5], [15, 1, 5, 36, 49, 55, 18, 41, 22, 11, 44]),
    (8, 3): (
        46,
        47,
        EndReason.TWELFTH_VILLAGE,
        [10, 27, 29, 33, 28],
        [4, 4, 4],
        [6, 26, 45, 47, 3, 1, 24, 12, 32, 38, 40, 52],
    ),
    (9, 4): (
        43,
        46,
        EndReason.TWELFTH_VILLAGE,
        [14, 19, 24, 19, 23],
        [2, 5, 2, 3],
        [53, 45, 25, 43, 37, 6, 15, 11, 2, 51, 18, 30],
    ),
}


@pytest.mark.parametrize(("seed", "players"), list(PLAYOUTS))
def test_random_playout_is_pinned(seed: int, players: int) -> None:
    """STYLE.md 6/15: a playout is a function of its seeds, so AI choices replay identically across versions."""
    state = new_game(players, seed)
    random_playout(state, random.Random(seed))
    summary = (
        state.turn,
        state.ply,
        state.end_reason,
        state.scores,
        state.chips,
        [v.territory for v in state.villages],
    )
    assert summary == PLAYOUTS[seed, players]
