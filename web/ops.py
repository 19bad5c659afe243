"""The operator's two addresses, on a listener of their own (OPS_HOST, OPS_PORT: docs/OPERATING.md), so that they can
stay on the loopback while the games' pages face the world:

- ``/healthz``: 200 ``ok`` when the bot is healthy, else 503 with the reasons, one a line (for a process supervisor,
  a load balancer or a container's health check);
- ``/metrics``: the bot's figures in Prometheus' text format (service/metrics.py).

What healthy means, and what the figures are, the bot decides (bot.py): this server only answers.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from aiohttp import web

log = logging.getLogger("clans.ops")

Health = Callable[[], Awaitable[list[str]]]
"""What is wrong now (an empty list: healthy), each reason a short line without any user's data."""
Exposition = Callable[[], Awaitable[tuple[bytes, str]]]
"""The metrics as of now, and their Content-Type."""


class OpsServer:
    def __init__(self, host: str, port: int, health: Health, exposition: Exposition) -> None:
        self.host = host
        self.port = port
        self.health = health
        self.exposition = exposition
        self._runner: web.AppRunner | None = None
        self.app = web.Application(client_max_size=1024)
        self.app.router.add_get("/healthz", self.healthz)
        self.app.router.add_get("/metrics", self.metrics)

    async def start(self) -> None:
        self._runner = web.AppRunner(self.app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        try:
            await site.start()
        except OSError:
            await self._runner.cleanup()
            self._runner = None
            raise
        sockets = getattr(site._server, "sockets", None) or ()
        if sockets:
            self.port = int(sockets[0].getsockname()[1])
        log.info("Health and metrics on http://%s:%d (/healthz, /metrics)", self.host, self.port)

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @property
    def address(self) -> str:
        return f"http://{self.host}:{self.port}"

    async def healthz(self, request: web.Request) -> web.Response:
        problems = await self.health()
        headers = {"Cache-Control": "no-store"}
        if problems:
            return web.Response(status=503, text="\n".join(problems) + "\n", headers=headers)
        return web.Response(text="ok\n", headers=headers)

    async def metrics(self, request: web.Request) -> web.Response:
        body, content_type = await self.exposition()
        return web.Response(body=body, headers={"Content-Type": content_type, "Cache-Control": "no-store"})
