from collections.abc import Sequence
from pathlib import Path

import pytest
from store_helpers import ANN, BOB, CHANNEL, GUILD, NAMES, StartGame

from store import GameRecord, Store


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "var" / "clans.db"


@pytest.fixture
def start_game() -> StartGame:
    """Open a lobby, seat the players (host first) and start it."""

    async def start(
        store: Store, players: Sequence[int] = (ANN, BOB), channel_id: int = CHANNEL, guild_id: int | None = GUILD
    ) -> GameRecord:
        host, *others = players
        game = await store.create_lobby(guild_id, channel_id, host, NAMES[host], seed=42, game="clans")
        for user_id in others:
            await store.add_seat(game.id, user_id, NAMES[user_id])
        return await store.start_game(game.id, '{"ply": 0}')

    return start
