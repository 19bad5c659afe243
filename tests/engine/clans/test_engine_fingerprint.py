"""The engine plays exactly the games it always played: seeded setups, checked games and random playouts on
both maps, hashed and compared with fingerprint.json.

fingerprint.json was written once, from the engine of main at ab8ee4e, before the playout was made faster;
it is never to be written again. The AI's published figures come from rollouts that draw from a seeded
``random.Random``: if one draw moves, a game changes and this test fails. Each fingerprint hashes the states
reached (their JSON form), every listing the public functions give along the way, and the random generator's
state after each playout (so a playout that draws once more or once less fails too, even if it happened to
end the same game).
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.clans import (
    MAP_FILES,
    founding_moves,
    has_hut_move,
    legal_moves,
    live_territories,
    load_board,
    new_game,
    play,
    random_playout,
    villages_founded,
)

EXPECTED = json.loads((Path(__file__).parent / "fingerprint.json").read_text(encoding="utf-8"))
GAMES = 200
CASES = [(map_id, players) for map_id in sorted(MAP_FILES) for players in (2, 3, 4)]


def digest(lines: Iterator[str]) -> str:
    hashed = hashlib.sha256()
    for line in lines:
        hashed.update(line.encode())
        hashed.update(b"\n")
    return hashed.hexdigest()


def rng_state(rng: random.Random) -> str:
    return repr(rng.getstate())


def setups(map_id: str, players: int) -> Iterator[str]:
    board = load_board(map_id)
    for seed in range(GAMES):
        yield new_game(players, seed, board).to_json()


def playouts(map_id: str, players: int) -> Iterator[str]:
    """Whole random games with the fast playout, from the setup."""
    board = load_board(map_id)
    for seed in range(GAMES):
        state = new_game(players, seed, board)
        rng = random.Random(seed * 7919 + players)
        random_playout(state, rng)
        yield state.to_json()
        yield rng_state(rng)


def listings(state_seed: int, plies: int, map_id: str, players: int) -> Iterator[str]:
    """A checked random game's first ``plies`` actions, with what each listing function says before each one;
    then the fast playout from there (a position waiting for a village order included), on the same stream."""
    board = load_board(map_id)
    state = new_game(players, state_seed, board)
    rng = random.Random(state_seed)
    for _ in range(plies):
        if state.over:
            break
        moves = legal_moves(state)
        live = live_territories(state)
        yield " ".join(m.text for m in moves)
        yield f"{live} {has_hut_move(state)} {[m.text for m in founding_moves(state)]}"
        yield str([villages_founded(state, t) for t in live])
        play(state, rng.choice(moves))
    yield state.to_json()
    random_playout(state, rng)
    yield state.to_json()
    yield rng_state(rng)


def middles(map_id: str, players: int) -> Iterator[str]:
    for seed in range(GAMES):
        yield from listings(seed, seed % 45, map_id, players)


FINGERPRINTS = {"setups": setups, "playouts": playouts, "middles": middles}


def fingerprints() -> dict[str, str]:
    """Every fingerprint by its key, ``<kind>/<map>/<players>``."""
    return {
        f"{kind}/{map_id}/{players}": digest(make(map_id, players))
        for kind, make in FINGERPRINTS.items()
        for map_id, players in CASES
    }


def test_every_case_has_its_fingerprint() -> None:
    assert sorted(EXPECTED) == sorted(f"{kind}/{m}/{p}" for kind in FINGERPRINTS for m, p in CASES)


@pytest.mark.parametrize("kind", sorted(FINGERPRINTS))
@pytest.mark.parametrize(("map_id", "players"), CASES)
def test_the_engine_plays_the_games_it_always_played(kind: str, map_id: str, players: int) -> None:
    assert digest(FINGERPRINTS[kind](map_id, players)) == EXPECTED[f"{kind}/{map_id}/{players}"]
