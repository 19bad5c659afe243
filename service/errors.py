"""Refusals a player can read, and the one place their sentences are written.

The store raises errors carrying facts (ids, statuses); ``refusal`` turns each into the sentence a player
reads. The bot's one error handler shows GameErrors as short ephemeral messages.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from store import (
    AlreadySeated,
    ChannelBusy,
    GameNotFound,
    LobbyFull,
    NotActive,
    NotFinished,
    NotInLobby,
    NotRunning,
    NotSeated,
    StaleAction,
    StoreError,
)


class GameError(Exception):
    """Something the player asked for cannot be done; the message says why, in one sentence."""


STATUS_SENTENCE = {
    "lobby": "That game is still in its lobby.",
    "running": "That game has already started.",
    "finished": "That game is over.",
    "cancelled": "That game was cancelled.",
}


def refusal(error: StoreError) -> GameError:
    """The sentence for a refusal from the store."""
    match error:
        case GameNotFound():
            text = "That game no longer exists."
        case ChannelBusy():
            text = "This channel already has a game; finish or cancel it first."
        case NotInLobby(status=status) | NotActive(status=status):
            text = STATUS_SENTENCE.get(status, "That game is over.")
        case AlreadySeated():
            text = "You are already in this game."
        case LobbyFull(seats=seats):
            text = f"This game already has {seats} players."
        case NotSeated(user_id=None):
            text = "That seat is not an AI seat."
        case NotSeated():
            text = "You are not in this game."
        case NotRunning(status=status):
            text = STATUS_SENTENCE.get(status, "That game is over.")
        case StaleAction():
            text = "That move was already played: the game has moved on."
        case NotFinished():
            text = "That game is not over yet."
        case _:
            text = "That cannot be done with this game."
    return GameError(text)


@contextmanager
def refusals() -> Iterator[None]:
    """Around a store call: its refusals become GameErrors a player can read."""
    try:
        yield
    except StoreError as error:
        raise refusal(error) from None
