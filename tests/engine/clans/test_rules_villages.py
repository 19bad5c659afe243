"""docs/RULES.md R4, R6: founding, chips, strife, value, scoring, epochs."""

from __future__ import annotations

import dataclasses

import pytest
from positions import game, huts, m, others, place, prior_villages, village_by_move

from engine.clans import Clan, Move, Phase, Terrain, Village, legal_moves, play
from engine.clans.state import new_village

RED, BLUE, GREEN, YELLOW, BLACK = Clan

# docs/RULES.md R4.1) so a wrong data file fails these tests.
EPOCH_OF_CHIP = [1, 1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 5]
FAVOURABLE = {1: Terrain.FOREST, 2: Terrain.MOUNTAIN, 3: Terrain.STEPPE, 4: Terrain.GRASSLAND}
UNFAVOURABLE = {1: Terrain.MOUNTAIN, 2: Terrain.GRASSLAND, 3: Terrain.FOREST, 4: Terrain.STEPPE}


def manual_strife_position(prior: int = 0):  # type: ignore[no-untyped-def]
    """23 (grassland) holds 4 black 1 red 1 green 1 yellow 1 blue; 24 brings the 2nd red and isolates it."""
    state = place(game(3, 1, to_move=2), {23: "4k 1r 1g 1y 1b", 24: "1r"}, empty=others(game(), 23, 24))
    return prior_villages(state, prior)


def test_isolated_territory_becomes_a_village() -> None:
    """docs/RULES.md R6.1: a non-empty territory none of whose neighbours holds a hut is a village."""
    state, move = village_by_move(Terrain.STEPPE, "2g")
    outcome = play(state, move)
    (village,) = outcome.villages
    assert village.territory == move.dst and village.number == 1
    assert state.villages == [village] and outcome.chips_taken == 1
    assert state.counts[move.dst] == 3 and state.phase is Phase.MOVE
    assert all(move.dst not in (mv.src, mv.dst) for mv in legal_moves(state)), "a village never moves again"


def test_village_founded_away_from_the_move() -> None:
    """docs/RULES.md R6.1: a move can found villages it did not touch (a neighbour of the source)."""
    state = place(game(), {1: "1y"}, empty=[2, 8])
    outcome = play(state, m("9-10"))
    assert [v.territory for v in outcome.villages] == [1]
    assert outcome.villages[0].huts == tuple(huts("1y"))
    assert state.counts[1] == 1 and state.counts[10] == 2


def test_no_village_while_a_neighbour_holds_huts() -> None:
    """docs/RULES.md R6.1: a territory with an occupied neighbour is not a village."""
    state = place(game(), {1: "1y"}, empty=[2])
    play(state, m("9-10"))
    assert state.villages == []


@pytest.mark.parametrize("mover", [0, 1, 2])
def test_mover_takes_the_chip(mover: int) -> None:
    """docs/RULES.md R6.2: for each village founded, the mover takes the next village chip."""
    state = manual_strife_position()
    state.to_move = mover
    outcome = play(state, m("24-23"))
    assert outcome.seat == mover
    assert state.chips == [1 if seat == mover else 0 for seat in range(3)]
    assert outcome.villages[0].founder == mover and state.chips_left == 11


def test_manual_strife_nine_huts_end_with_six() -> None:
    """docs/RULES.md R6.6: the manual's 4 black 2 red 1 green 1 yellow 1 blue village keeps 6 huts."""
    state = manual_strife_position()
    removed = state.removed[:]
    outcome = play(state, m("24-23"))
    (village,) = outcome.villages
    assert village.huts_before == tuple(huts("4k 2r 1g 1y 1b")) and village.size_before == 9
    assert village.huts == tuple(huts("4k 2r")) and village.size == 6 and village.strife
    assert state.huts[23] == huts("4k 2r") and state.counts[23] == 6
    assert state.removed == [removed[0], removed[1] + 1, removed[2] + 1, removed[3] + 1, removed[4]]
    # grassland is neither favourable nor unfavourable in epoch 1: the value is the hut count
    assert village.terrain is Terrain.GRASSLAND and village.epoch == 1
    assert village.value == 6 and not village.destroyed
    assert state.scores == [6, 0, 0, 0, 6]
    assert set(village.colours) == {RED, BLACK}


def test_manual_strife_village_in_favourable_epoch_gets_bonus() -> None:
    """docs/RULES.md R6.6, R6.7: + the epoch bonus when the terrain is favourable (grassland in epoch 4)."""
    state = manual_strife_position(prior=9)
    (village,) = play(state, m("24-23")).villages
    assert village.number == 10 and village.epoch == 4
    assert village.value == 6 + 4
    assert state.scores == [10, 0, 0, 0, 10]


def test_manual_forest_village_in_epoch_one() -> None:
    """docs/RULES.md R6.7, R6.8: the manual's 3 blue 1 yellow 1 red forest village in epoch 1 is worth 6 to each."""
    state = place(game(), {22: "2b 1y 1r", 23: "1b"}, empty=others(game(), 22, 23))
    (village,) = play(state, m("23-22")).villages
    assert village.terrain is Terrain.FOREST and village.epoch == 1
    assert village.huts == tuple(huts("3b 1y 1r")) and not village.strife
    assert village.value == 6
    assert state.scores == [6, 6, 0, 6, 0], "blue, red and yellow score 6; green and black 0"


def test_every_colour_present_scores_full_value() -> None:
    """docs/RULES.md R6.8: every colour present scores the village's value, whatever its hut count."""
    state, move = village_by_move(Terrain.STEPPE, "8k", "1g")
    play(state, move)
    assert state.scores == [0, 0, 9, 0, 9]


def test_no_strife_with_four_colours() -> None:
    """docs/RULES.md R6.6: only when all 5 colours are present."""
    state, move = village_by_move(Terrain.STEPPE, "2r 1b 1g", "1y")
    removed = state.removed[:]
    (village,) = play(state, move).villages
    assert village.huts == village.huts_before == tuple(huts("2r 1b 1g 1y")) and not village.strife
    assert village.value == 5 and state.removed == removed
    assert state.scores == [5, 5, 5, 5, 0]


def test_strife_spares_colours_with_two_or_more() -> None:
    """docs/RULES.md R6.6: only colours with exactly one hut lose it."""
    state, move = village_by_move(Terrain.STEPPE, "2r 2b 2g 2y", "2k")
    (village,) = play(state, move).villages
    assert village.huts == tuple(huts("2r 2b 2g 2y 2k")) and village.value == 10
    assert state.scores == [10] * 5


def test_strife_of_five_single_huts_empties_the_village() -> None:
    """docs/RULES.md R6.9; project decision: five single huts all go, the village is worth 0."""
    state, move = village_by_move(Terrain.STEPPE, "1r 1b 1g 1y", "1k")
    removed = state.removed[:]
    outcome = play(state, move)
    (village,) = outcome.villages
    assert village.strife and village.huts == (0,) * 5 and village.value == 0
    assert state.huts[move.dst] == [0] * 5 and state.counts[move.dst] == 0
    assert not state.occupied >> move.dst & 1
    assert state.removed == [n + 1 for n in removed]
    assert state.scores == [0] * 5
    assert state.chips[0] == 1, "it is still a village founded: the mover takes its chip"


def test_unfavourable_village_is_destroyed() -> None:
    """docs/RULES.md R6.7: 0 if unfavourable, and all its huts are removed (mountain in epoch 1)."""
    state, move = village_by_move(Terrain.MOUNTAIN, "3r 1k", "1b")
    removed = state.removed[:]
    outcome = play(state, move)
    (village,) = outcome.villages
    assert village.destroyed and village.value == 0 and village.epoch == 1
    assert village.huts == tuple(huts("3r 1b 1k"))
    assert state.huts[move.dst] == [0] * 5 and state.counts[move.dst] == 0
    assert not state.occupied >> move.dst & 1
    assert state.removed == [removed[0] + 3, removed[1] + 1, removed[2], removed[3], removed[4] + 1]
    assert state.scores == [0] * 5, "nobody scores a destroyed village"
    assert state.chips[0] == 1


@pytest.mark.parametrize("number", range(1, 13))
@pytest.mark.parametrize("terrain", list(Terrain))
def test_value_by_epoch_and_terrain(number: int, terrain: Terrain) -> None:
    """docs/RULES.md R4.1, R6.7, R6.10: chips 1-4 epoch 1, 5-7 epoch 2, 8-9 epoch 3, 10-11 epoch 4,
    12 epoch 5; bonus = epoch number on favourable terrain, 0 and destroyed on unfavourable; the 12th
    village always +5."""
    state, move = village_by_move(terrain, "1r", "1b")
    prior_villages(state, number - 1)
    (village,) = play(state, move).villages
    epoch = EPOCH_OF_CHIP[number - 1]
    assert village.number == number and village.epoch == epoch
    if number == 12:
        expected = 2 + 5
    elif UNFAVOURABLE[epoch] is terrain:
        expected = 0
    elif FAVOURABLE[epoch] is terrain:
        expected = 2 + epoch
    else:
        expected = 2
    assert village.value == expected
    assert village.destroyed == (expected == 0)
    assert state.scores == [expected, expected, 0, 0, 0]


@pytest.mark.parametrize(("prior", "entered"), [(0, ()), (2, ()), (3, (2,)), (4, ()), (6, (3,)), (8, (4,)), (10, (5,))])
def test_epochs_entered(prior: int, entered: tuple[int, ...]) -> None:
    """docs/RULES.md R6.10: an epoch ends when its last chip is taken; the outcome says which epoch began."""
    state, move = village_by_move(Terrain.STEPPE, "1r", "1b")
    prior_villages(state, prior)
    assert state.epoch == EPOCH_OF_CHIP[prior]
    outcome = play(state, move)
    assert outcome.epochs_entered == entered
    assert state.epoch == EPOCH_OF_CHIP[min(prior + 1, 11)]


def test_moves_without_villages_enter_no_epoch() -> None:
    state = game()
    outcome = play(state, Move(23, 24))
    assert outcome.villages == () and outcome.epochs_entered == () and outcome.awaiting_order == ()


def test_new_village_is_the_village_its_fields_make() -> None:
    """found_village builds its record through state.new_village: the same frozen Village as Village(...)."""
    fields = (3, 23, Terrain.STEPPE, 1, (1, 1, 2, 1, 1), (0, 0, 2, 0, 0), 3, False, 1, 17)
    made = new_village(*fields)
    assert type(made) is Village and made == Village(*fields) and hash(made) == hash(Village(*fields))
    assert [getattr(made, f.name) for f in dataclasses.fields(Village)] == list(fields)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.value = 4  # type: ignore[misc]
