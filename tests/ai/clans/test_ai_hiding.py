"""Every policy mixes: it draws among several moves, from its own seed, so that its clan stays hidden."""

from __future__ import annotations

import math

import pytest

import ai.clans
import ai.clans.strategies
from ai.clans import AI_LEVELS, AUTOPILOT_LEVEL, POLICIES, choose_action, exposure
from ai.clans.belief import observe
from ai.clans.hiding import Hiding, policies, tilted
from ai.clans.players import AUTOPILOT_HIDING, CHIP_TILT, NORMAL_HIDING, NORMAL_PROSPECTS, normal_policy
from engine.clans import Action, Clan, apply, legal_moves, new_game, public_view, villages_founded

VALUES = [[3.0, 0.0, 0.0, 0.0, 0.0], [0.0, 3.0, 0.0, 0.0, 0.0], [1.0, 1.0, 1.0, 1.0, 1.0], [0.0, 0.0, 0.0, 0.0, 2.0]]


def test_the_strategies_are_distributions_and_lambda_trades_value_for_secrecy() -> None:
    for lam in (0.1, 1.0, 100.0):
        for row in policies(VALUES, lam):
            assert len(row) == len(VALUES) and math.isclose(sum(row), 1.0)
    sharp = policies(VALUES, 0.05)
    assert [max(range(4), key=lambda i: row[i]) for row in sharp[:2]] == [0, 1]  # argmax when λ is tiny
    blind = policies(VALUES, 1e4)
    assert all(abs(blind[c][i] - blind[0][i]) < 1e-3 for c in range(5) for i in range(4))  # the same for all
    # The leak of any move is bounded: log q_c(m)/q_d(m) <= (V_c(m) - V_d(m)) / λ + log Z_d - log Z_c.
    lam = 1.0
    q = policies(VALUES, lam)
    ratios = [abs(math.log(q[0][i] / q[1][i])) for i in range(4)]
    assert max(ratios) <= 2 * 3.0 / lam + 1e-9


def test_identical_moves_share_their_probability() -> None:
    q = policies([[0.0] * 5, [0.0] * 5, [2.0, 0.0, 0.0, 0.0, 0.0]], 1.0)
    assert all(math.isclose(row[0], row[1]) for row in q)


def test_lambda_shrinks_toward_the_last_villages() -> None:
    hiding = Hiding(start=4.0, end=1.0)
    assert hiding.weight(0, 12) == 4.0 and hiding.weight(12, 12) == 1.0
    assert 1.0 < hiding.weight(6, 12) < 4.0


def test_lambda_can_rise_to_a_middle_knot_and_fall_again() -> None:
    hiding = Hiding(start=1.0, end=2.0, middle=3.0)
    assert [hiding.weight(t, 12) for t in (0, 6, 12)] == [1.0, 3.0, 2.0]
    assert 1.0 < hiding.weight(3, 12) < 3.0 and 2.0 < hiding.weight(9, 12) < 3.0


def test_normal_hides_more_as_the_game_goes_on_and_the_autopilot_never_less() -> None:
    chips = new_game(4, 1).chart.chips
    weights = [NORMAL_HIDING.weight(t, chips) for t in range(chips + 1)]
    assert weights == sorted(weights) and weights[0] < weights[-1]
    assert all(AUTOPILOT_HIDING.weight(t, chips) >= w for t, w in enumerate(weights))  # on the same values


def midgame(moves: int = 14) -> tuple[object, list[Action], int, Clan]:
    state = new_game(4, 11)
    start = public_view(state)
    history: list[Action] = []
    for i in range(moves):
        move = legal_moves(state)[(i * 31) % len(legal_moves(state))]
        apply(state, move)
        history.append(move)
    return start, history, state.to_move, state.clans[state.to_move]


@pytest.mark.parametrize("level", POLICIES)
def test_every_policy_draws_from_its_own_seed(level: str) -> None:
    start, history, seat, clan = midgame()
    iterations = 30 if level == "hard" else None
    again = [choose_action(level, start, history, seat, clan, 7, iterations=iterations) for _ in range(2)]
    assert again[0] == again[1]  # the same seed, the same move
    drawn = {choose_action(level, start, history, seat, clan, s, iterations=iterations) for s in range(40)}
    assert len(drawn) >= 2  # a mixed strategy, not an argmax


def test_the_autopilot_is_a_policy_but_not_a_level_to_choose() -> None:
    assert AUTOPILOT_LEVEL in POLICIES and AUTOPILOT_LEVEL not in AI_LEVELS


def test_exposure_is_a_distribution_over_the_clans() -> None:
    start, history, seat, _ = midgame(30)
    for level in POLICIES:
        reading = exposure(start, history, seat, level)
        assert set(reading) == set(Clan) and math.isclose(sum(reading.values()), 1.0)
    with pytest.raises(ValueError):
        choose_action("brilliant", start, history, seat, Clan(0), 1)


def test_a_tilt_shared_by_every_clan_moves_mass_without_telling_clans_apart() -> None:
    q = policies(VALUES, 1.0)
    weights = [0.0, 0.0, 2.0, 0.0]
    t = tilted(q, weights)
    for before, after in zip(q, t, strict=True):
        assert math.isclose(sum(after), 1.0) and after[2] > before[2]
    # For any two clans, each move's log-ratio moves by one constant: the tilt itself leaks nothing.
    shifts = [math.log(t[0][i] / t[3][i]) - math.log(q[0][i] / q[3][i]) for i in range(4)]
    assert max(shifts) - min(shifts) < 1e-9
    even = tilted(q, [1.0] * 4)  # an even tilt changes nothing
    assert all(row == pytest.approx(r) for row, r in zip(even, q, strict=True))


def founding_position() -> tuple[object, list[Action], int]:
    """A position where the mover can found a village (and take its chip) but need not."""
    state = new_game(4, 5)
    start = public_view(state)
    history: list[Action] = []
    i = 0
    while True:
        moves = legal_moves(state)
        founding = [m for m in moves if villages_founded(state, m.src)]
        if founding and len(founding) < len(moves):
            return start, history, state.to_move
        move = moves[(i * 37) % len(moves)]
        apply(state, move)
        history.append(move)
        i += 1


def test_normal_leans_to_the_chip_for_every_clan_alike() -> None:
    start, history, seat = founding_position()
    obs = observe(start, history)
    plain = normal_policy(obs, seat, NORMAL_HIDING, prospects=NORMAL_PROSPECTS)
    leaning = normal_policy(obs, seat, NORMAL_HIDING, CHIP_TILT, NORMAL_PROSPECTS)
    assert plain.values == leaning.values
    takes = [i for i, e in enumerate(obs.gains) if max(o.chips for o in e.options)]
    assert takes and len(takes) < len(obs.gains)
    for c in range(5):
        assert sum(leaning.by_clan[c][i] for i in takes) > sum(plain.by_clan[c][i] for i in takes)
    # The level reaches it: normal's strategy is the leaning one.
    level_policy = ai.clans.strategies.level_policy("normal", start, history, seat)
    assert all(a == pytest.approx(b) for a, b in zip(level_policy.by_clan, leaning.by_clan, strict=True))


def test_a_founding_option_says_which_part_of_its_gain_is_banked_now() -> None:
    start, history, _ = founding_position()
    obs = observe(start, history)
    state = obs.state
    for entry in obs.gains:
        for option in entry.options:
            if not option.chips:
                assert option.banked == (0.0,) * 5  # a move founding nothing only changes prospects
                continue
            after = state.copy()
            for action in option.actions:
                apply(after, action)
            assert option.banked == tuple(float(after.scores[c] - state.scores[c]) for c in range(5))
            assert any(option.banked)


def test_normal_weighs_the_prospects_by_normal_prospects() -> None:
    start, history, seat = founding_position()
    obs = observe(start, history)
    full = normal_policy(obs, seat, NORMAL_HIDING, CHIP_TILT)
    weighed = normal_policy(obs, seat, NORMAL_HIDING, CHIP_TILT, NORMAL_PROSPECTS)
    assert 0.0 < NORMAL_PROSPECTS < 1.0
    # A move founding nothing is all prospects: its value (own gain minus the threat) scales with them.
    quiet = [i for i, e in enumerate(obs.gains) if not any(o.chips for o in e.options)]
    assert quiet
    for i in quiet:
        assert weighed.values[i] == pytest.approx([NORMAL_PROSPECTS * v for v in full.values[i]])
    # A founding move keeps the points it banks whole, so it loses less than its prospects' share.
    founding = [i for i, e in enumerate(obs.gains) if any(o.chips for o in e.options)]
    assert any(weighed.values[i] != pytest.approx([NORMAL_PROSPECTS * v for v in full.values[i]]) for i in founding)
    # The level reaches it.
    level_policy = ai.clans.strategies.level_policy("normal", start, history, seat)
    assert level_policy.values == weighed.values
    assert all(a == pytest.approx(b) for a, b in zip(level_policy.by_clan, weighed.by_clan, strict=True))


def _information(by_clan: list[list[float]]) -> float:
    """I(move; clan) in nats, the five clans even a priori."""
    menu = [sum(q[i] for q in by_clan) / 5 for i in range(len(by_clan[0]))]
    return sum(q[i] * math.log(q[i] / menu[i]) for q in by_clan for i in range(len(menu)) if q[i] > 0) / 5


def test_halved_prospects_tell_less_of_the_clan_at_the_same_lambda() -> None:
    whole = half = 0.0
    for seed in (1, 2, 3):
        state = new_game(4, seed)
        start = public_view(state)
        history: list[Action] = []
        for ply in range(50):
            if state.over:
                break
            if ply % 10 == 5:
                obs = observe(start, history)
                whole += _information(normal_policy(obs, state.to_move, NORMAL_HIDING, CHIP_TILT).by_clan)
                half += _information(
                    normal_policy(obs, state.to_move, NORMAL_HIDING, CHIP_TILT, NORMAL_PROSPECTS).by_clan
                )
            moves = legal_moves(state)
            move = moves[(ply * 37) % len(moves)]
            apply(state, move)
            history.append(move)
    # Over positions from the first village to the last (some single positions go the other way).
    assert half < 0.9 * whole
