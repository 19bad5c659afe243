"""Queries across games: a player's seats everywhere, a channel's last game, idle lobbies, one log entry."""

from datetime import datetime

from store.db import Database
from store.errors import ChannelBusy, GameNotFound, NotInLobby
from store.games import _load_games
from store.records import GameRecord, MoveRecord, iso, move_from_row, parse_time


class OverviewQueries(Database):
    async def seated_games(self, user_id: int, *, game: str) -> list[GameRecord]:
        """Every running game of ``game``, in any server, where ``user_id`` holds a seat (index ``seats_by_user``)."""
        async with self._read() as conn:
            return await _load_games(
                conn,
                "status = 'running' AND game = ? AND id IN (SELECT game_id FROM seats WHERE user_id = ?)",
                (game, user_id),
            )

    async def latest_game(self, channel_id: int) -> GameRecord | None:
        """The newest game of the channel, whatever its status."""
        async with self._read() as conn:
            games = await _load_games(conn, "id = (SELECT MAX(id) FROM games WHERE channel_id = ?)", (channel_id,))
        return games[0] if games else None

    async def game_log(self, game_id: int) -> tuple[GameRecord, list[MoveRecord]] | None:
        """A game and its whole move log, read together (one transaction)."""
        async with self._read() as conn:
            games = await _load_games(conn, "id = ?", (game_id,))
            if not games:
                return None
            async with conn.execute("SELECT * FROM moves WHERE game_id = ? ORDER BY ply", (game_id,)) as cursor:
                moves = [move_from_row(row) for row in await cursor.fetchall()]
        return games[0], moves

    async def move_at(self, game_id: int, ply: int) -> MoveRecord | None:
        """Entry ``ply`` of the game's move log, if it has been played."""
        async with (
            self._read() as conn,
            conn.execute("SELECT * FROM moves WHERE game_id = ? AND ply = ?", (game_id, ply)) as cursor,
        ):
            row = await cursor.fetchone()
        return None if row is None else move_from_row(row)

    async def idle_lobbies(self, opened_before: datetime, *, game: str) -> list[GameRecord]:
        """Lobbies of ``game`` opened before ``opened_before`` that never started, oldest first."""
        async with self._read() as conn:
            return await _load_games(
                conn, "status = 'lobby' AND game = ? AND created_at < ?", (game, iso(opened_before))
            )

    async def game_counts(self) -> list[tuple[str, str, int]]:
        """(game, status, count) of every game kind and status the database holds."""
        async with (
            self._read() as conn,
            conn.execute(
                "SELECT game, status, COUNT(*) AS n FROM games GROUP BY game, status ORDER BY game, status"
            ) as cursor,
        ):
            return [(str(r["game"]), str(r["status"]), int(r["n"])) for r in await cursor.fetchall()]

    async def first_lobby_opened(self, *, game: str) -> datetime | None:
        """When the oldest lobby of ``game`` still waiting to start was opened (None: no lobby waits)."""
        async with (
            self._read() as conn,
            conn.execute(
                "SELECT MIN(created_at) AS first FROM games WHERE status = 'lobby' AND game = ?", (game,)
            ) as cursor,
        ):
            row = await cursor.fetchone()
        return None if row is None or row["first"] is None else parse_time(str(row["first"]))

    async def move_lobby(self, game_id: int, channel_id: int) -> GameRecord:
        """Give a lobby its channel (or thread). ChannelBusy if that channel already has an open game."""
        async with self._write() as conn:
            games = await _load_games(conn, "id = ?", (game_id,))
            if not games:
                raise GameNotFound(game_id)
            if games[0].status != "lobby":
                raise NotInLobby(game_id, games[0].status)
            busy = await _load_games(
                conn, "channel_id = ? AND status IN ('lobby', 'running') AND id <> ?", (channel_id, game_id)
            )
            if busy:
                raise ChannelBusy(channel_id)
            await conn.execute("UPDATE games SET channel_id = ? WHERE id = ?", (channel_id, game_id))
            return (await _load_games(conn, "id = ?", (game_id,)))[0]
