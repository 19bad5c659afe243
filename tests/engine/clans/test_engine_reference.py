"""The engine against reference.py, an independent brute-force reading of docs/RULES.md, on random games.

After every hut move both must agree on the legal moves, the villages founded (and the choice offered
when there are several), the huts on the board and removed, the clan scores, the chips and the end.
"""

from __future__ import annotations

import random

import pytest
from reference import RefGame

from engine.clans import Board, Move, Phase, legal_moves, new_game, play


@pytest.mark.parametrize("seed", range(0, 240, 40))
def test_engine_matches_the_reference(seed: int, board: Board) -> None:
    for game_seed in range(seed, seed + 40):
        players = 2 + game_seed % 3
        rng = random.Random(game_seed)
        state = new_game(players, game_seed, board)
        ref = RefGame(
            huts={t: state.huts[t][:] for t in range(1, 61)}, players=players, mover=state.to_move, map_id=board.map_id
        )
        while not state.over:
            assert state.to_move == ref.mover
            moves = legal_moves(state)
            assert {(mv.src, mv.dst) for mv in moves} == ref.legal()
            move = rng.choice(moves)
            founded = ref.move(move.src, move.dst)
            play(state, move)
            order: list[int] = []
            if len(founded) >= 2:
                assert state.phase is Phase.ORDER and set(state.pending) == founded
                while state.phase is Phase.ORDER:
                    choice = rng.choice(state.pending)
                    order.append(choice)
                    play(state, Move.village(choice))
            ref.found(order + sorted(founded - set(order)))
            assert [v.territory for v in state.villages] == [t for t, _ in ref.villages]
            assert [v.value for v in state.villages] == [value for _, value in ref.villages]
            assert all(state.huts[t] == ref.huts[t] for t in range(1, 61))
            assert state.removed == ref.removed
            assert state.scores == ref.scores and state.chips == ref.chips
            assert state.over == ref.over
