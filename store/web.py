"""The links to the games' web pages: each game's random token (migration 13), the game a token opens, and what
the pages that follow a game watch for (its marks), read for many games at once."""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from store.db import Database
from store.errors import GameNotFound
from store.games import _load_games
from store.records import GameRecord, MoveRecord, move_from_row, parse_time


@dataclass(frozen=True, slots=True)
class PageMark:
    """What changes a game's page: a new action, a new status, a seat taken or left, a new clock, a new or
    revoked link. Two equal marks show the same page."""

    status: str
    ply: int
    seats: int
    deadline_at: datetime | None
    web_token: str | None
    away: int
    """Seats marked away."""


class WebQueries(Database):
    async def game_by_web_token(self, token: str) -> tuple[GameRecord, list[MoveRecord]] | None:
        """The game whose page ``token`` opens and its move log, read together; None for a token no game has (a
        revoked one included)."""
        async with self._read() as conn:
            games = await _load_games(conn, "web_token = ?", (token,))
            if not games:
                return None
            async with conn.execute("SELECT * FROM moves WHERE game_id = ? ORDER BY ply", (games[0].id,)) as cursor:
                moves = [move_from_row(row) for row in await cursor.fetchall()]
        return games[0], moves

    async def set_web_token(self, game_id: int, token: str | None) -> None:
        """Give the game a new link (the old one stops working), or none (``None``: revoked)."""
        async with self._write() as conn:
            async with conn.execute("SELECT id FROM games WHERE id = ?", (game_id,)) as cursor:
                if await cursor.fetchone() is None:
                    raise GameNotFound(game_id)
            await conn.execute("UPDATE games SET web_token = ? WHERE id = ?", (token, game_id))

    async def page_marks(self, game_ids: Sequence[int]) -> dict[int, PageMark]:
        """Each game's mark, for the pages following it (one read for every game watched); a game no longer
        there is left out."""
        if not game_ids:
            return {}
        ids = tuple(sorted(set(game_ids)))
        places = ", ".join("?" for _ in ids)
        query = (
            "SELECT g.id, g.status, g.snapshot_ply, g.deadline_at, g.web_token,"
            " (SELECT COUNT(*) FROM seats s WHERE s.game_id = g.id) AS seated,"
            " (SELECT COUNT(*) FROM seats s WHERE s.game_id = g.id AND s.away = 1) AS away"
            f" FROM games g WHERE g.id IN ({places})"  # placeholders only, never input
        )
        async with self._read() as conn, conn.execute(query, ids) as cursor:
            rows = await cursor.fetchall()
        return {
            int(row["id"]): PageMark(
                str(row["status"]),
                int(row["snapshot_ply"]),
                int(row["seated"]),
                parse_time(row["deadline_at"]),
                row["web_token"],
                int(row["away"]),
            )
            for row in rows
        }
