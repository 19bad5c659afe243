"""The AI decides from public information and its own clan only."""

from __future__ import annotations

import dataclasses
import pickle
import re
from itertools import permutations
from pathlib import Path

from ai.clans import choose_action, clan_beliefs
from engine.clans import Action, Clan, GameState, apply, legal_moves, new_game, public_view
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


def test_decisions_do_not_depend_on_other_seats_clans() -> None:
    """docs/RULES.md R9.4: deal the other seats every other combination of clans: the AI must not notice."""
    state, history = midgame(seed=SETUP_SEED, players=3, moves=12)
    real = new_game(3, SETUP_SEED)
    seat = state.to_move
    ai = ClansAi(AiPool(secret=b"the bot's own secret"))
    own = real.clans[seat]
    rest = [c for c in Clan if c != own]
    for level in ("easy", "normal", "hard"):
        decisions = set()
        beliefs = []
        for others in list(permutations(rest, 2))[:5]:
            clans = list(others)
            clans.insert(seat, own)
            game = dataclasses.replace(real, clans=tuple(clans))  # same public game, other secrets
            start = public_view(game)
            request = ai.decision(level, start, history, seat, own, game_id=5, rollouts=16)
            assert request.seed != SETUP_SEED
            decisions.add(choose_action(level, start, history, seat, own, request.seed, iterations=request.rollouts))
            beliefs.append(clan_beliefs(start, history, seat, own))
        assert len(decisions) == 1, level
        assert all(b == beliefs[0] for b in beliefs)


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
