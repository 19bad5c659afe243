"""Alexandros board images (Pillow), drawn from the engine's public view only."""

from render.alexandros.board_image import PLAYER_COLOURS, SYMBOL_COLOURS, render_board

__all__ = ["PLAYER_COLOURS", "SYMBOL_COLOURS", "render_board"]
