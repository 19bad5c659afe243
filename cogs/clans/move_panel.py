"""The move panel: a turn taken with buttons and menus only, on a phone, without typing a number.

The turn post carries "Play my turn" (for the mover; anyone else is told whose turn it is) and "Show my clan"
(answered to the presser alone). The mover's panel is an ephemeral message that walks: the territories they can
move from (most useful first, with whose huts each holds; pages of 25), then the destinations, then a preview of
the board after the move with its consequences, a choice of village order when it matters, and Confirm / Back.
A village order owed is chosen in the same panel.

Every component is a DynamicItem whose custom id holds the game and the position (ply) it was built for: it
survives restarts, reads everything from the database, acts only for the mover on a game of its own server and
channel, and a panel left behind by a move says the game moved on. Each click answers through its own
interaction; Confirm commits through the service's one path for moves (pinned to the previewed position).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import ui

from cogs.bot_base import bot_of
from cogs.clans import panel_text as words
from cogs.clans.actions import clans_actions, clans_service
from cogs.clans.messages import clan_embed
from cogs.clans.panel_board import preview_file
from cogs.components import EN, GAME_ID, PLY, CustomId, Field, GameItem, parse_choice, selected, where
from cogs.errors import reader
from engine.clans import Move, Phase, Preview
from errors import GameError, Why
from service.clans.games import GAME_NAME
from service.clans.panel import PanelTable
from service.clans.suggest import Suggestion, suggest_sources, suggest_targets
from service.clans.tables import Table
from texts import Texts

PAGE_SIZE = 25
"""Discord's limit of options in a select: the sources come in pages of this many."""
PAGE = Field("page", r"\d{1,2}")
SOURCE = Field("source", r"\d{1,3}")
TARGET = Field("target", r"\d{1,3}")
INDEX = Field("index", r"\d{1,2}")
"""The fields of the panel's custom ids beyond the game and the position: a page of sources, a territory
moved from and to, a village order previewed."""


async def _panel_table(interaction: discord.Interaction, game_id: int, ply: int | None) -> PanelTable:
    games = clans_service(interaction.client)
    return await games.panel_table(game_id, interaction.user.id, ply, where(interaction))


# --- the turn post's buttons ---------------------------------------------------------------------------------


class TurnButton(GameItem[ui.Button[Any]], custom_id=CustomId("clans:turn", GAME_ID)):
    """On the turn post: opens the mover's own panel at the position the game is at now."""

    game = GAME_NAME
    checked_in_one_read = True  # the service's read checks server, channel and mover (_panel_table)

    def __init__(self, game_id: int, t: Texts = EN) -> None:
        super().__init__(
            ui.Button(
                label=t._("Play my turn"),
                emoji="▶️",
                style=discord.ButtonStyle.primary,
                custom_id=self.ids.format(game_id=game_id),
            )
        )
        self.game_id = game_id

    async def act(self, interaction: discord.Interaction) -> None:
        panel = await _panel_table(interaction, self.game_id, None)
        content, file, view = await first_page(interaction, panel)
        if file is None:
            await interaction.response.send_message(content, view=view, ephemeral=True)
        else:
            await interaction.response.send_message(content, view=view, file=file, ephemeral=True)


class MyClanButton(GameItem[ui.Button[Any]], custom_id=CustomId("clans:myclan", GAME_ID)):
    """On the turn post and in the panel: the presser's own secret clan, shown to them alone, naming the game."""

    game = GAME_NAME

    def __init__(self, game_id: int, t: Texts = EN) -> None:
        super().__init__(
            ui.Button(
                label=t._("Show my clan"),
                emoji="🤫",
                style=discord.ButtonStyle.secondary,
                custom_id=self.ids.format(game_id=game_id),
            )
        )
        self.game_id = game_id

    async def act(self, interaction: discord.Interaction) -> None:
        games = clans_service(interaction.client)
        game = await games.record(self.game_id)
        clan = await games.my_clan(self.game_id, interaction.user.id)
        embed = clan_embed(reader(interaction), clan, game.id, game.channel_id)
        await interaction.response.send_message(embed=embed, ephemeral=True)


def turn_view(t: Texts, table: Table, base: ui.View | None = None) -> ui.View | None:
    """The turn post's buttons, added to ``base`` (the post's other components): "Play my turn" while a human is
    to act, "Show my clan" while the game runs. ``base`` as it was once the game is over."""
    if table.view.over or table.record.status != "running":
        return base
    view = base if base is not None else ui.View(timeout=None)
    if table.mover.user_id is not None:
        view.add_item(TurnButton(table.id, t))
    view.add_item(MyClanButton(table.id, t))
    return view


# --- the panel's steps -----------------------------------------------------------------------------------------


async def first_page(interaction: discord.Interaction, panel: PanelTable) -> tuple[str, discord.File | None, ui.View]:
    """Where a panel opens: the sources, or the village order when one is owed."""
    t = reader(interaction)
    if panel.table.view.phase is Phase.ORDER:
        return await preview_page(interaction, t, panel, None, 0)
    content, view = sources_page(t, panel, 0, None)
    return content, None, view


def _option(t: Texts, view_huts: tuple[int, ...], suggestion: Suggestion, target: bool, chosen: bool) -> Any:
    return discord.SelectOption(
        label=words.option_label(t, suggestion, target),
        value=str(suggestion.territory),
        description=words.owners(view_huts)[: words.DESCRIPTION] or None,
        default=chosen,
    )


def sources_page(t: Texts, panel: PanelTable, page: int, source: int | None) -> tuple[str, ui.View]:
    """The sources (one page of them) and, once one is chosen, its destinations below."""
    table = panel.table
    sources = suggest_sources(table.view, limit=None)
    pages = max(1, -(-len(sources) // PAGE_SIZE))
    if source is not None:
        page = next((i // PAGE_SIZE for i, s in enumerate(sources) if s.territory == source), page)
    page = min(max(page, 0), pages - 1)
    shown = sources[page * PAGE_SIZE : (page + 1) * PAGE_SIZE]
    huts = table.view.huts
    options = [_option(t, huts[s.territory], s, False, s.territory == source) for s in shown]
    view = ui.View(timeout=None)
    view.add_item(SourceSelect(table.id, panel.ply, page, options, t))
    content = words.sources_prompt(t, table.id, table.view, page, pages)
    if source is not None:
        targets = suggest_targets(table.view, source)
        dst_options = [_option(t, huts[s.territory], s, True, False) for s in targets]
        view.add_item(TargetSelect(table.id, panel.ply, source, dst_options, t))
        content = words.targets_prompt(t, table.id, table.view, source)
    if pages > 1:
        view.add_item(PageButton(table.id, panel.ply, max(page - 1, 0), "◀", page == 0))
        view.add_item(PageButton(table.id, panel.ply, min(page + 1, pages - 1), "▶", page == pages - 1))
    view.add_item(MyClanButton(table.id, t))
    return content, view


def _previews(panel: PanelTable, move: Move | None, interaction: discord.Interaction) -> list[Preview]:
    previews = clans_service(interaction.client).previews(panel.table, move)
    if not previews:
        raise GameError(Why.NOT_A_CHOICE)
    return previews


async def preview_page(
    interaction: discord.Interaction, t: Texts, panel: PanelTable, move: Move | None, index: int
) -> tuple[str, discord.File, ui.View]:
    """The board after ``move`` (None: after the village order owed) with its consequences, the village order
    when it matters (option ``index`` shown), Confirm and Back."""
    table = panel.table
    previews = _previews(panel, move, interaction)
    if not 0 <= index < len(previews):
        raise GameError(Why.NOT_A_CHOICE)
    preview = previews[index]
    free = len(previews) == 1 and len(preview.villages) > 1
    content = words.preview_text(t, table.id, table.view, move, preview, free)
    src, dst = (move.src, move.dst) if move is not None else (0, 0)
    view = ui.View(timeout=None)
    if len(previews) > 1:
        view.add_item(OrderChoice(table.id, panel.ply, src, dst, order_options(t, previews, index), t))
    view.add_item(ConfirmButton(table.id, panel.ply, src, dst, index, t))
    if move is not None:
        view.add_item(BackButton(table.id, panel.ply, src, t))
    view.add_item(MyClanButton(table.id, t))
    drawing = bot_of(interaction.client).drawing
    file = await preview_file(drawing, t, table, preview)
    return content, file, view


ORDERS_SHOWN = PAGE_SIZE - 2
"""Village orders listed at once; past that many, the menu's first and last options lead to the orders before
and after (each is an order itself, previewed when picked), so none is ever left out."""


def order_options(t: Texts, previews: list[Preview], index: int) -> list[discord.SelectOption]:
    """The village orders around ``index`` (the one previewed), each with its consequences."""
    start = index // ORDERS_SHOWN * ORDERS_SHOWN
    shown = range(start, min(start + ORDERS_SHOWN, len(previews)))

    def option(i: int, label: str) -> discord.SelectOption:
        description = words.order_description(t, previews[i]) or None
        return discord.SelectOption(label=label, value=str(i), description=description, default=i == index)

    options = [option(i, words.order_label(t, previews[i])) for i in shown]
    if start > 0:
        options.insert(0, option(start - 1, words.more_orders(t, start - ORDERS_SHOWN, start, len(previews))))
    if shown.stop < len(previews):
        last = min(shown.stop + ORDERS_SHOWN, len(previews))
        options.append(option(shown.stop, words.more_orders(t, shown.stop, last, len(previews))))
    return options


async def _show(interaction: discord.Interaction, content: str, view: ui.View, file: discord.File | None) -> None:
    """Turn the panel into its next step (an edit of the ephemeral panel, through this click's own token)."""
    await interaction.response.edit_message(content=content, view=view, attachments=[file] if file else [])


# --- the panel's components ----------------------------------------------------------------------------------


def _placeholder(text: str) -> str:
    return text[:150]


class SourceSelect(GameItem[ui.Select[Any]], custom_id=CustomId("clans:psrc", GAME_ID, PLY, PAGE)):
    game = GAME_NAME
    checked_in_one_read = True  # the service's read checks server, channel and mover (_panel_table)

    def __init__(self, game_id: int, ply: int, page: int, options: list[Any] | None = None, t: Texts = EN) -> None:
        super().__init__(
            ui.Select(
                custom_id=self.ids.format(game_id=game_id, ply=ply, page=page),
                placeholder=_placeholder(t._("Move the huts of…")),
                options=options or [discord.SelectOption(label="-", value="0")],
            )
        )
        self.game_id, self.ply, self.page = game_id, ply, page

    async def act(self, interaction: discord.Interaction) -> None:
        source = parse_choice(selected(interaction))
        panel = await _panel_table(interaction, self.game_id, self.ply)
        targets = panel.table.move_targets(source)
        if not targets:
            raise GameError(Why.NOT_A_CHOICE)
        t = reader(interaction)
        if len(targets) == 1:  # one way to go: straight to its preview (Back returns here)
            content, file, view = await preview_page(interaction, t, panel, Move(source, targets[0]), 0)
            await _show(interaction, content, view, file)
            return
        content, view = sources_page(t, panel, self.page, source)
        await _show(interaction, content, view, None)


class TargetSelect(GameItem[ui.Select[Any]], custom_id=CustomId("clans:pdst", GAME_ID, PLY, SOURCE)):
    game = GAME_NAME
    checked_in_one_read = True  # the service's read checks server, channel and mover (_panel_table)

    def __init__(self, game_id: int, ply: int, source: int, options: list[Any] | None = None, t: Texts = EN) -> None:
        super().__init__(
            ui.Select(
                custom_id=self.ids.format(game_id=game_id, ply=ply, source=source),
                placeholder=_placeholder(t._("…onto the territory")),
                options=options or [discord.SelectOption(label="-", value="0")],
            )
        )
        self.game_id, self.ply, self.source = game_id, ply, source

    async def act(self, interaction: discord.Interaction) -> None:
        target = parse_choice(selected(interaction))
        panel = await _panel_table(interaction, self.game_id, self.ply)
        t = reader(interaction)
        content, file, view = await preview_page(interaction, t, panel, Move(self.source, target), 0)
        await _show(interaction, content, view, file)


class PageButton(GameItem[ui.Button[Any]], custom_id=CustomId("clans:ppage", GAME_ID, PLY, PAGE)):
    game = GAME_NAME
    checked_in_one_read = True  # the service's read checks server, channel and mover (_panel_table)

    def __init__(self, game_id: int, ply: int, page: int, label: str = "-", disabled: bool = False) -> None:
        super().__init__(
            ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=self.ids.format(game_id=game_id, ply=ply, page=page),
                disabled=disabled,
            )
        )
        self.game_id, self.ply, self.page = game_id, ply, page

    async def act(self, interaction: discord.Interaction) -> None:
        panel = await _panel_table(interaction, self.game_id, self.ply)
        content, view = sources_page(reader(interaction), panel, self.page, None)
        await _show(interaction, content, view, None)


class BackButton(GameItem[ui.Button[Any]], custom_id=CustomId("clans:pback", GAME_ID, PLY, SOURCE)):
    """From a preview back to the destinations of its source (to the sources when it had only one)."""

    game = GAME_NAME
    checked_in_one_read = True  # the service's read checks server, channel and mover (_panel_table)

    def __init__(self, game_id: int, ply: int, source: int, t: Texts = EN) -> None:
        super().__init__(
            ui.Button(
                label=t._("Back"),
                emoji="↩️",
                style=discord.ButtonStyle.secondary,
                custom_id=self.ids.format(game_id=game_id, ply=ply, source=source),
            )
        )
        self.game_id, self.ply, self.source = game_id, ply, source

    async def act(self, interaction: discord.Interaction) -> None:
        panel = await _panel_table(interaction, self.game_id, self.ply)
        several = len(panel.table.move_targets(self.source)) > 1
        content, view = sources_page(reader(interaction), panel, 0, self.source if several else None)
        await _show(interaction, content, view, None)


class OrderChoice(GameItem[ui.Select[Any]], custom_id=CustomId("clans:pord", GAME_ID, PLY, SOURCE, TARGET)):
    """In a preview: which order the villages are founded in, each option with its consequences."""

    game = GAME_NAME
    checked_in_one_read = True  # the service's read checks server, channel and mover (_panel_table)

    def __init__(
        self, game_id: int, ply: int, source: int, target: int, options: list[Any] | None = None, t: Texts = EN
    ) -> None:
        super().__init__(
            ui.Select(
                custom_id=self.ids.format(game_id=game_id, ply=ply, source=source, target=target),
                placeholder=_placeholder(t._("Which village is founded next?")),
                options=options or [discord.SelectOption(label="-", value="0")],
            )
        )
        self.game_id, self.ply, self.source, self.target = game_id, ply, source, target

    async def act(self, interaction: discord.Interaction) -> None:
        index = parse_choice(selected(interaction), digits=2)
        panel = await _panel_table(interaction, self.game_id, self.ply)
        move = Move(self.source, self.target) if self.source else None
        content, file, view = await preview_page(interaction, reader(interaction), panel, move, index)
        await _show(interaction, content, view, file)


class ConfirmButton(GameItem[ui.Button[Any]], custom_id=CustomId("clans:pgo", GAME_ID, PLY, SOURCE, TARGET, INDEX)):
    """Play the previewed move (and its village order) through the same path as ``/clans move``."""

    game = GAME_NAME
    checked_in_one_read = True  # the service's read checks server, channel and mover (_panel_table)

    def __init__(self, game_id: int, ply: int, source: int, target: int, index: int, t: Texts = EN) -> None:
        super().__init__(
            ui.Button(
                label=t._("Confirm"),
                emoji="✅",
                style=discord.ButtonStyle.success,
                custom_id=self.ids.format(game_id=game_id, ply=ply, source=source, target=target, index=index),
            )
        )
        self.game_id, self.ply, self.source, self.target, self.index = game_id, ply, source, target, index

    async def act(self, interaction: discord.Interaction) -> None:
        move = Move(self.source, self.target) if self.source else None
        await clans_actions(interaction.client).confirm_move(interaction, self.game_id, self.ply, move, self.index)


PANEL_ITEMS = (
    TurnButton,
    MyClanButton,
    SourceSelect,
    TargetSelect,
    PageButton,
    BackButton,
    OrderChoice,
    ConfirmButton,
)
"""The move panel's components, registered as dynamic items (they outlive a restart)."""
