"""The game service on a real database, once on SQLite and once on PostgreSQL, with fixed seeds."""

from __future__ import annotations

import itertools

import pytest

from service.clans.games import ClansService
from store import Store


@pytest.fixture
def games(store: Store) -> ClansService:
    seeds = itertools.count(5)  # seed 5 first: its random play soon reaches a move founding several villages
    return ClansService(store, seed_source=lambda: next(seeds))
