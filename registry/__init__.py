"""The games the bot runs: the one place the frame reaches a game, by name, imported when first asked for.

Each game has one registration record, ``registry/<name>.py``'s ``GAME``, and its sub-package in every layer it
needs (``engine/<name>/``, ``cogs/<name>/`` …); adding a game is those, and one name here.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import Final

from engine.rules import Game, GameRules

GAME_NAMES: Final = ("clans", "alexandros")
"""Every game, by the name the ``games`` table stores."""


@cache
def game(name: str) -> Game:
    if name not in GAME_NAMES:
        raise ValueError(f"No game is called {name!r}: {', '.join(GAME_NAMES)}")
    entry = importlib.import_module(f"registry.{name}").GAME
    assert isinstance(entry, Game) and entry.name == name, f"registry/{name}.py must declare GAME for {name}"
    return entry


def every_game() -> tuple[Game, ...]:
    return tuple(game(name) for name in GAME_NAMES)


def games_by_id_prefix() -> dict[str, str]:
    """Each game's name by the prefix of its components' custom ids (``alex`` → ``alexandros``)."""
    return {entry.id_prefix: entry.name for entry in every_game()}


def rules_of(name: str) -> GameRules:
    """The rules of the game called ``name``; ValueError for a name no game has."""
    return game(name).rules


def package_of(name: str, part: str) -> str:
    """The module path of a game's part of a layer: ``package_of("clans", "texts.locales")`` is
    ``texts.clans.locales``."""
    if name not in GAME_NAMES:
        raise ValueError(f"No game is called {name!r}: {', '.join(GAME_NAMES)}")
    layer, dot, rest = part.partition(".")
    return f"{layer}.{name}{dot}{rest}"
