"""The preview image of the move panel: the board as a move would leave it, drawn in the bot's drawing slots.

``draw_preview`` is the one place that decides how a preview is drawn; for now it is the public board of the
position after the move (the villages it would found ringed as new, the move's arrow), with no clan marked.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

import discord

from cogs.clans.messages import BOARD_FILE
from cogs.drawing import Drawing
from engine.clans import Preview
from render.clans import render_board
from service import Table
from texts import Texts
from usertext import clean_name


def draw_preview(preview: Preview, names: Sequence[str], t: Texts) -> bytes:
    """The preview as PNG bytes: the board after ``preview``'s actions."""
    return render_board(preview.view, names, t=t)


async def preview_file(drawing: Drawing, t: Texts, table: Table, preview: Preview) -> discord.File:
    png = await drawing.draw(draw_preview, preview, [clean_name(n) for n in table.names], t)
    return discord.File(io.BytesIO(png), filename=BOARD_FILE)
