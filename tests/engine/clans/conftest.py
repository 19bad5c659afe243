"""The engine's rule tests that hold on any map take ``map_id`` and run once on each map a game may be played on."""

from __future__ import annotations

import pytest
from reference import MAP_FILES as REFERENCE_MAPS

from engine.clans import MAP_FILES, Board, load_board


@pytest.fixture(params=tuple(MAP_FILES))
def map_id(request: pytest.FixtureRequest) -> str:
    assert set(REFERENCE_MAPS) == set(MAP_FILES), "the reference reads every map the engine offers"
    return str(request.param)


@pytest.fixture
def board(map_id: str) -> Board:
    return load_board(map_id)
