"""The games' pages in a real browser (Debian's chromium, `make browser`): the bot runs with its web server on the
loopback interface and games are played through the fake Discord; the browser loads a game's page, sees its board
image load, steps through the history with the buttons and the keyboard, sees a new move arrive without a reload,
and logs no error, not even with a hostile player name (which would be a blocked script, the CSP's error, if it
were ever taken as markup). Few and quick: each test is one browser."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from botkit import (  # every_interaction_answered: autouse, checks each test
    by_id,
    every_interaction_answered,  # noqa: F401
    open_game,
    play_turn,
    start_bot,
    users,
)
from fakediscord import FakeDiscord
from playwright.async_api import Browser, ConsoleMessage, Page
from webkit import HOSTILE

from bot import GameBot
from tools.browser import chromium

WAIT_MS = 10_000
"""How long the browser waits for what a test expects before it fails (a live move arrives in about a second)."""
WEB = {"web_host": "127.0.0.1", "web_port": 0}


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    async with chromium() as launched:
        yield launched


class Watched:
    """A page and every error it logged: console errors, uncaught exceptions, dialogs (an injected alert)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.errors: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.errors.append(f"uncaught: {error}"))
        page.on("dialog", lambda dialog: self.errors.append(f"dialog: {dialog.message}"))

    def _console(self, message: ConsoleMessage) -> None:
        if message.type in ("error", "warning"):
            self.errors.append(f"{message.type}: {message.text}")


async def open_page(browser: Browser, bot: GameBot, game_id: int, width: int = 1280, locale: str = "en-US") -> Watched:
    record = await bot.store.get_game(game_id)
    assert bot.web is not None and record is not None and record.web_token is not None
    context = await browser.new_context(viewport={"width": width, "height": 900}, locale=locale)
    watched = Watched(await context.new_page())
    await watched.page.goto(f"{bot.web.address}/g/{record.web_token}")
    await board_loaded(watched.page)
    return watched


async def board_loaded(page: Page) -> None:
    await page.wait_for_function(
        "() => { const b = document.getElementById('board'); return b && b.complete && b.naturalWidth > 600; }",
        timeout=WAIT_MS,
    )


async def caption(page: Page) -> str:
    return await page.inner_text("#caption")


async def test_a_clans_page_loads_steps_through_its_history_and_follows_the_game_live(
    fake: FakeDiscord, tmp_path: Path, browser: Browser
) -> None:
    bot = await start_bot(fake, tmp_path, **WEB)
    alice, bob = users(fake, 2)
    players = by_id(alice, bob)
    game_id = await open_game(fake, [alice, bob])
    for _ in range(3):
        await play_turn(fake, bot, game_id, players)
    watched = await open_page(browser, bot, game_id)
    page = watched.page
    assert (await caption(page)).startswith("Action 3 of 3")
    assert await page.locator("#steps li[data-step]").count() == 4
    assert "Clans — game #1" in await page.title()

    await page.click("#prev")  # the buttons
    assert (await caption(page)).startswith("Action 2 of 3")
    await board_loaded(page)
    assert "/board/2.en.png" in (await page.get_attribute("#board", "src") or "")
    await page.keyboard.press("ArrowLeft")  # and the keyboard
    await page.keyboard.press("ArrowLeft")
    assert await caption(page) == "Start position"
    await page.keyboard.press("ArrowRight")
    assert (await caption(page)).startswith("Action 1 of 3")
    await page.click("#steps li[data-step='3'] a")  # and the history's lines
    assert (await caption(page)).startswith("Action 3 of 3")
    assert await page.get_attribute("#steps li[data-step='3']", "aria-current") == "step"

    await play_turn(fake, bot, game_id, players)  # a move in Discord: the page shows it without a reload
    await page.wait_for_selector("#steps li[data-step='4']", timeout=WAIT_MS)
    await page.wait_for_function(
        "() => document.getElementById('caption').textContent.startsWith('Action 4 of 4')", timeout=WAIT_MS
    )
    await board_loaded(page)
    assert page.url.endswith(f"/g/{(await bot.store.get_game(game_id)).web_token}")  # type: ignore[union-attr]

    await page.keyboard.press("Home")
    await page.click("#play")  # the replay steps through the game by itself
    await page.wait_for_function(
        "() => document.getElementById('caption').textContent.startsWith('Action 2 of 4')", timeout=WAIT_MS
    )
    assert watched.errors == []


async def test_a_hostile_name_is_only_text_and_pages_fit_a_phone(
    fake: FakeDiscord, tmp_path: Path, browser: Browser
) -> None:
    bot = await start_bot(fake, tmp_path, **WEB)
    alice = fake.user(101, "alice")
    mallory = fake.user(102, HOSTILE)
    game_id = await open_game(fake, [alice, mallory])
    await play_turn(fake, bot, game_id, by_id(alice, mallory))
    watched = await open_page(browser, bot, game_id, width=390, locale="de-DE")
    page = watched.page
    names = await page.locator("table.seats .name").all_inner_texts()
    assert names[0] == "alice" and names[1].startswith('<script>alert("x")</script><img') and len(names[1]) <= 32
    assert await page.locator("table.seats img, table.seats script").count() == 0
    assert await page.get_attribute("html", "lang") == "de" and "Verlauf" in await page.inner_text("main")
    board = await page.locator("#board").bounding_box()
    seats = await page.locator("table.seats").bounding_box()
    assert board is not None and seats is not None
    assert board["width"] <= 390 and seats["y"] > board["y"] + board["height"]  # one column: the seats below
    await page.keyboard.press("ArrowLeft")
    assert await caption(page) == "Ausgangsstellung"
    assert watched.errors == []
