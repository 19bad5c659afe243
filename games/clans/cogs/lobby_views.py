"""The lobby's parts: its buttons and menus (join, leave, start, pace, language, cancel) and its embed.

The commands that use them are in lobby.py; these stay apart because the base class (base.py), which
lobby.py builds on, refreshes a lobby message too.
"""

from __future__ import annotations

import re
from typing import Any, cast

import discord
from discord import ui

from frame.cogs.components import ID, selected
from frame.cogs.pace_texts import pace_options
from frame.service.pace import DEFAULT_PACE
from frame.store import GameRecord
from frame.texts import DEFAULT, LANGUAGES, N_, Texts, texts
from games.clans.cogs.clock_texts import pace_label
from games.clans.cogs.messages import BRAND
from games.clans.cogs.shared import EN, clans_of, guarded, mention

LOBBY_BUTTONS = {
    "join": (N_("Join"), discord.ButtonStyle.success),
    "leave": (N_("Leave"), discord.ButtonStyle.secondary),
    "start": (N_("Start"), discord.ButtonStyle.primary),
}


class LobbyButton(ui.DynamicItem[ui.Button[Any]], template=rf"clans:(?P<action>join|leave|start):(?P<game>{ID})"):
    def __init__(self, action: str, game_id: int, disabled: bool = False, t: Texts = EN) -> None:
        label, style = LOBBY_BUTTONS[action]
        super().__init__(
            ui.Button(label=t._(label), style=style, custom_id=f"clans:{action}:{game_id}", disabled=disabled)
        )
        self.action = action
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(match["action"], int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def run() -> None:
            clans = clans_of(interaction)
            handlers = {"join": clans.join_lobby, "leave": clans.leave_lobby, "start": clans.start_game}
            await handlers[self.action](interaction, self.game_id, True)

        await guarded(interaction, self.game_id, run)


def lobby_view(game_id: int, open_: bool = True, pace: str = DEFAULT_PACE, language: str = DEFAULT) -> ui.View:
    """The lobby's buttons and menus, in the game's language (the lobby message is public)."""
    t = texts(language)
    view = ui.View(timeout=None)
    for action in ("join", "leave", "start"):
        view.add_item(LobbyButton(action, game_id, disabled=not open_, t=t))
    view.add_item(PaceSelect(game_id, pace, disabled=not open_, t=t))
    view.add_item(LanguageSelect(game_id, language, disabled=not open_, t=t))
    return view


class PaceSelect(ui.DynamicItem[ui.Select[Any]], template=rf"clans:pace:(?P<game>{ID})"):
    """The host picks the game's pace in the lobby."""

    def __init__(self, game_id: int, pace: str = DEFAULT_PACE, disabled: bool = False, t: Texts = EN) -> None:
        super().__init__(
            ui.Select(
                custom_id=f"clans:pace:{game_id}",
                placeholder=t._("Pace"),
                options=pace_options(t, pace),
                disabled=disabled,
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> PaceSelect:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        pace = (selected(interaction) or [""])[0][:20]
        await guarded(
            interaction, self.game_id, lambda: clans_of(interaction).change_pace(interaction, self.game_id, pace)
        )


class LanguageSelect(ui.DynamicItem[ui.Select[Any]], template=rf"clans:language:(?P<game>{ID})"):
    """The host picks the language of the game's public messages, boards and replays in the lobby."""

    def __init__(self, game_id: int, language: str = DEFAULT, disabled: bool = False, t: Texts = EN) -> None:
        options = [
            discord.SelectOption(
                label=t._("Language: {language}", language=language_name(code)),
                value=code,
                default=code == language,
            )
            for code in LANGUAGES
        ]
        super().__init__(
            ui.Select(
                custom_id=f"clans:language:{game_id}", placeholder=t._("Language"), options=options, disabled=disabled
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> LanguageSelect:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        data = cast(dict[str, Any], interaction.data or {})
        values: list[str] = data.get("values") or []
        language = values[0] if values else ""
        await guarded(
            interaction,
            self.game_id,
            lambda: clans_of(interaction).change_language(interaction, self.game_id, language),
        )


class CancelButton(ui.DynamicItem[ui.Button[Any]], template=rf"clans:cancel:(?P<game>{ID})"):
    def __init__(self, game_id: int, t: Texts = EN, label: str | None = None) -> None:
        super().__init__(
            ui.Button(
                label=label or t._("Yes, cancel the game"),
                style=discord.ButtonStyle.danger,
                custom_id=f"clans:cancel:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> CancelButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(
            interaction, self.game_id, lambda: clans_of(interaction).confirm_cancel(interaction, self.game_id)
        )


def cancel_view(t: Texts, game_id: int, label: str | None = None) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(CancelButton(game_id, t, label))
    return view


def lobby_embed(t: Texts, game: GameRecord) -> discord.Embed:
    embed = discord.Embed(title=t._("Clans — game #{game}", game=game.id), colour=BRAND)
    if game.status == "lobby":
        embed.description = t._(
            "A new game is gathering players. Press **Join** (or `/clans join`); "
            "the host presses **Start** when 2 to 4 players are in. `/clans addbot` adds an AI player."
        )
    else:
        embed.description = {
            "running": t._("This game has started."),
            "finished": t._("This game is over."),
            "cancelled": t._("This game was cancelled."),
        }[game.status]
    host = t._(" (host)")
    seats = "\n".join(
        f"{seat.seat + 1}. {mention(seat)}{host if seat.user_id == game.host_id else ''}" for seat in game.seats
    )
    embed.add_field(
        name=t._("Players ({seated}/4)", seated=len(game.seats)), value=seats or t._("nobody yet"), inline=False
    )
    embed.add_field(name=t._("Pace"), value=pace_label(t, game.pace), inline=False)
    embed.add_field(name=t._("Language"), value=language_name(game.language), inline=False)
    return embed


LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "it": "Italiano"}
"""Each language in its own words: the same in every catalog, so a reader finds theirs."""


def language_name(language: str) -> str:
    return LANGUAGE_NAMES.get(language, language)
