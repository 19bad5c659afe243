"""Hard hides exactly as normal does while it is blind: its search is not told the clan held, so what it
finds weighs every clan's draw alike, and between any two clans a move's odds are normal's. After its
TOLD_AFTER-th hut move, or from TOLD_FROM villages on, it plays its told search, for the clan it holds."""

from __future__ import annotations

import math
import random

import pytest

import ai.clans
import ai.clans.hard
from ai.clans import choose_action
from ai.clans.belief import observe
from ai.clans.hard import PER_CLAN, HardChoice, blind, candidates, hard_choice, hut_moves, told_choice
from ai.clans.hiding import draw
from ai.clans.players import CHIP_TILT, NORMAL_HIDING, NORMAL_PROSPECTS, normal_policy
from engine.clans import CLAN_COUNT, Action, Clan, Phase, PublicView, apply, legal_moves, new_game, public_view

ROLLOUTS = 60


def midgame(moves: int) -> tuple[PublicView, list[Action], int]:
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


@pytest.mark.parametrize("moves", [6, 20])
def test_between_two_clans_a_moves_odds_are_normals(moves: int) -> None:
    # The search reweighs the candidates by one public factor, so for any two candidates and any two
    # clans the odds ratio is normal's own: hard gives away what normal does, and no more.
    start, history, seat = midgame(moves)
    obs = observe(start, history)
    choice = hard_choice(obs, seat, random.Random(5), None, ROLLOUTS)
    normal = normal_policy(obs, seat, NORMAL_HIDING, CHIP_TILT, NORMAL_PROSPECTS)
    index = [normal.moves.index(m) for m in choice.moves]
    assert len(choice.moves) > CLAN_COUNT
    for row in choice.by_clan:
        assert math.isclose(sum(row), 1.0) and min(row) > 0
    for c in range(CLAN_COUNT):
        for d in range(c + 1, CLAN_COUNT):
            for i in range(1, len(index)):
                hard = math.log(
                    choice.by_clan[c][i] * choice.by_clan[d][0] / (choice.by_clan[d][i] * choice.by_clan[c][0])
                )
                q_c, q_d = normal.by_clan[c], normal.by_clan[d]
                own = math.log(q_c[index[i]] * q_d[index[0]] / (q_d[index[i]] * q_c[index[0]]))
                assert hard == pytest.approx(own, abs=1e-9)


def test_the_search_moves_the_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    start, history, seat = midgame(20)
    obs = observe(start, history)
    searched = hard_choice(obs, seat, random.Random(5), None, ROLLOUTS)
    monkeypatch.setattr(ai.clans.hard, "PUBLIC_WEIGHT", 0.0)
    unweighted = hard_choice(obs, seat, random.Random(5), None, ROLLOUTS)
    assert searched.values == unweighted.values
    gaps = [
        abs(a - b) for p, q in zip(searched.by_clan, unweighted.by_clan, strict=True) for a, b in zip(p, q, strict=True)
    ]
    assert max(gaps) > 0.05
    # Without the weight, the draw is normal's strategy for the clan, kept to the candidates.
    normal = normal_policy(obs, seat, NORMAL_HIDING, CHIP_TILT, NORMAL_PROSPECTS)
    kept = [[q[normal.moves.index(m)] for m in unweighted.moves] for q in normal.by_clan]
    for row, base in zip(unweighted.by_clan, kept, strict=True):
        assert row == pytest.approx([b / sum(base) for b in base])


def test_hard_choice_follows_its_seed() -> None:
    start, history, seat = midgame(20)
    obs = observe(start, history)
    same = [hard_choice(obs, seat, random.Random(9), None, ROLLOUTS) for _ in range(2)]
    assert same[0] == same[1]
    assert hard_choice(obs, seat, random.Random(10), None, ROLLOUTS).values != same[0].values


def test_one_search_serves_every_clan(monkeypatch: pytest.MonkeyPatch) -> None:
    # An observer asking what each of the five clans would play, with one seed, pays for one search,
    # and each clan's move is drawn from its own row of that search's strategies.
    start, history, seat = midgame(14)
    searches: list[HardChoice] = []

    def counting(*args: object) -> HardChoice:
        choice = hard_choice(*args)  # type: ignore[arg-type]
        searches.append(choice)
        return choice

    monkeypatch.setattr(ai.clans, "hard_choice", counting)
    moves = [
        choose_action("hard", start, history, seat, Clan(c), seed=3, iterations=ROLLOUTS + 1) for c in range(CLAN_COUNT)
    ]
    assert len(searches) == 1
    for c, move in enumerate(moves):
        assert searches[0].by_clan[c][searches[0].moves.index(move)] > 0
    choose_action("hard", start, history, seat, Clan(0), seed=4, iterations=ROLLOUTS + 1)
    choose_action("hard", start, history, seat, Clan(0), seed=3, budget_s=5.0, iterations=ROLLOUTS + 1)
    assert len(searches) == 3  # another seed, or a search bound by the clock: searched again


def late(villages: int) -> tuple[PublicView, list[Action], int]:
    """A position (seeded random play) with at least ``villages`` villages founded, a hut move to make."""
    state = new_game(4, 29)
    start = public_view(state)
    history: list[Action] = []
    rng = random.Random(29)
    while len(state.villages) < villages or state.phase is not Phase.MOVE:
        move = rng.choice(legal_moves(state))
        apply(state, move)
        history.append(move)
    assert not state.over
    return start, history, state.to_move


def own_moves(start: PublicView, history: list[Action], seat: int) -> int:
    return hut_moves(start, history)[seat]


def test_hut_moves_count_each_seats_hut_moves_only() -> None:
    start, history, _ = late(6)
    state = new_game(4, 29)
    made = [0] * 4
    for action in history:
        made[state.to_move] += state.phase is Phase.MOVE
        apply(state, action)
    assert hut_moves(start, history) == made
    assert sum(made) == state.turn and min(made) > 0


@pytest.mark.parametrize("after", [0, 1])
def test_hard_is_blind_for_its_first_hut_moves_then_plays_its_told_search(after: int) -> None:
    told_from = ai.clans.hard.TOLD_FROM
    told_after = ai.clans.hard.TOLD_AFTER
    seed = 11
    # Blind: a few own hut moves, few villages; told: past TOLD_AFTER own hut moves, or TOLD_FROM villages.
    early = midgame(4 * told_after - 2)
    later = midgame(4 * told_after + 2) if after else late(told_from)
    assert own_moves(*early) < told_after and len(observe(*early[:2]).state.villages) < told_from
    for start, history, seat in (early, later):
        obs = observe(start, history)
        rng = f"{seed}:{len(history)}:{seat}:hard"
        search = f"{seed}:{len(history)}:{seat}:hard-search"
        if blind(obs.state, own_moves(start, history, seat)):
            choice = hard_choice(obs, seat, random.Random(search), None, ROLLOUTS)
            expected = [choice.moves[draw(choice.by_clan[c], random.Random(rng))] for c in range(CLAN_COUNT)]
        else:
            expected = []
            for c in range(CLAN_COUNT):
                told = told_choice(obs, seat, Clan(c), random.Random(search), None, ROLLOUTS)
                expected.append(told.moves[draw(told.probabilities, random.Random(rng))])
        for c in range(CLAN_COUNT):
            assert choose_action("hard", start, history, seat, Clan(c), seed=seed, iterations=ROLLOUTS) == expected[c]
    assert blind(observe(*early[:2]).state, own_moves(*early))
    assert not blind(observe(*later[:2]).state, own_moves(*later))
    if after:
        assert own_moves(*later) >= told_after and len(observe(*later[:2]).state.villages) < told_from


def test_the_told_search_is_its_own_clans() -> None:
    start, history, seat = late(ai.clans.hard.TOLD_FROM)
    obs = observe(start, history)
    told = [told_choice(obs, seat, Clan(c), random.Random(5), None, ROLLOUTS) for c in range(CLAN_COUNT)]
    normal = normal_policy(obs, seat, NORMAL_HIDING, CHIP_TILT, NORMAL_PROSPECTS)
    for c, t in enumerate(told):  # the moves normal values most for the clan held, searched for it
        best = sorted((v[c] for v in normal.values), reverse=True)[: ai.clans.hard.TOLD_CANDIDATES]
        assert [normal.values[normal.moves.index(m)][c] for m in t.moves] == best
        assert math.isclose(sum(t.probabilities), 1.0) and min(t.probabilities) > 0
    assert len({t.moves for t in told}) > 1 and len({t.values for t in told}) > 1


def test_a_small_told_scale_plays_the_searched_best_and_a_huge_one_the_menu() -> None:
    start, history, seat = late(ai.clans.hard.TOLD_FROM)
    obs = observe(start, history)
    sharp = told_choice(obs, seat, Clan(2), random.Random(5), None, ROLLOUTS, scale=1e-4)
    top = max(sharp.values)  # two moves may be worth exactly the same: the draw then shares between them
    assert sum(p for p, v in zip(sharp.probabilities, sharp.values, strict=True) if v == top) > 0.99
    normal = normal_policy(obs, seat, NORMAL_HIDING, CHIP_TILT, NORMAL_PROSPECTS)
    for c in range(CLAN_COUNT):  # normal's menu, every clan's odds alike, over the clan's own candidates
        flat = told_choice(obs, seat, Clan(c), random.Random(5), None, ROLLOUTS, scale=1e9)
        menu = [sum(q[normal.moves.index(m)] for q in normal.by_clan) for m in flat.moves]
        assert flat.probabilities == pytest.approx([w / sum(menu) for w in menu], abs=1e-6)


def test_the_reveal_reads_blind_moves_as_normals_and_told_ones_through_the_told_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    start, history, seat = midgame(24)
    mover = (seat + 1) % 4  # a seat with moves to read
    monkeypatch.setattr(ai.clans.hard, "TOLD_FROM", 10**6)
    monkeypatch.setattr(ai.clans.hard, "TOLD_AFTER", 10**6)
    blind_reading = ai.clans.exposure(start, history, mover, "hard")
    assert blind_reading == ai.clans.exposure(start, history, mover, "normal")
    monkeypatch.setattr(ai.clans.hard, "TOLD_FROM", 0)
    told = ai.clans.exposure(start, history, mover, "hard")
    assert math.isclose(sum(told.values()), 1.0)
    assert max(abs(told[c] - blind_reading[c]) for c in Clan) > 1e-3
