"""docs/RULES.md R6.3, R6.4, R6.5: when one move founds 2 or more villages, the MOVER chooses their order (issue 2)."""

from __future__ import annotations

import pytest
from positions import game, m, place, prior_villages, village_by_move

from engine.clans import (
    EndReason,
    IllegalMove,
    Move,
    Phase,
    Resign,
    Terrain,
    legal_moves,
    move_foundings,
    order_consequences,
    play,
    public_view,
)
from engine.clans.moves import ChooseVillageFirst, NoSuchTerritory, NotYourTurn

# Territories 1 (grassland) and 19 (mountain) touch no occupied territory but 9: moving 9 away founds both.
TWO = {1: "2r", 19: "3b"}
TWO_EMPTY = [2, 8, 18, 20, 28, 29]


def two_villages(prior: int = 0, players: int = 3):  # type: ignore[no-untyped-def]
    state = place(game(players, 4, to_move=1), TWO, empty=TWO_EMPTY)
    return prior_villages(state, prior)


def test_two_villages_wait_for_the_movers_order() -> None:
    """docs/RULES.md R6.3: the mover chooses the order; the state waits for it (Phase.ORDER)."""
    state = two_villages()
    outcome = play(state, m("9-10"))
    assert state.phase is Phase.ORDER and state.pending == (1, 19)
    assert outcome.villages == () and outcome.awaiting_order == (1, 19) and not outcome.game_over
    assert state.villages == [] and state.to_move == 1, "nothing is founded and the turn does not pass yet"
    assert legal_moves(state) == [Move.village(1), Move.village(19)]


def test_hut_moves_are_refused_while_ordering() -> None:
    """Issue 2: the choice is itself a move with its own legal options."""
    state = two_villages()
    play(state, m("9-10"))
    for text in ("23-24", "v23", "v9"):
        with pytest.raises(IllegalMove) as info:
            play(state, m(text))
        assert info.value == ChooseVillageFirst((1, 19))
    with pytest.raises(IllegalMove) as info:
        play(state, Move.village(1), seat=2)
    assert info.value == NotYourTurn()
    with pytest.raises(IllegalMove) as info:
        play(state, Move.village(61))
    assert info.value == NoSuchTerritory(61, 60)


def test_choosing_one_founds_it_and_the_last_follows() -> None:
    """docs/RULES.md R6.3: choosing the first founds it; the last one is founded automatically."""
    state = two_villages()
    play(state, m("9-10"))
    outcome = play(state, Move.village(19), seat=1)
    assert [v.territory for v in outcome.villages] == [19, 1]
    assert [v.number for v in outcome.villages] == [1, 2]
    assert state.phase is Phase.MOVE and state.pending == () and state.to_move == 2
    assert state.chips == [0, 2, 0]
    assert outcome.seat == 1 and outcome.move == Move.village(19)


def test_order_across_an_epoch_boundary_changes_the_score() -> None:
    """docs/RULES.md R6.3, R6.10: the mover's order decides which epoch each village falls in (4th and 5th)."""
    first = two_villages(prior=3)
    play(first, m("9-10"))
    outcome = play(first, Move.village(1))
    one, nineteen = outcome.villages
    # 1 is the 4th village: grassland in epoch 1 is neutral; 19 the 5th: mountain in epoch 2 is favourable
    assert (one.territory, one.number, one.epoch, one.value) == (1, 4, 1, 2)
    assert (nineteen.territory, nineteen.number, nineteen.epoch, nineteen.value) == (19, 5, 2, 3 + 2)
    assert first.scores == [2, 5, 0, 0, 0]
    assert outcome.epochs_entered == (2,)

    second = two_villages(prior=3)
    play(second, m("9-10"))
    outcome = play(second, Move.village(19))
    nineteen, one = outcome.villages
    # 19 is the 4th village: mountain in epoch 1 is destroyed; 1 the 5th: grassland in epoch 2 is destroyed
    assert (nineteen.number, nineteen.epoch, nineteen.value, nineteen.destroyed) == (4, 1, 0, True)
    assert (one.number, one.epoch, one.value, one.destroyed) == (5, 2, 0, True)
    assert second.scores == [0] * 5
    assert second.counts[1] == second.counts[19] == 0


@pytest.mark.parametrize(("choice", "scores"), [(1, [2 + 5, 0, 0, 0, 0]), (19, [0, 3 + 5, 0, 0, 0])])
def test_twelfth_village_chosen_among_several(choice: int, scores: list[int]) -> None:
    """docs/RULES.md R6.4: the mover chooses which is the 12th; the others do not score; the game ends."""
    state = two_villages(prior=11)
    play(state, m("9-10"))
    assert state.phase is Phase.ORDER
    outcome = play(state, Move.village(choice))
    (village,) = outcome.villages
    assert village.territory == choice and village.number == 12 and village.epoch == 5
    assert len(state.villages) == 12
    assert state.scores == scores
    assert state.chips == [0, 1, 0], "only the 12th chip exists"
    assert state.over and state.end_reason is EndReason.TWELFTH_VILLAGE and state.pending == ()
    assert outcome.game_over and outcome.result is not None
    assert legal_moves(state) == []


def three_villages(prior: int):  # type: ignore[no-untyped-def]
    """Moving 9 onto 10 isolates 1, 19 and 10 itself."""
    spec = {1: "2r", 19: "3b", 10: "1g"}
    state = place(game(3, 4, to_move=0), spec, empty=[2, 3, 8, 11, 18, 20, 28, 29])
    return prior_villages(state, prior)


def test_three_villages_ordered_one_by_one() -> None:
    """docs/RULES.md R6.1, R6.3: a move can found several villages, including the one it moved into."""
    state = three_villages(prior=0)
    play(state, m("9-10"))
    assert state.pending == (1, 10, 19)
    assert [v.territory for v in play(state, Move.village(10)).villages] == [10]
    assert state.phase is Phase.ORDER and state.pending == (1, 19) and state.to_move == 0
    assert legal_moves(state) == [Move.village(1), Move.village(19)]
    with pytest.raises(IllegalMove) as info:
        play(state, Move.village(10))
    assert info.value == ChooseVillageFirst((1, 19))
    assert [v.territory for v in play(state, Move.village(19)).villages] == [19, 1]
    assert state.phase is Phase.MOVE and state.to_move == 1 and state.chips == [3, 0, 0]


def test_twelfth_village_chosen_after_the_eleventh() -> None:
    """docs/RULES.md R6.4, R6.5: with 10 villages founded, 3 at once: the 11th, then the mover picks the 12th."""
    state = three_villages(prior=10)
    play(state, m("9-10"))
    (eleventh,) = play(state, Move.village(10)).villages
    assert eleventh.number == 11 and eleventh.epoch == 4 and eleventh.value == 2 + 4  # grassland, epoch 4
    assert state.phase is Phase.ORDER
    outcome = play(state, Move.village(19))
    assert [v.territory for v in outcome.villages] == [19]
    assert outcome.villages[0].value == 3 + 5
    assert state.over and state.end_reason is EndReason.TWELFTH_VILLAGE
    assert state.scores == [0, 8, 6, 0, 0], "village 1 is not founded and red scores nothing"
    assert state.counts[1] == 2


def test_a_single_village_asks_nothing() -> None:
    """docs/RULES.md R6.3: with a single village nothing is asked."""
    state, move = village_by_move(Terrain.FOREST, "1r")
    outcome = play(state, move)
    assert state.phase is Phase.MOVE and outcome.awaiting_order == () and len(outcome.villages) == 1


def test_resigning_while_ordering_founds_the_villages_in_map_order() -> None:
    """docs/RULES.md R8.3: if the mover resigns while ordering, the villages are founded in map order."""
    state = two_villages(prior=3)
    play(state, m("9-10"))
    outcome = play(state, Resign(1))
    assert [v.territory for v in outcome.villages] == [1, 19]
    assert state.phase is Phase.MOVE and state.to_move == 2 and state.resigned == [False, True, False]


def test_another_player_resigning_does_not_disturb_the_order() -> None:
    state = two_villages()
    play(state, m("9-10"))
    play(state, Resign(2))
    assert state.phase is Phase.ORDER and state.pending == (1, 19) and state.to_move == 1
    play(state, Move.village(1))
    assert state.to_move == 0, "the turn skips the resigned seat"


def test_each_order_option_states_every_pending_villages_outcome() -> None:
    """Issue 11: choosing a village first moves the other into the next epoch; the option says so."""
    state = two_villages(prior=3)
    play(state, m("9-10"))
    first_one, first_nineteen = order_consequences(public_view(state))
    assert first_one.territory == 1 and first_one.exact and first_one.unfounded == ()
    assert [(v.territory, v.epoch, v.value, v.destroyed) for v in first_one.villages] == [
        (1, 1, 2, False),
        (19, 2, 5, False),
    ]
    assert first_nineteen.chosen.territory == 19
    assert [(v.territory, v.epoch, v.value, v.destroyed) for v in first_nineteen.villages] == [
        (19, 1, 0, True),
        (1, 2, 0, True),
    ]
    # The options agree with what playing them does.
    for option in (first_one, first_nineteen):
        after = state.copy()
        assert play(after, Move.village(option.territory)).villages == option.villages
    assert state.phase is Phase.ORDER and state.villages[3:] == [], "computing the options changes nothing"


def test_an_order_option_names_the_village_the_twelfth_leaves_out() -> None:
    state = two_villages(prior=11)
    play(state, m("9-10"))
    options = order_consequences(public_view(state))
    assert [(o.territory, [v.number for v in o.villages], o.unfounded) for o in options] == [
        (1, [12], (19,)),
        (19, [12], (1,)),
    ]


def test_with_three_villages_the_option_assumes_map_order_for_the_rest() -> None:
    state = three_villages(prior=0)
    play(state, m("9-10"))
    options = order_consequences(public_view(state))
    assert [o.territory for o in options] == [1, 10, 19] and not any(o.exact for o in options)
    assert [[v.territory for v in o.villages] for o in options] == [[1, 10, 19], [10, 1, 19], [19, 1, 10]]
    assert [v.number for v in options[2].villages] == [1, 2, 3]


def test_move_foundings_says_what_each_move_would_found() -> None:
    state = two_villages()
    foundings = move_foundings(public_view(state))
    assert set(foundings) == set(legal_moves(state))
    assert foundings[m("9-10")] == (1, 19)
    for move, founds in foundings.items():
        after = state.copy()
        outcome = play(after, move)
        assert founds == (outcome.awaiting_order or tuple(v.territory for v in outcome.villages))
    play(state, m("9-10"))
    assert move_foundings(public_view(state)) == {}, "while ordering there is no hut move"
