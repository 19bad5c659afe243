"""The game service on a real SQLite database (a file in tmp_path), with fixed seeds."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from service import GameService
from store import Store


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    async with await Store.open(tmp_path / "clans.db") as opened:
        yield opened


@pytest.fixture
def games(store: Store) -> GameService:
    seeds = itertools.count(5)  # seed 5 first: its random play soon reaches a move founding several villages
    return GameService(store, seed_source=lambda: next(seeds))
