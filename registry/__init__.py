"""The games the bot runs: the one place shared code reaches a game, by name, each game's record imported when first
asked for.

Each game has one registration record, ``registry/<name>.py``'s ``GAME``: its rules, AI levels and ratings, words,
service, replays, cog, custom-id prefix and data, found nowhere else. A game is that record, its sub-package in
every layer it needs (``engine/<name>/``, ``cogs/<name>/`` …), and its name here.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import Any, Final

from engine.rules import GameRules

GAME_NAMES: Final = ("clans", "alexandros")
"""Every game, by the name the ``games`` table stores."""


@dataclass(frozen=True, slots=True)
class Words:
    """A game's words for what its engine says (its ``texts/<game>/``), in any language: why it refused a move, why a
    game ended, and how one of its moves reads in a sentence. Each takes a ``texts.Texts`` (the language) and the
    engine's value."""

    illegal: Callable[..., str]
    """Why the engine refused a move: for the game's illegal-move error (``GameRules.illegal``)."""
    end_reason_type: type[Enum]
    end_reason: Callable[..., str]
    """Why the game's rules ended a game: for its engine's end reasons (``end_reason_type``)."""
    move_type: type | None = None
    shown_move: Callable[..., str] | None = None
    """A move of ``move_type`` as a player recognises it ("23 → 24"); without, a move reads as its text form."""


@dataclass(frozen=True, slots=True)
class Game:
    """One game's registration record (each game's ``registry/<name>.py`` declares its own ``GAME``)."""

    name: str
    """The name the ``games`` table stores, the catalog's domain and the package's name in every layer."""
    rules: GameRules
    ai_levels: tuple[str, ...]
    """The levels an AI seat of this game may have, weakest first."""
    ai_ratings: Mapping[str, tuple[float, float]]
    """Each level's published (μ, σ): an AI seat takes part in its opponents' ratings at it."""
    words: Words
    make_service: Callable[..., Any]
    """``make_service(store, *, ai_pool, now, claims, seed_source, config)``: the game's service (a
    ``service.games.GameService``) over the bot's shared store, AI pool, clock and claims."""
    make_replays: Callable[[Any], Any]
    """``make_replays(service)``: what the bot's replay desk needs to replay a finished game (a
    ``cogs.replays.GameReplays``)."""
    cog: str
    """The module of its slash-command group, loaded as a discord.py extension."""
    id_prefix: str
    """What its components' custom ids begin with (``clans:join:12``, ``alex:panel:12:3``): ids already posted
    in servers carry it, so it never changes."""
    data: str
    """The package of its data (maps, boards, the AI levels' published ratings), read as package data."""


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
