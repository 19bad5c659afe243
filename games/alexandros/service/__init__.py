"""Alexandros on the frame: the service the /alexandros cog talks to (no Discord here)."""

from games.alexandros.service.deadlines import AlexandrosDeadlines, AlexTimeout
from games.alexandros.service.games import KIND, Acted, AlexandrosService, AlexTable, Panel, Unannounced

__all__ = [
    "KIND",
    "Acted",
    "AlexTable",
    "AlexTimeout",
    "AlexandrosDeadlines",
    "AlexandrosService",
    "Panel",
    "Unannounced",
]
