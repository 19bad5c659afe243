"""The store's refusals as the service's: each error the store raises with its facts (ids, statuses) becomes a
``GameError`` (errors) with a code and the facts the words need; nothing here writes a sentence."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from errors import GameError, Why
from store import (
    AlreadySeated,
    ChannelBusy,
    GameNotFound,
    LimitReached,
    LobbyFull,
    NotActive,
    NotFinished,
    NotInLobby,
    NotRunning,
    NotSeated,
    SeatsChanged,
    StaleAction,
    StoreError,
)

STATUS_REASON = {"lobby": Why.IN_LOBBY, "running": Why.STARTED, "finished": Why.OVER, "cancelled": Why.CANCELLED}


def refusal(error: StoreError) -> GameError:
    """The reason for a refusal from the store."""
    match error:
        case GameNotFound():
            return GameError(Why.GAME_GONE)
        case ChannelBusy():
            return GameError(Why.CHANNEL_BUSY)
        case NotInLobby(status=status) | NotActive(status=status) | NotRunning(status=status):
            return GameError(STATUS_REASON.get(status, Why.OVER))
        case AlreadySeated():
            return GameError(Why.ALREADY_SEATED)
        case LobbyFull(seats=seats):
            return GameError(Why.LOBBY_FULL, seats=seats)
        case NotSeated(user_id=None):
            return GameError(Why.NOT_AI_SEAT)
        case NotSeated():
            return GameError(Why.NOT_SEATED)
        case StaleAction():
            return GameError(Why.STALE)
        case NotFinished():
            return GameError(Why.NOT_FINISHED)
        case SeatsChanged(seats=seats):
            return GameError(Why.SEATS_CHANGED, seated=seats)
        case LimitReached(ceiling=ceiling, count=count):
            why, facts = limit_reached(ceiling, count)
            return GameError(why, **facts)
        case _:
            return GameError(Why.CANNOT)


def limit_reached(ceiling: str, count: int) -> tuple[Why, dict[str, object]]:
    """The reason for a ceiling of store.limits reached with ``count`` already open."""
    why = Why(ceiling)
    noun = "lobbies" if why in (Why.LOBBIES_PER_USER, Why.LOBBIES_PER_SERVER) else "games"
    return why, {noun: count}


def as_refusal(error: BaseException) -> GameError | None:
    """A refusal of the service, or one of the store's that slipped past it, worded the same way; None for anything
    else."""
    if isinstance(error, GameError):
        return error
    if isinstance(error, StoreError):
        return refusal(error)
    return None


@contextmanager
def refusals() -> Iterator[None]:
    """Around a store call: its refusals become GameErrors."""
    try:
        yield
    except StoreError as error:
        raise refusal(error) from None
