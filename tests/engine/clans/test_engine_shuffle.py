"""Setup deals each region's colours with rules.shuffled_colours, which must draw exactly as random's own
shuffle did (stored games are replayed from their seeds)."""

import random

from engine.clans.clan import CLAN_COUNT
from engine.clans.rules import shuffled_colours


def test_shuffled_colours_are_randoms_shuffle_draw_for_draw() -> None:
    seen = set()
    for seed in range(2000):
        ours, theirs = random.Random(seed), random.Random(seed)
        for _ in range(12):
            expected = list(range(CLAN_COUNT))
            theirs.shuffle(expected)
            got = shuffled_colours(ours)
            assert got == expected, seed
            seen.add(tuple(got))
        assert ours.random() == theirs.random()  # the same bits consumed
    assert len(seen) == 120  # every order of the five colours turns up
