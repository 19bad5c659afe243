"""AI players, one package per game: ``ai.clans`` (three levels and the autopilot, each hiding its clan) and
``ai.alexandros``. Each sees its game's public view plus its own private view, nothing else.

The package root re-exports Clans' public names (``ai.choose_action`` and the levels), as before the second game.
"""

from ai.clans import *  # noqa: F403
from ai.clans import __all__ as __all__
