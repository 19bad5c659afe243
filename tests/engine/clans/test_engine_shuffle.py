"""Setup draws its deal with engine/clans/deal.py's own draws, which must draw exactly as random's own shuffle,
sample and randrange did (stored games are replayed from their seeds)."""

import random

import pytest

from engine.clans import CLAN_COUNT, MAP_FILES, Clan, load_board, new_game
from engine.clans.deal import below, dealt_colours, sampled_clans


def test_dealt_colours_are_randoms_shuffle_draw_for_draw() -> None:
    seen = set()
    for seed in range(2000):
        ours, theirs = random.Random(seed), random.Random(seed)
        got = dealt_colours(ours.getrandbits, 12)
        assert got[0] == CLAN_COUNT  # the unused index 0: no colour
        for region in range(12):
            expected = list(range(CLAN_COUNT))
            theirs.shuffle(expected)
            assert got[1 + region * CLAN_COUNT : 1 + (region + 1) * CLAN_COUNT] == expected, seed
            seen.add(tuple(expected))
        assert len(got) == 1 + 12 * CLAN_COUNT
        assert ours.random() == theirs.random()  # the same bits consumed
    assert len(seen) == 120  # every order of the five colours turns up


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_sampled_clans_and_below_are_randoms_sample_and_randrange(players: int) -> None:
    for seed in range(1000):
        ours, theirs = random.Random(seed), random.Random(seed)
        assert sampled_clans(ours.getrandbits, players) == tuple(
            Clan(c) for c in theirs.sample(range(CLAN_COUNT), players)
        )
        assert below(ours.getrandbits, players) == theirs.randrange(players)
        assert ours.random() == theirs.random()


@pytest.mark.parametrize("map_id", sorted(MAP_FILES))
def test_new_game_deals_as_randoms_own_draws_dealt(map_id: str) -> None:
    """The deal as setup wrote it before it drew its own bits: each region shuffled, then sample, randrange."""
    board = load_board(map_id)
    regions: dict[int, list[int]] = {}
    for territory in board.territories:
        regions.setdefault(territory.region, []).append(territory.id)
    for seed in range(300):
        players = 2 + seed % 3
        rng = random.Random(seed)
        huts = [[0] * CLAN_COUNT for _ in range(board.size + 1)]
        for region in sorted(regions):
            colours = list(range(CLAN_COUNT))
            rng.shuffle(colours)
            for tid, colour in zip(regions[region], colours, strict=True):
                huts[tid][colour] = 1
        clans = tuple(Clan(c) for c in rng.sample(range(CLAN_COUNT), players))
        to_move = rng.randrange(players)
        state = new_game(players, seed, board)
        assert (state.huts, state.clans, state.to_move) == (huts, clans, to_move)
        assert len({id(row) for row in state.huts}) == len(state.huts), "every row its own list"
