"""Shared names for the store tests (a uniquely named module: tests have no packages)."""

from collections.abc import Awaitable, Callable

from store import GameRecord

GUILD = 1
CHANNEL = 100
ANN, BOB, CAT, DAN = 11, 12, 13, 14
NAMES = {ANN: "Ann", BOB: "Bob", CAT: "Cat", DAN: "Dan"}

StartGame = Callable[..., Awaitable[GameRecord]]
