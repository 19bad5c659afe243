"""The games' web pages under load (web/): the bot's own web server on the loopback interface, over a fresh SQLite
database with a running Clans game of four players (40 actions played) and an Alexandros game of three.

    python -m bench.web [--repeat 3] [--followers 50] [--commits 8]

Measured per round, each on a fresh database and server:
- the page over HTTP, one request after another: written (each of its 41 steps in each language, none asked before)
  and as written before (200 requests), p50/p99; its bytes (as sent, and gzipped as the server sends it to a browser
  that accepts it);
- the page in Debian's chromium (tools/browser.py), cold (a new profile each time): from navigation until the board
  image has loaded, p50/p99, and every byte the browser received for it;
- board images: the first request of each position (drawn), p50/p99, and again (kept in memory), p50/p99;
- with ``--followers`` pages following the game live (server-sent events; each page fetches itself again on an
  event, as page.js does): from an action's commit to each page holding the new action, p50/p99, for commits in the
  server's own process (which pokes the pages at once) and in another process (found by the server's look at the
  database, every ``POLL_S``);
- the same in the browser: one page following the game, from the commit to the new action on screen (median).
Prints ``FIGURE <name> <value> <unit>`` lines: the medians of each figure over ``--repeat`` rounds.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiohttp

sys.path.insert(0, str(Path.cwd() / "tests" / "web"))  # the builders live with the tests; run from the repo root

from webkit import alexandros_game, clans_game, play_clans, services, token_of

from bench.bot import percentile
from service.web import WebPages, page_path
from store import Store
from tools.browser import chromium
from web.follow import POLL_S
from web.limits import RateLimit
from web.server import WebServer

Figures = dict[str, float]


def ms(seconds: float) -> float:
    return round(seconds * 1000, 1)


def quantiles(name: str, samples: list[float]) -> Figures:
    return {f"{name}_p50": ms(percentile(samples, 0.5)), f"{name}_p99": ms(percentile(samples, 0.99))}


async def timed_get(session: aiohttp.ClientSession, url: str, **headers: str) -> tuple[float, bytes]:
    start = time.perf_counter()
    async with session.get(url, headers=headers) as response:
        body = await response.read()
        assert response.status == 200, (url, response.status)
    return time.perf_counter() - start, body


async def page_over_http(server: WebServer, path: str, steps: int) -> Figures:
    """Each page written (every step in every language: none asked before), then asked again (as written)."""
    async with aiohttp.ClientSession(auto_decompress=False) as session:
        written, kept, body = [], [], b""
        for lang in ("en", "de", "it"):
            for step in range(steps):
                url = f"{server.address}{path}?step={step}"
                took, _ = await timed_get(session, url, **{"Accept-Encoding": "identity", "Accept-Language": lang})
                written.append(took)
        for _ in range(200):
            took, body = await timed_get(session, server.address + path, **{"Accept-Encoding": "identity"})
            kept.append(took)
        _, sent = await timed_get(session, server.address + path, **{"Accept-Encoding": "gzip"})
    return {
        **quantiles("web_page_http_written", written),
        **quantiles("web_page_http_kept", kept),
        "web_page_bytes": len(body),
        "web_page_gzip_bytes": len(sent),
    }


async def page_in_browser(server: WebServer, path: str, loads: int = 12) -> Figures:
    samples, received = [], []
    async with chromium() as browser:
        for _ in range(loads):
            context = await browser.new_context(viewport={"width": 1366, "height": 900})
            page = await context.new_page()
            sizes: list[int] = []

            async def note(request: Any, sizes: list[int] = sizes) -> None:
                sizes.append((await request.sizes())["responseBodySize"])

            # Each finished request (the live stream never finishes: it is not counted).
            page.on("requestfinished", lambda request, note=note: asyncio.ensure_future(note(request)))
            start = time.perf_counter()
            await page.goto(server.address + path)
            await page.wait_for_function(
                "() => { const b = document.getElementById('board'); return b && b.complete && b.naturalWidth > 0; }"
            )
            samples.append(time.perf_counter() - start)
            await asyncio.sleep(0.05)  # the last response's body is noted
            received.append(sum(sizes))
            await context.close()
    return {**quantiles("web_page_browser_load", samples), "web_page_browser_bytes": statistics.median(received)}


async def boards(server: WebServer, path: str, steps: int) -> Figures:
    drawn, kept, sizes = [], [], []
    async with aiohttp.ClientSession() as session:
        for step in range(steps):
            took, png = await timed_get(session, f"{server.address}{path}/board/{step}.en.png")
            drawn.append(took)
            sizes.append(len(png))
        for i in range(200):
            took, _ = await timed_get(session, f"{server.address}{path}/board/{i % steps}.en.png")
            kept.append(took)
    return {
        **quantiles("web_board_drawn", drawn),
        **quantiles("web_board_kept", kept),
        "web_board_bytes": statistics.median(sizes),
    }


class Follower:
    """A page following the game: on each event it fetches itself again and notes when it first held each step."""

    def __init__(self, session: aiohttp.ClientSession, server: WebServer, path: str) -> None:
        self.session, self.server, self.path = session, server, path
        self.seen: dict[int, float] = {}
        self.ready = asyncio.Event()

    async def run(self) -> None:
        async with self.session.get(f"{self.server.address}{self.path}/events") as stream:
            async for raw in stream.content:
                line = raw.decode().strip()
                if line.startswith("data: "):
                    self.ready.set()
                    await self.fetch()

    async def fetch(self) -> None:
        async with self.session.get(self.server.address + self.path) as response:
            html = await response.text()
        now = time.perf_counter()
        steps = html.count('<li data-step="')
        for step in range(steps):
            self.seen.setdefault(step, now)


async def following(
    store: Store, server: WebServer, game_id: int, commit: Callable[[int], Any], followers: int, commits: int
) -> list[float]:
    """From each commit (``commit(seed)``) to each follower's page holding it."""
    path = page_path(await token_of(store, game_id))
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as session:
        pages = [Follower(session, server, path) for _ in range(followers)]
        tasks = [asyncio.create_task(page.run()) for page in pages]
        await asyncio.wait_for(asyncio.gather(*(page.ready.wait() for page in pages)), 30)
        delays = []
        for number in range(commits):
            record = await store.get_game(game_id)
            assert record is not None
            step = record.snapshot_ply + 1
            done = time.perf_counter()
            await commit(number)
            deadline = time.perf_counter() + 10
            while any(step not in page.seen for page in pages) and time.perf_counter() < deadline:
                await asyncio.sleep(0.005)
            delays += [page.seen[step] - done for page in pages if step in page.seen]
            assert len(delays) == (number + 1) * followers, "a page never heard of the action"
            await asyncio.sleep(0.3)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return delays


async def browser_following(store: Store, server: WebServer, game_id: int, games: Any) -> float:
    path = page_path(await token_of(store, game_id))
    delays = []
    async with chromium() as browser:
        page = await (await browser.new_context()).new_page()
        await page.goto(server.address + path)
        await page.wait_for_selector("#board")
        await asyncio.sleep(0.3)  # the live stream is open
        for number in range(4):
            record = await store.get_game(game_id)
            assert record is not None
            step = record.snapshot_ply + 1
            start = time.perf_counter()
            await play_clans(games["clans"], game_id, 1, seed=100 + number)
            await page.wait_for_selector(f"#steps li[data-step='{step}']", timeout=10_000)
            delays.append(time.perf_counter() - start)
    return ms(statistics.median(delays))


async def round_(followers: int, commits: int) -> Figures:
    with tempfile.TemporaryDirectory() as folder:
        async with await Store.open(Path(folder) / "bench.db") as store:
            games = services(store)
            names = ("Ann", "Björn", "Chiara", "Dmitri")
            long = await clans_game(games["clans"], names, channel=1, moves=40)  # about a whole game's history
            await alexandros_game(games["alexandros"], ("Ann", "Björn", "Chiara"), channel=2, actions=40)
            here, there, shown = [await clans_game(games["clans"], names, channel=3 + i, moves=8) for i in range(3)]
            path = page_path(await token_of(store, long))
            # Every page here comes from one address: no per-reader limit.
            unlimited = RateLimit(rate=1e6, burst=10**6)
            server = WebServer(
                WebPages(store), "127.0.0.1", 0, services=games, limit=unlimited, streams_per_client=followers + 2
            )
            await server.start()
            try:
                figures = await page_over_http(server, path, 41)
                figures |= await page_in_browser(server, path)
                figures |= await boards(server, path, 41)
                elsewhere = services(store)  # another process's services: no poke reaches this server

                def commit(service: Any, game_id: int) -> Callable[[int], Any]:
                    return lambda n: play_clans(service, game_id, 1, seed=n)

                near = await following(store, server, here, commit(games["clans"], here), followers, commits)
                far = await following(store, server, there, commit(elsewhere["clans"], there), followers, commits)
                figures |= quantiles("web_follow_commit_here", near) | quantiles("web_follow_commit_elsewhere", far)
                figures["web_follow_browser"] = await browser_following(store, server, shown, games)
            finally:
                await server.close()
    return figures


UNITS = {"bytes": "bytes"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--followers", type=int, default=50)
    parser.add_argument("--commits", type=int, default=8)
    args = parser.parse_args()
    rounds = [asyncio.run(round_(args.followers, args.commits)) for _ in range(args.repeat)]
    print(f"# {args.followers} pages following one game; server look every {POLL_S} s; medians of {args.repeat} rounds")
    for name in rounds[0]:
        value = statistics.median(r[name] for r in rounds)
        print(f"FIGURE {name} {value:g} {'bytes' if name.endswith('bytes') else 'ms'}")


if __name__ == "__main__":
    main()
