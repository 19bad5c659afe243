"""``make gallery``'s web pages: a Clans and an Alexandros game played on a throw-away database, served by the web
server (web/) on the loopback interface and photographed in Debian's chromium at a phone's width and a desktop's.
Run ``python -m tools.web_gallery gallery``; it writes ``web-<game>-<phone|desktop>.png`` there."""

from __future__ import annotations

import asyncio
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

from config import load_config
from registry import game as game_named
from service.ai_pool import AiPool
from service.web import WebPages, page_path
from store import Store
from tools.browser import chromium
from web.server import WebServer

WIDTHS = {"phone": (390, 844), "desktop": (1366, 900)}
GAMES: dict[str, tuple[tuple[str, ...], int, int]] = {
    # game: (players, seed, actions played)
    "clans": (("Ann", "Björn", "Chiara", "Dmitri"), 31, 36),
    "alexandros": (("Ann", "Björn", "Chiara"), 4, 40),
}
GUILD = 1


async def play(service: Any, game_id: int, actions: int, rng: random.Random) -> None:
    """``actions`` random legal actions, each by the seat to move, through the service's turn pipeline."""
    rules = service.rules
    for _ in range(actions):
        loaded = await service.turns.load(game_id)
        if rules.result(loaded.state) is not None:
            return
        mover = loaded.record.seats[rules.to_move(loaded.state)]
        action = rng.choice(rules.legal_actions(loaded.state))
        await service.turns.submit(loaded, mover.user_id, action)


async def started(store: Store, name: str) -> int:
    names, seed, actions = GAMES[name]
    service = game_named(name).make_service(
        store, ai_pool=AiPool(), now=None, claims=None, seed_source=lambda: seed, config=load_config({}, dotenv=False)
    )
    host = 100
    lobby = await service.open_lobby(GUILD, 10 + len(name), host, names[0])
    for offset, player in enumerate(names[1:], start=1):
        await service.join(lobby.id, host + offset, player)
    await service.start(lobby.id, host)
    await play(service, lobby.id, actions, random.Random(seed))
    return int(lobby.id)


async def write_gallery(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory() as folder:
        async with await Store.open(Path(folder) / "gallery.db") as store:
            links = {}
            for name in GAMES:
                record = await store.get_game(await started(store, name))
                assert record is not None and record.web_token is not None
                links[name] = page_path(record.web_token)
            server = WebServer(WebPages(store), "127.0.0.1", 0)
            await server.start()
            try:
                async with chromium() as browser:
                    for name, path in links.items():
                        for size, (width, height) in WIDTHS.items():
                            context = await browser.new_context(viewport={"width": width, "height": height})
                            page = await context.new_page()
                            await page.goto(server.address + path)
                            await page.wait_for_function(
                                "() => { const b = document.getElementById('board');"
                                " return b && b.complete && b.naturalWidth > 0; }"
                            )
                            target = out / f"web-{name}-{size}.png"
                            await page.screenshot(path=str(target), full_page=True)
                            await context.close()
                            written.append(target)
            finally:
                await server.close()
    return written


def main(argv: list[str]) -> None:
    out = Path(argv[1] if len(argv) > 1 else "gallery")
    for path in asyncio.run(write_gallery(out)):
        print(path)


if __name__ == "__main__":
    main(sys.argv)
