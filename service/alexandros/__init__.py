"""Alexandros' service: what the /alexandros cog talks to (no Discord here)."""

from service.alexandros.deadlines import AlexandrosDeadlines, AlexTimeout
from service.alexandros.games import GAME_NAME, Acted, AlexandrosService, AlexTable, Panel, Unannounced

__all__ = [
    "GAME_NAME",
    "Acted",
    "AlexTable",
    "AlexTimeout",
    "AlexandrosDeadlines",
    "AlexandrosService",
    "Panel",
    "Unannounced",
]
