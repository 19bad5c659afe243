"""The frozen records the store hands out, and their construction from rows."""

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Literal, TypeGuard, cast, get_args

from store.backend import Row

GameStatus = Literal["lobby", "running", "finished", "cancelled"]

Detail = str | int
"""A value of a result's game detail."""


def utc_now() -> datetime:
    """The current time, UTC, to the second (what the database can hold)."""
    return datetime.now(UTC).replace(microsecond=0)


def iso(moment: datetime) -> str:
    """A time as stored: ISO 8601 text, to the second."""
    return moment.isoformat(timespec="seconds")


def parse_time(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


def ordinal(mu: float, sigma: float) -> float:
    """A conservative rating: the skill we are about 99% sure a player has."""
    return mu - 3 * sigma


AiLevel = Literal["easy", "normal", "hard"]
"""The AI levels a seat may have: the schema's CHECK on ``seats.ai_level``; every game's levels are among them."""


def is_ai_level(level: str) -> TypeGuard[AiLevel]:
    """Whether ``level`` is one a seat may have (the schema's bounds)."""
    return level in get_args(AiLevel)


@dataclass(frozen=True, slots=True)
class OffPeriod:
    """A player's days off: from ``starts_at`` until ``ends_at`` (declared ahead, under way, or over)."""

    starts_at: datetime
    ends_at: datetime

    def covers(self, moment: datetime) -> bool:
        """The player is off at ``moment``."""
        return self.starts_at <= moment < self.ends_at


@dataclass(frozen=True, slots=True)
class SeatRecord:
    game_id: int
    seat: int
    user_id: int | None
    name: str
    ai_level: AiLevel | None
    timeouts: int = 0
    """Turns in a row the clock ran out on (the autopilot played them)."""
    away: bool = False
    """After 3 timeouts in a row: the autopilot plays at once until the player comes back."""
    days_off: OffPeriod | None = None
    """The player's latest days off (in any game: they are the player's), if they ever declared any."""

    @property
    def is_ai(self) -> bool:
        return self.user_id is None


@dataclass(frozen=True, slots=True)
class GameRecord:
    id: int
    guild_id: int | None
    channel_id: int
    host_id: int
    status: GameStatus
    seed: int
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    lobby_message_id: int | None
    has_ai: bool
    snapshot: str | None
    snapshot_ply: int
    end_reason: str | None
    rated: bool
    seats: tuple[SeatRecord, ...]
    pace: str = "daily"
    deadline_at: datetime | None = None
    """When the current turn's time runs out (None: no clock on this turn)."""
    next_event_at: datetime | None = None
    """When the turn's clock next needs the scheduler (a reminder, or the deadline)."""
    announced_ply: int = 0
    held_until: datetime | None = None
    """The turn's clock waits for its player's days off until then (it restarts with the whole turn time)."""
    language: str = "en"
    """The language of the game's public messages, boards and replays (a texts catalog)."""
    game: str = field(kw_only=True)
    """Which game this is (a name in registry.GAME_NAMES)."""
    web_token: str | None = field(default=None, kw_only=True)
    """The unguessable part of the link to the game's web page; None: revoked (or never made)."""
    board: str = field(default="", kw_only=True)
    """The board the game is played on, as its game names it; "": the game's original board."""

    def seat_of(self, user_id: int) -> SeatRecord | None:
        return next((seat for seat in self.seats if seat.user_id == user_id), None)


@dataclass(frozen=True, slots=True)
class MoveRecord:
    game_id: int
    ply: int
    seat: int
    user_id: int | None
    action: str
    created_at: datetime


@dataclass(frozen=True, slots=True)
class ResultInput:
    """One seat's final result, as the engine reports it."""

    seat: int
    user_id: int | None
    name: str
    total: int
    winner: bool
    resigned: bool = False
    away: bool = False
    """Still away at the end: cannot win and is ranked last."""
    ai_level: str | None = None
    ai_rating: tuple[float, float] | None = None
    """An AI seat's level's published (μ, σ): it takes part in its opponents' ratings at it, every game
    (store/ratings.py); its own is never stored."""
    detail: Mapping[str, Detail] = field(default_factory=dict)
    """What only the seat's game keeps of its result (Clans: the clan it held, that clan's score, its chips),
    stored as a JSON object the store does not read."""


@dataclass(frozen=True, slots=True)
class ResultRecord:
    game_id: int
    seat: int
    user_id: int | None
    name: str
    total: int
    winner: bool
    resigned: bool
    away: bool = False
    detail: Mapping[str, Detail] = field(default_factory=dict)
    """What only the game keeps of the result (``ResultInput.detail``)."""


@dataclass(frozen=True, slots=True)
class RatingRecord:
    guild_id: int
    user_id: int
    name: str
    mu: float
    sigma: float
    games: int
    wins: int
    points: int
    updated_at: datetime

    @property
    def ordinal(self) -> float:
        return ordinal(self.mu, self.sigma)


@dataclass(frozen=True, slots=True)
class LeaderboardRow:
    rank: int
    user_id: int
    name: str
    games: int
    wins: int
    win_rate: float
    avg_total: float
    mu: float
    sigma: float
    ordinal: float


@dataclass(frozen=True, slots=True)
class ProfileRecord:
    """A player's standing in one guild. Counts cover rated games; ``recent`` lists any finished games."""

    guild_id: int
    user_id: int
    name: str
    games: int
    wins: int
    win_rate: float
    avg_total: float
    best_total: int | None
    mu: float
    sigma: float
    ordinal: float
    rank: int | None  # position on the guild leaderboard; None before a first rated game
    recent: tuple[ResultRecord, ...]  # newest first, at most five


def _optional_int(value: object) -> int | None:
    return None if value is None else int(cast(int, value))


def seat_from_row(row: Row) -> SeatRecord:
    return SeatRecord(
        game_id=int(row["game_id"]),
        seat=int(row["seat"]),
        user_id=_optional_int(row["user_id"]),
        name=str(row["name"]),
        ai_level=cast(AiLevel | None, row["ai_level"]),
        timeouts=int(row["timeouts"]),
        away=bool(row["away"]),
        days_off=_off_period(row["off_from"], row["off_until"]),
    )


def _off_period(starts_at: object, ends_at: object) -> OffPeriod | None:
    start, end = parse_time(_optional_text(starts_at)), parse_time(_optional_text(ends_at))
    return None if start is None or end is None else OffPeriod(start, end)


def _optional_text(value: object) -> str | None:
    return None if value is None else str(value)


def game_from_row(row: Row, seats: Sequence[SeatRecord]) -> GameRecord:
    created_at = parse_time(row["created_at"])
    assert created_at is not None
    return GameRecord(
        id=int(row["id"]),
        guild_id=_optional_int(row["guild_id"]),
        channel_id=int(row["channel_id"]),
        host_id=int(row["host_id"]),
        status=cast(GameStatus, row["status"]),
        seed=int(row["seed"]),
        created_at=created_at,
        started_at=parse_time(row["started_at"]),
        finished_at=parse_time(row["finished_at"]),
        lobby_message_id=_optional_int(row["lobby_message_id"]),
        has_ai=bool(row["has_ai"]),
        snapshot=cast(str | None, row["snapshot"]),
        snapshot_ply=int(row["snapshot_ply"]),
        end_reason=cast(str | None, row["end_reason"]),
        rated=bool(row["rated"]),
        seats=tuple(seats),
        pace=str(row["pace"]),
        deadline_at=parse_time(row["deadline_at"]),
        next_event_at=parse_time(row["next_event_at"]),
        announced_ply=int(row["announced_ply"]),
        held_until=parse_time(row["held_until"]),
        language=str(row["language"]),
        game=str(row["game"]),
        web_token=cast(str | None, row["web_token"]),
        board=str(row["board"]),
    )


def move_from_row(row: Row) -> MoveRecord:
    created_at = parse_time(row["created_at"])
    assert created_at is not None
    return MoveRecord(
        game_id=int(row["game_id"]),
        ply=int(row["ply"]),
        seat=int(row["seat"]),
        user_id=_optional_int(row["user_id"]),
        action=str(row["action"]),
        created_at=created_at,
    )


def result_from_row(row: Row) -> ResultRecord:
    return ResultRecord(
        game_id=int(row["game_id"]),
        seat=int(row["seat"]),
        user_id=_optional_int(row["user_id"]),
        name=str(row["name"]),
        total=int(row["total"]),
        winner=bool(row["winner"]),
        resigned=bool(row["resigned"]),
        away=bool(row["away"]),
        detail=detail_from_text(row["detail"]),
    )


def detail_to_text(detail: Mapping[str, Detail]) -> str | None:
    """A result's game detail as the ``results.detail`` column holds it (None: the game keeps none)."""
    return json.dumps(dict(detail), separators=(",", ":"), sort_keys=True) if detail else None


def detail_from_text(text: object) -> dict[str, Detail]:
    if text is None:
        return {}
    loaded = json.loads(str(text))
    assert isinstance(loaded, dict), "a result's detail is a JSON object"
    return {str(key): value for key, value in loaded.items() if isinstance(value, str | int)}


def rating_from_row(row: Row) -> RatingRecord:
    updated_at = parse_time(row["updated_at"])
    assert updated_at is not None
    return RatingRecord(
        guild_id=int(row["guild_id"]),
        user_id=int(row["user_id"]),
        name=str(row["name"]),
        mu=float(row["mu"]),
        sigma=float(row["sigma"]),
        games=int(row["games"]),
        wins=int(row["wins"]),
        points=int(row["points"]),
        updated_at=updated_at,
    )
