"""Buttons and selects that keep working after a restart: the game id lives in the custom_id.

A custom id is user input (a client can send any): each component acts only on a game of the server and
channel (or thread) it was pressed in, its numbers are bounded by the template, and every path, including
a custom id no template accepts, is answered through the one error path (cogs/errors.py).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import ui

from cogs.clock_texts import PACE_CHOICES, pace_label
from cogs.errors import report_error
from cogs.messages import language_name, order_option_description, order_option_label
from engine import OrderOption
from service import GameError
from service.errors import Why
from service.pace import DEFAULT_PACE
from texts import DEFAULT, LANGUAGES, N_, Texts, resolve, texts

if TYPE_CHECKING:
    from cogs.clans import ClansCog


def _cog(interaction: discord.Interaction) -> ClansCog:
    cog = interaction.client.get_cog("Clans")  # type: ignore[attr-defined]
    assert cog is not None, "the Clans cog is not loaded"
    return cog  # type: ignore[no-any-return]


ID = r"\d{1,18}"
"""A number in a custom id: what a snowflake or a game id can be (below 2**63, so every database takes it)."""


async def _guarded(
    interaction: discord.Interaction, game_id: int, run: Callable[[], Awaitable[None]], *, here: bool = True
) -> None:
    """Run a component's action through the one error path; with ``here``, only if the game is this
    server's and this channel's (a forged or copied custom id acts on nothing elsewhere)."""
    try:
        if here:
            await check_here(interaction, game_id)
        await _cog(interaction).games.remember_language(interaction.user.id, resolve(interaction.locale))
        await run()
    except Exception as error:  # the one error path, for components as for commands
        await report_error(interaction, error, game_id)


async def check_here(interaction: discord.Interaction, game_id: int) -> None:
    game = await _cog(interaction).games.game(game_id)
    if game.guild_id != interaction.guild_id or game.channel_id != interaction.channel_id:
        raise GameError(Why.ELSEWHERE)


def parse_choice(values: list[str], digits: int = 3) -> int:
    """A select's chosen number, or a refusal (a client can send any value)."""
    if len(values) != 1 or not values[0].isdecimal() or len(values[0]) > digits or not values[0].isascii():
        raise GameError(Why.NOT_A_CHOICE)
    return int(values[0])


def selected(interaction: discord.Interaction) -> list[str]:
    data = cast(dict[str, Any], interaction.data or {})
    values = data.get("values")
    return [str(v) for v in values] if isinstance(values, list) else []


LOBBY_BUTTONS = {
    "join": (N_("Join"), discord.ButtonStyle.success),
    "leave": (N_("Leave"), discord.ButtonStyle.secondary),
    "start": (N_("Start"), discord.ButtonStyle.primary),
}
EN = texts(DEFAULT)
"""Components rebuilt from a custom_id only route the click: their labels are never shown again."""


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
            cog = _cog(interaction)
            handlers = {"join": cog.join_lobby, "leave": cog.leave_lobby, "start": cog.start_game}
            await handlers[self.action](interaction, self.game_id, True)

        await _guarded(interaction, self.game_id, run)


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
        options = [
            discord.SelectOption(
                label=t._("Pace: {pace}", pace=pace_label(t, choice)), value=choice.value, default=choice.value == pace
            )
            for choice in PACE_CHOICES
        ]
        super().__init__(
            ui.Select(custom_id=f"clans:pace:{game_id}", placeholder=t._("Pace"), options=options, disabled=disabled)
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> PaceSelect:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        pace = (selected(interaction) or [""])[0][:20]
        await _guarded(
            interaction, self.game_id, lambda: _cog(interaction).change_pace(interaction, self.game_id, pace)
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
        await _guarded(
            interaction, self.game_id, lambda: _cog(interaction).change_language(interaction, self.game_id, language)
        )


class BackButton(ui.DynamicItem[ui.Button[Any]], template=rf"clans:back:(?P<game>{ID})"):
    """On a timeout message: the away player says they are back."""

    def __init__(self, game_id: int, t: Texts = EN) -> None:
        super().__init__(
            ui.Button(label=t._("I'm back"), style=discord.ButtonStyle.success, custom_id=f"clans:back:{game_id}")
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> BackButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _guarded(interaction, self.game_id, lambda: _cog(interaction).back_button(interaction, self.game_id))


def back_view(t: Texts, game_id: int) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(BackButton(game_id, t))
    return view


class OrderSelect(ui.DynamicItem[ui.Select[Any]], template=rf"clans:order:(?P<game>{ID}):(?P<ply>{ID})"):
    """The mover picks which of the villages their move founded comes next."""

    def __init__(self, game_id: int, ply: int, choices: list[OrderOption] | None = None, t: Texts = EN) -> None:
        options = [
            discord.SelectOption(
                label=order_option_label(t, o), value=str(o.territory), description=order_option_description(t, o)
            )
            for o in (choices or [])[:25]
        ] or [discord.SelectOption(label="-", value="0")]
        super().__init__(
            ui.Select(
                custom_id=f"clans:order:{game_id}:{ply}",
                placeholder=t._("Which village is founded next?"),
                options=options,
            )
        )
        self.game_id = game_id
        self.ply = ply

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> OrderSelect:
        return cls(int(match["game"]), int(match["ply"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def run() -> None:  # the value is parsed inside the error path: a bad one is answered
            territory = parse_choice(selected(interaction))
            await _cog(interaction).choose_village(interaction, self.game_id, self.ply, territory)

        await _guarded(interaction, self.game_id, run)


def order_view(t: Texts, game_id: int, ply: int, choices: list[OrderOption]) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(OrderSelect(game_id, ply, choices, t))
    return view


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
        await _guarded(interaction, self.game_id, lambda: _cog(interaction).confirm_cancel(interaction, self.game_id))


def cancel_view(t: Texts, game_id: int, label: str | None = None) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(CancelButton(game_id, t, label))
    return view


class ReplayButton(ui.DynamicItem[ui.Button[Any]], template=rf"clans:replay:(?P<game>{ID})"):
    """Under a finished game's result: the animated replay, shown to whoever asks."""

    def __init__(self, game_id: int, t: Texts = EN) -> None:
        super().__init__(
            ui.Button(
                label=t._("Replay"), emoji="🎞️", style=discord.ButtonStyle.secondary, custom_id=f"clans:replay:{game_id}"
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> ReplayButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _guarded(
            interaction, self.game_id, lambda: _cog(interaction).replays.send(interaction, self.game_id, True)
        )


def replay_view(t: Texts, game_id: int) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(ReplayButton(game_id, t))
    return view


PERSISTENT_ITEMS = (LobbyButton, OrderSelect, CancelButton, ReplayButton, PaceSelect, LanguageSelect, BackButton)


def known_custom_id(custom_id: str, items: tuple[type[ui.DynamicItem[Any]], ...]) -> bool:
    return any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in items)


async def refuse_unknown(interaction: discord.Interaction, items: tuple[type[ui.DynamicItem[Any]], ...]) -> None:
    """A click or choice whose custom id no component accepts (forged, or a number past the template's
    bound): answered with a refusal instead of being left to fail."""
    if interaction.type is not discord.InteractionType.component:
        return
    custom_id = str(cast(dict[str, Any], interaction.data or {}).get("custom_id", ""))
    if not known_custom_id(custom_id, items):
        await report_error(interaction, GameError(Why.NOT_VALID))
