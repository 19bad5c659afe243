"""Board images for Discord, one package per game (``render.clans``, ``render.alexandros``) over the shared
fonts and palette-image helpers (``render.fonts``, ``render.indexed``). Each draws from its game's public view
only, never a secret.

The package root re-exports Clans' board functions, as before the second game.
"""

from render.clans import *  # noqa: F403
from render.clans import __all__ as __all__
