"""Hard hides like the other levels: its search is the same whatever clan it holds, and only the final
draw reads the clan, from one information-regularised solution shared by the five clans."""

from __future__ import annotations

import math
import random

from ai.clans.belief import observe
from ai.clans.hard import HARD_HIDING, PER_CLAN, candidates, hard_choice
from engine.clans import CLAN_COUNT, Action, Clan, apply, legal_moves, new_game, public_view

ROLLOUTS = 60


def midgame(moves: int) -> tuple[object, list[Action], int]:
    state = new_game(4, 23)
    start = public_view(state)
    history: list[Action] = []
    for i in range(moves):
        options = legal_moves(state)
        move = options[(i * 17) % len(options)]
        apply(state, move)
        history.append(move)
    return start, history, state.to_move


def test_the_candidates_are_every_clans_favourites() -> None:
    values = [[float(-abs(i - 3 * c)) for c in range(CLAN_COUNT)] for i in range(20)]
    favourites = set()
    for c in range(CLAN_COUNT):
        favourites |= set(sorted(range(20), key=lambda i: (-values[i][c], i))[:PER_CLAN])
    picked = candidates(values)
    assert len(picked) == len(set(picked)) and set(picked) == favourites
    assert sorted(candidates(values[:3])) == [0, 1, 2]  # fewer moves than candidates: all of them


def test_every_clan_searches_the_same_moves_and_can_play_each() -> None:
    # The old hard searched its own clan's favourites: the searched set alone named the clan.
    for moves in (6, 20):
        start, history, seat = midgame(moves)
        obs = observe(start, history)
        choices = [hard_choice(obs, seat, Clan(c), random.Random(5), None, ROLLOUTS) for c in range(CLAN_COUNT)]
        assert len(choices[0].moves) > CLAN_COUNT
        assert all(choice.moves == choices[0].moves for choice in choices)
        assert len({choice.values for choice in choices}) > 1  # the values are each clan's own
        for choice in choices:
            assert math.isclose(sum(choice.probabilities), 1.0) and min(choice.probabilities) > 0
        # Drawn from the shared menu tilted by exp(value / λ): a move's odds between two clans are
        # bounded by how differently the two clans value it, relative to their best.
        lam = HARD_HIDING.weight(len(obs.state.villages), obs.state.chart.chips)
        tilts = [[(v - max(choice.values)) / lam for v in choice.values] for choice in choices]
        for c in range(CLAN_COUNT):
            for d in range(CLAN_COUNT):
                gap = max(abs(a - b) for a, b in zip(tilts[c], tilts[d], strict=True))
                for p, q in zip(choices[c].probabilities, choices[d].probabilities, strict=True):
                    assert abs(math.log(p / q)) <= 2 * gap + 1e-9


def test_hard_choice_follows_its_seed() -> None:
    start, history, seat = midgame(20)
    obs = observe(start, history)
    same = [hard_choice(obs, seat, Clan(2), random.Random(9), None, ROLLOUTS) for _ in range(2)]
    assert same[0] == same[1]
    assert hard_choice(obs, seat, Clan(2), random.Random(10), None, ROLLOUTS).values != same[0].values
