"""Limits on open lobbies and running games, per member and per server, so one member (or one server) cannot
fill the bot with threads and games. Set from the configuration (config.py, `.env.example`).

Counted at the moment of asking (one read): two requests of one member landing at the same instant on two
processes may both pass, which overshoots by one at most per process; the limits bound spam, not exact counts.
"""

from __future__ import annotations

from dataclasses import dataclass

from service.errors import GameError, Why
from store import Store

NO_LIMIT = 2**31


@dataclass(frozen=True, slots=True)
class Limits:
    """The service's own default is no limit (scripts, the terminal game, service tests); the bot sets the
    configured ones (config.py: 2, 10, 10 and 50)."""

    lobbies_per_user: int = NO_LIMIT
    games_per_user: int = NO_LIMIT
    lobbies_per_server: int = NO_LIMIT
    games_per_server: int = NO_LIMIT


async def check_may_open(store: Store, limits: Limits, guild_id: int | None, user_id: int) -> None:
    """Refused (GameError) when the member or the server may not open one more lobby."""
    counts = await store.open_counts(guild_id, user_id)
    if counts.lobbies_hosted >= limits.lobbies_per_user:
        raise GameError(Why.LOBBIES_PER_USER, lobbies=counts.lobbies_hosted)
    _check_seats(counts.games_seated, limits)
    if counts.server_lobbies >= limits.lobbies_per_server:
        raise GameError(Why.LOBBIES_PER_SERVER, lobbies=counts.server_lobbies)


async def check_may_join(store: Store, limits: Limits, guild_id: int | None, user_id: int) -> None:
    _check_seats((await store.open_counts(guild_id, user_id)).games_seated, limits)


async def check_may_start(store: Store, limits: Limits, guild_id: int | None, host_id: int) -> None:
    running = (await store.open_counts(guild_id, host_id)).server_running
    if running >= limits.games_per_server:
        raise GameError(Why.GAMES_PER_SERVER, games=running)


def _check_seats(seated: int, limits: Limits) -> None:
    if seated >= limits.games_per_user:
        raise GameError(Why.GAMES_PER_USER, games=seated)
