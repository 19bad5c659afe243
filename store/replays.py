"""Rendered replays: a finished game's animation never changes, so it is drawn once and kept here.

Kept in the database (table ``replays``, migration 8) rather than on disk, so every bot process sharing one
PostgreSQL database finds the replay another one drew. The key holds the renderer's version: a new renderer
draws again, and saving a replay drops the game's older versions.
"""

from store.db import Database


class ReplayQueries(Database):
    async def cached_replay(self, game_id: int, version: int) -> bytes | None:
        """The stored animation of the game for this renderer version, if any."""
        async with (
            self._read() as conn,
            conn.execute("SELECT gif FROM replays WHERE game_id = ? AND version = ?", (game_id, version)) as cursor,
        ):
            row = await cursor.fetchone()
        return None if row is None else bytes(row[0])

    async def save_replay(self, game_id: int, version: int, gif: bytes) -> None:
        """Keep the animation (a second process drawing the same one at the same time changes nothing)."""
        async with self._write() as conn:
            await conn.execute("DELETE FROM replays WHERE game_id = ? AND version <> ?", (game_id, version))
            await conn.execute(
                "INSERT INTO replays (game_id, version, gif) VALUES (?, ?, ?)"
                " ON CONFLICT (game_id, version) DO NOTHING",
                (game_id, version, gif),
            )
