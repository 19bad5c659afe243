"""Buttons and selects that keep working after a restart: the game id lives in the custom_id."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import ui

from cogs.clock_texts import PACE_CHOICES
from cogs.errors import report_error
from cogs.messages import order_option_description, order_option_label
from engine import OrderOption
from service.pace import DEFAULT_PACE

if TYPE_CHECKING:
    from cogs.clans import ClansCog


def _cog(interaction: discord.Interaction) -> ClansCog:
    cog = interaction.client.get_cog("Clans")  # type: ignore[attr-defined]
    assert cog is not None, "the Clans cog is not loaded"
    return cog  # type: ignore[no-any-return]


async def _guarded(interaction: discord.Interaction, game_id: int, run: Callable[[], Awaitable[None]]) -> None:
    try:
        await run()
    except Exception as error:  # the one error path, for components as for commands
        await report_error(interaction, error, game_id)


LOBBY_BUTTONS = {
    "join": ("Join", discord.ButtonStyle.success),
    "leave": ("Leave", discord.ButtonStyle.secondary),
    "start": ("Start", discord.ButtonStyle.primary),
}


class LobbyButton(ui.DynamicItem[ui.Button[Any]], template=r"clans:(?P<action>join|leave|start):(?P<game>\d+)"):
    def __init__(self, action: str, game_id: int, disabled: bool = False) -> None:
        label, style = LOBBY_BUTTONS[action]
        super().__init__(ui.Button(label=label, style=style, custom_id=f"clans:{action}:{game_id}", disabled=disabled))
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


def lobby_view(game_id: int, open_: bool = True, pace: str = DEFAULT_PACE) -> ui.View:
    view = ui.View(timeout=None)
    for action in ("join", "leave", "start"):
        view.add_item(LobbyButton(action, game_id, disabled=not open_))
    view.add_item(PaceSelect(game_id, pace, disabled=not open_))
    return view


class PaceSelect(ui.DynamicItem[ui.Select[Any]], template=r"clans:pace:(?P<game>\d+)"):
    """The host picks the game's pace in the lobby."""

    def __init__(self, game_id: int, pace: str = DEFAULT_PACE, disabled: bool = False) -> None:
        options = [
            discord.SelectOption(label=f"Pace: {choice.label}", value=choice.value, default=choice.value == pace)
            for choice in PACE_CHOICES
        ]
        super().__init__(
            ui.Select(custom_id=f"clans:pace:{game_id}", placeholder="Pace", options=options, disabled=disabled)
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> PaceSelect:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        data = cast(dict[str, Any], interaction.data or {})
        values: list[str] = data.get("values") or []
        pace = values[0] if values else ""
        await _guarded(
            interaction, self.game_id, lambda: _cog(interaction).change_pace(interaction, self.game_id, pace)
        )


class BackButton(ui.DynamicItem[ui.Button[Any]], template=r"clans:back:(?P<game>\d+)"):
    """On a timeout message: the away player says they are back."""

    def __init__(self, game_id: int) -> None:
        super().__init__(
            ui.Button(label="I'm back", style=discord.ButtonStyle.success, custom_id=f"clans:back:{game_id}")
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> BackButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _guarded(interaction, self.game_id, lambda: _cog(interaction).back_button(interaction, self.game_id))


def back_view(game_id: int) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(BackButton(game_id))
    return view


class OrderSelect(ui.DynamicItem[ui.Select[Any]], template=r"clans:order:(?P<game>\d+):(?P<ply>\d+)"):
    """The mover picks which of the villages their move founded comes next."""

    def __init__(self, game_id: int, ply: int, choices: list[OrderOption] | None = None) -> None:
        options = [
            discord.SelectOption(
                label=order_option_label(o), value=str(o.territory), description=order_option_description(o)
            )
            for o in (choices or [])[:25]
        ] or [discord.SelectOption(label="-", value="0")]
        super().__init__(
            ui.Select(
                custom_id=f"clans:order:{game_id}:{ply}",
                placeholder="Which village is founded next?",
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
        data = cast(dict[str, Any], interaction.data or {})
        values: list[str] = data.get("values") or []
        territory = int(values[0]) if values else 0
        await _guarded(
            interaction,
            self.game_id,
            lambda: _cog(interaction).choose_village(interaction, self.game_id, self.ply, territory),
        )


def order_view(game_id: int, ply: int, choices: list[OrderOption]) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(OrderSelect(game_id, ply, choices))
    return view


class CancelButton(ui.DynamicItem[ui.Button[Any]], template=r"clans:cancel:(?P<game>\d+)"):
    def __init__(self, game_id: int) -> None:
        super().__init__(
            ui.Button(
                label="Yes, cancel the game", style=discord.ButtonStyle.danger, custom_id=f"clans:cancel:{game_id}"
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


def cancel_view(game_id: int) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(CancelButton(game_id))
    return view


class ReplayButton(ui.DynamicItem[ui.Button[Any]], template=r"clans:replay:(?P<game>\d+)"):
    """Under a finished game's result: the animated replay, shown to whoever asks."""

    def __init__(self, game_id: int) -> None:
        super().__init__(
            ui.Button(
                label="Replay", emoji="🎞️", style=discord.ButtonStyle.secondary, custom_id=f"clans:replay:{game_id}"
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


def replay_view(game_id: int) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(ReplayButton(game_id))
    return view


PERSISTENT_ITEMS = (LobbyButton, OrderSelect, CancelButton, ReplayButton, PaceSelect, BackButton)
