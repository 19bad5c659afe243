"""The shape of a turn: the move, the two optional actions, cards, guards, and the rarer endings."""

from __future__ import annotations

from alex_boards import TestBoard, face_up, give, place_guard

from engine.alexandros import (
    SUPPLY,
    EndReason,
    EndTurn,
    MoveAlexander,
    Occupy,
    Phase,
    Resign,
    Symbol,
    TakeBack,
    TakeCard,
    check_invariants,
    legal_actions,
    play,
    result,
)

T, A, H, L, S = Symbol.TEMPLE, Symbol.AMPHORA, Symbol.HORSE, Symbol.LYRE, Symbol.SOLDIER
STRIP = TestBoard([".H..T.", "...H.."])


def test_alexander_may_stay_on_his_point_when_it_touches_the_destination() -> None:
    """docs/RULES.md A4.8, A4.2: distance 0, no wall placed; the other points of the space cost walls."""
    tb = STRIP
    state = tb.game()
    state.alexander_point = tb.p(2, 0)
    face_up(state, H, H)
    moves = [m for m in legal_actions(state) if isinstance(m, MoveAlexander) and m.card == 0]
    assert [m.point for m in moves] == sorted((tb.p(2, 0), tb.p(1, 1), tb.p(3, 1)))
    play(state, MoveAlexander(0, H, tb.s(0, 1), tb.p(2, 0)))
    assert state.walls == 0 and state.black_left == 65 and state.phase is Phase.ACTIONS
    assert state.alexander_space == tb.s(0, 1)


def test_two_actions_then_the_turn_passes_and_face_up_cards_are_refilled() -> None:
    """docs/RULES.md A5.1, A5.3: a face-up card taken as an action leaves its place empty until the end of
    the turn; the second action takes from the supply; then the next player moves and both places show
    a card again."""
    tb = STRIP
    state = tb.game()
    face_up(state, H, T)
    play(state, MoveAlexander(0, H, tb.s(0, 1), tb.p(2, 0)))
    play(state, TakeCard(1))
    assert state.face_up[1] is None and TakeCard(1) not in legal_actions(state)
    assert state.hands[0][T] == 1 and state.actions_left == 1
    play(state, TakeCard(SUPPLY))
    assert sum(state.hands[0]) == 3 and state.to_move == 1 and state.phase is Phase.MOVE
    assert None not in state.face_up and state.turn == 1
    check_invariants(state)


def test_actions_are_optional() -> None:
    """docs/RULES.md A5.2: the turn may end after the move, with both actions unused."""
    tb = STRIP
    state = tb.game()
    face_up(state, H, T)
    play(state, MoveAlexander(0, H, tb.s(0, 1), tb.p(2, 0)))
    assert legal_actions(state)[-1] == EndTurn()
    play(state, EndTurn())
    assert state.to_move == 1 and state.phase is Phase.MOVE


def test_a_guard_may_stand_where_alexander_is_and_taking_it_back_is_an_action() -> None:
    """docs/RULES.md A5.5, A5.9, A5.4: right after Alexander enters the horse space, the player occupies
    the province with a guard there (paying the temple and the other horse); taking the guard back is the
    second action and frees the province."""
    tb = STRIP
    state = tb.game()
    face_up(state, H, T)
    give(state, 0, T)
    play(state, MoveAlexander(0, H, tb.s(0, 1), tb.p(2, 0)))
    assert Occupy((tb.s(0, 1),)) in legal_actions(state)
    play(state, Occupy((tb.s(0, 1),)))
    assert state.guards[tb.s(0, 1)] == 0 and state.guards_left[0] == 3 and state.actions_left == 1
    assert TakeBack(tb.s(0, 1)) in legal_actions(state)
    play(state, TakeBack(tb.s(0, 1)))
    assert state.guards[tb.s(0, 1)] == -1 and state.guards_left[0] == 4 and state.to_move == 1


def test_no_move_for_alexander_ends_the_game() -> None:
    """docs/RULES.md A7.4: the only symbol space is guarded, so no card (not even a joker) can move
    Alexander: the game ends when that player's turn would begin."""
    tb = TestBoard(["H....."])
    state = tb.game()
    place_guard(state, 0, tb.s(0, 0))
    state.alexander_space = tb.s(0, 5)
    state.alexander_point = tb.board.space_points[tb.s(0, 5)][0]
    state.phase = Phase.ACTIONS
    state.actions_left = 2
    check_invariants(state)
    play(state, EndTurn())
    outcome = result(state)
    assert state.phase is Phase.OVER and outcome is not None and outcome.reason is EndReason.STUCK


def test_resigning_removes_the_guards_and_skips_the_seat() -> None:
    """docs/RULES.md A7.6: a resigned player's guards leave, the turn skips them, they cannot win; under
    two players left the game ends."""
    tb = STRIP
    state = tb.game(players=3)
    place_guard(state, 1, tb.s(0, 1))
    give(state, 0, H)
    play(state, Resign(1), seat=1)
    assert state.guards[tb.s(0, 1)] == -1 and state.guards_left[1] == 4
    face_up(state, H, T)
    play(state, MoveAlexander(0, H, tb.s(0, 1), tb.p(2, 0)))
    play(state, EndTurn())
    assert state.to_move == 2
    state.scores = [0, 50, 3]
    play(state, Resign(0))
    outcome = result(state)
    assert outcome is not None and outcome.reason is EndReason.RESIGNATIONS and outcome.winners == (2,)
