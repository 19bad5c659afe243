"""Board images are drawn a few at a time, off the event loop: a burst of moves waits for a slot."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence
from typing import Any

import pytest

import engine.alexandros as alex
from cogs.alexandros import posts
from cogs.alexandros.posts import board_file
from cogs.clans.boards import BoardImages
from cogs.drawing import Drawing
from engine.clans import PublicView, new_game, public_view
from texts import Texts, texts


async def test_no_more_renders_run_at_once_than_there_are_slots() -> None:
    lock = threading.Lock()
    running = [0]
    most = [0]
    two_started = threading.Event()
    release = threading.Event()

    def draw(view: PublicView, names: Sequence[str], t: Texts) -> bytes:
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
            if running[0] >= 2:
                two_started.set()
        release.wait(timeout=30)
        with lock:
            running[0] -= 1
        return b"png"

    boards = BoardImages(at_once=2, draw_board=draw, draw_final=draw)
    view = public_view(new_game(2, 1))
    tasks = [asyncio.create_task(boards.png(texts("en"), view, ("a", "b"))) for _ in range(12)]
    await asyncio.to_thread(two_started.wait, 30)
    for _ in range(5):  # give any further render every chance to start
        await asyncio.sleep(0)
        await asyncio.to_thread(lambda: None)
    assert most[0] == 2
    release.set()
    assert await asyncio.gather(*tasks) == [b"png"] * 12
    assert most[0] == 2 and running[0] == 0


async def test_every_game_draws_in_the_same_slots(monkeypatch: pytest.MonkeyPatch) -> None:
    """An Alexandros board waits for the slot a Clans board holds: one ceiling for the whole bot."""
    drawing = Drawing(at_once=1)
    started, release, alexandros_drawn = threading.Event(), threading.Event(), threading.Event()
    render = posts.render_board

    def watched(*args: Any, **kwargs: Any) -> bytes:
        alexandros_drawn.set()
        return render(*args, **kwargs)

    monkeypatch.setattr(posts, "render_board", watched)

    def held(view: PublicView, names: Sequence[str], t: Texts) -> bytes:
        started.set()
        release.wait(timeout=30)
        return b"png"

    clans_board = asyncio.create_task(
        BoardImages(drawing, draw_board=held).png(texts("en"), public_view(new_game(2, 1)), ("a", "b"))
    )
    await asyncio.to_thread(started.wait, 30)
    alexandros_board = asyncio.create_task(
        board_file(drawing, texts("en"), alex.public_view(alex.new_game(2, 1)), ("a", "b"))
    )
    for _ in range(5):  # give the Alexandros board every chance to start
        await asyncio.sleep(0)
        await asyncio.to_thread(lambda: None)
    assert not alexandros_drawn.is_set()  # it waits for the slot
    release.set()
    assert await clans_board == b"png"
    assert (await alexandros_board).filename == "alexandros.png"
