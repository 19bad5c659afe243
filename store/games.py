"""Games: the lobby and its seats, starting, the move log with its snapshot, cancelling."""

from collections import defaultdict
from collections.abc import Sequence
from datetime import datetime

from store.backend import Connection, Row, UniqueViolation
from store.clock import TurnClock, write_clock, write_seat_timeouts
from store.days_off import end_under_way, has_under_way
from store.db import Database
from store.errors import (
    AlreadySeated,
    ChannelBusy,
    GameNotFound,
    LobbyFull,
    NotActive,
    NotInLobby,
    NotRunning,
    NotSeated,
    SeatsChanged,
    StaleAction,
)
from store.limits import OPENING, SEATING, STARTING, Limits, enforce
from store.ratings import write_results
from store.records import (
    AiLevel,
    GameRecord,
    MoveRecord,
    ResultInput,
    SeatRecord,
    game_from_row,
    iso,
    move_from_row,
    seat_from_row,
    utc_now,
)

MAX_SEATS = 4
"""The most seats a game may have: the schema's CHECK on ``seats.seat``; every game's bound is at most this."""


async def _game_row(conn: Connection, game_id: int) -> Row:
    async with conn.execute("SELECT * FROM games WHERE id = ?", (game_id,)) as cursor:
        row = await cursor.fetchone()
    if row is None:
        raise GameNotFound(game_id)
    return row


SEAT_COLUMNS = (
    "SELECT s.*, d.starts_at AS off_from, d.ends_at AS off_until FROM seats s"
    " LEFT JOIN days_off d ON d.user_id = s.user_id AND d.latest = 1"
)
"""A seat with its player's latest days off (through the unique index days_off_latest)."""


async def _seats(conn: Connection, game_id: int) -> list[SeatRecord]:
    async with conn.execute(f"{SEAT_COLUMNS} WHERE s.game_id = ? ORDER BY s.seat", (game_id,)) as cursor:
        return [seat_from_row(row) for row in await cursor.fetchall()]


async def _load_game(conn: Connection, game_id: int) -> GameRecord:
    return game_from_row(await _game_row(conn, game_id), await _seats(conn, game_id))


async def _load_games(conn: Connection, where: str, params: tuple[object, ...]) -> list[GameRecord]:
    # `where` is always a literal from this module, never user input.
    async with conn.execute(f"SELECT * FROM games WHERE {where} ORDER BY id", params) as cursor:
        rows = list(await cursor.fetchall())
    if not rows:
        return []
    seats: defaultdict[int, list[SeatRecord]] = defaultdict(list)
    query = f"{SEAT_COLUMNS} WHERE s.game_id IN (SELECT id FROM games WHERE {where}) ORDER BY s.game_id, s.seat"
    async with conn.execute(query, params) as cursor:
        for row in await cursor.fetchall():
            seats[int(row["game_id"])].append(seat_from_row(row))
    return [game_from_row(row, seats[int(row["id"])]) for row in rows]


def _require_lobby(game: Row) -> None:
    if game["status"] != "lobby":
        raise NotInLobby(int(game["id"]), str(game["status"]))


async def _close_seat_gap(conn: Connection, game_id: int, removed_seat: int) -> None:
    """Renumber the seats after ``removed_seat`` down by one, keeping 0..n-1 in join order."""
    async with conn.execute(
        "SELECT seat FROM seats WHERE game_id = ? AND seat > ? ORDER BY seat", (game_id, removed_seat)
    ) as cursor:
        later = [int(row["seat"]) for row in await cursor.fetchall()]
    # One row at a time, lowest first, so (game_id, seat) stays unique at every step.
    for seat in later:
        await conn.execute("UPDATE seats SET seat = ? WHERE game_id = ? AND seat = ?", (seat - 1, game_id, seat))
    await conn.execute(
        "UPDATE games SET has_ai = CASE WHEN EXISTS (SELECT 1 FROM seats WHERE game_id = ? AND user_id IS NULL)"
        " THEN 1 ELSE 0 END WHERE id = ?",
        (game_id, game_id),
    )


async def _insert_move(conn: Connection, move: MoveRecord) -> None:
    try:
        await conn.execute(
            "INSERT INTO moves (game_id, ply, seat, user_id, action, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            (move.game_id, move.ply, move.seat, move.user_id, move.action, iso(move.created_at)),
        )
    except UniqueViolation as exc:
        raise StaleAction(move.game_id, move.ply) from exc


async def _advance_snapshot(
    conn: Connection, move: MoveRecord, snapshot_json: str, finished: bool, end_reason: str | None, ai_to_act: bool
) -> None:
    if finished:
        await conn.execute(
            "UPDATE games SET snapshot = ?, snapshot_ply = ?, status = 'finished', finished_at = ?, end_reason = ?,"
            " ai_to_act = 0 WHERE id = ?",
            (snapshot_json, move.ply, iso(move.created_at), end_reason, move.game_id),
        )
    else:
        await conn.execute(
            "UPDATE games SET snapshot = ?, snapshot_ply = ?, ai_to_act = ? WHERE id = ?",
            (snapshot_json, move.ply, int(ai_to_act), move.game_id),
        )


class _SpansGames(Exception):
    """A game's write found it must touch more than its game: roll back and run alone."""


async def _require_no_days_off(conn: Connection, user_id: int, at: datetime) -> None:
    """A game's own write may not end days off: their clocks stand in every game of the player."""
    if await has_under_way(conn, user_id, at):
        raise _SpansGames()


class GameQueries(Database):
    async def create_lobby(
        self,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        host_name: str,
        seed: int,
        pace: str = "daily",
        language: str = "en",
        *,
        game: str,
        limits: Limits | None = None,
        web_token: str | None = None,
        opened_at: datetime | None = None,
        board: str = "",
    ) -> GameRecord:
        """Open a lobby of ``game`` in ``channel_id`` with the host in seat 0. Raises ChannelBusy if a game of
        any kind is open there, LimitReached if the host or the server is at one of ``limits``. ``web_token``:
        the link to its web page (store/web.py); ``opened_at``: the service's clock (the idle lobbies' closing
        is judged by it), else now; ``board``: the board it is played on, as its game names it."""
        async with self._write() as conn:
            await enforce(conn, limits, guild_id, host_id, OPENING)
            try:
                async with conn.execute(
                    "INSERT INTO games"
                    " (guild_id, channel_id, host_id, status, seed, created_at, pace, language, game, web_token, board)"
                    " VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                    (
                        guild_id,
                        channel_id,
                        host_id,
                        seed,
                        iso(opened_at or utc_now()),
                        pace,
                        language,
                        game,
                        web_token,
                        board,
                    ),
                ) as cursor:
                    row = await cursor.fetchone()
            except UniqueViolation as exc:
                raise ChannelBusy(channel_id) from exc
            assert row is not None
            game_id = int(row["id"])
            await conn.execute(
                "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, 0, ?, ?)", (game_id, host_id, host_name)
            )
            return await _load_game(conn, game_id)

    async def set_lobby_message(self, game_id: int, message_id: int) -> None:
        async with self._write() as conn:
            await _game_row(conn, game_id)
            await conn.execute("UPDATE games SET lobby_message_id = ? WHERE id = ?", (message_id, game_id))

    async def get_game(self, game_id: int) -> GameRecord | None:
        async with self._read() as conn:
            games = await _load_games(conn, "id = ?", (game_id,))
        return games[0] if games else None

    async def active_game(self, channel_id: int) -> GameRecord | None:
        """The channel's game in its lobby or running, if any."""
        async with self._read() as conn:
            games = await _load_games(conn, "channel_id = ? AND status IN ('lobby', 'running')", (channel_id,))
        return games[0] if games else None

    async def running_games(self, *, game: str) -> list[GameRecord]:
        """Every running game of ``game``, oldest first: what to resume after a restart."""
        async with self._read() as conn:
            return await _load_games(conn, "status = 'running' AND game = ?", (game,))

    async def add_seat(
        self,
        game_id: int,
        user_id: int | None,
        name: str,
        ai_level: AiLevel | None = None,
        limits: Limits | None = None,
        max_seats: int = MAX_SEATS,
    ) -> SeatRecord:
        """Seat a user (or, with ``user_id=None`` and an ``ai_level``, an AI) in the next free seat; a user at
        the ``limits`` of games they sit in is refused (LimitReached)."""
        if (user_id is None) != (ai_level is not None):
            raise ValueError("an AI seat has no user_id and an ai_level; a human seat the reverse")
        async with self._write() as conn:
            game = await _game_row(conn, game_id)
            _require_lobby(game)
            seats = await _seats(conn, game_id)
            if user_id is not None and any(seat.user_id == user_id for seat in seats):
                raise AlreadySeated(game_id, user_id)
            if user_id is not None:
                await enforce(conn, limits, game["guild_id"], user_id, SEATING)
            if len(seats) >= min(max_seats, MAX_SEATS):
                raise LobbyFull(game_id, min(max_seats, MAX_SEATS))
            seat = SeatRecord(game_id, len(seats), user_id, name, ai_level)
            await conn.execute(
                "INSERT INTO seats (game_id, seat, user_id, name, ai_level) VALUES (?, ?, ?, ?, ?)",
                (game_id, seat.seat, user_id, name, ai_level),
            )
            if ai_level is not None:
                await conn.execute("UPDATE games SET has_ai = 1 WHERE id = ?", (game_id,))
            return seat

    async def remove_seat(self, game_id: int, user_id: int) -> GameRecord:
        """Take a user out of the lobby; later seats move up. Returns the lobby as it now is."""
        async with self._write() as conn:
            _require_lobby(await _game_row(conn, game_id))
            async with conn.execute(
                "DELETE FROM seats WHERE game_id = ? AND user_id = ? RETURNING seat", (game_id, user_id)
            ) as cursor:
                row = await cursor.fetchone()
            if row is None:
                raise NotSeated(game_id, user_id=user_id)
            await _close_seat_gap(conn, game_id, int(row["seat"]))
            return await _load_game(conn, game_id)

    async def remove_ai_seat(self, game_id: int, seat: int) -> GameRecord:
        """Take the AI in ``seat`` out of the lobby; later seats move up."""
        async with self._write() as conn:
            _require_lobby(await _game_row(conn, game_id))
            async with conn.execute(
                "DELETE FROM seats WHERE game_id = ? AND seat = ? AND user_id IS NULL RETURNING seat", (game_id, seat)
            ) as cursor:
                row = await cursor.fetchone()
            if row is None:
                raise NotSeated(game_id, seat=seat)
            await _close_seat_gap(conn, game_id, seat)
            return await _load_game(conn, game_id)

    async def start_game(
        self,
        game_id: int,
        snapshot_json: str,
        clock: TurnClock | None = None,
        ai_to_act: bool = False,
        dealt_for: Sequence[SeatRecord] | None = None,
        limits: Limits | None = None,
    ) -> GameRecord:
        """Lobby → running with the initial state. A second call raises NotInLobby, so Start works once.
        ``ai_to_act``: an AI seat acts first (see store.claims). ``dealt_for``: the seats the state was set up
        for, as read before; if someone joined or left since, SeatsChanged and nothing starts. ``limits``: the
        server's running games (LimitReached)."""
        async with self._write() as conn:
            game = await _game_row(conn, game_id)
            _require_lobby(game)
            if dealt_for is not None:
                seats = await _seats(conn, game_id)
                if [(s.user_id, s.ai_level) for s in seats] != [(s.user_id, s.ai_level) for s in dealt_for]:
                    raise SeatsChanged(game_id, len(seats))
            await enforce(conn, limits, game["guild_id"], int(game["host_id"]), STARTING)
            await conn.execute(
                "UPDATE games SET status = 'running', started_at = ?, snapshot = ?, snapshot_ply = 0, ai_to_act = ?"
                " WHERE id = ?",
                (iso(utc_now()), snapshot_json, int(ai_to_act), game_id),
            )
            if clock is not None:
                await write_clock(conn, game_id, clock)
            return await _load_game(conn, game_id)

    async def append_action(
        self,
        game_id: int,
        expected_ply: int,
        seat: int,
        user_id: int | None,
        action: str,
        snapshot_json: str,
        finished: bool = False,
        end_reason: str | None = None,
        results: Sequence[ResultInput] = (),
        rated: bool = False,
        clock: TurnClock | None = None,
        timeouts: int | None = None,
        away: bool = False,
        ai_to_act: bool = False,
        back_at: datetime | None = None,
    ) -> MoveRecord:
        """Log action number ``expected_ply`` and the state after it, atomically.

        The action was validated against the state after ply ``expected_ply - 1``; if the game has moved on
        since (a duplicate click, a racing submission) this raises StaleAction and changes nothing. NotRunning
        (a StaleAction) if the game is not running. Either the move and its snapshot are both stored or
        neither is. ``clock`` (the next turn's clock) and the acting seat's ``timeouts`` in a row and ``away``
        mark are written with it when given. ``ai_to_act``: an AI seat acts next (the sweep of
        store.claims finds the game). ``back_at``: the acting player's own action at that time, which ends their
        days off under way (the clocks held for them restart: store.days_off).
        """
        if expected_ply < 1:
            raise ValueError("plies are numbered from 1")
        if end_reason is not None and not finished:
            raise ValueError("end_reason is only given with finished=True")
        ends_days_off = back_at is not None and user_id is not None
        # A move writes its own game's rows only, so it runs beside other games' writes (store.postgres),
        # unless it ends the mover's days off (their clocks in every game) or writes results (ratings): then
        # it runs alone. Whether days off are under way is known inside the transaction: then it starts again.
        spans = finished and bool(results)
        while True:
            try:
                return await self._append_action(
                    game_id, expected_ply, seat, user_id, action, snapshot_json, finished, end_reason, results,
                    rated, clock, timeouts, away, ai_to_act, back_at if ends_days_off else None, spans,
                )  # fmt: skip
            except _SpansGames:
                spans = True

    async def _append_action(
        self,
        game_id: int,
        expected_ply: int,
        seat: int,
        user_id: int | None,
        action: str,
        snapshot_json: str,
        finished: bool,
        end_reason: str | None,
        results: Sequence[ResultInput],
        rated: bool,
        clock: TurnClock | None,
        timeouts: int | None,
        away: bool,
        ai_to_act: bool,
        back_at: datetime | None,
        spans: bool,
    ) -> MoveRecord:
        async with self._write(None if spans else game_id) as conn:
            game = await _game_row(conn, game_id)
            if game["status"] != "running":
                raise NotRunning(game_id, expected_ply, str(game["status"]))
            if int(game["snapshot_ply"]) != expected_ply - 1:
                raise StaleAction(game_id, expected_ply)
            if not spans and back_at is not None and user_id is not None:
                await _require_no_days_off(conn, user_id, back_at)
            move = MoveRecord(game_id, expected_ply, seat, user_id, action, utc_now())
            await _insert_move(conn, move)
            await _advance_snapshot(conn, move, snapshot_json, finished, end_reason, ai_to_act)
            if back_at is not None and user_id is not None:
                await end_under_way(conn, user_id, back_at)
            if clock is not None:
                await write_clock(conn, game_id, clock)
            if timeouts is not None:
                await write_seat_timeouts(conn, game_id, seat, timeouts, away)
            if finished and results:  # the last move and the results land together, or neither does
                guild_id = int(game["guild_id"]) if game["guild_id"] is not None else None
                await write_results(
                    conn, game_id, guild_id, results, rated, iso(move.created_at), game=str(game["game"])
                )
            return move

    async def moves(self, game_id: int) -> list[MoveRecord]:
        """The game's move log in ply order."""
        async with (
            self._read() as conn,
            conn.execute("SELECT * FROM moves WHERE game_id = ? ORDER BY ply", (game_id,)) as cursor,
        ):
            return [move_from_row(row) for row in await cursor.fetchall()]

    async def cancel_game(
        self, game_id: int, end_reason: str | None = None, *, at_ply: int | None = None
    ) -> GameRecord:
        """Lobby or running → cancelled. Raises NotActive if it is already finished or cancelled. With ``at_ply``,
        a running game is cancelled only if it still stands at that move (what its cancel terms were read at), else
        StaleAction and nothing changes: a move that lands in between may change what cancelling means."""
        async with self._write() as conn:
            game = await _game_row(conn, game_id)
            if game["status"] not in ("lobby", "running"):
                raise NotActive(game_id, str(game["status"]))
            if at_ply is not None and game["status"] == "running" and int(game["snapshot_ply"]) != at_ply:
                raise StaleAction(game_id, at_ply)
            await conn.execute(
                "UPDATE games SET status = 'cancelled', finished_at = ?, end_reason = ?, next_event_at = NULL"
                " WHERE id = ?",
                (iso(utc_now()), end_reason, game_id),
            )
            return await _load_game(conn, game_id)
