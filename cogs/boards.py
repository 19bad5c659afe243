"""Board images, drawn off the event loop and a few at a time: a burst of moves waits for a free slot
instead of holding one image's worth of memory per move at once."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable, Sequence

import discord

from cogs.messages import BOARD_FILE
from engine import PublicView
from render import render_board, render_final

Draw = Callable[[PublicView, Sequence[str]], bytes]

RENDERS_AT_ONCE = 2
"""Renders running at once; the machine it runs on has few cores, so more would only queue in threads."""


class BoardImages:
    def __init__(
        self, at_once: int = RENDERS_AT_ONCE, draw_board: Draw = render_board, draw_final: Draw = render_final
    ) -> None:
        self._slots = asyncio.Semaphore(at_once)
        self.draw_board = draw_board
        self.draw_final = draw_final

    async def png(self, view: PublicView, names: Sequence[str], final: bool = False) -> bytes:
        draw = self.draw_final if final else self.draw_board
        async with self._slots:
            return await asyncio.to_thread(draw, view, names)

    async def file(self, view: PublicView, names: Sequence[str], final: bool = False) -> discord.File:
        return discord.File(io.BytesIO(await self.png(view, names, final)), filename=BOARD_FILE)
