"""How many open lobbies and games a member and a server have: what the service's limits are checked against."""

from dataclasses import dataclass

from store.db import Database

COUNTS = """
SELECT
    (SELECT COUNT(*) FROM games WHERE status = 'lobby' AND host_id = ?),
    (SELECT COUNT(*) FROM games
        WHERE status IN ('lobby', 'running') AND id IN (SELECT game_id FROM seats WHERE user_id = ?)),
    (SELECT COUNT(*) FROM games WHERE status = 'lobby' AND guild_id = ?),
    (SELECT COUNT(*) FROM games WHERE status = 'running' AND guild_id = ?)
"""


@dataclass(frozen=True, slots=True)
class OpenCounts:
    lobbies_hosted: int
    """Open lobbies the member hosts (anywhere)."""
    games_seated: int
    """Open lobbies and running games the member sits in (anywhere)."""
    server_lobbies: int
    server_running: int


class LimitQueries(Database):
    async def open_counts(self, guild_id: int | None, user_id: int) -> OpenCounts:
        """One read: the member's open lobbies and games, and the server's (nothing for a DM game)."""
        async with (
            self._read() as conn,
            conn.execute(COUNTS, (user_id, user_id, guild_id, guild_id)) as cursor,
        ):
            row = await cursor.fetchone()
        assert row is not None
        return OpenCounts(int(row[0]), int(row[1]), int(row[2]), int(row[3]))
