"""The preview image of the move panel: the board as a move would leave it, drawn in the bot's drawing slots.

``draw_preview`` is the one place that decides how a preview is drawn: the board after the move with its
numbered arrow, the villages it would found highlighted with their value and the huts strife would take
(render.clans.render_preview); a panel opened for an owed village order alone shows the board as it stands.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

import discord

from cogs.clans.messages import BOARD_FILE
from cogs.drawing import Drawing
from engine.clans import Move, Outcome, Preview
from render.clans import render_board, render_preview
from service.clans.tables import Table
from texts import Texts
from texts.usertext import clean_name


def draw_preview(preview: Preview, seat: int, names: Sequence[str], t: Texts) -> bytes:
    """The preview as PNG bytes: the board after ``preview``'s actions, played by ``seat``."""
    first = preview.actions[0] if preview.actions else None
    if not isinstance(first, Move) or first.is_village_choice:
        return render_board(preview.view, names, t=t)
    outcome = Outcome(first, seat, preview.villages, preview.epochs_entered, (), preview.game_over, None)
    return render_preview(preview.view, outcome, names, t=t)


async def preview_file(drawing: Drawing, t: Texts, table: Table, preview: Preview) -> discord.File:
    names = [clean_name(n) for n in table.names]
    png = await drawing.draw(draw_preview, preview, table.view.to_move, names, t)
    return discord.File(io.BytesIO(png), filename=BOARD_FILE)
