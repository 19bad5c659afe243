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
from service import PrivateBoard

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

    async def png(
        self, view: PublicView, names: Sequence[str], final: bool = False, mine: PrivateBoard | None = None
    ) -> bytes:
        """The public board (or the final one); with ``mine``, the viewer's private board."""
        async with self._slots:
            if mine is not None:
                return await asyncio.to_thread(render_board, view, names, viewer_clan=mine.clan, movable=mine.movable)
            return await asyncio.to_thread(self.draw_final if final else self.draw_board, view, names)

    async def file(
        self, view: PublicView, names: Sequence[str], final: bool = False, mine: PrivateBoard | None = None
    ) -> discord.File:
        return discord.File(io.BytesIO(await self.png(view, names, final, mine)), filename=BOARD_FILE)
