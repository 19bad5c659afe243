"""Board images for Discord, drawn from the engine's public view only (never the secret clans)."""

from render.board_image import render_board, render_final

__all__ = ["render_board", "render_final"]
