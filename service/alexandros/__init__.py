"""Alexandros on the frame: the service the /alexandros cog talks to (no Discord here)."""

from service.alexandros.deadlines import AlexandrosDeadlines, AlexTimeout
from service.alexandros.games import KIND, Acted, AlexandrosService, AlexTable, Panel, Unannounced

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
