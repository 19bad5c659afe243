"""``LiveTracker`` plays a hut move exactly as ``apply`` does and keeps what the listing functions would say.

Whole random games on each map, two to four seats (one game with a seat resigned early): every hut move is
played on one copy through the tracker and on another through ``apply``; the two states must have the same
JSON form, the tracker's ``live`` must be ``live_territories``'s listing (order included), its ``lonely``
the live territories with a single occupied neighbour, and ``founding_sources`` the territories a move from
founds villages (``villages_founded``), each once, those with a legal move in ``founding_moves``' order.
"""

from __future__ import annotations

import random

from engine.clans import (
    GameState,
    LiveTracker,
    Phase,
    Resign,
    apply,
    founding_moves,
    legal_moves,
    live_territories,
    load_board,
    new_game,
    play,
    villages_founded,
)


def first_sources(state: GameState) -> list[int]:
    sources: list[int] = []
    for move in founding_moves(state):
        if move.src not in sources:
            sources.append(move.src)
    return sources


def lonely_bits(state: GameState) -> int:
    masks = state.board.neighbour_mask
    bits = 0
    for t in live_territories(state):
        if (state.occupied & masks[t]).bit_count() == 1:
            bits |= 1 << t
    return bits


def assert_tracks(tracker: LiveTracker, state: GameState) -> None:
    assert tracker.live == live_territories(state)
    assert tracker.lonely == lonely_bits(state)
    sources = tracker.founding_sources()
    assert len(set(sources)) == len(sources)
    assert set(sources) == {t for t in range(1, state.board.size + 1) if state.counts[t] and villages_founded(state, t)}
    with_moves = first_sources(state)
    assert [t for t in sources if t in with_moves] == with_moves


def play_game(state: GameState, rng: random.Random) -> int:
    """Play ``state`` to the end by random legal actions, the hut moves through a tracker; returns how many
    hut moves founded villages."""
    tracked = state.copy()
    tracker = LiveTracker(tracked)
    assert_tracks(tracker, tracked)
    founding = 0
    while not state.over:
        action = rng.choice(legal_moves(state))
        if state.phase is Phase.MOVE:
            founding += bool(tracker.founding_sources() and action.src in tracker.founding_sources())
            tracker.move(action.src, action.dst)
        else:
            apply(tracked, action)
        apply(state, action)
        assert tracked.to_json() == state.to_json()
        assert_tracks(tracker, tracked)
    return founding


def test_the_tracker_plays_and_lists_as_apply_and_the_listings_do(map_id: str) -> None:
    board = load_board(map_id)
    founding = 0
    for seed in range(30):
        players = 2 + seed % 3
        rng = random.Random(seed)
        founding += play_game(new_game(players, seed, board), rng)
    assert founding > 100  # the founding moves, with one village or several, were played too


def test_the_tracker_passes_over_a_resigned_seat() -> None:
    state = new_game(4, 11)
    rng = random.Random(11)
    for _ in range(5):
        play(state, rng.choice(legal_moves(state)))
    play(state, Resign((state.to_move + 2) % 4))
    resigned = state.resigned.index(True)
    tracked = state.copy()
    play_game(state, rng)
    assert state.resigned[resigned]
    tracker = LiveTracker(tracked)
    while tracked.phase is Phase.MOVE:
        assert tracked.to_move != resigned
        move = legal_moves(tracked)[0]
        tracker.move(move.src, move.dst)
        while tracked.phase is Phase.ORDER:
            apply(tracked, legal_moves(tracked)[0])
