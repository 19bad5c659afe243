"""docs/RULES.md R1, R3: the seeded opening position."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.clans import CLAN_COUNT, Board, Clan, Phase, load_board, new_game

SEEDS = range(40)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [0, 1, 7, 2024])
def test_every_region_gets_one_hut_of_each_colour(players: int, seed: int, board: Board) -> None:
    """docs/RULES.md R3.1: in each region, one hut of each colour, one per territory."""
    state = new_game(players, seed, board)
    regions: dict[int, list[int]] = {}
    for territory in state.board.territories:
        regions.setdefault(territory.region, []).append(territory.id)
    assert len(regions) == 12
    for members in regions.values():
        colours = [c for t in members for c in range(CLAN_COUNT) for _ in range(state.huts[t][c])]
        assert sorted(colours) == list(range(CLAN_COUNT))


@pytest.mark.parametrize("seed", [0, 3, 99])
def test_sixty_huts_one_per_territory(seed: int, board: Board) -> None:
    """docs/RULES.md R1.4, R3.1: 60 huts, 12 per colour, all on the board, one in every territory."""
    state = new_game(2, seed, board)
    assert state.counts[1:] == [1] * 60
    assert sum(state.counts) == 60
    assert [sum(row[c] for row in state.huts) for c in range(CLAN_COUNT)] == [12] * CLAN_COUNT
    assert state.removed == [0] * CLAN_COUNT
    assert state.occupied == sum(1 << t for t in range(1, 61))
    assert state.phase is Phase.MOVE
    assert state.villages == [] and state.scores == [0] * 5
    assert state.epoch == 1 and state.chips_left == 12
    assert state.ply == 0 and state.turn == 0 and state.pending == ()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_clans_are_distinct_and_dealt_per_player(players: int, board: Board) -> None:
    """docs/RULES.md R1.5, R3.2: each player is dealt a secret clan; clans differ; the deal is random."""
    dealt: Counter[Clan] = Counter()
    for seed in SEEDS:
        state = new_game(players, seed, board)
        assert len(state.clans) == players == state.players
        assert len(set(state.clans)) == players
        assert all(isinstance(c, Clan) for c in state.clans)
        assert state.chips == [0] * players and state.resigned == [False] * players
        dealt.update(state.clans)
    assert set(dealt) == set(Clan), "every clan must be dealt by some seed"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_starting_player_is_random_and_in_range(players: int, board: Board) -> None:
    """docs/RULES.md R3.3: the starting player is chosen at random (seeded)."""
    starters = {new_game(players, seed, board).to_move for seed in SEEDS}
    assert starters == set(range(players))


def test_arrangement_depends_on_seed(board: Board) -> None:
    """docs/RULES.md R3.1, R3.4: the arrangement is random, so seeds give different boards."""
    boards = {tuple(tuple(row) for row in new_game(2, seed, board).huts) for seed in SEEDS}
    assert len(boards) == len(SEEDS)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_same_seed_same_game_different_seed_different_game(players: int, board: Board) -> None:
    """docs/RULES.md R3.4 (STYLE.md 6/15): the same seed gives the same game, always; the seed is stored."""
    for seed in (0, 5, 123456789):
        assert new_game(players, seed, board).to_json() == new_game(players, seed, board).to_json()
        assert new_game(players, seed, board) == new_game(players, seed, board)
        assert new_game(players, seed, board).seed == seed
    assert new_game(players, 1, board).to_json() != new_game(players, 2, board).to_json()


def test_setup_ignores_global_random() -> None:
    """docs/RULES.md R3.4 (STYLE.md 6): never the global random; reseeding it must not change a game."""
    import random

    random.seed(1)
    first = new_game(3, 42).to_json()
    random.seed(2)
    assert new_game(3, 42).to_json() == first


@pytest.mark.parametrize("players", [1, 5, 0, -2, "3", True, False, 2.0, None])
def test_player_count_outside_two_to_four_is_refused(players: object) -> None:
    """docs/RULES.md R1.5: 2 to 4 players; anything else raises ValueError."""
    with pytest.raises(ValueError, match="2 to 4 players"):
        new_game(players, 1)  # type: ignore[arg-type]


def test_board_is_loaded_once() -> None:
    """STYLE.md 1: the map is fixed facts loaded once, shared by every game."""
    assert new_game(2, 1).board is new_game(4, 2).board is load_board()


@pytest.mark.parametrize("seed", ["abc", 1.5])
def test_seed_must_be_an_integer(seed: object) -> None:
    """STYLE.md 6-7: the seed is stored and must survive the JSON round trip.

    A text seed could not be saved, and 1.5 would load back as seed 1, another game: both are refused.
    """
    with pytest.raises(ValueError):
        new_game(2, seed)  # type: ignore[arg-type]
