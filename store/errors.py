"""Errors the store raises. The bot's one error handler turns each into a short ephemeral message."""


class StoreError(Exception):
    """Base class for every refusal from the store."""


class GameNotFound(StoreError):
    """No game has that id."""


class ChannelBusy(StoreError):
    """The channel already has a game in its lobby or running."""


class NotInLobby(StoreError):
    """The game is no longer (or not) in its lobby, so seats are fixed and it cannot start again."""


class AlreadySeated(StoreError):
    """The user already has a seat in this game."""


class LobbyFull(StoreError):
    """All seats of the game are taken."""


class NotSeated(StoreError):
    """The user (or AI seat) is not in this game."""


class NotActive(StoreError):
    """The game is already finished or cancelled."""


class StaleAction(StoreError):
    """The action was made against an older position: another action got there first."""


class NotRunning(StaleAction):
    """The game is not running (not started yet, or already over), so no action can be appended."""


class NotFinished(StoreError):
    """Results can only be recorded for a finished game."""
