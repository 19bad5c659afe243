"""The AI pool's line of requests waiting for a worker, served fairly.

Requests a player's reply waits on (beliefs, milliseconds each) go first, in order of arrival. Decisions are
served round-robin: one per server in turn, and within a server one per game in turn, so a server with many AI
games (or many idle timeouts handed to the autopilot) cannot hold another server's turns: a newcomer waits for
at most one decision per server ahead of it, not for the whole line. The line only orders; the pool bounds its
length (``AiPool.max_waiting``) and logs it.
"""

from __future__ import annotations

from collections import OrderedDict, deque
from typing import Generic, TypeVar

T = TypeVar("T")


class FairLine(Generic[T]):
    def __init__(self) -> None:
        self._urgent: deque[T] = deque()
        self._servers: OrderedDict[int | None, OrderedDict[int, deque[T]]] = OrderedDict()
        """Server -> game -> its decisions, each in the order they are to be served next."""
        self.decisions = 0
        """Decisions waiting (beliefs are not counted: they are never refused)."""

    def push_urgent(self, item: T) -> None:
        self._urgent.append(item)

    def push(self, guild_id: int | None, game_id: int, item: T) -> None:
        """A decision of ``game_id`` in server ``guild_id`` (None: no server) joins the line; a server or game
        new to the line is served after those already in it."""
        games = self._servers.setdefault(guild_id, OrderedDict())
        games.setdefault(game_id, deque()).append(item)
        self.decisions += 1

    def pop(self) -> T | None:
        """The next request to serve (None when the line is empty)."""
        if self._urgent:
            return self._urgent.popleft()
        if not self._servers:
            return None
        guild_id, games = next(iter(self._servers.items()))
        game_id, waiting = next(iter(games.items()))
        item = waiting.popleft()
        self.decisions -= 1
        if waiting:
            games.move_to_end(game_id)
        else:
            del games[game_id]
        if games:
            self._servers.move_to_end(guild_id)
        else:
            del self._servers[guild_id]
        return item

    def drain(self) -> list[T]:
        """Everything in line, which is left empty."""
        items = list(self._urgent)
        for games in self._servers.values():
            for waiting in games.values():
                items += waiting
        self._urgent.clear()
        self._servers.clear()
        self.decisions = 0
        return items

    def by_server(self) -> dict[int | None, int]:
        """Decisions waiting per server."""
        return {guild: sum(len(w) for w in games.values()) for guild, games in self._servers.items()}

    def __len__(self) -> int:
        return len(self._urgent) + self.decisions
