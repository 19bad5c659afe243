"""What each move of a finished Clans game told the table (service/clans/told.py), worked out once and kept here
(table ``told``, migration 17), shared by every process on the database. Derived data: worked out again when it
is missing or of another version (so ``make migrate-to-postgres`` does not copy it)."""

from store.db import Database


class ToldQueries(Database):
    async def kept_told(self, game_id: int) -> str | None:
        async with (
            self._read() as conn,
            conn.execute("SELECT body FROM told WHERE game_id = ?", (game_id,)) as cursor,
        ):
            row = await cursor.fetchone()
        return None if row is None else str(row["body"])

    async def keep_told(self, game_id: int, body: str) -> None:
        """Keep it (a second process keeping the same game's at the same time replaces it with its equal)."""
        async with self._write() as conn:
            await conn.execute(
                "INSERT INTO told (game_id, body) VALUES (?, ?)"
                " ON CONFLICT (game_id) DO UPDATE SET body = excluded.body",
                (game_id, body),
            )
