"""Alexandros on the frame: the service the /alexandros cog talks to (no Discord here)."""

from service.alexandros.games import KIND, Acted, AlexandrosService, AlexTable, Panel

__all__ = ["KIND", "Acted", "AlexTable", "AlexandrosService", "Panel"]
