"""Persistence for Clans games: SQLite through aiosqlite (WAL mode), or PostgreSQL through asyncpg.

``Store.open(target)`` picks the backend: a file path is SQLite, a ``postgresql://`` URL is PostgreSQL; both
behave the same (see ``store.backend``). The move log plus the seed is the source of truth for a game; the
snapshot only makes loading fast. Every method is a single transaction. Nothing here knows about Discord or
images.
"""

from store.claims import ClaimKind, ClaimQueries, new_holder
from store.clock import ClockQueries, ClockStage, DueTurn, Returned, TurnClock
from store.days_off import AllowanceUsed, DaysOffQueries, Declared, PlayerGame, WakingHoursRecord
from store.db import Database, apply_migrations, schema_version
from store.errors import (
    AlreadySeated,
    ChannelBusy,
    GameNotFound,
    LimitReached,
    LobbyFull,
    NotActive,
    NotFinished,
    NotInLobby,
    NotRunning,
    NotSeated,
    SeatsChanged,
    StaleAction,
    StoreError,
    WrongGuild,
)
from store.games import MAX_SEATS, GameQueries
from store.languages import LanguageQueries
from store.limits import Ceiling, LimitQueries, Limits, OpenCounts, first_reached
from store.migrations import MIGRATIONS
from store.overview import OverviewQueries
from store.ratings import RatingQueries, finishing_ranks
from store.records import (
    AiLevel,
    GameRecord,
    GameStatus,
    LeaderboardRow,
    MoveRecord,
    OffPeriod,
    ProfileRecord,
    RatingRecord,
    ResultInput,
    ResultRecord,
    SeatRecord,
    is_ai_level,
)
from store.replays import ReplayQueries
from store.told import ToldQueries
from store.web import PageMark, WebQueries


class Store(
    GameQueries,
    RatingQueries,
    ClockQueries,
    OverviewQueries,
    ClaimQueries,
    LanguageQueries,
    ReplayQueries,
    ToldQueries,
    LimitQueries,
    DaysOffQueries,
    WebQueries,
):
    """The bot's database: ``async with await Store.open(path_or_url) as store: ...``."""


__all__ = [
    "MAX_SEATS",
    "MIGRATIONS",
    "AiLevel",
    "AllowanceUsed",
    "AlreadySeated",
    "Ceiling",
    "ChannelBusy",
    "ClaimKind",
    "ClockStage",
    "Database",
    "Declared",
    "DueTurn",
    "GameNotFound",
    "GameRecord",
    "GameStatus",
    "LeaderboardRow",
    "LimitReached",
    "Limits",
    "LobbyFull",
    "MoveRecord",
    "NotActive",
    "NotFinished",
    "NotInLobby",
    "NotRunning",
    "NotSeated",
    "OffPeriod",
    "OpenCounts",
    "PageMark",
    "PlayerGame",
    "ProfileRecord",
    "RatingRecord",
    "ResultInput",
    "ResultRecord",
    "Returned",
    "SeatRecord",
    "SeatsChanged",
    "StaleAction",
    "Store",
    "StoreError",
    "TurnClock",
    "WakingHoursRecord",
    "WrongGuild",
    "apply_migrations",
    "finishing_ranks",
    "first_reached",
    "is_ai_level",
    "new_holder",
    "schema_version",
]
