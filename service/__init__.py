"""Between the cogs and the engine/store: lobbies, turns and results, with no Discord in sight.

Data flows one way: the cog calls a service method; the service loads the game from the store, lets
the engine validate and apply, commits, and hands back what happened for the cog to show. The cogs get the
public view and the viewer's own clan, never the whole state.
"""

from service.clans.deadlines import ClockEvent, Deadlines, Timeout
from service.clans.games import GameService
from service.clans.panel import PanelTable
from service.clans.private_board import PrivateBoard
from service.clans.tables import AiGuesses, Played, Table
from service.clans.turn import VillageOrderOwed
from service.deadlines import Reminder
from service.errors import GameError, Why, refusal
from service.lobby import CancelTerms
from service.pace import Clock, ManualClock, Pace

__all__ = [
    "AiGuesses",
    "CancelTerms",
    "Clock",
    "ClockEvent",
    "Deadlines",
    "GameError",
    "GameService",
    "ManualClock",
    "Pace",
    "PanelTable",
    "Played",
    "PrivateBoard",
    "Reminder",
    "Table",
    "Timeout",
    "VillageOrderOwed",
    "Why",
    "refusal",
]
