"""What every game's animated replay shares: which games may be replayed, and the kept animations.

A replay is drawn only of a finished game of the asker's server, of the game the command belongs to. A finished
game never changes, so its animation is drawn once per renderer version and kept in the database (table
``replays``, keyed by the game's id, unique across every kind of game, and the renderer's version), shared by
every process.
"""

from __future__ import annotations

from dataclasses import dataclass

from errors import GameError, Why
from store import GameRecord, Store


@dataclass(frozen=True, slots=True)
class Finished:
    """A finished game of the asker's server: what a replay may be drawn of."""

    game_id: int
    moves: int
    """What the replay's caption counts (each game says what a move is)."""
    language: str
    """The game's language: the words of its public posts and of its replay."""


async def finished_record(store: Store, game_id: int, guild_id: int | None, game: str) -> GameRecord:
    """The game's record, if it is a finished ``game`` game of this server (else refused). A game of another
    server is refused as if it did not exist."""
    record = await store.get_game(game_id)
    if record is None or record.guild_id != guild_id:
        raise GameError(Why.NO_SUCH_GAME, game=game_id)
    if record.game != game:
        raise GameError(Why.OTHER_GAME, game=record.game)
    if record.status != "finished":
        raise GameError(Why.REPLAY_NOT_OVER, game=game_id, status=record.status)
    return record


class KeptReplays:
    """The finished games' animations kept in the database (any process's), by game and renderer version."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def kept(self, game_id: int, version: int) -> bytes | None:
        """The finished game's animation as a renderer of ``version`` drew it before (any process), if kept."""
        return await self.store.cached_replay(game_id, version)

    async def keep(self, game_id: int, version: int, gif: bytes) -> None:
        """Keep a finished game's animation: it never changes, so it is drawn once per renderer version."""
        await self.store.save_replay(game_id, version, gif)
