"""docs/RULES.md R5: adjacency, empty territories, the 7+ rule and its exception; Move values; legal_moves."""

from __future__ import annotations

import pytest
from positions import game, m, place, random_position
from reference import legal_pairs

from engine.clans import (
    Board,
    IllegalMove,
    Move,
    Phase,
    Resign,
    check,
    has_hut_move,
    legal_moves,
    new_game,
    parse_action,
    play,
)
from engine.clans.moves import (
    EmptyTerritory,
    GameIsOver,
    NoSuchTerritory,
    NotAMove,
    NotNeighbours,
    NotYourTurn,
    OnlySmallerMoves,
    SameTerritory,
    TooManyHuts,
)


def refused(state, text: str, seat: int | None = None) -> IllegalMove:  # type: ignore[no-untyped-def]
    """Why ``text`` is refused (the reason and its facts: the text layer words them); the state must not change."""
    before = state.copy()
    with pytest.raises(IllegalMove) as info:
        play(state, m(text), seat)
    assert state == before, "a refused move must leave the state untouched"
    return info.value


# --- adjacency and empty territories ---------------------------------------------------------


def test_move_needs_neighbours() -> None:
    """docs/RULES.md R5.1: A and B must be adjacent."""
    state = new_game(2, 1)
    assert refused(state, "23-40") == NotNeighbours(23, 40)
    assert refused(state, "1-60") == NotNeighbours(1, 60)


def test_every_pair_that_is_not_neighbours_is_refused(board: Board) -> None:
    """docs/RULES.md R5.1, on each map: at the start (one hut everywhere) a move is legal exactly between
    neighbours."""
    state = new_game(2, 1, board)
    for a in range(1, board.size + 1):
        for b in range(1, board.size + 1):
            if a != b and not board.adjacent(a, b):
                assert refused(state, f"{a}-{b}") == NotNeighbours(a, b)


def test_territories_across_a_lake_are_not_neighbours(board: Board) -> None:
    """docs/RULES.md R2.3: two territories that meet only across a lake are NOT adjacent."""
    state = new_game(2, 1, board)
    assert state.board.lakes
    for lake in state.board.lakes:
        a, b = lake.between
        assert refused(state, f"{a}-{b}") == NotNeighbours(a, b)


def test_source_must_hold_huts() -> None:
    """docs/RULES.md R5.1: A may not be empty."""
    state = place(game(), {}, empty=[23])
    assert refused(state, "23-24") == EmptyTerritory(23)


def test_destination_must_hold_huts() -> None:
    """docs/RULES.md R5.1, R6.1: B may not be empty (no move enters an empty territory)."""
    state = place(game(), {}, empty=[24])
    assert refused(state, "23-24") == EmptyTerritory(24)


def test_a_move_moves_all_huts_of_a_into_b() -> None:
    """docs/RULES.md R5.3: ALL huts of A go into B; any player may move huts of any colour."""
    state = place(game(), {23: "2r 1k", 24: "1b 1g"})
    outcome = play(state, m("23-24"))
    assert state.huts[23] == [0] * 5 and state.counts[23] == 0
    assert state.huts[24] == [2, 1, 1, 0, 1] and state.counts[24] == 5
    assert not state.occupied >> 23 & 1 and state.occupied >> 24 & 1
    assert outcome.move == m("23-24") and outcome.villages == () and not outcome.game_over
    assert state.last_move == m("23-24") and state.turn == 1 and state.ply == 1


def test_unknown_territories(board: Board) -> None:
    """The map has territories 1..60 only."""
    state = new_game(2, 1, board)
    assert refused(state, "61-60") == NoSuchTerritory(61, 60)
    assert refused(state, "0-1") == NoSuchTerritory(0, 60)
    assert refused(state, "60-61") == NoSuchTerritory(61, 60)


def test_moving_onto_itself_is_refused(board: Board) -> None:
    """docs/RULES.md R5.1: B is a neighbouring territory, so never A itself."""
    state = new_game(2, 1, board)
    assert refused(state, "v23") == SameTerritory()


def test_turn_and_game_over() -> None:
    """docs/RULES.md R5.4, R7.1: only the player to move may move, and not after the end."""
    state = game(3, 1, to_move=1)
    assert refused(state, "23-24", seat=0) == NotYourTurn()
    assert refused(state, "23-24", seat=2) == NotYourTurn()
    play(state, m("23-24"), seat=1)
    assert state.to_move == 2
    state = place(game(), {1: "1r", 2: "1b"}, keep_only=[])
    play(state, m("1-2"))
    assert state.over
    assert refused(state, "1-2") == GameIsOver()
    assert refused(state, "2-1", seat=0) == GameIsOver()


# --- the 7+ rule ------------------------------------------------------------------------------


def test_seven_or_more_cannot_move() -> None:
    """docs/RULES.md R5.2: A may not hold 7 or more huts."""
    state = place(game(), {23: "3k 2r 1g 1b", 24: "1r"})
    assert refused(state, "23-24") == TooManyHuts(23, 7)
    state = place(game(), {23: "12b", 24: "6r"})
    assert refused(state, "23-24") == TooManyHuts(23, 12)
    assert Move(23, 24) not in legal_moves(state)
    assert Move(24, 23) in legal_moves(state)


def test_six_may_move_onto_anything() -> None:
    """docs/RULES.md R5.2: a group under 7 moves freely, even onto 9."""
    state = place(game(), {23: "6r", 24: "9b"})
    assert {Move(23, 24), Move(23, 22)} <= set(legal_moves(state))
    play(state, m("23-24"))
    assert state.counts[24] == 15


def test_both_seven_plus_smaller_onto_larger() -> None:
    """docs/RULES.md R5.2: when both hold 7+, the smaller group may move onto the larger."""
    state = place(game(), {23: "8r", 24: "9b"})
    moves = set(legal_moves(state))
    assert Move(23, 24) in moves and Move(24, 23) not in moves
    assert refused(state, "24-23") == OnlySmallerMoves(src=24, count=9, dst=23, target=8)
    play(state, m("23-24"))
    assert state.counts[24] == 17


@pytest.mark.parametrize("size", [7, 8, 12])
def test_both_seven_plus_equal_groups_either_way(size: int) -> None:
    """docs/RULES.md R5.2: with equal groups of 7+, either may move onto the other."""
    for text in ("23-24", "24-23"):
        state = place(game(), {23: f"{size}r", 24: f"{size}b"})
        assert {Move(23, 24), Move(24, 23)} <= set(legal_moves(state))
        play(state, m(text))
        assert state.counts[int(text[3:])] == 2 * size


def test_seven_plus_cannot_move_onto_smaller_group() -> None:
    """docs/RULES.md R5.2: a 7+ group onto a group under 7 is refused, whatever the sizes."""
    state = place(game(), {23: "7r", 24: "6b"})
    assert refused(state, "23-24") == TooManyHuts(23, 7)
    assert [mv for mv in legal_moves(state) if mv.src == 23] == []


# --- Move values ------------------------------------------------------------------------------


def test_move_text_form() -> None:
    """STYLE.md 2: a frozen Move with the text form "23-24"."""
    move = Move(23, 24)
    assert move.text == str(move) == "23-24"
    assert Move.village(17).text == "v17" and Move.village(17).is_village_choice
    assert not move.is_village_choice
    with pytest.raises(AttributeError):
        move.src = 5  # type: ignore[misc]
    assert hash(Move(23, 24)) == hash(Move(23, 24)) and Move(23, 24) != Move(24, 23)
    assert sorted([Move(24, 1), Move(23, 30), Move(23, 24)]) == [Move(23, 24), Move(23, 30), Move(24, 1)]


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("23-24", Move(23, 24)),
        ("23 24", Move(23, 24)),
        (" 23 - 24 ", Move(23, 24)),
        ("23>24", Move(23, 24)),
        ("23→24", Move(23, 24)),
        ("v17", Move(17, 17)),
        ("V17", Move(17, 17)),
        ("village 17", Move(17, 17)),
    ],
)
def test_move_parse(text: str, move: Move) -> None:
    """STYLE.md 2: the text form parses back (also "23 24" and "v17")."""
    assert Move.parse(text) == move
    assert Move.parse(move.text) == move
    assert parse_action(text) == move


@pytest.mark.parametrize("text", ["", "abc", "23", "23-", "-24", "23-24-25", "1234-1", "v", "23+24", "resign"])
def test_bad_move_text_raises_illegal_move(text: str) -> None:
    """STYLE.md 3: a bad text is an IllegalMove, which is a ValueError."""
    with pytest.raises(IllegalMove) as info:
        Move.parse(text)
    assert info.value == NotAMove(text.strip())
    with pytest.raises(ValueError):
        Move.parse(text)


def test_there_is_no_pass() -> None:
    """docs/RULES.md R5.3: no passing: "pass" is no action, and while the game goes on a move always exists."""
    with pytest.raises(IllegalMove):
        parse_action("pass")
    for seed in range(20):
        state = random_position(seed, plies=2 * seed)
        assert state.over or legal_moves(state), "a game that goes on always offers a move"
        assert state.over or has_hut_move(state) or state.phase is Phase.ORDER


def test_resign_text_form() -> None:
    assert parse_action("resign:2") == Resign(2)
    assert Resign(2).text == str(Resign(2)) == "resign:2"
    assert parse_action(Resign(1).text) == Resign(1)


# --- legal_moves ------------------------------------------------------------------------------


def _check_ok(state, move: Move) -> bool:  # type: ignore[no-untyped-def]
    try:
        check(state, move)
    except IllegalMove:
        return False
    return True


POSITIONS = [(seed, plies) for seed in range(8) for plies in (0, 9, 23, 37)]


@pytest.mark.parametrize(("seed", "plies"), POSITIONS)
def test_legal_moves_is_exactly_what_check_accepts(seed: int, plies: int, board: Board) -> None:
    """STYLE.md 4: nothing but legal_moves decides legality; check agrees on every pair of territories."""
    state = random_position(seed, plies, players=2 + seed % 3, board=board)
    moves = legal_moves(state)
    assert moves == sorted(moves, key=lambda mv: (mv.src, mv.dst))
    assert len(set(moves)) == len(moves)
    accepted = [Move(a, b) for a in range(0, 62) for b in range(0, 62) if _check_ok(state, Move(a, b))]
    assert accepted == moves
    if state.phase is Phase.MOVE:
        assert has_hut_move(state) == bool(moves)
        assert {(mv.src, mv.dst) for mv in moves} == legal_pairs(state.counts, board.map_id)


def test_seven_plus_positions_against_brute_force(board: Board) -> None:
    """docs/RULES.md R5.2: legal_moves matches a brute-force reading of the rule on big groups.

    Colours do not matter for legality, so the groups are all red and the 12-hut cap is ignored.
    """
    for seed in range(20):
        state = new_game(2, seed, board)
        for t in range(1, 61):
            size = (t * 7 + seed * 13) % 11
            state.huts[t] = [size, 0, 0, 0, 0]
        state.counts = [sum(row) for row in state.huts]
        state.occupied = sum(1 << t for t, n in enumerate(state.counts) if n)
        assert {(mv.src, mv.dst) for mv in legal_moves(state)} == legal_pairs(state.counts, board.map_id)
        assert any(n >= 7 for n in state.counts)


def test_legal_moves_empty_when_over() -> None:
    """docs/RULES.md R7.1: no move exists after the end."""
    state = place(game(), {1: "1r", 2: "1b"}, keep_only=[])
    assert legal_moves(state) == [Move(1, 2), Move(2, 1)]
    play(state, m("2-1"))
    assert state.over and legal_moves(state) == []


def test_start_position_legal_moves_are_every_directed_edge(board: Board) -> None:
    """docs/RULES.md R3.1, R5.1: at the start every territory holds one hut, so every neighbour pair is legal."""
    state = new_game(4, 11, board)
    expected = [Move(a, b) for a in range(1, 61) for b in state.board.neighbours[a]]
    assert legal_moves(state) == expected
