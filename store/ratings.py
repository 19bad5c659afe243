"""Results and ratings: recording a finished game, the guild leaderboard, a player's profile."""

import re
from collections.abc import Sequence

from openskill.models import PlackettLuce, PlackettLuceRating

from store.backend import Connection, Row
from store.db import Database
from store.errors import GameNotFound, NotFinished, WrongGuild
from store.records import (
    LeaderboardRow,
    ProfileRecord,
    RatingRecord,
    ResultInput,
    ResultRecord,
    detail_to_text,
    iso,
    ordinal,
    rating_from_row,
    result_from_row,
    utc_now,
)

MODEL = PlackettLuce()

"""Each AI level's fixed (μ, σ), published in the README the way chess sites rate their engine levels: a sure
rating (small σ), so beating easy AIs gains little and losing to them costs, and never updated or stored,
so an AI's rating cannot be pushed up or down. μ is measured by a round robin of the levels fitted with
MODEL (bench/ai_ratings.py); shown as 1500 + 20 × (μ − 3σ)."""

# One ordering for the leaderboard and for a profile's rank, so the two always agree.
STANDING = "ORDER BY mu - 3 * sigma DESC, wins DESC, user_id ASC"

# A profile's two queries read a bounded number of rows however many games the player finished: the rating
# row (which keeps the best total as results are written) ranked among the guild's players, and one range of
# the results_recent index, newest first. Neither reads a games row or a snapshot.
# Each game keeps its own ratings and results; the game's name is a registry constant (never user input),
# written into the query so that each game's pair of queries keeps the (guild, user) parameters.
GAME_NAME = re.compile(r"[a-z]{1,20}")


def standing_of(game: str) -> str:
    assert GAME_NAME.fullmatch(game), game
    return (
        f"SELECT * FROM (SELECT *, ROW_NUMBER() OVER ({STANDING}) AS rank FROM ratings"
        f" WHERE guild_id = ? AND game = '{game}') AS standing WHERE user_id = ?"
    )


def recent_results(game: str) -> str:
    assert GAME_NAME.fullmatch(game), game
    return (
        f"SELECT * FROM results WHERE guild_id = ? AND user_id = ? AND game = '{game}'"
        " ORDER BY finished_at DESC, game_id DESC LIMIT 5"
    )


def finishing_ranks(results: Sequence[ResultInput]) -> list[int]:
    """Ranks for the rating model (1 = best): higher total ranks better, equal totals share a rank, and
    every player who resigned, or was still away at the end, shares the last rank whatever their total."""
    totals = sorted({r.total for r in results if not (r.resigned or r.away)}, reverse=True)
    last = len(totals) + 1
    return [last if r.resigned or r.away else totals.index(r.total) + 1 for r in results]


def rate(results: Sequence[ResultInput], current: dict[int, RatingRecord]) -> list[PlackettLuceRating]:
    """New ratings for every seat of a finished game, in the order of ``results``.

    AI seats (``user_id is None``) take part at their level's published rating (``ResultInput.ai_rating``), and
    are never stored: finishing above an easy AI is worth little, above a hard one more. Humans without a
    rating in the guild start at the model's defaults.
    """
    before = [_before(r, current) for r in results]
    if len(before) < 2:
        return before
    after = MODEL.rate([[rating] for rating in before], ranks=[float(rank) for rank in finishing_ranks(results)])
    return [team[0] for team in after]


def _before(result: ResultInput, current: dict[int, RatingRecord]) -> PlackettLuceRating:
    if result.user_id is None:
        if result.ai_rating is None:  # an AI level with no published rating: a newcomer's
            return MODEL.rating()
        mu, sigma = result.ai_rating
        return MODEL.rating(mu=mu, sigma=sigma)
    if result.user_id in current:
        return MODEL.rating(mu=current[result.user_id].mu, sigma=current[result.user_id].sigma)
    return MODEL.rating()


def _check_results(results: Sequence[ResultInput]) -> None:
    seats = [r.seat for r in results]
    users = [r.user_id for r in results if r.user_id is not None]
    if not results or len(set(seats)) != len(seats) or len(set(users)) != len(users):
        raise ValueError("results need one entry per seat and per user")


async def _ratings(conn: Connection, guild_id: int, user_ids: Sequence[int], *, game: str) -> dict[int, RatingRecord]:
    marks = ", ".join("?" * len(user_ids))
    async with conn.execute(
        f"SELECT * FROM ratings WHERE guild_id = ? AND game = ? AND user_id IN ({marks})", (guild_id, game, *user_ids)
    ) as cursor:
        return {int(row["user_id"]): rating_from_row(row) for row in await cursor.fetchall()}


async def _update_ratings(conn: Connection, guild_id: int, results: Sequence[ResultInput], *, game: str) -> None:
    humans = [r.user_id for r in results if r.user_id is not None]
    if not humans:
        return
    after = rate(results, await _ratings(conn, guild_id, humans, game=game))
    now = iso(utc_now())
    await conn.executemany(
        "INSERT INTO ratings (guild_id, game, user_id, name, mu, sigma, games, wins, points, best_total, updated_at)"
        " VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?)"
        " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET name = excluded.name, mu = excluded.mu,"
        " sigma = excluded.sigma, games = ratings.games + 1, wins = ratings.wins + excluded.wins,"
        " points = ratings.points + excluded.points, updated_at = excluded.updated_at,"
        " best_total = CASE WHEN ratings.best_total IS NULL OR excluded.best_total > ratings.best_total"
        " THEN excluded.best_total ELSE ratings.best_total END",
        [
            (guild_id, game, r.user_id, r.name, rating.mu, rating.sigma, int(r.winner), r.total, r.total, now)
            for r, rating in zip(results, after, strict=True)
            if r.user_id is not None
        ],
    )


def _leaderboard_row(rank: int, row: Row) -> LeaderboardRow:
    games, wins, mu, sigma = int(row["games"]), int(row["wins"]), float(row["mu"]), float(row["sigma"])
    return LeaderboardRow(
        rank=rank,
        user_id=int(row["user_id"]),
        name=str(row["name"]),
        games=games,
        wins=wins,
        win_rate=wins / games if games else 0.0,
        avg_total=int(row["points"]) / games if games else 0.0,
        mu=mu,
        sigma=sigma,
        ordinal=ordinal(mu, sigma),
    )


async def write_results(
    conn: Connection,
    game_id: int,
    guild_id: int | None,
    results: Sequence[ResultInput],
    rated: bool,
    finished_at: str | None,
    *,
    game: str,
) -> bool:
    """Insert a finished game's results (and ratings) inside the caller's transaction; False if already there."""
    _check_results(results)
    async with conn.execute("SELECT 1 FROM results WHERE game_id = ? LIMIT 1", (game_id,)) as cursor:
        if await cursor.fetchone() is not None:
            return False
    await conn.executemany(
        "INSERT INTO results (game_id, seat, user_id, name, total, winner, resigned, guild_id, finished_at, away,"
        " game, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                game_id,
                r.seat,
                r.user_id,
                r.name,
                r.total,
                int(r.winner),
                int(r.resigned),
                guild_id,
                finished_at,
                int(r.away),
                game,
                detail_to_text(r.detail),
            )
            for r in results
        ],
    )
    if rated and guild_id is not None:
        await _update_ratings(conn, guild_id, results, game=game)
        await conn.execute("UPDATE games SET rated = 1 WHERE id = ?", (game_id,))
    return True


class RatingQueries(Database):
    async def record_results(
        self, game_id: int, guild_id: int | None, results: Sequence[ResultInput], rated: bool
    ) -> bool:  # the game's kind comes from its row
        """Store a finished game's results and, if ``rated`` in a guild, update its players' ratings.

        One transaction; idempotent: if the game's results are already stored nothing changes and this
        returns False. See ``rate`` for how AI seats count.
        """
        _check_results(results)
        async with self._write() as conn:
            async with conn.execute(
                "SELECT status, guild_id, finished_at, game FROM games WHERE id = ?", (game_id,)
            ) as cursor:
                game = await cursor.fetchone()
            if game is None:
                raise GameNotFound(game_id)
            if game["status"] != "finished":
                raise NotFinished(game_id, str(game["status"]))
            if game["guild_id"] != guild_id:
                raise WrongGuild(game_id, guild_id)
            return await write_results(
                conn, game_id, guild_id, results, rated, game["finished_at"], game=str(game["game"])
            )

    async def results(self, game_id: int) -> list[ResultRecord]:
        """A game's stored results in seat order (empty if none are recorded)."""
        async with (
            self._read() as conn,
            conn.execute("SELECT * FROM results WHERE game_id = ? ORDER BY seat", (game_id,)) as cursor,
        ):
            return [result_from_row(row) for row in await cursor.fetchall()]

    async def rating(self, guild_id: int, user_id: int, *, game: str) -> RatingRecord | None:
        async with self._read() as conn:
            return (await _ratings(conn, guild_id, [user_id], game=game)).get(user_id)

    async def leaderboard(self, guild_id: int, limit: int = 10, *, game: str) -> list[LeaderboardRow]:
        """The guild's rated players of ``game``, best first: by ordinal (mu - 3·sigma), then wins."""
        if limit < 1:
            raise ValueError("limit must be at least 1")
        async with (
            self._read() as conn,
            conn.execute(
                f"SELECT * FROM ratings WHERE guild_id = ? AND game = ? {STANDING} LIMIT ?", (guild_id, game, limit)
            ) as cur,
        ):
            return [_leaderboard_row(rank, row) for rank, row in enumerate(await cur.fetchall(), start=1)]

    async def profile(self, guild_id: int, user_id: int, *, game: str) -> ProfileRecord | None:
        """A player's standing in a guild, or None if they have finished no game there.

        Counts, averages, best total and rank cover rated games; ``recent`` lists the last five finished
        games in the guild, rated or not, newest first.
        """
        async with self._read() as conn:
            async with conn.execute(standing_of(game), (guild_id, user_id)) as cursor:
                standing = await cursor.fetchone()
            async with conn.execute(recent_results(game), (guild_id, user_id)) as cursor:
                recent = tuple(result_from_row(row) for row in await cursor.fetchall())
        best = None if standing is None else standing["best_total"]
        if standing is None and not recent:
            return None
        if standing is None:
            row = None
            name, mu, sigma, rank = recent[0].name, MODEL.mu, MODEL.sigma, None
        else:
            row = _leaderboard_row(int(standing["rank"]), standing)
            name, mu, sigma, rank = row.name, row.mu, row.sigma, row.rank
        return ProfileRecord(
            guild_id=guild_id,
            user_id=user_id,
            name=name,
            games=row.games if row else 0,
            wins=row.wins if row else 0,
            win_rate=row.win_rate if row else 0.0,
            avg_total=row.avg_total if row else 0.0,
            best_total=None if best is None else int(best),
            mu=mu,
            sigma=sigma,
            ordinal=ordinal(mu, sigma),
            rank=rank,
            recent=recent,
        )
