"""The AI decides from public information and its own clan only."""

from __future__ import annotations

import dataclasses
import pickle
import re
from itertools import permutations
from pathlib import Path

import pytest

from ai.clans import clan_beliefs
from ai.clans import hard as hard_ai
from ai.clans.reading import read
from engine.clans import Action, Clan, GameState, Phase, apply, legal_moves, new_game, public_view
from service.ai_pool import AiPool
from service.clans.ai_client import ClansAi

SETUP_SEED = 0x2F3A_91C4_55E0_1B7D
"""A game's setup seed as the bot draws them (62 random bits): it rebuilds every player's clan."""

ROOT = Path(__file__).resolve().parents[3]
LAYERS = {"ai", "cogs", "data", "engine", "registry", "render", "service", "store", "terminal", "texts"}
"""``engine.clans``, ``ai.clans`` …: a layer's Clans package, not a secret."""


def midgame(seed: int, players: int, moves: int) -> tuple[GameState, list[Action]]:
    state = new_game(players, seed)
    history: list[Action] = []
    for i in range(moves):
        move = legal_moves(state)[(i * 7919) % len(legal_moves(state))]
        apply(state, move)
        history.append(move)
    return state, history


def test_start_view_carries_no_clans() -> None:
    view = public_view(new_game(4, 3))
    assert not hasattr(view, "clans")
    assert "clans" not in {f.name for f in dataclasses.fields(view)}


def test_the_ais_inputs_cannot_rebuild_the_deal() -> None:
    """What a worker gets for a decision (the bot's request, for the real game) holds neither the
    setup seed nor anything derived from it: the same request arrives for a game dealt otherwise."""
    state, history = midgame(seed=SETUP_SEED, players=3, moves=12)
    real = new_game(3, SETUP_SEED)
    assert new_game(3, SETUP_SEED).clans == real.clans  # the setup seed alone is the whole deal
    seat = state.to_move
    ai = ClansAi(AiPool(secret=b"the bot's own secret"))  # never started: it only builds the request
    request = ai.decision("hard", public_view(real), history, seat, real.clans[seat], game_id=5)
    assert request.seed != SETUP_SEED
    assert SETUP_SEED.to_bytes(8, "little") not in pickle.dumps(request)
    assert "seed" not in {f.name for f in dataclasses.fields(request.start)}
    # The AI's seed is a function of the game id, the ply and the seat under the pool's secret only.
    other_deal = new_game(3, SETUP_SEED + 1)
    assert other_deal.clans != real.clans
    same_spot = ai.decision("hard", public_view(other_deal), history, seat, real.clans[seat], game_id=5)
    assert same_spot.seed == request.seed
    # Another bot process (another secret) seeds its AI otherwise, for the same game.
    another = ClansAi(AiPool(secret=b"another"))
    assert another.decision("hard", request.start, history, seat, real.clans[seat], game_id=5).seed != request.seed


def late_game(seed: int, players: int, villages: int) -> tuple[GameState, list[Action]]:
    """A seeded game played on until ``villages`` villages stand, a hut move to make."""
    state = new_game(players, seed)
    history: list[Action] = []
    i = 0
    while len(state.villages) < villages or state.phase is not Phase.MOVE:
        moves = legal_moves(state)
        move = moves[(i * 7919) % len(moves)]
        apply(state, move)
        history.append(move)
        i += 1
    assert not state.over
    return state, history


@pytest.mark.parametrize("late", [False, True])
def test_decisions_do_not_depend_on_other_seats_clans(late: bool) -> None:
    """docs/RULES.md R9.4: deal the other seats every other combination of clans: the AI must not notice.
    The seats' levels (public) travel with the request; hard reads the AI seats by them, blind to its clan
    early and told it late (``late``: past ai.clans.hard.TOLD_FROM villages)."""
    if late:
        state, history = late_game(SETUP_SEED, 3, hard_ai.TOLD_FROM)
    else:
        state, history = midgame(seed=SETUP_SEED, players=3, moves=12)
    real = new_game(3, SETUP_SEED)
    seat = state.to_move
    ai = ClansAi(AiPool(secret=b"the bot's own secret"))
    own = real.clans[seat]
    rest = [c for c in Clan if c != own]
    table = ["normal", "easy", None]
    for level in ("easy", "normal", "hard"):
        levels = table[:]
        levels[seat] = level
        decisions = set()
        beliefs = []
        for others in list(permutations(rest, 2))[:5]:
            clans = list(others)
            clans.insert(seat, own)
            game = dataclasses.replace(real, clans=tuple(clans))  # same public game, other secrets
            start = public_view(game)
            request = ai.decision(level, start, history, seat, own, game_id=5, rollouts=16, levels=levels)
            assert request.seed != SETUP_SEED and request.levels == tuple(levels)
            decisions.add(request.solve())
            beliefs.append(clan_beliefs(start, history, seat, own))
        assert len(decisions) == 1, level
        assert all(b == beliefs[0] for b in beliefs)


def test_hard_reads_ai_seats_by_their_public_level_only() -> None:
    """What hard reads of the other seats is a function of the public game and their levels: the same
    whatever clans they hold, and another when a seat's level is another."""
    _, history = midgame(seed=SETUP_SEED, players=3, moves=15)
    real = new_game(3, SETUP_SEED)
    readings = []
    for others in permutations(list(Clan), 3):
        game = dataclasses.replace(real, clans=tuple(others))
        readings.append(read(public_view(game), history, ("normal", "easy", "hard")))
    assert all(r == readings[0] for r in readings)
    assert read(public_view(real), history, ("normal", None, "hard")) != readings[0]


def test_ai_source_reads_no_clans_attribute() -> None:
    """``.clans`` would be the way to a secret: the AI package never reads it (guessed clans are passed around)."""
    offenders = []
    paths = sorted((ROOT / "ai").glob("*/*.py"))
    assert ROOT / "ai" / "clans" / "players.py" in paths
    for path in paths:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if any(match[1] not in LAYERS for match in re.finditer(r"(\w+)\.clans\b", line)):
                offenders.append(f"{path.name}:{number}: {line.strip()}")
    assert not offenders, offenders
