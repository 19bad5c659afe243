"""Every AI decision is a legal action, whole games finish, and the same seed gives the same game."""

from __future__ import annotations

import random

import pytest

from ai.clans import AI_LEVELS, choose_action
from ai.clans import belief as belief_module
from engine.clans import Action, GameState, Move, Phase, apply, legal_moves, new_game, play, public_view

HARD_ITERATIONS = 24


def play_ai_game(
    levels: tuple[str, ...], seed: int, stats: dict[str, int] | None = None
) -> tuple[GameState, list[Action]]:
    state = new_game(len(levels), seed)
    start = public_view(state)
    history: list[Action] = []
    while not state.over:
        seat = state.to_move
        level = levels[seat]
        move = choose_action(
            level,
            start,
            history,
            seat,
            state.clans[seat],
            seed=seed,
            iterations=HARD_ITERATIONS if level == "hard" else None,
        )
        assert isinstance(move, Move)
        assert move in legal_moves(state), f"{level} chose illegal {move} in phase {state.phase}"
        if stats is not None and state.phase is Phase.ORDER:
            stats[level] = stats.get(level, 0) + 1
        play(state, move, seat)  # the checked path: raises IllegalMove if it is not legal
        history.append(move)
    return state, history


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_level_moves_legally_to_the_end(players: int) -> None:
    stats: dict[str, int] = {}
    for seed in range(3):  # the levels rotate through the seats: each level plays each seat once
        levels = tuple(AI_LEVELS[(seed + s) % 3] for s in range(players))
        state, history = play_ai_game(levels, 1000 * players + seed, stats)
        assert state.over
        assert len(history) >= state.turn


def order_positions(count: int) -> list[tuple[GameState, list[Action]]]:
    """Games brought (by seeded random play) to a move that founds several villages at once."""
    found: list[tuple[GameState, list[Action]]] = []
    seed = 0
    while len(found) < count:
        rng = random.Random(seed)
        state = new_game(2 + seed % 3, seed)
        history: list[Action] = []
        while not state.over and state.phase is not Phase.ORDER:
            move = rng.choice(legal_moves(state))
            apply(state, move)
            history.append(move)
        if state.phase is Phase.ORDER:
            found.append((new_game(state.players, seed), history))
        seed += 1
    return found


@pytest.mark.parametrize("level", AI_LEVELS)
def test_village_order_choices_are_legal(level: str) -> None:
    for setup, history in order_positions(4):
        state = setup.copy()
        for action in history:
            apply(state, action)
        assert state.phase is Phase.ORDER
        seat = state.to_move
        move = choose_action(level, public_view(setup), history, seat, setup.clans[seat], seed=3, iterations=16)
        assert move in legal_moves(state) and move.is_village_choice and move.src in state.pending
        play(state, move, seat)


@pytest.mark.parametrize("level", AI_LEVELS)
def test_same_seed_same_decisions(level: str) -> None:
    levels = (level, "normal", level)
    _, first = play_ai_game(levels, 77)
    belief_module._tracks.clear()  # a cold cache must not change anything either
    _, second = play_ai_game(levels, 77)
    assert first == second


def test_a_different_seed_may_change_easy_decisions() -> None:
    histories = {tuple(play_ai_game(("easy", "easy"), 5)[1])}
    state = new_game(2, 5)
    start = public_view(state)
    moves = {choose_action("easy", start, [], state.to_move, state.clans[state.to_move], seed=s) for s in range(20)}
    assert len(moves) > 1 and histories


def test_wrong_seat_or_level_is_refused() -> None:
    state = new_game(3, 4)
    start = public_view(state)
    other = (state.to_move + 1) % 3
    with pytest.raises(ValueError):
        choose_action("normal", start, [], other, state.clans[other], seed=1)
    with pytest.raises(ValueError):
        choose_action("grandmaster", start, [], state.to_move, state.clans[state.to_move], seed=1)


def test_hard_with_a_time_budget_answers_legally() -> None:
    state = new_game(4, 8)
    start = public_view(state)
    history: list[Action] = []
    for _ in range(3):
        seat = state.to_move
        move = choose_action("hard", start, history, seat, state.clans[seat], seed=8, budget_s=0.05)
        assert move in legal_moves(state)
        play(state, move, seat)
        history.append(move)


def count_rollouts(monkeypatch: pytest.MonkeyPatch, clock_step_s: float) -> list[int]:
    """Count hard's rollouts, on a clock that advances ``clock_step_s`` at every reading."""
    import ai.clans.hard

    played = [0]
    now = [0.0]
    real_playout = ai.clans.hard.informed_playout

    def playout(*args: object) -> None:
        played[0] += 1
        real_playout(*args)  # type: ignore[arg-type]

    def perf_counter() -> float:
        now[0] += clock_step_s
        return now[0]

    monkeypatch.setattr(ai.clans.hard, "informed_playout", playout)
    monkeypatch.setattr(ai.clans.hard.time, "perf_counter", perf_counter)
    return played


def test_hard_plays_its_rollouts_unless_the_budget_runs_out_first(monkeypatch: pytest.MonkeyPatch) -> None:
    state = new_game(3, 8)
    start, seat = public_view(state), state.to_move
    played = count_rollouts(monkeypatch, clock_step_s=0.0)  # a clock that never moves: no cap
    move = choose_action("hard", start, [], seat, state.clans[seat], seed=8, budget_s=1.0, iterations=400)
    assert move in legal_moves(state) and 300 <= played[0] <= 400  # all of them, spread over the halving rounds
    unbounded = played[0]
    played = count_rollouts(monkeypatch, clock_step_s=10.0)  # every reading is 10 s later: the cap bites
    move = choose_action("hard", start, [], seat, state.clans[seat], seed=8, budget_s=1.0, iterations=400)
    assert move in legal_moves(state) and 0 < played[0] < unbounded / 4  # one per candidate per round
