"""What an operator watches: the bot's figures in Prometheus' text format (docs/OPERATING.md, "Watching the bot").

One ``Metrics`` per bot, on a registry of its own (tests run several bots in one process). Every label is a word of
the bot's own (a game's name, an AI level, a kind of interaction, a page's route, a shard's number): never a
player's name or id, a server, a channel or anything a player typed. The hooks that feed it live where the events
happen (cogs/watch.py for Discord's side, the store's transactions, the turn pipeline's commits, the clock's ticks,
the web server's answers); this module only keeps the figures.
"""

from __future__ import annotations

import time
from collections import OrderedDict, deque
from collections.abc import Iterable
from dataclasses import dataclass

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST

CONTENT_TYPE = CONTENT_TYPE_LATEST
"""The answer's Content-Type: Prometheus' text format, version 0.0.4."""

LATENCY_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 30.0)
"""Seconds: from a quick answer to Discord's 3-second deadline and past it."""
AI_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0)
DB_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0)
PENDING_KEPT = 4096
"""Committed actions waiting for their public post, at most (the oldest are dropped past it)."""
SLOWEST_KEPT = 5
"""The slowest recent AI decisions the owner's health report lists."""
RECENT_DECISIONS = 200
"""How many recent AI decisions the slowest are picked from."""

METRIC_NAMES = (
    "clans_gateway_latency_seconds",
    "clans_gateway_connected",
    "clans_interactions_total",
    "clans_first_answer_seconds",
    "clans_move_post_seconds",
    "clans_ai_queue_depth",
    "clans_ai_decision_seconds",
    "clans_rate_limit_waits_total",
    "clans_rate_limit_wait_seconds_total",
    "clans_clock_lag_seconds",
    "clans_clock_last_tick_timestamp_seconds",
    "clans_db_transaction_seconds",
    "clans_games",
    "clans_web_requests_total",
    "clans_errors_total",
    "clans_process_start_time_seconds",
    "clans_process_info",
)
"""Every metric the bot exposes, as a scrape shows it (docs/OPERATING.md names each)."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One AI decision, for the owner's health report: its game, level and time (no game id, no player)."""

    game: str
    level: str
    seconds: float


class Metrics:
    """The bot's figures, on a registry of their own."""

    def __init__(self, shards: str = "all", shard_count: str = "auto") -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        r = self.registry
        self.gateway_latency = Gauge(
            "clans_gateway_latency_seconds", "Heartbeat latency of each gateway shard", ["shard"], registry=r
        )
        self.gateway_connected = Gauge(
            "clans_gateway_connected", "1 when every shard of this process is connected to the gateway", registry=r
        )
        self.interactions = Counter(
            "clans_interactions", "Interactions by kind and outcome", ["kind", "outcome"], registry=r
        )
        self.first_answer = Histogram(
            "clans_first_answer_seconds",
            "From an interaction's creation to the bot's first answer, by the answer's kind",
            ["answer"],
            buckets=LATENCY_BUCKETS,
            registry=r,
        )
        self.move_post = Histogram(
            "clans_move_post_seconds",
            "From an action's commit to its public message, by game",
            ["game"],
            buckets=LATENCY_BUCKETS,
            registry=r,
        )
        self.ai_queue = Gauge("clans_ai_queue_depth", "AI decisions waiting for a worker", registry=r)
        self.ai_decision = Histogram(
            "clans_ai_decision_seconds",
            "AI decision time by game and level",
            ["game", "level"],
            buckets=AI_BUCKETS,
            registry=r,
        )
        self.rate_limit_waits = Counter(
            "clans_rate_limit_waits", "Waits for Discord's rate limits (429 answers)", ["scope"], registry=r
        )
        self.rate_limit_seconds = Counter(
            "clans_rate_limit_wait_seconds", "Seconds waited for Discord's rate limits", ["scope"], registry=r
        )
        self.clock_lag = Gauge(
            "clans_clock_lag_seconds",
            "How late the clock's last tick acted on its earliest due event",
            ["game"],
            registry=r,
        )
        self.clock_tick = Gauge(
            "clans_clock_last_tick_timestamp_seconds",
            "When the game's clock last ticked (Unix time)",
            ["game"],
            registry=r,
        )
        self.db_transaction = Histogram(
            "clans_db_transaction_seconds",
            "Database transactions by kind (read, write)",
            ["kind"],
            buckets=DB_BUCKETS,
            registry=r,
        )
        self.games = Gauge("clans_games", "Games by game and state", ["game", "state"], registry=r)
        self.web_requests = Counter(
            "clans_web_requests", "Web page requests by route and status", ["route", "status"], registry=r
        )
        self.errors = Counter("clans_errors", "Errors logged, by kind (the exception's type)", ["kind"], registry=r)
        started = Gauge("clans_process_start_time_seconds", "When this process started (Unix time)", registry=r)
        started.set(time.time())
        info = Gauge("clans_process_info", "This process: its shards", ["shards", "shard_count"], registry=r)
        info.labels(shards=shards, shard_count=shard_count).set(1)
        self.started = time.monotonic()
        self._pending: OrderedDict[tuple[int, int], tuple[str, float]] = OrderedDict()
        self._decisions: deque[Decision] = deque(maxlen=RECENT_DECISIONS)
        self._errors: dict[str, int] = {}
        self.last_tick: dict[str, float] = {}
        """When each game's clock last ticked (monotonic seconds): /healthz wants a recent one."""

    # --- what happened ------------------------------------------------------------------------------------------

    def committed(self, game: str, game_id: int, ply: int) -> None:
        """An action of ``game`` was committed: its public message is timed from now (``announced``)."""
        self._pending[(game_id, ply)] = (game, time.monotonic())
        while len(self._pending) > PENDING_KEPT:
            self._pending.popitem(last=False)

    def announced(self, game_id: int, ply: int) -> None:
        """The game's actions up to ``ply`` have their public message: each one's time from its commit."""
        now = time.monotonic()
        for key in [k for k in self._pending if k[0] == game_id and k[1] <= ply]:
            game, since = self._pending.pop(key)
            self.move_post.labels(game=game).observe(now - since)

    def decided(self, game: str, level: str, seconds: float) -> None:
        self.ai_decision.labels(game=game, level=level).observe(seconds)
        self._decisions.append(Decision(game, level, seconds))

    def slowest_decisions(self) -> list[Decision]:
        return sorted(self._decisions, key=lambda d: d.seconds, reverse=True)[:SLOWEST_KEPT]

    def error(self, kind: str) -> None:
        self.errors.labels(kind=kind).inc()
        self._errors[kind] = self._errors.get(kind, 0) + 1

    def error_counts(self) -> dict[str, int]:
        """Errors logged since the start, by kind, most frequent first."""
        return dict(sorted(self._errors.items(), key=lambda item: -item[1]))

    def rate_limited(self, scope: str, seconds: float) -> None:
        self.rate_limit_waits.labels(scope=scope).inc()
        self.rate_limit_seconds.labels(scope=scope).inc(seconds)

    def rate_limit_totals(self) -> tuple[int, float]:
        """Waits for Discord's rate limits since the start, and the seconds they took."""
        waits = sum(
            int(s.value) for m in self.rate_limit_waits.collect() for s in m.samples if s.name.endswith("_total")
        )
        seconds = sum(
            s.value for m in self.rate_limit_seconds.collect() for s in m.samples if s.name.endswith("_total")
        )
        return waits, seconds

    def set_games(self, counts: Iterable[tuple[str, str, int]]) -> None:
        """Games by (game, state, count), as the database has them now."""
        self.games.clear()
        for game, state, count in counts:
            self.games.labels(game=game, state=state).set(count)

    def ticked(self, game: str, lag_s: float) -> None:
        self.clock_lag.labels(game=game).set(max(0.0, lag_s))
        self.clock_tick.labels(game=game).set(time.time())
        self.last_tick[game] = time.monotonic()

    def clock_silent_s(self) -> float | None:
        """Seconds since the least recent clock's last tick (None: no clock ticked yet)."""
        if not self.last_tick:
            return None
        return time.monotonic() - min(self.last_tick.values())

    def uptime_s(self) -> float:
        return time.monotonic() - self.started

    def exposition(self) -> bytes:
        return generate_latest(self.registry)
