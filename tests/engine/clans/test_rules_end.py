"""docs/RULES.md R7, R8: the 12th village, no move left, totals with chips, shared ties, resignation."""

from __future__ import annotations

import pytest
from positions import game, m, place, prior_villages, village_by_move

from engine.clans import (
    Clan,
    EndReason,
    IllegalMove,
    Move,
    Phase,
    Resign,
    Terrain,
    final_result,
    legal_moves,
    play,
)
from engine.clans.moves import NotInGame

RED, BLUE, GREEN, YELLOW, BLACK = Clan


def test_game_ends_at_the_twelfth_village() -> None:
    """docs/RULES.md R7.1: the game ends at once after the 12th village is founded and scored."""
    state, move = village_by_move(Terrain.MOUNTAIN, "2r", "1b")
    prior_villages(state, 11)
    assert legal_moves(state)
    outcome = play(state, move)
    assert outcome.villages[0].number == 12 and outcome.villages[0].value == 3 + 5
    assert state.over and state.phase is Phase.OVER and state.end_reason is EndReason.TWELFTH_VILLAGE
    assert outcome.game_over and outcome.result is not None
    assert outcome.result.reason is EndReason.TWELFTH_VILLAGE
    assert legal_moves(state) == [], "moves remained on the board, but the game is over"


def test_game_ends_when_no_move_is_left() -> None:
    """docs/RULES.md R7.2: the game ends when no legal move exists; nothing more is scored."""
    state = place(game(2, 3, to_move=0), {1: "1r", 2: "1b", 59: "1g", 60: "1y"}, keep_only=[])
    first = play(state, m("1-2"))
    assert not first.game_over and state.to_move == 1 and legal_moves(state) == [Move(59, 60), Move(60, 59)]
    last = play(state, m("59-60"))
    assert last.game_over and state.end_reason is EndReason.NO_MOVES
    assert [v.territory for v in state.villages] == [2, 60]
    assert last.result is not None and last.result.reason is EndReason.NO_MOVES
    # 2 is forest in epoch 1 (+1), 60 steppe in epoch 1 (neutral)
    assert state.scores == [3, 3, 2, 2, 0]
    assert len(state.villages) < 12 and state.chips_left == 10


def test_no_move_left_after_ordering() -> None:
    """docs/RULES.md R7.2: the game can also end once the mover's villages are ordered."""
    state = place(game(2, 3, to_move=1), {1: "1r", 9: "1b", 19: "1g", 10: "1y"}, keep_only=[])
    play(state, m("9-10"))
    assert state.phase is Phase.ORDER and state.pending == (1, 10, 19)
    play(state, Move.village(19))
    play(state, Move.village(10))
    assert state.over and state.end_reason is EndReason.NO_MOVES and len(state.villages) == 3


def test_chips_add_one_point_each() -> None:
    """docs/RULES.md R7.3, R7.4: total = clan score + 1 per village chip; highest total wins."""
    state = place(game(2, 5, to_move=0, clans=[RED, BLUE]), {1: "1r", 2: "1b"}, keep_only=[])
    outcome = play(state, m("1-2"))
    result = outcome.result
    assert result is not None and state.over
    assert result.clans == (RED, BLUE)
    assert result.clan_scores == (3, 3, 0, 0, 0)  # forest in epoch 1: 2 huts + 1
    assert result.chips == (1, 0)
    assert result.totals == (3 + 1, 3)
    assert result.winners == (0,)
    assert result == final_result(state)


def test_ties_are_shared() -> None:
    """docs/RULES.md R7.4: equal totals share the win (no tie-break)."""
    spec = {1: "1r", 2: "1b", 59: "1r", 60: "1b"}
    state = place(game(2, 5, to_move=0, clans=[BLUE, RED]), spec, keep_only=[])
    play(state, m("1-2"))
    outcome = play(state, m("59-60"))
    result = outcome.result
    assert result is not None
    assert result.clan_scores == (5, 5, 0, 0, 0) and result.chips == (1, 1)
    assert result.totals == (6, 6)
    assert result.winners == (0, 1)


def test_three_way_tie_and_clans_belonging_to_nobody() -> None:
    """docs/RULES.md R1.3: unused clans are in play but belong to nobody; they score for no player."""
    state = place(game(3, 5, to_move=0, clans=[RED, BLUE, GREEN]), {1: "3k", 2: "1y"}, keep_only=[])
    result = play(state, m("1-2")).result
    assert result is not None
    assert result.clan_scores == (0, 0, 0, 5, 5)
    assert result.totals == (1, 0, 0) and result.winners == (0,)


def test_final_result_only_counts_clan_and_chips() -> None:
    """docs/RULES.md R7.3, R9.3: totals = clan score + chips, for every seat."""
    state = game(4, 2, clans=[GREEN, BLACK, RED, YELLOW])
    state.scores = [7, 3, 9, 9, 2]
    state.chips = [2, 0, 1, 0]
    state.phase = Phase.OVER
    state.end_reason = EndReason.NO_MOVES
    result = final_result(state)
    assert result.totals == (9 + 2, 2, 7 + 1, 9)
    assert result.winners == (0,)
    state.chips = [1, 0, 3, 0]
    assert final_result(state).totals == (10, 2, 10, 9)
    assert final_result(state).winners == (0, 2)


def test_resign_skips_the_seat_and_ends_under_two_players() -> None:
    """docs/RULES.md R8.1, R8.2, R8.4: anyone may resign at any time; a resigned seat is skipped; fewer than
    2 players left ends the game, scored as it stands."""
    state = game(3, 6, to_move=0)
    outcome = play(state, Resign(1))
    assert outcome.seat == 1 and not outcome.game_over and state.resigned == [False, True, False]
    assert state.to_move == 0, "another player's resignation does not pass the turn"
    play(state, m("23-24"), seat=0)
    assert state.to_move == 2
    play(state, m("1-2"), seat=2)
    assert state.to_move == 0
    with pytest.raises(IllegalMove) as info:
        play(state, Resign(1))
    assert info.value == NotInGame(1)
    with pytest.raises(IllegalMove) as info:
        play(state, Resign(3))
    assert info.value == NotInGame(3)
    outcome = play(state, Resign(0))
    assert outcome.game_over and state.end_reason is EndReason.RESIGNATIONS
    assert outcome.result is not None
    assert outcome.result.winners == (2,) and outcome.result.resigned == (0, 1)


def test_resigning_mover_passes_the_turn() -> None:
    """docs/RULES.md R8.2: when the mover resigns, the turn passes to the next seat still in the game."""
    state = game(4, 6, to_move=2)
    play(state, Resign(3))
    play(state, Resign(2))
    assert state.to_move == 0 and not state.over
    play(state, m("23-24"), seat=0)
    assert state.to_move == 1


def test_resigned_seat_cannot_win() -> None:
    """docs/RULES.md R8.1: a resigned seat's clan keeps scoring, but the seat cannot win, even with the highest
    total."""
    state = place(game(3, 6, to_move=0, clans=[RED, BLACK, BLUE]), {1: "5k", 2: "1k"}, keep_only=[])
    play(state, Resign(1))
    result = play(state, m("2-1")).result
    assert result is not None and result.reason is EndReason.NO_MOVES
    assert result.totals == (1, 6, 0)
    assert result.winners == (0,) and result.resigned == (1,)


def test_a_player_cannot_resign_for_someone_else() -> None:
    """docs/RULES.md R8.1: a player resigns only their own seat: play(state, Resign(2), seat=0) is refused.

    (An admin or a timeout resigns a seat with seat=None.)
    """
    state = game(3, 6, to_move=0)
    with pytest.raises(IllegalMove):
        play(state, Resign(2), seat=0)
