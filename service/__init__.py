"""Between the cogs and the engine/store: lobbies, turns and results, with no Discord in sight.

Data flows one way: the cog calls a service method; the service loads the game from the store, lets
the engine validate and apply, commits, and hands back what happened for the cog to show.
"""

from service.errors import GameError
from service.games import AiGuesses, GameService, Played, Table

__all__ = ["AiGuesses", "GameError", "GameService", "Played", "Table"]
