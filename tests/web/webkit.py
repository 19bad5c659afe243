"""Builders for the web tests: the games' services on a real database, a web server over them on the loopback
interface, and games played through the services (the pages only ever read)."""

from __future__ import annotations

import itertools
import random
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import Any

import aiohttp

import engine.alexandros as alex
from engine.clans import GameState, legal_moves
from registry import game as game_named
from service.ai_pool import AiPool
from service.alexandros import AlexandrosService
from service.clans.games import GameService
from service.web import WebPages, page_path
from store import Store
from web.limits import RateLimit
from web.server import WebServer

GUILD, CHANNEL = 900, 500
ANN, BOB, CY = 11, 12, 13
HOSTILE = '<script>alert("x")</script><img src=x onerror=alert(1)>" onmouseover="alert(2)'
"""A display name that would be markup and script if a page took it as HTML."""
NOW = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)


def services(store: Store, seed: int = 5) -> dict[str, Any]:
    """Every game's service over ``store``, as the bot builds them (Clans' first lobby gets ``seed``)."""
    seeds = itertools.count(seed)
    built: dict[str, Any] = {}
    for name in ("clans", "alexandros"):
        built[name] = game_named(name).make_service(
            store,
            ai_pool=AiPool(niceness=0),
            now=lambda: NOW,
            claims=None,
            seed_source=lambda: next(seeds),
            config=_Config(),
        )
    return built


class _Config:
    ai_rollouts = None
    ai_budget_s = 0.05


async def clans_game(
    games: GameService, names: tuple[str, ...] = ("Ann", "Bob"), channel: int = CHANNEL, moves: int = 0
) -> int:
    """A started Clans game of ``names`` (users 11, 12, …) with ``moves`` random actions played."""
    users = [ANN + i for i in range(len(names))]
    lobby = await games.open_lobby(GUILD, channel, users[0], names[0])
    for user, name in zip(users[1:], names[1:], strict=True):
        await games.join(lobby.id, user, name)
    await games.start(lobby.id, users[0])
    await play_clans(games, lobby.id, moves)
    return lobby.id


async def play_clans(games: GameService, game_id: int, moves: int, seed: int = 1) -> None:
    rng = random.Random(seed + game_id)
    for _ in range(moves):
        record = await games.store.get_game(game_id)
        assert record is not None and record.snapshot is not None
        state = GameState.from_json(record.snapshot)
        if state.over:
            return
        move = rng.choice(legal_moves(state))
        await games.play(game_id, record.seats[state.to_move].user_id, move)


async def alexandros_game(
    service: AlexandrosService, names: tuple[str, ...] = ("Ann", "Bob"), channel: int = CHANNEL + 1, actions: int = 0
) -> int:
    users = [ANN + i for i in range(len(names))]
    lobby = await service.open_lobby(GUILD, channel, users[0], names[0])
    for user, name in zip(users[1:], names[1:], strict=True):
        await service.join(lobby.id, user, name)
    await service.start(lobby.id, users[0])
    await play_alexandros(service, lobby.id, actions)
    return lobby.id


async def play_alexandros(service: AlexandrosService, game_id: int, actions: int, seed: int = 2) -> None:
    rng = random.Random(seed + game_id)
    for _ in range(actions):
        record = await service.store.get_game(game_id)
        assert record is not None and record.snapshot is not None
        state = alex.state_from_json(record.snapshot)
        if alex.result(state) is not None:
            return
        action = rng.choice(alex.legal_actions(state))
        user = record.seats[state.to_move].user_id
        assert user is not None
        await service.act(game_id, user, action.text)


async def token_of(store: Store, game_id: int) -> str:
    record = await store.get_game(game_id)
    assert record is not None and record.web_token is not None
    return record.web_token


@asynccontextmanager
async def serving(
    store: Store, games: dict[str, Any] | None = None, *, poll_s: float = 0.05, clock: Callable[[], float] | None = None
) -> AsyncIterator[WebServer]:
    """A web server over ``store`` on a free loopback port, following the commits of ``games``' services."""
    limit = RateLimit(clock=clock) if clock is not None else None
    server = WebServer(WebPages(store), "127.0.0.1", 0, services=games, now=lambda: NOW, poll_s=poll_s, limit=limit)
    await server.start()
    try:
        yield server
    finally:
        await server.close()


def url(server: WebServer, token: str, tail: str = "") -> str:
    return f"{server.address}{page_path(token)}{tail}"


async def fetch(server: WebServer, path: str, language: str = "en") -> tuple[int, dict[str, str], bytes]:
    async with (
        aiohttp.ClientSession() as session,
        session.get(server.address + path, headers={"Accept-Language": language}) as response,
    ):
        return response.status, dict(response.headers), await response.read()
