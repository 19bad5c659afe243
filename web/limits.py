"""What one reader may ask of the web server: a token bucket of requests per client address, and a ceiling on the
pages following games live, per address and in all."""

from __future__ import annotations

import ipaddress
import time
from collections import OrderedDict
from collections.abc import Callable

from aiohttp import web

REQUESTS_PER_S = 20.0
"""Sustained requests per client address: stepping through a history with the arrow keys held down fits."""
BURST = 120
"""Requests a client may make at once (a page, its style and script, a few boards, its live stream)."""
CLIENTS_KEPT = 10_000
"""Addresses remembered at once (the longest idle are forgotten: a new one starts with a full bucket)."""
STREAMS_PER_CLIENT = 8
"""Pages one address may follow live at once."""
STREAMS = 2000
"""Pages this process follows live at once, for everyone."""


class RateLimit:
    """A token bucket per client address."""

    def __init__(
        self, rate: float = REQUESTS_PER_S, burst: int = BURST, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def take(self, client: str) -> float:
        """0 if the client may make a request now (it is counted), else the seconds until it may."""
        now = self.clock()
        tokens, since = self._buckets.pop(client, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - since) * self.rate)
        wait = 0.0
        if tokens >= 1:
            tokens -= 1
        else:
            wait = (1 - tokens) / self.rate
        self._buckets[client] = (tokens, now)
        while len(self._buckets) > CLIENTS_KEPT:
            self._buckets.popitem(last=False)
        return wait


def client_of(request: web.Request) -> str:
    """The reader's address: the peer's, or, when the peer is a reverse proxy on this machine (loopback), the last
    address it added to X-Forwarded-For (docs/OPERATING.md: the proxy sets it)."""
    peer = request.remote or "?"
    forwarded = request.headers.get("X-Forwarded-For", "")
    if forwarded and _loopback(peer):
        return forwarded.split(",")[-1].strip() or peer
    return peer


def _loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False
