"""Errors the store raises. Each carries facts (ids, statuses) as attributes; the sentence a player reads is
written by the service (``service.errors.refusal``), never here."""

from __future__ import annotations


class StoreError(Exception):
    """Base class for every refusal from the store."""


class GameNotFound(StoreError):
    """No game has that id."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"no game #{game_id}")
        self.game_id = game_id


class ChannelBusy(StoreError):
    """The channel already has a game in its lobby or running."""

    def __init__(self, channel_id: int) -> None:
        super().__init__(f"channel {channel_id} already has an open game")
        self.channel_id = channel_id


class NotInLobby(StoreError):
    """The game is no longer (or not) in its lobby, so seats are fixed and it cannot start again."""

    def __init__(self, game_id: int, status: str) -> None:
        super().__init__(f"game #{game_id} is {status}, not in its lobby")
        self.game_id = game_id
        self.status = status


class AlreadySeated(StoreError):
    """The user already has a seat in this game."""

    def __init__(self, game_id: int, user_id: int) -> None:
        super().__init__(f"user {user_id} already has a seat in game #{game_id}")
        self.game_id = game_id
        self.user_id = user_id


class LobbyFull(StoreError):
    """All seats of the game are taken."""

    def __init__(self, game_id: int, seats: int) -> None:
        super().__init__(f"game #{game_id} already has {seats} players")
        self.game_id = game_id
        self.seats = seats


class NotSeated(StoreError):
    """The user (or AI seat) is not in this game."""

    def __init__(self, game_id: int, user_id: int | None = None, seat: int | None = None) -> None:
        who = f"user {user_id}" if user_id is not None else f"AI seat {seat}"
        super().__init__(f"{who} is not in game #{game_id}")
        self.game_id = game_id
        self.user_id = user_id
        self.seat = seat


class NotActive(StoreError):
    """The game is already finished or cancelled."""

    def __init__(self, game_id: int, status: str) -> None:
        super().__init__(f"game #{game_id} is already {status}")
        self.game_id = game_id
        self.status = status


class StaleAction(StoreError):
    """The action was made against an older position: another action got there first."""

    def __init__(self, game_id: int, ply: int) -> None:
        super().__init__(f"ply {ply} of game #{game_id} was already played")
        self.game_id = game_id
        self.ply = ply


class NotRunning(StaleAction):
    """The game is not running (not started yet, or already over), so no action can be appended."""

    def __init__(self, game_id: int, ply: int, status: str) -> None:
        super().__init__(game_id, ply)
        self.args = (f"game #{game_id} is {status}, not running",)
        self.status = status


class NotFinished(StoreError):
    """Results can only be recorded for a finished game."""

    def __init__(self, game_id: int, status: str) -> None:
        super().__init__(f"game #{game_id} is {status}, not finished")
        self.game_id = game_id
        self.status = status


class WrongGuild(StoreError):
    """Results were offered for a guild the game was not played in."""

    def __init__(self, game_id: int, guild_id: int | None) -> None:
        super().__init__(f"game #{game_id} was not played in guild {guild_id}")
        self.game_id = game_id
        self.guild_id = guild_id


class SeatsChanged(StoreError):
    """The lobby's seats changed between reading them and starting: the game would be dealt for other seats."""

    def __init__(self, game_id: int, seats: int) -> None:
        super().__init__(f"game #{game_id} now has {seats} seats")
        self.game_id = game_id
        self.seats = seats


class LimitReached(StoreError):
    """One more open lobby, seat or running game would pass a configured ceiling (``store.limits.Ceiling``)."""

    def __init__(self, ceiling: str, count: int) -> None:
        super().__init__(f"{ceiling}: {count} already")
        self.ceiling = ceiling
        self.count = count
