"""STYLE.md 14-15: seeded random games played to the end, with the invariants checked after every action.

300 games are played move by move through the checked ``play`` (2, 3 and 4 players), each mirrored by the
unchecked ``apply``; 500 more run through the fast ``random_playout``. (The engine's fingerprints,
test_engine_fingerprint.py, hold thousands more checked and random games to the moves they always played.)
"""

from __future__ import annotations

import random

import pytest
from positions import random_position

from engine.clans import (
    CLAN_COUNT,
    HUTS_PER_CLAN,
    MAP_FILES,
    EndReason,
    GameState,
    Move,
    Phase,
    apply,
    draw_hut_move,
    draw_village_choice,
    final_result,
    has_hut_move,
    legal_moves,
    live_territories,
    load_board,
    new_game,
    play,
    random_playout,
    replay,
)

EPOCH_OF_CHIP = [1, 1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 5]
MAX_ACTIONS = 59 + 12
"""Each hut move empties a territory (60 at the start, at least one left); each village choice founds one."""

CHUNKS = 3
GAMES_PER_CHUNK = 100


def check_invariants(state: GameState, previous_scores: list[int]) -> None:
    board = state.board
    masks = board.neighbour_mask
    # every hut accounted for: 12 per colour, on the board or removed
    for c in range(CLAN_COUNT):
        assert sum(row[c] for row in state.huts) + state.removed[c] == HUTS_PER_CLAN
    assert all(n >= 0 for row in state.huts for n in row) and all(n >= 0 for n in state.removed)
    assert state.counts == [sum(row) for row in state.huts]
    assert state.occupied == sum(1 << t for t, n in enumerate(state.counts) if n)
    # scores never decrease, and are exactly what the villages gave
    assert all(now >= before for now, before in zip(state.scores, previous_scores, strict=True))
    scores = [0] * CLAN_COUNT
    assert len(state.villages) <= 12
    assert sum(state.chips) == len(state.villages)
    village_at = set()
    for number, v in enumerate(state.villages, start=1):
        assert v.number == number and v.epoch == EPOCH_OF_CHIP[number - 1]
        assert v.terrain is board.terrain[v.territory]
        assert not state.occupied & masks[v.territory], "a village stays isolated"
        if v.destroyed or not v.size:
            assert v.value == 0 and state.counts[v.territory] == 0
        else:
            assert tuple(state.huts[v.territory]) == v.huts and v.value >= v.size
        if v.strife:
            assert v.huts == tuple(0 if n == 1 else n for n in v.huts_before)
        else:
            assert v.huts == v.huts_before
        for c in v.colours:
            scores[c] += v.value
        village_at.add(v.territory)
    assert len(village_at) == len(state.villages)
    assert scores == state.scores
    # the phase says what the game waits for
    moves = legal_moves(state)
    lonely = {t for t in range(1, 61) if state.counts[t] and not state.occupied & masks[t]}
    if state.phase is Phase.ORDER:
        assert len(state.pending) >= 2 and set(state.pending) <= lonely - village_at
        assert moves == [Move.village(t) for t in state.pending]
    else:
        assert state.pending == ()
    if state.phase is Phase.MOVE:
        assert moves and has_hut_move(state)
        assert lonely <= village_at, "every isolated territory is a village"
    if state.phase is Phase.OVER:
        assert moves == []
        if state.end_reason is EndReason.TWELFTH_VILLAGE:
            assert len(state.villages) == 12
        else:
            assert state.end_reason is EndReason.NO_MOVES and not has_hut_move(state)
            assert lonely <= village_at and len(state.villages) < 12
        result = final_result(state)
        assert result.totals == tuple(state.scores[c] + n for c, n in zip(state.clans, state.chips, strict=True))
        assert result.winners and all(result.totals[w] == max(result.totals) for w in result.winners)
    assert state.ply <= MAX_ACTIONS and state.turn <= 59
    # every state round-trips through JSON
    text = state.to_json()
    again = GameState.from_json(text)
    assert again == state and again.to_json() == text


def play_checked_game(seed: int) -> tuple[GameState, list[Move]]:
    players = 2 + seed % 3
    rng = random.Random(seed)
    state = new_game(players, seed)
    twin = new_game(players, seed)
    log: list[Move] = []
    scores = state.scores[:]
    check_invariants(state, scores)
    while not state.over:
        move = rng.choice(legal_moves(state))
        play(state, move, seat=state.to_move)
        apply(twin, move)
        log.append(move)
        assert twin == state, "unchecked apply must do exactly what play does"
        check_invariants(state, scores)
        scores = state.scores[:]
        assert state.ply == len(log) <= MAX_ACTIONS
    return state, log


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_the_invariants(chunk: int) -> None:
    ended = {reason: 0 for reason in EndReason}
    for seed in range(chunk * GAMES_PER_CHUNK, (chunk + 1) * GAMES_PER_CHUNK):
        state, log = play_checked_game(seed)
        ended[state.end_reason] += 1  # type: ignore[index]
        if seed % 10 == 0:
            again, log_again = play_checked_game(seed)
            assert again == state and log_again == log, "same seed, same game"
        assert replay(seed, state.players, log) == state, "same seed and moves, same state"
    assert ended[EndReason.TWELFTH_VILLAGE] > 0


@pytest.mark.parametrize("map_id", tuple(MAP_FILES))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_end_in_legal_positions(players: int, map_id: str) -> None:
    """The fast playout, on each map: every game ends, deterministically from its rng, in a valid final state."""
    board = load_board(map_id)
    for seed in range(500 // 3 + 1):
        state = new_game(players, seed, board)
        random_playout(state, random.Random(seed))
        assert state.over and state.board is board
        check_invariants(state, [0] * CLAN_COUNT)
        again = new_game(players, seed, board)
        random_playout(again, random.Random(seed))
        assert again == state


def test_random_playout_from_the_middle_of_a_game() -> None:
    """The playout continues any position, including one waiting for a village order."""
    ordering = 0
    for seed in range(200):
        state = random_position(seed, 20 + seed % 30, players=2 + seed % 3)
        scores = state.scores[:]
        ordering += state.phase is Phase.ORDER
        random_playout(state, random.Random(seed))
        assert state.over
        check_invariants(state, scores)
    assert ordering > 0, "no start position was waiting for an order"


def reference_playout(state: GameState, rng: random.Random) -> list[Move]:
    """random_playout as it was first written, action by action through the checked ``play``: the live
    territories listed afresh before each draw in the order the fast one keeps them (a territory leaving takes
    the last one's place), each action checked against ``legal_moves``. Returns the actions played."""
    rand = rng.random
    live = live_territories(state)
    log: list[Move] = []
    while not state.over:
        if state.phase is Phase.ORDER:
            move = draw_village_choice(state, rand)
        else:
            move = Move(*draw_hut_move(live, state.board.neighbours, state.counts, rand))
        assert move in legal_moves(state)
        play(state, move)
        log.append(move)
        now = set(live_territories(state))
        for t in [t for t in [move.src, *state.board.neighbours[move.src]] if t in live and t not in now]:
            live[live.index(t)] = live[-1]
            live.pop()
        assert sorted(live) == sorted(now)
    return log


@pytest.mark.parametrize("map_id", tuple(MAP_FILES))
def test_playout_plays_the_reference_playouts_legal_game(map_id: str) -> None:
    """random_playout plays exactly the game of the slow reference (every action legal, the same draws), from
    the setup and from the middle of games (some waiting for a village order); its game replays to its state."""
    board = load_board(map_id)
    ordering = 0
    for seed in range(120):
        state = random_position(seed, seed % 40, players=2 + seed % 3, board=board)
        ordering += state.phase is Phase.ORDER
        start, twin = state.copy(), state.copy()
        fast, slow = random.Random(seed), random.Random(seed)
        random_playout(state, fast)
        log = reference_playout(twin, slow)
        assert twin == state and fast.getstate() == slow.getstate()
        again = start.copy()
        for move in log:
            play(again, move)
        assert again == state
        if start.ply == 0:
            assert replay(seed, state.players, log, board) == state
    assert ordering > 0, "no start position was waiting for an order"
