"""Hard's reading of the seats: an AI seat by its level's own strategy, a person by the general model,
from the public game and the seats' public levels only."""

from __future__ import annotations

import math

import pytest

import ai.clans
import ai.clans.hard
from ai.clans import choose_action, reading
from ai.clans.belief import assignment_weights, beliefs_from, marginals, observe
from ai.clans.reading import SURPRISE, exact_evidence, exact_levels, read
from ai.clans.strategies import level_policy
from engine.clans import CLAN_COUNT, Action, GameState, Move, Phase, new_game, play, public_view


def normals_game(seed: int, plies: int, players: int = 4) -> tuple[GameState, list[Action]]:
    """``plies`` actions of a game of normal AIs."""
    state = new_game(players, seed)
    start = public_view(state)
    history: list[Action] = []
    while not state.over and len(history) < plies:
        seat = state.to_move
        move = choose_action("normal", start, history, seat, state.clans[seat], seed=seed)
        play(state, move, seat)
        history.append(move)
    return state, history


def test_people_are_read_by_the_general_model() -> None:
    setup = new_game(4, 31)
    _, history = normals_game(31, 24)
    start = public_view(setup)
    assert read(start, history, (None,) * 4) == observe(start, history, with_gains=False).loglik


def test_an_ai_seat_is_read_by_the_exact_likelihood_of_its_levels_strategy() -> None:
    setup = new_game(4, 32)
    _, history = normals_game(32, 20)
    start = public_view(setup)
    levels = ("normal", None, "easy", "normal")  # the seats' levels are what is read, not who played
    expected = [[0.0] * CLAN_COUNT for _ in range(4)]
    general = observe(start, [], with_gains=False).loglik
    state = setup.copy()
    for ply, action in enumerate(history):
        seat = state.to_move
        before = history[:ply]
        assert isinstance(action, Move) and state.phase is not Phase.OVER
        level = levels[seat]
        if level is None:
            after = observe(start, history[: ply + 1], with_gains=False).loglik
            row = [a - b for a, b in zip(after[seat], general[seat], strict=True)]
        else:
            policy = level_policy(level, start, before, seat)
            if len(policy.moves) == 1:
                row = [0.0] * CLAN_COUNT
            else:
                i = policy.moves.index(action)
                n = len(policy.moves)
                row = [math.log((1 - SURPRISE) * policy.by_clan[c][i] + SURPRISE / n) for c in range(CLAN_COUNT)]
        expected[seat] = [a + b for a, b in zip(expected[seat], row, strict=True)]
        general = observe(start, history[: ply + 1], with_gains=False).loglik
        play(state, action, seat)
    got = read(start, history, levels)
    for seat in range(4):
        assert got[seat] == pytest.approx(expected[seat], abs=1e-9)


def test_a_hard_seat_is_read_through_normal_while_blind_then_as_a_person(monkeypatch: pytest.MonkeyPatch) -> None:
    setup = new_game(4, 33)
    state, history = normals_game(33, 30)
    start = public_view(setup)
    assert len(state.villages) >= 2
    monkeypatch.setattr(ai.clans.hard, "TOLD_FROM", 10**6)  # blind all along: read as normal
    monkeypatch.setattr(ai.clans.hard, "TOLD_AFTER", 10**6)
    assert read(start, history, ("hard",) * 4) == read(start, history, ("normal",) * 4)
    reading._cache.clear()  # the schedule is a constant the cache does not key on
    monkeypatch.setattr(ai.clans.hard, "TOLD_FROM", 0)  # told from the start: read as a person
    assert read(start, history, ("hard",) * 4) == read(start, history, (None,) * 4)
    reading._cache.clear()
    monkeypatch.setattr(ai.clans.hard, "TOLD_FROM", 2)  # blind, then told: some of each
    mixed = read(start, history, ("hard",) * 4)
    assert mixed != read(start, history, ("normal",) * 4) and mixed != read(start, history, (None,) * 4)
    reading._cache.clear()
    monkeypatch.setattr(ai.clans.hard, "TOLD_FROM", 10**6)  # told after its own 3rd hut move: some of each
    monkeypatch.setattr(ai.clans.hard, "TOLD_AFTER", 3)
    after = read(start, history, ("hard",) * 4)
    assert after != mixed
    assert after != read(start, history, ("normal",) * 4) and after != read(start, history, (None,) * 4)


def test_the_reading_grows_with_the_game_as_it_would_from_scratch() -> None:
    setup = new_game(3, 34)
    _, history = normals_game(34, 18, players=3)
    start = public_view(setup)
    levels = ("normal", "normal", None)
    step = [read(start, history[:n], levels) for n in range(0, len(history) + 1, 5)]
    assert step[-1] != step[0]
    reading._cache.clear()
    assert read(start, history[: 5 * (len(step) - 1)], levels) == step[-1]


def test_levels_are_checked_and_unknown_ones_read_as_people() -> None:
    start = public_view(new_game(3, 35))
    with pytest.raises(ValueError):
        read(start, [], ("normal", "normal"))
    assert exact_levels(("normal", None, "grandmaster")) == ("normal", None, None)


def test_the_exact_reading_reads_normal_seats_better_than_the_general_model() -> None:
    # Over games of four normals, the exact reading puts more mass on the seats' true clans than the
    # general model does, as an observer who knows every seat is a normal AI would.
    exact = general = 0.0
    judged = 0
    for seed in range(40, 46):
        state, history = normals_game(seed, 30)
        start = public_view(new_game(4, seed))
        by_level = read(start, history, ("normal",) * 4)
        by_model = read(start, history, (None,) * 4)
        for observer in range(4):
            own = state.clans[observer]
            for loglik, tally in ((by_level, "exact"), (by_model, "general")):
                beliefs = marginals(assignment_weights(loglik, observer, own), 4)
                mass = sum(beliefs[s][state.clans[s]] for s in range(4) if s != observer)
                if tally == "exact":
                    exact += mass
                else:
                    general += mass
            judged += 3
    assert exact / judged > general / judged + 0.05


def test_a_move_the_strategy_would_not_make_only_weakens_the_reading() -> None:
    setup = new_game(4, 36)
    _, history = normals_game(36, 12)
    start = public_view(setup)
    state = setup.copy()
    for action in history:
        play(state, action, state.to_move)
    policy = level_policy("normal", start, history, state.to_move)
    row = [math.log(SURPRISE / len(policy.moves))] * CLAN_COUNT  # the same small, finite odds for every clan
    outsider = Move(0, 0)  # not a move the strategy knows
    assert exact_evidence("normal", start, history, state.to_move, outsider) == pytest.approx(row)
    played = exact_evidence("normal", start, history, state.to_move, policy.moves[0])
    assert all(x > row[0] for x in played)


def test_hards_beliefs_are_its_reading_and_the_others_the_general_models() -> None:
    state, history = normals_game(37, 26)
    start = public_view(new_game(4, 37))
    levels = ("hard", "normal", "normal", None)
    own = state.clans[0]
    as_hard = ai.clans.clan_beliefs(start, history, 0, own, levels)
    as_people = ai.clans.clan_beliefs(start, history, 0, own)
    assert as_hard == beliefs_from(read(start, history, levels), 0, own)
    assert as_people == beliefs_from(observe(start, history, with_gains=False).loglik, 0, own)
    assert as_hard != as_people
    assert as_hard[0][own] == 1.0 and all(math.isclose(sum(b.values()), 1.0) for b in as_hard)
    with pytest.raises(ValueError):
        ai.clans.clan_beliefs(start, history, 4, own, levels)
