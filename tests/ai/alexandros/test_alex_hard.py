"""Alexandros' hard level: every choice judged on the same worlds with the same replies (common random
numbers), and more worlds where the game's end is near."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from ai.alexandros import hard
from ai.alexandros.evaluate import NORMAL
from ai.alexandros.hard import HARD, choose_hard
from ai.alexandros.search import Line, TurnSearch
from engine.alexandros import ChoosePath, GameState, Phase, apply, legal_actions, new_game, private_view


def opening(players: int = 4, seed: int = 3) -> GameState:
    state = new_game(players, seed)
    assert state.phase is Phase.MOVE
    return state


def path_position() -> GameState:
    """A position where Alexander's move leaves a choice among many wall paths."""
    for seed in range(1, 40):
        state = new_game(2, seed)
        for move in legal_actions(state):
            reached = state.copy()
            apply(reached, move)
            if reached.phase is Phase.PATH and len(legal_actions(reached)) > 3:
                return reached
    raise AssertionError("no move with more than three wall paths")


def test_a_played_on_search_draws_nothing_from_its_random_numbers() -> None:
    """With ``common`` set, a search answers the same whatever its random numbers have done before: ties go
    to the engine's order and the wall paths judged are chosen by a hash of the salt, not drawn."""
    state = path_position()
    seat = state.to_move
    rng = random.Random(1)
    before = rng.getstate()
    first = TurnSearch(seat, NORMAL, rng, beam=0, follow=0, scout=2, paths=2, common=7).lines(state)
    assert rng.getstate() == before
    other = random.Random(99)
    other.random()
    again = TurnSearch(seat, NORMAL, other, beam=0, follow=0, scout=2, paths=2, common=7).lines(state)
    assert [line.actions for line in first] == [line.actions for line in again]
    assert all(isinstance(line.actions[0], ChoosePath) for line in first)
    assert len({line.actions[0] for line in first}) <= 2


def test_the_salt_chooses_which_wall_paths_a_played_on_search_judges() -> None:
    state = path_position()
    judged = {
        frozenset(
            line.actions[0]
            for line in TurnSearch(state.to_move, NORMAL, random.Random(0), 0, 0, 2, 1, salt).lines(state)
        )
        for salt in range(12)
    }
    assert len(judged) > 1


def record_play_ons(monkeypatch: pytest.MonkeyPatch) -> list[tuple[object, GameState, int]]:
    """Replace hard's play-on by one that records each (choice, world, the first number its rng draws)."""
    seen: list[tuple[object, GameState, int]] = []

    def fake(world: GameState, line: Line, seat: int, rng: random.Random, *_: object) -> float:
        seen.append((line.first, world, rng.randrange(2**32)))
        return float(len(seen) % 5)

    monkeypatch.setattr(hard, "play_on", fake)
    return seen


def test_every_choice_is_played_in_the_same_worlds_with_the_same_random_numbers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen = record_play_ons(monkeypatch)
    state = opening()
    choose_hard(private_view(state, state.to_move), random.Random(5))
    choices = list(dict.fromkeys(choice for choice, _, _ in seen))
    assert len(choices) == HARD.candidates
    per_choice = [[(id(world), draw) for c, world, draw in seen if c == choice] for choice in choices]
    assert len(per_choice[0]) == HARD.worlds
    assert all(worlds == per_choice[0] for worlds in per_choice)
    hands = {tuple(map(tuple, world.hands)) for _, world, _ in seen}
    assert len(hands) == HARD.worlds  # the worlds differ in the cards hard cannot see


def test_near_the_end_every_choice_is_played_in_more_worlds(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = record_play_ons(monkeypatch)
    state = opening()
    settings = replace(HARD, late_walls=3, late_worlds=8)
    state.black_left = 3 * state.players + 1
    choose_hard(private_view(state, state.to_move), random.Random(5), settings=settings)
    assert len(seen) == settings.candidates * settings.worlds
    seen.clear()
    state.black_left = 3 * state.players
    choose_hard(private_view(state, state.to_move), random.Random(5), settings=settings)
    assert len(seen) == settings.candidates * 8
