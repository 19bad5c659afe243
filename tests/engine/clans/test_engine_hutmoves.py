"""The fast rule primitives the AI and the playouts use agree with the checked rules.

docs/RULES.md R5.1 and R5.2 (who may move onto whom) and R6.1 (which territories a move turns into
villages) are defined once, in engine/clans/hutmoves.py; these tests hold them to ``check``/``play`` and to
the brute-force reading in reference.py, on random positions of real games.
"""

from __future__ import annotations

import random

import pytest
from positions import random_position
from reference import legal_pairs

from engine.clans import (
    IMMOBILE,
    MAP_FILES,
    MAY_MOVE,
    GameState,
    IllegalMove,
    Move,
    Phase,
    apply,
    check,
    draw_hut_move,
    draw_village_choice,
    founding_moves,
    has_hut_move,
    legal_moves,
    live_territories,
    load_board,
    may_move,
    villages_founded,
)


def positions(map_id: str, count: int = 40) -> list[GameState]:
    """``count`` positions of random 3-player games on ``map_id`` waiting for a hut move, from the opening to
    late."""
    found: list[GameState] = []
    seed = 0
    while len(found) < count:
        state = random_position(seed, plies=seed % 45, board=load_board(map_id))
        if state.phase is Phase.MOVE:
            found.append(state)
        seed += 1
    return found


POSITIONS = [state for map_id in MAP_FILES for state in positions(map_id)]
"""On each map a game may be played on."""


def test_may_move_is_the_rule_of_seven() -> None:
    """docs/RULES.md R5.1, R5.2: neither group empty; 7+ moves only onto an equal or larger 7+."""
    assert may_move(1, 1) and may_move(6, 60) and may_move(3, 9)
    assert not may_move(0, 3) and not may_move(3, 0)
    assert not may_move(IMMOBILE, IMMOBILE - 1) and not may_move(9, 1)
    assert may_move(IMMOBILE, IMMOBILE) and may_move(8, 9) and not may_move(9, 8)


def test_the_table_is_the_function() -> None:
    assert all(MAY_MOVE[n][m] == may_move(n, m) for n in range(61) for m in range(61))


@pytest.mark.parametrize("state", POSITIONS, ids=range(len(POSITIONS)))
def test_may_move_agrees_with_check_on_every_neighbour_pair(state: GameState) -> None:
    """docs/RULES.md R5.1, R5.2: check() refuses a hut move between neighbours exactly when may_move says no."""
    board = state.board
    for src in range(1, board.size + 1):
        for dst in board.neighbours[src]:
            try:
                check(state, Move(src, dst))
                allowed = True
            except IllegalMove:
                allowed = False
            assert allowed == may_move(state.counts[src], state.counts[dst]), (src, dst)


@pytest.mark.parametrize("state", POSITIONS, ids=range(len(POSITIONS)))
def test_villages_founded_names_the_villages_the_move_founds(state: GameState) -> None:
    """docs/RULES.md R6.1: asked before a move, villages_founded lists the villages applying it founds."""
    for move in legal_moves(state):
        predicted = villages_founded(state, move.src)
        after = state.copy()
        apply(after, move)
        if after.phase is Phase.ORDER:
            assert list(after.pending) == predicted
        else:
            founded = [v.territory for v in after.villages[len(state.villages) :]]
            assert founded == predicted[: len(founded)], move
            assert len(founded) == len(predicted) or after.over


@pytest.mark.parametrize("state", POSITIONS, ids=range(len(POSITIONS)))
def test_founding_moves_are_the_legal_moves_that_found_a_village(state: GameState) -> None:
    """docs/RULES.md R6.1: founding_moves lists exactly the legal hut moves that found at least one village."""
    expected = {move for move in legal_moves(state) if villages_founded(state, move.src)}
    assert set(founding_moves(state)) == expected
    assert founding_moves(state, live_territories(state)) == founding_moves(state)


@pytest.mark.parametrize("state", POSITIONS, ids=range(len(POSITIONS)))
def test_live_territories_are_where_moves_start_and_end(state: GameState) -> None:
    """docs/RULES.md R5.1: the live territories are the ends of the legal moves; a move exists while any is live."""
    pairs = legal_pairs(state.counts, state.board.map_id)
    ends = {t for pair in pairs for t in pair}
    assert set(live_territories(state)) == ends
    assert has_hut_move(state) == bool(ends)


def test_the_random_draws_give_legal_actions() -> None:
    rng = random.Random(5)
    for seed in range(30):
        state = random_position(seed, plies=seed)
        while not state.over:
            if state.phase is Phase.ORDER:
                action = draw_village_choice(state, rng.random)
            else:
                src, dst = draw_hut_move(live_territories(state), state.board.neighbours, state.counts, rng.random)
                action = Move(src, dst)
            assert action in legal_moves(state)
            apply(state, action)
