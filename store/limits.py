"""How many open lobbies and games a member and a server have, and the ceilings on them.

The ceilings are checked inside the write that would pass them (``enforce``, on the write's own connection):
writes are serialised (store.backend), so six lobbies opened at one instant by one member stop at the limit.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from store.backend import Connection
from store.db import Database
from store.errors import LimitReached

NO_LIMIT = 2**31

COUNTS = """
SELECT
    (SELECT COUNT(*) FROM games WHERE status = 'lobby' AND host_id = ?),
    (SELECT COUNT(*) FROM games
        WHERE status IN ('lobby', 'running') AND id IN (SELECT game_id FROM seats WHERE user_id = ?)),
    (SELECT COUNT(*) FROM games WHERE status = 'lobby' AND guild_id = ?),
    (SELECT COUNT(*) FROM games WHERE status = 'running' AND guild_id = ?)
"""


class Ceiling(StrEnum):
    LOBBIES_PER_USER = "lobbies_per_user"
    GAMES_PER_USER = "games_per_user"
    LOBBIES_PER_SERVER = "lobbies_per_server"
    GAMES_PER_SERVER = "games_per_server"


OPENING = (Ceiling.LOBBIES_PER_USER, Ceiling.GAMES_PER_USER, Ceiling.LOBBIES_PER_SERVER)
"""What opening a lobby adds to: the host's lobbies and seats, the server's lobbies."""
SEATING = (Ceiling.GAMES_PER_USER,)
STARTING = (Ceiling.GAMES_PER_SERVER,)


@dataclass(frozen=True, slots=True)
class Limits:
    """The most open lobbies and games per member and per server. No limit by default (scripts, the terminal
    game, service tests); the bot sets the configured ones (config.py: 2, 10, 10 and 50)."""

    lobbies_per_user: int = NO_LIMIT
    games_per_user: int = NO_LIMIT
    lobbies_per_server: int = NO_LIMIT
    games_per_server: int = NO_LIMIT


@dataclass(frozen=True, slots=True)
class OpenCounts:
    lobbies_hosted: int
    """Open lobbies the member hosts (anywhere)."""
    games_seated: int
    """Open lobbies and running games the member sits in (anywhere)."""
    server_lobbies: int
    server_running: int

    def count(self, ceiling: Ceiling) -> int:
        return {
            Ceiling.LOBBIES_PER_USER: self.lobbies_hosted,
            Ceiling.GAMES_PER_USER: self.games_seated,
            Ceiling.LOBBIES_PER_SERVER: self.server_lobbies,
            Ceiling.GAMES_PER_SERVER: self.server_running,
        }[ceiling]


def first_reached(counts: OpenCounts, limits: Limits, ceilings: Iterable[Ceiling]) -> Ceiling | None:
    """The first of ``ceilings`` that one more would pass, if any."""
    return next((c for c in ceilings if counts.count(c) >= getattr(limits, c.value)), None)


async def _counts(conn: Connection, guild_id: int | None, user_id: int) -> OpenCounts:
    async with conn.execute(COUNTS, (user_id, user_id, guild_id, guild_id)) as cursor:
        row = await cursor.fetchone()
    assert row is not None
    return OpenCounts(int(row[0]), int(row[1]), int(row[2]), int(row[3]))


async def enforce(
    conn: Connection, limits: Limits | None, guild_id: int | None, user_id: int, ceilings: Iterable[Ceiling]
) -> None:
    """Inside a write: raise LimitReached if one more would pass one of ``ceilings``."""
    if limits is None:
        return
    counts = await _counts(conn, guild_id, user_id)
    reached = first_reached(counts, limits, ceilings)
    if reached is not None:
        raise LimitReached(reached.value, counts.count(reached))


class LimitQueries(Database):
    async def open_counts(self, guild_id: int | None, user_id: int) -> OpenCounts:
        """One read: the member's open lobbies and games, and the server's (nothing for a DM game)."""
        async with self._read() as conn:
            return await _counts(conn, guild_id, user_id)
