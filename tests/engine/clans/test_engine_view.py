"""docs/RULES.md R9: the public view holds no clan before the end."""

from __future__ import annotations

import dataclasses
import enum
import random

from positions import random_position

from engine.clans import (
    Board,
    Clan,
    GameState,
    legal_moves,
    new_game,
    play,
    public_view,
    random_playout,
    state_from_view,
)


def walk(value: object, path: str = "view", seen: set[int] | None = None):  # type: ignore[no-untyped-def]
    """Yield (path, field name, value) for everything reachable through dataclasses and containers."""
    seen = set() if seen is None else seen
    if id(value) in seen or (isinstance(value, str | int | float | type(None)) and not isinstance(value, enum.Enum)):
        return
    seen.add(id(value))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            child = getattr(value, f.name)
            yield f"{path}.{f.name}", f.name, child
            yield from walk(child, f"{path}.{f.name}", seen)
    elif isinstance(value, dict):
        for k, child in value.items():
            yield f"{path}[{k!r}]", str(k), child
            yield from walk(child, f"{path}[{k!r}]", seen)
    elif isinstance(value, list | tuple | set | frozenset):
        for i, child in enumerate(value):
            yield f"{path}[{i}]", "", child
            yield from walk(child, f"{path}[{i}]", seen)


def leaks(view: object, fixed_facts: bool = False) -> list[str]:
    """Paths to anything naming or holding a clan; the map and chart are skipped unless ``fixed_facts``."""
    found = []
    seen = set() if fixed_facts else {id(view.board), id(view.chart)}  # type: ignore[attr-defined]
    for path, name, value in walk(view, seen=seen):
        if "clan" in name.lower() and name != "clan_scores":
            found.append(path)
        if isinstance(value, Clan):
            found.append(path)
    return found


def test_public_view_has_no_clans_during_the_game(board: Board) -> None:
    """docs/RULES.md R9.1: nothing public may learn which player holds which clan."""
    rng = random.Random(3)
    for seed in range(12):
        state = new_game(2 + seed % 3, seed, board)
        while not state.over:
            view = public_view(state)
            assert not hasattr(view, "clans")
            assert view.result is None
            assert leaks(view) == [], leaks(view)
            play(state, rng.choice(legal_moves(state)))
        assert public_view(state).result is not None


def test_map_and_chart_hold_no_clan() -> None:
    """The fixed facts a view carries (map, chart) cannot hold a secret either."""
    assert leaks(public_view(new_game(2, 1)), fixed_facts=True) == []


def test_the_leak_detector_finds_clans() -> None:
    """The detector itself must see a secret where there is one (the result at the end)."""
    state = new_game(3, 1)
    random_playout(state, random.Random(1))
    view = public_view(state)
    assert view.result is not None and view.result.clans == state.clans
    assert any(path.startswith("view.result.clans") for path in leaks(view))


def test_public_view_shows_the_public_facts() -> None:
    """docs/RULES.md R9.2: huts, villages, clan scores and chips taken are public."""
    state = random_position(5, 40, players=4)
    view = public_view(state)
    assert view.huts == tuple(tuple(h) for h in state.huts)
    assert view.villages == tuple(state.villages) and view.scores == tuple(state.scores)
    assert view.chips == tuple(state.chips) and view.removed == tuple(state.removed)
    assert (view.to_move, view.turn, view.ply, view.phase, view.pending) == (
        state.to_move,
        state.turn,
        state.ply,
        state.phase,
        state.pending,
    )
    assert view.epoch == state.epoch and view.chips_left == state.chips_left
    assert all(view.count(t) == state.counts[t] for t in range(1, 61))


def test_state_repr_hides_the_clans() -> None:
    """docs/RULES.md R9.1: a GameState printed in a log or error text shows no clan."""
    state = new_game(4, 9)
    text = repr(state)
    assert "clans" not in text
    assert all(clan.name not in text and "<Clan." not in text for clan in Clan)


def test_view_is_frozen() -> None:
    view = public_view(new_game(2, 1))
    try:
        view.to_move = 1  # type: ignore[misc]
    except dataclasses.FrozenInstanceError:
        pass
    else:
        raise AssertionError("PublicView must be immutable")
    assert isinstance(new_game(2, 1), GameState)


def test_state_from_view_rebuilds_a_playable_state(board: Board) -> None:
    """STYLE.md 8: search plays forward from the public view with guessed clans, and only guesses differ."""
    for seed in range(20):
        state = random_position(seed, seed * 3, players=2 + seed % 3, board=board)
        view = public_view(state)
        assert state_from_view(view, state.clans, state.seed) == state
        guess = tuple(reversed(state.clans))
        guessed = state_from_view(view, guess)
        assert guessed.clans == guess and legal_moves(guessed) == legal_moves(state)
        random_playout(guessed, random.Random(seed))
        assert guessed.over


def test_state_from_view_needs_one_distinct_clan_per_player() -> None:
    view = public_view(new_game(3, 1))
    for clans in ([Clan.RED, Clan.BLUE], [Clan.RED, Clan.RED, Clan.BLUE]):
        try:
            state_from_view(view, clans)
        except ValueError:
            continue
        raise AssertionError(f"{clans} accepted")
