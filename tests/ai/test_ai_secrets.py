"""The AI decides from public information and its own clan only."""

from __future__ import annotations

import dataclasses
import re
from itertools import permutations
from pathlib import Path

from ai import choose_action, clan_beliefs
from engine import Action, Clan, GameState, apply, legal_moves, new_game, public_view

AI_DIR = Path(__file__).resolve().parents[2] / "ai"


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


def test_decisions_do_not_depend_on_other_seats_clans() -> None:
    """docs/RULES.md R9.4: deal the other seats every other combination of clans: the AI must not notice."""
    state, history = midgame(seed=11, players=3, moves=12)
    real = new_game(3, 11)
    seat = state.to_move
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
            decisions.add(choose_action(level, start, history, seat, own, seed=9, iterations=16))
            beliefs.append(clan_beliefs(start, history, seat, own))
        assert len(decisions) == 1, level
        assert all(b == beliefs[0] for b in beliefs)


def test_ai_source_reads_no_clans_attribute() -> None:
    """``.clans`` would be the way to a secret: the AI package never reads it (guessed clans are passed around)."""
    offenders = []
    for path in AI_DIR.glob("*.py"):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"\.clans\b", line):
                offenders.append(f"{path.name}:{number}: {line.strip()}")
    assert not offenders, offenders
