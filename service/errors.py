"""Refusals a player can read. The bot's one error handler shows them as short ephemeral messages."""


class GameError(Exception):
    """Something the player asked for cannot be done; the message says why, in one sentence."""
