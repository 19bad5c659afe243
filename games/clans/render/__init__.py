"""Board images for Discord, drawn from the engine's public view only (never the secret clans)."""

from frame.render.fonts import name_is_drawable
from games.clans.render.board_image import render_board, render_final
from games.clans.render.preview import render_preview

__all__ = ["name_is_drawable", "render_board", "render_final", "render_preview"]
