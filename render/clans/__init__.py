"""Board images for Discord, drawn from the engine's public view only (never the secret clans)."""

from render.clans.board_image import render_board, render_final
from render.clans.preview import render_preview
from render.fonts import name_is_drawable

__all__ = ["name_is_drawable", "render_board", "render_final", "render_preview"]
