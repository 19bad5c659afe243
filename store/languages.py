"""Which language a game speaks in public, and each user's last known Discord language (for their DMs)."""

from __future__ import annotations

from datetime import datetime

from store.db import Database
from store.records import iso


class LanguageQueries(Database):
    async def set_language(self, game_id: int, language: str) -> bool:
        """Change a lobby's language; False if the game is no longer in its lobby."""
        async with (
            self._write() as conn,
            conn.execute(
                "UPDATE games SET language = ? WHERE id = ? AND status = 'lobby' RETURNING id", (language, game_id)
            ) as cursor,
        ):
            return await cursor.fetchone() is not None

    async def remember_language(self, user_id: int, language: str, now: datetime) -> None:
        """The language a user last interacted in (written only when it changes)."""
        async with self._write() as conn:
            await conn.execute(
                "INSERT INTO user_languages (user_id, language, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET language = excluded.language, updated_at = excluded.updated_at"
                " WHERE user_languages.language <> excluded.language",
                (user_id, language, iso(now)),
            )

    async def user_language(self, user_id: int) -> str | None:
        async with (
            self._read() as conn,
            conn.execute("SELECT language FROM user_languages WHERE user_id = ?", (user_id,)) as cursor,
        ):
            row = await cursor.fetchone()
        return None if row is None else str(row["language"])
