"""Clans board images, drawn in the bot's drawing slots (cogs/drawing.py): off the event loop and a few at a
time, shared with every game."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence

import discord

from cogs.clans.messages import BOARD_FILE
from cogs.drawing import RENDERS_AT_ONCE, Drawing
from engine.clans import PublicView
from render.clans import render_board, render_final
from render.clans.board_image import RecentMoves
from service.clans.private_board import PrivateBoard
from texts import Texts

Draw = Callable[[PublicView, Sequence[str], Texts], bytes]
"""Draws a board with the words of one language (render_board or render_final)."""


class BoardImages:
    def __init__(
        self,
        drawing: Drawing | None = None,
        at_once: int = RENDERS_AT_ONCE,
        draw_board: Callable[..., bytes] | None = None,
        draw_final: Draw = render_final,
    ) -> None:
        self.drawing = drawing or Drawing(at_once)
        self.draw_board: Callable[..., bytes] = draw_board or _public_board
        """Draws the public board: (view, names, t), and the moves to mark when a post has them."""
        self.draw_final = draw_final

    async def png(
        self,
        t: Texts,
        view: PublicView,
        names: Sequence[str],
        final: bool = False,
        mine: PrivateBoard | None = None,
        recent: RecentMoves | None = None,
    ) -> bytes:
        """The public board (or the final one); with ``mine``, the viewer's private board. Words in ``t``'s
        language: the game's for a public board. ``recent``: the hut moves to mark with numbered arrows."""
        if mine is not None:
            return await self.drawing.draw(render_board, view, names, viewer_clan=mine.clan, movable=mine.movable, t=t)
        if recent is not None and not final:
            return await self.drawing.draw(self.draw_board, view, names, t, recent)
        return await self.drawing.draw(self.draw_final if final else self.draw_board, view, names, t)

    async def file(
        self,
        t: Texts,
        view: PublicView,
        names: Sequence[str],
        final: bool = False,
        mine: PrivateBoard | None = None,
        recent: RecentMoves | None = None,
    ) -> discord.File:
        return discord.File(io.BytesIO(await self.png(t, view, names, final, mine, recent)), filename=BOARD_FILE)


def _public_board(view: PublicView, names: Sequence[str], t: Texts, recent: RecentMoves | None = None) -> bytes:
    return render_board(view, names, t=t, recent=recent)
