"""The slash commands in German and Italian: the payload a sync sends passes Discord's limits, and a catalog
change changes the sync digest."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import discord
import pytest
from botkit import start_bot
from fakediscord import FakeDiscord

from bot import command_payload
from cogs.translator import GameTranslator, command_strings
from texts import texts

pytestmark = pytest.mark.backend_blind("the command tree's words in each language")

NAME = re.compile(r"^[-_\w]{1,32}$")  # Discord: ^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$, lowercase


def _check_name(name: str) -> None:
    assert NAME.match(name) and name == name.lower(), name


async def _payload(fake: FakeDiscord, where: Path) -> list[dict[str, Any]]:
    """What the bot's sync sends Discord, translations included (the bot sets its translator at start)."""
    bot = await start_bot(fake, where)
    return await command_payload(bot.tree)


def _walk(entry: dict[str, Any]) -> list[dict[str, Any]]:
    found = [entry]
    for option in entry.get("options", []):
        found += _walk(option)
    return found


@pytest.mark.parametrize("locale", ["de", "it"])
async def test_the_translated_commands_pass_discords_limits(fake: FakeDiscord, tmp_path: Path, locale: str) -> None:
    payload = await _payload(fake, tmp_path)
    entries = [e for command in payload for e in _walk(command)]
    translated = 0
    for entry in entries:
        names = entry.get("name_localizations") or {}
        for name in [entry["name"], *names.values()]:
            _check_name(name)
        descriptions = entry.get("description_localizations") or {}
        for description in [entry.get("description", "x"), *descriptions.values()]:
            assert 1 <= len(description) <= 100, description
        for choice in entry.get("choices", []):
            for name in [choice["name"], *(choice.get("name_localizations") or {}).values()]:
                assert 1 <= len(name) <= 100
        translated += locale in names
    assert translated > 20
    clans = next(command for command in payload if command["name"] == "clans")  # /alexandros is beside it
    move = next(o for o in clans["options"] if o["name"] == "move")
    assert move["name_localizations"][locale] == {"de": "ziehen", "it": "muovi"}[locale]
    assert move["description_localizations"][locale] == texts(locale).p_("command description", move["description"])


def test_every_command_string_has_a_translation() -> None:
    for lang in ("de", "it"):
        t = texts(lang)
        for context, message in command_strings():
            assert t.p_(context, message), (lang, context, message)


async def test_a_catalog_change_changes_what_a_sync_sends(
    fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = await start_bot(fake, tmp_path)
    before = await command_payload(bot.tree)
    original = GameTranslator.translate

    async def changed(self: GameTranslator, string: Any, locale: discord.Locale, context: Any) -> str | None:
        text = await original(self, string, locale, context)
        return text + "x" if text and string.message == "move" else text

    monkeypatch.setattr(GameTranslator, "translate", changed)
    after = await command_payload(bot.tree)
    assert after != before
    assert json.dumps(after, sort_keys=True) != json.dumps(before, sort_keys=True)
