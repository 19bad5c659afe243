"""The rule sheet's figures, rebuilt on small boards: closest spaces, wall paths, divided provinces,
take-overs and taxes (docs/RULES.md part A)."""

from __future__ import annotations

import pytest
from alex_boards import TestBoard, between, build_walls, face_up, give, place_guard

from engine.alexandros import (
    HAND,
    ChoosePath,
    EndReason,
    EndTurn,
    GameState,
    Give,
    IllegalAction,
    MoveAlexander,
    Occupy,
    Phase,
    Resign,
    Symbol,
    TakeOver,
    Tax,
    Why,
    alexander_moves,
    check_invariants,
    closest_empty,
    give_choices,
    is_empty,
    legal_actions,
    levy_symbols,
    occupations,
    path_wall_sets,
    play,
    result,
    tax_income,
    wall_effect,
)

T, A, H, L, S = Symbol.TEMPLE, Symbol.AMPHORA, Symbol.HORSE, Symbol.LYRE, Symbol.SOLDIER

FIG1 = TestBoard(["....H.H...", "..........", "L.........", ".........."])


def fig1_game(black: int = 65, red: int = 10) -> tuple[TestBoard, GameState]:
    tb = FIG1 if (black, red) == (65, 10) else TestBoard(FIG1.rows, black=black, red=red)
    state = tb.game()
    face_up(state, H, L)
    return tb, state


def test_figure_1_the_closest_empty_space_of_each_face_up_symbol() -> None:
    """docs/RULES.md A4.2, A3.1: distances count triangle sides from Alexander's point (the starting space's
    upper-left corner) to a space's nearest point; the horse 2 sides away is the one, not the one 3 away."""
    tb, state = fig1_game()
    assert state.alexander_point == tb.p(0, 0) and state.alexander_space == tb.s(0, 0)
    nearest = closest_empty(state)
    assert nearest == {H: (2, [tb.s(0, 4)]), L: (2, [tb.s(2, 0)])}
    moves = legal_actions(state)
    horse = [MoveAlexander(0, H, tb.s(0, 4), p) for p in sorted((tb.p(4, 0), tb.p(6, 0), tb.p(5, 1)))]
    lyre = [MoveAlexander(1, L, tb.s(2, 0), p) for p in sorted((tb.p(0, 2), tb.p(2, 2), tb.p(1, 3)))]
    assert moves == horse + lyre
    with pytest.raises(IllegalAction) as error:
        play(state, MoveAlexander(0, H, tb.s(0, 6), tb.p(6, 0)))
    assert error.value.code is Why.NOT_CLOSEST and error.value.facts["closest"] == (tb.s(0, 4),)


def test_figure_2_a_single_shortest_path_is_built_at_once() -> None:
    """docs/RULES.md A4.5, A4.6: the lyre card goes to the hand and is replaced from the supply; the only
    2-side path gets 2 black walls and the actions follow without a choice."""
    tb, state = fig1_game()
    top = state.supply[-1]
    play(state, MoveAlexander(1, L, tb.s(2, 0), tb.p(2, 2)))
    assert state.hands[0][L] == 1 and state.face_up[1] == top
    assert state.phase is Phase.ACTIONS and state.actions_left == 2
    walls = {tb.side((0, 0), (1, 1)), tb.side((1, 1), (2, 2))}
    assert {s for s in range(len(tb.board.sides)) if state.walls >> s & 1} == walls
    assert state.black_left == 63
    assert (state.alexander_point, state.alexander_space) == (tb.p(2, 2), tb.s(2, 0))


def test_figure_3_the_player_chooses_among_shortest_paths_and_may_follow_the_coast() -> None:
    """docs/RULES.md A4.4, A4.5, A2.3, A2.4: to the lyre's southern point two 3-side paths exist: inland,
    cutting off a province of 2 spaces, or along the edge of the board, walled too, cutting off nothing."""
    tb, state = fig1_game()
    play(state, MoveAlexander(1, L, tb.s(2, 0), tb.p(1, 3)))
    assert state.phase is Phase.PATH
    inland = tuple(sorted((tb.side((0, 0), (1, 1)), tb.side((1, 1), (2, 2)), tb.side((2, 2), (1, 3)))))
    coast = tuple(sorted((tb.side((0, 0), (1, 1)), tb.side((1, 1), (0, 2)), tb.side((0, 2), (1, 3)))))
    assert legal_actions(state) == sorted([ChoosePath(inland), ChoosePath(coast)])
    assert all(tb.board.coast[s] for s in coast)
    other = state.copy()
    play(state, ChoosePath(inland))
    assert state.province[tb.s(1, 0)] == state.province[tb.s(2, 0)] != state.province[tb.s(0, 0)]
    assert sorted(s for s, p in enumerate(state.province) if p == state.province[tb.s(2, 0)]) == [
        tb.s(1, 0),
        tb.s(2, 0),
    ]
    play(other, ChoosePath(coast))
    assert len(set(other.province)) == 1 and other.black_left == 62
    assert not is_empty(other, tb.s(1, 0)), "a wall on the coast side makes a space not empty (A4.1)"


def test_figure_4_three_spaces_at_the_same_distance_give_nine_points_and_a_joker() -> None:
    """docs/RULES.md A4.2, A4.7: three soldier spaces 2 sides away: 9 destinations. The horse shows on no
    empty space, so that face-up card is a joker for any symbol that does (here: soldier, 9 more)."""
    tb = TestBoard(["....S.....", "..S.......", "S.........", ".........."])
    state = tb.game()
    face_up(state, S, H)
    moves = alexander_moves(state)
    assert len(moves) == 18
    assert {m.space for m in moves} == {tb.s(0, 4), tb.s(1, 2), tb.s(2, 0)}
    assert [m.card for m in moves].count(1) == 9 and all(m.symbol is S for m in moves)
    assert len(path_wall_sets(tb.board, 0, tb.p(0, 0), tb.p(4, 2))) == 3
    with pytest.raises(IllegalAction) as error:
        play(state, MoveAlexander(0, H, tb.s(1, 2), tb.p(4, 2)))
    assert error.value.code is Why.NOT_A_JOKER


def test_figures_5_and_6_existing_walls_are_not_built_twice() -> None:
    """docs/RULES.md A4.4, A4.5: a shortest path over a wall already standing places only the missing
    walls; one that follows walls all the way places none (figure 6)."""
    tb = TestBoard(["....S.....", "..S.......", "S.........", ".........."])
    state = tb.game()
    build_walls(state, [tb.side((2, 0), (3, 1))])
    sets = path_wall_sets(tb.board, state.walls, tb.p(0, 0), tb.p(4, 2))
    assert sorted(len(s) for s in sets) == [2, 3, 3]
    build_walls(state, [tb.side((0, 0), (2, 0)), tb.side((3, 1), (4, 2))])
    assert [] in [list(s) for s in path_wall_sets(tb.board, state.walls, tb.p(0, 0), tb.p(4, 2))]


def fig8() -> tuple[TestBoard, GameState]:
    tb = TestBoard(["..T...SH", "........"], start=(1, 5))
    state = tb.game(players=2)
    state.alexander_point = tb.p(6, 2)
    place_guard(state, 1, tb.s(0, 7))
    face_up(state, S, T)
    return tb, state


def test_figures_8_and_9_a_move_divides_an_occupied_province() -> None:
    """docs/RULES.md A6.1, A5.4, A5.8: yellow holds the whole land with one guard (13 open spaces). Red
    moves Alexander into its soldier space and walls it off: yellow keeps the eastern part (2 open
    spaces), the western part is free and red occupies it at once with a guard on its temple."""
    tb, state = fig8()
    check_invariants(state)
    assert tax_income(state) == [0, 13]
    play(state, MoveAlexander(0, S, tb.s(0, 6), tb.p(6, 0)))
    east = tuple(sorted((tb.side((6, 2), (7, 1)), tb.side((7, 1), (6, 0)))))
    west = tuple(sorted((tb.side((6, 2), (5, 1)), tb.side((5, 1), (6, 0)))))
    assert legal_actions(state) == sorted([ChoosePath(east), ChoosePath(west)])
    effect = wall_effect(state, east)
    assert effect.income_before == (0, 13) and effect.income_after == (0, 2)
    (division,) = effect.divisions
    assert division.owner == 1
    assert [(p.spaces, p.open_spaces, p.owner) for p in division.parts] == [(12, 11, -1), (4, 2, 1)]
    assert [(p.spaces, p.open_spaces) for p in wall_effect(state, west).divisions[0].parts] == [(10, 9), (6, 4)]
    play(state, ChoosePath(east))
    assert state.guards[tb.s(0, 7)] == 1
    assert tax_income(state) == [0, 2]
    assert occupations(state) == ([(tb.s(0, 2),)], [])
    play(state, Occupy((tb.s(0, 2),)))
    assert tax_income(state) == [11, 2]
    check_invariants(state)


def test_figure_10_a_guard_on_the_soldier_keeps_alexander_out() -> None:
    """docs/RULES.md A4.1, A4.6, A4.7: with yellow's guard on the soldier space instead, that space is not
    empty: a soldier card cannot take Alexander there (the face-up soldier becomes a joker), only the
    special move with a horse card from the hand can enter the province."""
    tb = TestBoard(["..T...SH", "........"], start=(1, 5))
    state = tb.game(players=2)
    state.alexander_point = tb.p(6, 2)
    place_guard(state, 1, tb.s(0, 6))
    face_up(state, S, T)
    give(state, 0, H)
    assert not is_empty(state, tb.s(0, 6)) and S not in closest_empty(state)
    with pytest.raises(IllegalAction) as error:
        play(state, MoveAlexander(0, S, tb.s(0, 6), tb.p(6, 0)))
    assert error.value.code is Why.NO_EMPTY_SPACE
    special = MoveAlexander(HAND, H, tb.s(0, 7), tb.p(8, 0))
    assert special in legal_actions(state)
    face = list(state.face_up)
    play(state, special)
    assert state.hands[0][H] == 0 and state.discard == [H] and state.face_up == face


def fig11(players: int) -> tuple[TestBoard, GameState]:
    tb = TestBoard(["TTHSAL.."], start=(0, 7))
    state = tb.game(players=players)
    state.alexander_point = tb.p(8, 0)
    place_guard(state, 1, tb.s(0, 0))
    place_guard(state, 1, tb.s(0, 2))
    give(state, 0, T, T, T, T, H, H, H, S, A)
    state.phase = Phase.ACTIONS
    state.actions_left = 2
    return tb, state


def test_figure_11_take_over_with_cards_returned() -> None:
    """docs/RULES.md A5.6, A5.7: yellow removes red's two guards (2 temples, 2 horses), puts a guard on
    the lyre and pays the other symbol spaces (2 temples, horse, soldier, amphora): 9 cards. Red gets its
    guards back and 5 of them (half, rounded up), chosen by yellow; the other 4 are discarded."""
    tb, state = fig11(3)
    check_invariants(state)
    takeovers = occupations(state)[1]
    assert len(takeovers) == 26 and all(tb.s(0, 5) in g for g in takeovers)
    play(state, TakeOver((tb.s(0, 5),)))
    assert state.phase is Phase.GIVE and state.give_to == 1
    assert sorted(state.give_from) == [T, T, T, T, A, H, H, H, S]
    assert state.hands[0] == [0, 0, 0, 0, 0] and state.guards_left == [3, 4, 4]
    assert len(give_choices(state.give_from)) == 15
    with pytest.raises(IllegalAction) as error:
        play(state, Give((T, T, T, T)))
    assert error.value.code is Why.WRONG_GIVE
    play(state, Give((T, A, H, H, S)))
    assert state.hands[1] == [1, 1, 2, 0, 1]
    assert sorted(state.discard) == [T, T, T, H]
    assert state.phase is Phase.ACTIONS and state.actions_left == 1
    check_invariants(state)


def test_figure_11_with_two_players_the_loser_gets_only_the_guards() -> None:
    """docs/RULES.md A5.7: with two players every card of a take-over is discarded."""
    tb, state = fig11(2)
    play(state, TakeOver((tb.s(0, 5),)))
    assert state.phase is Phase.ACTIONS and state.hands[1] == [0, 0, 0, 0, 0]
    assert len(state.discard) == 9 and state.guards_left == [3, 4]


# The sheet's figure 12, six provinces in a row: red (seat 0) alone on a temple in Egypt (1: 8 open spaces)
# and on an amphora in Syria (2: 4), with two guards, on a soldier and a horse, in the north (3: 8);
# yellow (4: 4), green (5: 6) and blue (6: 9) one guard each.
FIG12_ROWS = ["T" + "." * 8 + "A" + "." * 4 + "SH" + "." * 8 + "A" + "." * 4 + "L" + "." * 9 + "H" + "." * 6]


def fig12() -> tuple[TestBoard, GameState]:
    tb = TestBoard(FIG12_ROWS, start=(0, 45))
    state = tb.game(players=4)
    state.alexander_point = tb.board.space_points[tb.s(0, 45)][0]
    build_walls(state, [between(tb, c, c + 1) for c in (8, 13, 23, 28, 38)])
    for seat, space in ((0, 0), (0, 9), (0, 14), (0, 15), (1, 24), (2, 29), (3, 39)):
        place_guard(state, seat, tb.s(0, space))
    give(state, 0, S, S)
    state.phase = Phase.ACTIONS
    state.actions_left = 2
    return tb, state


def test_figure_12_a_soldier_from_the_province_with_two_guards_levies_and_only_lone_guards_score() -> None:
    """docs/RULES.md A5.8: as printed, red pays a soldier because its guard stands on a soldier in province
    3, which does not score as red has 2 guards there; red scores 8 + 4 for Egypt and Syria, yellow, blue
    and green 4, 9 and 6."""
    tb, state = fig12()
    check_invariants(state)
    assert tax_income(state) == [12, 4, 9, 6]
    assert levy_symbols(state, 0) == {T, A, S, H}
    assert [a for a in legal_actions(state) if isinstance(a, Tax)] == [Tax(tb.s(0, 14))]
    for lone in (tb.s(0, 0), tb.s(0, 9)):  # lone guards, but red holds no temple nor amphora
        with pytest.raises(IllegalAction) as error:
            play(state, Tax(lone))
        assert error.value.code is Why.MISSING_CARDS
    with pytest.raises(IllegalAction) as error:
        play(state, Tax(tb.s(0, 24)))
    assert error.value.code is Why.NOT_YOUR_GUARD
    outcome = play(state, Tax(tb.s(0, 14)))
    assert state.scores == [12, 4, 9, 6] and outcome.scored == (12, 4, 9, 6) and outcome.seat == 0
    assert state.hands[0][S] == 1 and state.actions_left == 1
    with pytest.raises(IllegalAction) as error:
        play(state, Tax(tb.s(0, 14)))
    assert error.value.code is Why.ALREADY_TAXED
    assert not any(isinstance(a, Tax) for a in legal_actions(state))


def test_a_card_under_a_lone_guard_levies_too_and_the_levy_scores_the_same() -> None:
    """docs/RULES.md A5.8: a card under a lone guard levies as well; the levy scores the same whichever
    guard's symbol paid."""
    tb, state = fig12()
    give(state, 0, T)
    taxes = [a for a in legal_actions(state) if isinstance(a, Tax)]
    assert taxes == [Tax(tb.s(0, 0)), Tax(tb.s(0, 14))]
    other = state.copy()
    play(state, Tax(tb.s(0, 0)))
    play(other, Tax(tb.s(0, 14)))
    assert state.scores == other.scores == [12, 4, 9, 6]
    assert state.hands[0][T] == 0 and other.hands[0][S] == 1


def test_a_hundred_points_end_the_game_after_the_levy() -> None:
    """docs/RULES.md A7.2, A7.5: the whole levy is scored, then the game ends at once; most points win."""
    tb, state = fig12()
    state.scores = [90, 97, 0, 0]
    play(state, Tax(tb.s(0, 14)))
    assert state.phase is Phase.OVER and state.end_reason is EndReason.HUNDRED
    assert state.scores == [102, 101, 9, 6]
    outcome = result(state)
    assert outcome is not None and outcome.winners == (0,) and outcome.reason is EndReason.HUNDRED


def test_red_walls_end_the_game_after_the_turn() -> None:
    """docs/RULES.md A7.1, A7.5: the last black wall and then red ones; the player finishes the turn and
    the game ends; equal scores share the win."""
    tb, state = fig1_game(black=1, red=10)
    outcome = play(state, MoveAlexander(1, L, tb.s(2, 0), tb.p(2, 2)))
    assert outcome.walls == tuple(sorted((tb.side((0, 0), (1, 1)), tb.side((1, 1), (2, 2)))))
    assert len(outcome.red) == 1 and outcome.red[0] in outcome.walls and outcome.result is None
    assert state.black_left == 0 and state.red_left == 9 and bin(state.red).count("1") == 1
    assert state.phase is Phase.ACTIONS and state.last_turn
    last = play(state, EndTurn())
    outcome = result(state)
    assert outcome is not None and outcome.reason is EndReason.RED_WALLS and outcome.winners == (0, 1)
    assert last.result == outcome and last.phase is Phase.OVER


@pytest.mark.parametrize("black", [1, 2])
def test_red_walls_complete_the_path_on_its_last_sides(black: int) -> None:
    """docs/RULES.md A7.1: moving back up to the horse in the corner along the board's top edge, the black
    walls left go on the first sides from Alexander's old point, the red ones on the last sides, up to
    his new point (not on the sides with the highest numbers, which here are the first ones)."""
    tb = TestBoard(["H.........", "..........", "L.........", ".........."], start=(2, 6), black=black, red=10)
    state = tb.game()
    face_up(state, H, L)
    assert state.alexander_point == tb.p(6, 2)
    play(state, MoveAlexander(0, H, tb.s(0, 0), tb.p(2, 0)))
    assert state.phase is Phase.PATH
    path = [tb.side((6, 2), (5, 1)), tb.side((5, 1), (4, 0)), tb.side((4, 0), (2, 0))]
    assert path == sorted(path, reverse=True)
    outcome = play(state, ChoosePath(tuple(sorted(path))))
    assert outcome.walls == tuple(sorted(path))
    assert outcome.red == tuple(sorted(path[black:]))
    assert state.red == sum(1 << side for side in path[black:])
    assert state.black_left == 0 and state.red_left == 10 - (3 - black) and state.last_turn
    check_invariants(state)


def test_a_move_needing_more_red_walls_than_are_left_is_illegal() -> None:
    """docs/RULES.md A7.3: with one red wall left, only a path needing at most one new wall is allowed."""
    tb, state = fig1_game(black=1, red=1)
    build_walls(state, [tb.side((0, 0), (1, 1))])
    assert state.black_left == 0
    moves = alexander_moves(state)
    assert MoveAlexander(1, L, tb.s(2, 0), tb.p(2, 2)) in moves
    assert MoveAlexander(1, L, tb.s(2, 0), tb.p(1, 3)) not in moves
    with pytest.raises(IllegalAction) as error:
        play(state, MoveAlexander(1, L, tb.s(2, 0), tb.p(1, 3)))
    assert error.value.code is Why.NOT_ENOUGH_WALLS


def test_the_loser_of_a_take_over_resigning_before_the_give_gets_nothing() -> None:
    """docs/RULES.md A7.6, A5.7: the cards the loser was about to get are discarded; the taker's turn goes
    on with the action spent."""
    tb, state = fig11(3)
    play(state, TakeOver((tb.s(0, 5),)))
    assert state.phase is Phase.GIVE
    play(state, Resign(1), seat=1)
    assert state.phase is Phase.ACTIONS and state.actions_left == 1 and len(state.discard) == 9
    assert state.hands[1] == [0, 0, 0, 0, 0] and state.give_from == []
    check_invariants(state)
