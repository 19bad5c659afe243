"""The pure game engines: no Discord, no database, no images; each deterministic from a seed.

- ``engine.clans``: Clans, the hidden-clan game.
- ``engine.alexandros``: Alexandros.
- ``engine.games``: the small interface the frame (lobbies, seats, the move log, results) asks of every game.

The package root re-exports Clans' public names: the project's first game was its only one, and code written
then (``from engine import new_game``) keeps working.
"""

from engine.clans import *  # noqa: F403
from engine.clans import __all__ as __all__
