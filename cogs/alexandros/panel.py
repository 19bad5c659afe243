"""The mover's own turn panel: an ephemeral message with their hand, the board with Alexander's destinations
tagged, and menus for the step the turn is at (destination, wall path, the two actions, the give-back).

The "your turn" post carries a button that opens it. Every component is a DynamicItem whose custom id holds
the game (and the position it was built for): it survives restarts, reads everything from the database, acts
only on a game of its own server and channel, only for the mover, and answers through the one error path.
A menu's value is an action's text form: user input like any other, checked by the engine.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import ui

import engine.alexandros as alex
from cogs.alexandros.lobby import PaceSelect
from cogs.alexandros.posts import after_action, as_view, board_file, check_here, move_letters, service_of
from cogs.alexandros.replay import ReplayButton
from cogs.components import ID, selected
from cogs.drawing import Drawing
from cogs.errors import reader, report_error
from cogs.frame import frame_of
from service.alexandros import Panel
from service.errors import GameError, Why
from texts import DEFAULT, Texts, texts
from texts.alexandros import action_label, hand_text, move_label, path_label

EN = texts(DEFAULT)
MAX_OPTIONS = 25
"""Discord's limit of options in a select."""

KINDS = {
    "m": (alex.MoveAlexander,),
    "p": (alex.ChoosePath,),
    "o": (alex.TakeCard, alex.TakeBack, alex.EndTurn),
    "c": (alex.Occupy,),
    "t": (alex.TakeOver,),
    "x": (alex.Tax,),
    "g": (alex.Give,),
}
"""Each menu of the panel and the actions it offers (one letter in the custom id)."""


def action_value(values: list[str]) -> str:
    """A menu's chosen action text, or a refusal (a client can send any value; the engine checks the rest)."""
    if len(values) != 1 or not 0 < len(values[0]) <= 100 or not values[0].isascii():
        raise GameError(Why.NOT_A_CHOICE)
    return values[0]


class PanelButton(ui.DynamicItem[ui.Button[Any]], template=rf"alex:panel:(?P<game>{ID}):(?P<ply>{ID})"):
    """Under the "your turn" post: opens the mover's own panel."""

    def __init__(self, game_id: int, ply: int, t: Texts = EN) -> None:
        super().__init__(
            ui.Button(
                label=t._("Play my turn"), style=discord.ButtonStyle.primary, custom_id=f"alex:panel:{game_id}:{ply}"
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> PanelButton:
        return cls(int(match["game"]), int(match["ply"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await check_here(interaction, self.game_id)
            await frame_of(interaction.client).alexandros_actions.welcome_back(interaction)  # back from away
            panel = await service_of(interaction.client).panel(self.game_id, interaction.user.id)
            content, file, view = await panel_message(frame_of(interaction.client).drawing, reader(interaction), panel)
            await interaction.response.send_message(content, file=file, view=view, ephemeral=True)
        except Exception as error:  # the one error path
            await report_error(interaction, error, self.game_id)


class ActSelect(ui.DynamicItem[ui.Select[Any]], template=rf"alex:do:(?P<game>{ID}):(?P<ply>{ID}):(?P<kind>[mpoctxg])"):
    """One menu of the panel: its choice is the mover's action."""

    def __init__(
        self, game_id: int, ply: int, kind: str, options: list[discord.SelectOption] | None = None, t: Texts = EN
    ) -> None:
        super().__init__(
            ui.Select(
                custom_id=f"alex:do:{game_id}:{ply}:{kind}",
                placeholder=_placeholder(t, kind),
                options=options or [discord.SelectOption(label="-", value="-")],
            )
        )
        self.game_id = game_id
        self.ply = ply

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> ActSelect:
        return cls(int(match["game"]), int(match["ply"]), match["kind"])

    async def callback(self, interaction: discord.Interaction) -> None:
        service = service_of(interaction.client)
        try:
            await check_here(interaction, self.game_id)
            action = action_value(selected(interaction))
            acted = await service.act(self.game_id, interaction.user.id, action, expected_ply=self.ply)
        except Exception as error:
            await report_error(interaction, error, self.game_id)
            return
        t = reader(interaction)
        try:
            if not acted.table.over and acted.table.view.to_move == acted.seat.seat:
                panel = await service.panel(self.game_id, interaction.user.id)
                content, file, view = await panel_message(frame_of(interaction.client).drawing, t, panel)
                await interaction.response.edit_message(content=content, attachments=[file], view=view)
            else:
                done = t._("Your turn is over.")
                await interaction.response.edit_message(content=done, attachments=[], view=None)
        except Exception as error:
            await report_error(interaction, error, self.game_id)
        await after_action(interaction.client, acted)


def _placeholder(t: Texts, kind: str) -> str:
    return {
        "m": t._("Where does Alexander go?"),
        "p": t._("Which wall path?"),
        "o": t._("Take a card, take back a guard, or end the turn"),
        "c": t._("Occupy a free province"),
        "t": t._("Take over a province"),
        "x": t._("Levy taxes"),
        "g": t._("Which cards do you give back?"),
    }.get(kind, "-")


def _kind(action: alex.Action) -> str:
    return next(kind for kind, types in KINDS.items() if isinstance(action, types))


async def panel_message(drawing: Drawing, t: Texts, panel: Panel) -> tuple[str, discord.File, ui.View]:
    """The panel for the step the mover's turn is at: words, board (destinations tagged), menus."""
    mine, table = panel.mine, panel.table
    letters = move_letters(mine.legal)
    menus: dict[str, list[discord.SelectOption]] = {}
    for text in mine.legal:
        action = alex.parse_action(text)
        if isinstance(action, alex.Resign):
            continue
        kind = _kind(action)
        if isinstance(action, alex.MoveAlexander):
            label = move_label(t, letters[action.point], action)
        elif isinstance(action, alex.ChoosePath):
            label = path_label(t, len(menus.get("p", [])) + 1, panel.effects[text], mine.seat)
        else:
            label = action_label(t, action)
        options = menus.setdefault(kind, [])
        if len(options) < MAX_OPTIONS:
            options.append(discord.SelectOption(label=label[:100], value=text))
    step = {
        alex.Phase.MOVE: t._("Choose Alexander's destination (the letters on the board)."),
        alex.Phase.PATH: t._("Several shortest paths: choose where the walls go."),
        alex.Phase.ACTIONS: t.n_(
            "{count} action left: choose it, or end the turn.",
            "{count} actions left: choose them, or end the turn.",
            table.view.actions_left,
            count=table.view.actions_left,
        ),
        alex.Phase.GIVE: t._("You took over a province: choose the cards its owner gets back."),
    }.get(table.view.phase, "")
    content = t._("Your hand: {hand}", hand=hand_text(t, mine.hand)) + "\n" + step
    targets = [(letter, point) for point, letter in letters.items()]
    file = await board_file(drawing, t, table.view, table.names, targets)
    ply = table.record.snapshot_ply
    items = [ActSelect(table.id, ply, kind, options, t) for kind, options in list(menus.items())[:5]]
    return content, file, as_view(items)


def panel_button_view(t: Texts, game_id: int, ply: int) -> ui.View:
    return as_view([PanelButton(game_id, ply, t)])


ALEXANDROS_ITEMS = (PanelButton, ActSelect, PaceSelect, ReplayButton)
