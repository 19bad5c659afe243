"""What the service hands the cogs about games and players: the store's records, re-exported here so that cogs talk
to services and never to the store (tests/test_import_contract.py)."""

from store import (
    ClockStage,
    DueTurn,
    GameRecord,
    LeaderboardRow,
    OffPeriod,
    PlayerGame,
    ProfileRecord,
    ResultRecord,
    SeatRecord,
)

__all__ = [
    "ClockStage",
    "DueTurn",
    "GameRecord",
    "LeaderboardRow",
    "OffPeriod",
    "PlayerGame",
    "ProfileRecord",
    "ResultRecord",
    "SeatRecord",
]
