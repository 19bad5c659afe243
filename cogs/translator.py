"""Slash commands in the user's language: discord.py's Translator over the same catalogs as every message.

Each string of the command tree (the group, command and option names and descriptions, the choices) is a
catalog message whose context says what it is; ``tools.update_catalogs`` collects them from the cog, so
``make catalogs`` extracts them with the rest. Discord shows a German or Italian user the translated names;
a name the catalog lacks stays English.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from functools import cache
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where
from discord.ext import commands

from registry import every_game
from service.ratings import ai_rating
from texts import DEFAULT, LANGUAGES, Np_, resolve, texts

CONTEXT = {
    Where.group_name: "command name",
    Where.command_name: "command name",
    Where.group_description: "command description",
    Where.command_description: "command description",
    Where.parameter_name: "option name",
    Where.parameter_description: "option description",
    Where.choice_name: "choice name",
}
"""The catalog context of each kind of string (msgctxt): a name and a description never share a translation."""

LEVEL_CHOICE = Np_("choice name", "{level} (rating {rating})")
"""An AI level among `addbot`'s choices, with the rating it plays at (each word translated apart)."""


def level_choice(level: str, rating: tuple[float, float]) -> app_commands.Choice[str | int | float]:
    """`addbot`'s choice of an AI level, named with its published rating: ``hard (rating 1836)``; the
    translator words it in each language from the level and the rating (the name's ``extras``)."""
    shown = ai_rating(*rating)
    english = texts(DEFAULT).p_("choice name", LEVEL_CHOICE, level=level, rating=shown)
    return app_commands.Choice(name=app_commands.locale_str(english, level=level, rating=shown), value=level)


class GameTranslator(app_commands.Translator):
    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        if "rating" in string.extras:  # an AI level with its rating (level_choice)
            level, rating = str(string.extras["level"]), str(string.extras["rating"])
            return _translated(locale, context.location, string.message, level, rating)
        return _translated(locale, context.location, string.message, None, None)


@cache
def _translated(
    locale: discord.Locale, location: Where, message: str, level: str | None, rating: str | None
) -> str | None:
    """One string of the command tree for ``locale`` (None: keep the English), remembered: discord.py asks for every
    string in each of Discord's locales whenever the tree is compared or synced."""
    lang = resolve(locale)
    where = CONTEXT.get(location)
    if lang == "en" or where is None or lang not in LANGUAGES:
        return None
    t = texts(lang)
    if level is not None:
        return t.p_(where, LEVEL_CHOICE, level=t.p_(where, level), rating=rating)
    translated = t.p_(where, message)
    return translated if translated != message else None


Commandish = app_commands.Command[Any, ..., Any] | app_commands.Group | app_commands.ContextMenu


def command_strings() -> Iterator[tuple[str, str]]:
    """(context, message) of every string of every game's commands that a translator is asked for (for
    ``make catalogs``: read from each game's command group class, no bot needed)."""
    for game in every_game():
        cog = group_cog(game.cog)
        yield "command name", str(cog.__cog_group_name__)
        yield "command description", str(cog.__cog_group_description__)
        for command in cog.__cog_app_commands__:
            yield from _strings(command)
    from cogs.ops import Operator  # the owner's health report: not a game's

    for command in Operator.__cog_app_commands__:
        yield from _strings(command)


def group_cog(module_name: str) -> type[commands.GroupCog]:
    """The command group a game's cog module defines."""
    module = importlib.import_module(module_name)
    return next(
        value
        for value in vars(module).values()
        if isinstance(value, type) and issubclass(value, commands.GroupCog) and value.__module__ == module.__name__
    )


def _strings(command: Commandish) -> Iterator[tuple[str, str]]:
    yield "command name", command.name
    if isinstance(command, app_commands.ContextMenu):
        return
    yield "command description", command.description
    if isinstance(command, app_commands.Group):
        for child in command.commands:
            yield from _strings(child)
        return
    for parameter in command.parameters:
        yield "option name", parameter.display_name
        yield "option description", parameter.description
        for choice in parameter.choices:
            # The name as declared (discord.py keeps it for its own translated payload).
            extras = choice._locale_name.extras if choice._locale_name is not None else {}
            if "rating" in extras:  # level_choice: its words are the level's name and the template
                yield "choice name", LEVEL_CHOICE
                yield "choice name", str(extras["level"])
            else:
                yield "choice name", choice.name
