"""Between the cogs and the engine/store: lobbies, turns and results, with no Discord in sight.

Data flows one way: the cog calls a service method; the service loads the game from the store, lets
the engine validate and apply, commits, and hands back what happened for the cog to show.
"""

from service.deadlines import ClockEvent, Deadlines, Reminder, Timeout
from service.errors import GameError
from service.games import AiGuesses, GameService, Played, Table
from service.pace import Clock, ManualClock, Pace

__all__ = [
    "AiGuesses",
    "Clock",
    "ClockEvent",
    "Deadlines",
    "GameError",
    "GameService",
    "ManualClock",
    "Pace",
    "Played",
    "Reminder",
    "Table",
    "Timeout",
]
