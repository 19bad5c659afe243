"""A real browser for the games' web pages: Debian's ``chromium`` (``make browser`` installs it), driven by
playwright, a dev tool (never its own browser download, which does not run here). The browser tests
(tests/web/test_browser.py), ``make gallery``'s screenshots (tools/web_gallery.py) and ``bench/web.py`` open pages
in it."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.async_api import Browser

CHROMIUM = Path(os.environ.get("CLANS_CHROMIUM", "/usr/bin/chromium"))
"""The browser: Debian's package, or another Chromium named by CLANS_CHROMIUM."""
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
"""Headless, and nothing but the pages asked for: no sandbox (root in CI), no GPU, no calls home. playwright gives
each launch a fresh profile (--user-data-dir) of its own."""


class NoBrowser(RuntimeError):
    pass


@asynccontextmanager
async def chromium() -> AsyncIterator[Browser]:
    if not CHROMIUM.is_file():
        raise NoBrowser(f"no Chromium at {CHROMIUM}: `make browser` installs Debian's chromium (or set CLANS_CHROMIUM)")
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=str(CHROMIUM), args=list(FLAGS), headless=True)
        try:
            yield browser
        finally:
            await browser.close()
