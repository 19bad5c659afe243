"""The web server inside the bot's process (aiohttp, which discord.py already brings): a read-only page per game at
its link, its boards, its live stream and the page's two static files. Off unless WEB_HOST is set; behind a
reverse proxy in production (docs/OPERATING.md). Every process serves any game from the shared database.

Every answer carries a strict Content-Security-Policy (scripts, styles, images and connections from this server
only, no inline script or style, no frames); a link that no game has, or that was revoked, is a plain 404, the same
as any other wrong address. A reader's requests are bounded by a token bucket per address (web/limits.py), the
boards' cost by their cache and one drawing thread (web/boards.py), the live streams per address and in all.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping

from aiohttp import web

from service.pace import Clock, system_clock
from service.web import GamePage, WebPages, follow_commits
from texts import texts
from texts.catalogs import LANGUAGES
from web.boards import BoardCache, Busy
from web.follow import Following, version_of
from web.language import page_language
from web.limits import STREAMS, STREAMS_PER_CLIENT, RateLimit, client_of
from web.pages import STATIC_FILES, Shown, render_page, static_file
from web.parts import part_of

log = logging.getLogger("clans.web")

TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
"""What a link's token looks like (service/games.py's ``new_web_token``, or migration 14's hex): anything else is
a 404 without a look at the database."""
LONG_HISTORY = 200
"""A page with a longer history is written in a thread (tens of milliseconds): the event loop stays free."""
PAGES_KEPT = 256
"""Pages kept as written (web/pages.py's HTML, about 10 KB each)."""
HEARTBEAT_S = 20.0
"""A live stream says something at least this often, so proxies and browsers keep it open."""

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}
STATIC_TYPES = {".css": "text/css", ".js": "text/javascript", ".svg": "image/svg+xml"}

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class CannotServe(OSError):
    """The address WEB_HOST and WEB_PORT name cannot be listened on (taken, or not this machine's)."""


def not_found() -> web.Response:
    return web.Response(status=404, text="Not found", content_type="text/plain")


class WebServer:
    """The pages of every game, served at ``host``:``port`` (port 0: any free one, then ``port`` says which)."""

    def __init__(
        self,
        pages: WebPages,
        host: str,
        port: int,
        *,
        services: Mapping[str, object] | None = None,
        now: Clock = system_clock,
        poll_s: float | None = None,
        limit: RateLimit | None = None,
        boards: BoardCache | None = None,
        streams_per_client: int = STREAMS_PER_CLIENT,
    ) -> None:
        self.pages = pages
        self.host = host
        self.port = port
        self.now = now
        self.following = Following(pages) if poll_s is None else Following(pages, poll_s)
        self.limit = limit or RateLimit()
        self.boards = boards or BoardCache()
        self.streams_per_client = streams_per_client
        self._services = services or {}
        self._stop_following: Callable[[], None] = lambda: None
        self._streams: dict[str, int] = {}
        self._written: OrderedDict[tuple[object, ...], str] = OrderedDict()
        """Pages as last written, by link, mark, seats, language and step: the pages following a game fetch
        themselves again all at once after each action, and all but the first get the page as written."""
        self._runner: web.AppRunner | None = None
        self.on_request: Callable[[str, int], None] | None = None
        """Told each answer's route (its pattern, never a link's token) and status (the bot's metrics)."""
        self.app = self._app()

    def _app(self) -> web.Application:
        app = web.Application(middlewares=[self._guard], client_max_size=1024)
        app.router.add_get("/g/{token}", self.page)
        app.router.add_get(r"/g/{token}/board/{step:\d{1,5}}.{lang:[a-z]{2}}.png", self.board)
        app.router.add_get("/g/{token}/events", self.events)
        app.router.add_get(r"/g/{token}/picture.{lang:[a-z]{2}}.png", self.picture)
        app.router.add_get("/static/{name}", self.static)
        app.router.add_get("/robots.txt", self.robots)
        return app

    async def start(self) -> None:
        # No access log (no token in any log); a reader who leaves ends their request at once (a live stream's
        # count drops then, not at its next write).
        self._runner = web.AppRunner(self.app, access_log=None, handle_signals=False, handler_cancellation=True)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        try:
            await site.start()
        except OSError as error:
            await self._runner.cleanup()
            raise CannotServe(
                f"cannot serve the web pages on {self.host}:{self.port}: {error.strerror or error}"
            ) from None
        server = site._server
        sockets = getattr(server, "sockets", None) or ()
        if sockets:
            self.port = int(sockets[0].getsockname()[1])
        self.following.start()
        self._stop_following = follow_commits(self._services, self.following.poke)
        log.info("Serving the games' pages on %s:%d", self.host, self.port)

    async def close(self) -> None:
        self._stop_following()
        await self.following.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        self.boards.close()

    @property
    def address(self) -> str:
        """Where this server is reached on this machine (for tests, and links when no WEB_BASE_URL is set)."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    # --- every request ---------------------------------------------------------------------------------------------

    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        wait = self.limit.take(client_of(request))
        if wait > 0:
            response: web.StreamResponse = web.Response(
                status=429, text="Too many requests", headers={"Retry-After": str(max(1, round(wait)))}
            )
        else:
            try:
                response = await handler(request)
            except web.HTTPNotFound:
                response = not_found()
            except web.HTTPMethodNotAllowed:
                response = web.Response(status=405, text="Method not allowed", headers={"Allow": "GET, HEAD"})
        if not response.prepared:
            response.headers.update(SECURITY_HEADERS)
            response.headers.setdefault("Cache-Control", "no-store")
        if self.on_request is not None:
            resource = request.match_info.route.resource
            self.on_request("unknown" if resource is None else resource.canonical, response.status)
        return response

    async def _page_of(self, request: web.Request) -> tuple[str, GamePage] | None:
        token = request.match_info["token"]
        if not TOKEN.fullmatch(token):
            return None
        page = await self.pages.page(token)
        return None if page is None else (token, page)

    # --- the routes --------------------------------------------------------------------------------------------------

    async def page(self, request: web.Request) -> web.StreamResponse:
        found = await self._page_of(request)
        if found is None:
            return not_found()
        token, page = found
        lang = page_language(request.headers.get("Accept-Language"))
        raw_step = request.query.get("step", "")
        step = int(raw_step) if raw_step.isdigit() and len(raw_step) <= 5 else None
        seats = tuple((seat.name, seat.ai_level, seat.away) for seat in page.record.seats)
        key = (token, version_of(page.mark), seats, lang, step)
        html = self._written.get(key)
        if html is None:
            shown = Shown(page, part_of(page.record.game), texts(lang, page.record.game), lang, token, self.now(), step)
            long = len(page.moves) > LONG_HISTORY
            html = await asyncio.to_thread(render_page, shown) if long else render_page(shown)
            self._written[key] = html
            while len(self._written) > PAGES_KEPT:
                self._written.popitem(last=False)
        else:
            self._written.move_to_end(key)
        response = web.Response(text=html, content_type="text/html", charset="utf-8")
        response.headers["Vary"] = "Accept-Language"
        response.enable_compression()
        return response

    async def board(self, request: web.Request) -> web.StreamResponse:
        found = await self._page_of(request)
        if found is None:
            return not_found()
        _, page = found
        step, lang = int(request.match_info["step"]), request.match_info["lang"]
        if page.steps is None or step >= len(page.steps.views) or lang not in LANGUAGES:
            return not_found()
        part = part_of(page.record.game)
        t = texts(lang, page.record.game)
        key = (page.record.id, step, lang, part.board_version)
        try:
            png = await self.boards.png(key, lambda: part.draw(page, step, t))
        except Busy:
            return web.Response(status=503, text="Busy, ask again", headers={"Retry-After": "2"})
        # A position never changes once played: the browser keeps it (not a shared cache: a revoked link's boards
        # are its reader's alone).
        return web.Response(
            body=png, content_type="image/png", headers={"Cache-Control": "private, max-age=86400, immutable"}
        )

    async def picture(self, request: web.Request) -> web.StreamResponse:
        """A finished game's picture (Clans: what each move told), when its game has one."""
        found = await self._page_of(request)
        if found is None:
            return not_found()
        _, page = found
        lang = request.match_info["lang"]
        part = part_of(page.record.game)
        if lang not in LANGUAGES or part.picture_title is None:
            return not_found()
        draw = await part.picture(self._services.get(page.record.game), page, texts(lang, page.record.game))
        if draw is None:
            return not_found()
        try:
            png = await self.boards.png((page.record.id, "picture", lang, part.board_version), draw)
        except Busy:
            return web.Response(status=503, text="Busy, ask again", headers={"Retry-After": "2"})
        return web.Response(body=png, content_type="image/png", headers={"Cache-Control": "private, max-age=86400"})

    async def events(self, request: web.Request) -> web.StreamResponse:
        found = await self._page_of(request)
        if found is None:
            return not_found()
        token, page = found
        client = client_of(request)
        if self._streams.get(client, 0) >= self.streams_per_client or self.following.streams >= STREAMS:
            return web.Response(status=429, text="Too many live pages", headers={"Retry-After": "30"})
        response = web.StreamResponse(
            headers={
                **SECURITY_HEADERS,
                "Content-Type": "text/event-stream",
                "Cache-Control": "no-store",
                "X-Accel-Buffering": "no",  # nginx: pass each event on at once
            }
        )
        self._streams[client] = self._streams.get(client, 0) + 1
        try:
            await response.prepare(request)
            with self.following.watch(page.record.id, token, page.mark) as watch:
                await response.write(f"retry: 3000\nevent: mark\ndata: {watch.version}\n\n".encode())
                while True:
                    try:
                        await asyncio.wait_for(watch.changed.wait(), HEARTBEAT_S)
                    except TimeoutError:
                        await response.write(b": still here\n\n")
                        continue
                    watch.changed.clear()
                    if watch.ended:
                        if watch.gone:  # the link was revoked or renewed: the page stops following
                            await response.write(b"event: gone\ndata: \n\n")
                        break  # else the server stops: the browser comes back on its own (retry)
                    await response.write(f"event: mark\ndata: {watch.version}\n\n".encode())
        except ConnectionResetError:
            pass  # the reader left
        finally:
            left = self._streams.get(client, 1) - 1
            if left:
                self._streams[client] = left
            else:
                self._streams.pop(client, None)
        return response

    async def static(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        if name not in STATIC_FILES:
            return not_found()
        kind = STATIC_TYPES[name[name.rindex(".") :]]
        return web.Response(
            body=static_file(name),
            content_type=kind,
            charset="utf-8" if kind != "image/svg+xml" else None,
            headers={"Cache-Control": "public, max-age=31536000, immutable"},
        )

    async def robots(self, request: web.Request) -> web.StreamResponse:
        return web.Response(text="User-agent: *\nDisallow: /\n", content_type="text/plain")


__all__ = ["CSP", "CannotServe", "WebServer", "not_found"]
