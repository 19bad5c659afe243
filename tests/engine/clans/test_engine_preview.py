"""A move's preview (engine.clans.preview): what it would do, worked out on a copy from the public view, equals
what playing it does; orders of villages that end in the same position are one result (nobody need be asked)."""

from __future__ import annotations

import random

import pytest
from positions import m
from test_rules_order import three_villages, two_villages

from engine.clans import (
    Board,
    IllegalMove,
    Move,
    Phase,
    apply,
    legal_moves,
    new_game,
    order_results,
    orders_matter,
    play,
    preview_move,
    public_view,
)


def test_each_preview_is_what_its_actions_then_do(board: Board) -> None:
    """Seeded random games: for every hut move played, each of its previews, played for real from the secret
    state, founds the same villages (epoch, value, strife) and leaves the same board and scores."""
    checked = several = 0
    for seed in range(6):
        state = new_game(2 + seed % 3, seed, board)
        rng = random.Random(seed)
        while not state.over:
            moves = legal_moves(state)
            if state.phase is Phase.MOVE:
                move = rng.choice(moves)
                previews = preview_move(public_view(state), move)
                several += len(previews) > 1
                for preview in previews:
                    real = state.copy()
                    outcomes = [play(real, action) for action in preview.actions]
                    assert preview.actions[0] == move
                    assert tuple(v for o in outcomes for v in o.villages) == preview.villages
                    assert tuple(e for o in outcomes for e in o.epochs_entered) == preview.epochs_entered
                    after = public_view(real)
                    assert (after.huts, after.scores, after.chips, after.phase) == (
                        preview.view.huts,
                        preview.view.scores,
                        preview.view.chips,
                        preview.view.phase,
                    )
                    assert preview.end_reason == real.end_reason and preview.view.result is None
                    assert real.phase is not Phase.ORDER, "a preview settles every village the move founds"
                    checked += 1
                for action in previews[rng.randrange(len(previews))].actions:
                    apply(state, action)
            else:
                apply(state, rng.choice(moves))
    assert checked > 200 and several > 0


def test_orders_with_the_same_end_are_one_result() -> None:
    """1 (grassland, doomed) and 19 (mountain, favoured), both in epoch 2 (4 villages before): both orders end
    the same, so there is one result and nothing to ask; across the epoch boundary (4th and 5th) it matters."""
    same = two_villages(prior=4)
    play(same, m("9-10"))
    [only] = order_results(public_view(same))
    assert only.choices == (1,) and [(v.territory, v.value) for v in only.villages] == [(1, 0), (19, 5)]
    assert not orders_matter(public_view(same))

    boundary = two_villages(prior=3)
    play(boundary, m("9-10"))
    results = order_results(public_view(boundary))
    assert [r.choices for r in results] == [(1,), (19,)]
    assert [[v.value for v in r.villages] for r in results] == [[2, 5], [0, 0]]
    assert orders_matter(public_view(boundary))


def test_three_villages_give_every_distinct_order() -> None:
    state = three_villages(prior=3)
    previews = preview_move(public_view(state), m("9-10"))
    assert len(previews) >= 2
    assert all(len(p.choices) == 2 and set(p.choices) <= {1, 10, 19} for p in previews)
    assert len({tuple(sorted((v.territory, v.value) for v in p.villages)) for p in previews}) == len(previews)


def test_an_illegal_move_says_why() -> None:
    state = two_villages()
    with pytest.raises(IllegalMove):
        preview_move(public_view(state), Move(1, 40))
    assert order_results(public_view(state)) == []
