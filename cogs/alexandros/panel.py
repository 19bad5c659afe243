"""The mover's own turn panel: an ephemeral message with their hand, the board with Alexander's destinations
tagged, and menus for the step the turn is at (destination, wall path, the two actions, the give-back).

Every legal choice is reachable however many there are: a menu longer than Discord's 25 options shows them
a page at a time, its first and last options turning the page. Each option says what it does and costs
(the engine's facts, worded by texts/alexandros_options.py).

The "your turn" post carries a button that opens it. Every component is a DynamicItem whose custom id holds
the game (and the position it was built for): it survives restarts, reads everything from the database, acts
only on a game of its own server and channel, only for the mover, and answers through the one error path.
A menu's value is an action's text form: user input like any other, checked by the engine.
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping, Sequence
from typing import Any

import discord
from discord import ui

import engine.alexandros as alex
from cogs.alexandros.lobby import PaceSelect
from cogs.alexandros.posts import after_action, as_view, board_file, check_here, service_of
from cogs.alexandros.replay import ReplayButton
from cogs.components import ID, selected
from cogs.drawing import Drawing
from cogs.errors import reader, report_error
from cogs.frame import frame_of
from service.alexandros import Panel
from service.errors import GameError, Why
from texts import DEFAULT, Texts, texts
from texts.alexandros import hand_text, symbol_name
from texts.alexandros_options import (
    Option,
    action_option,
    move_option,
    page_option,
    path_option,
    province_back_option,
    province_option,
)
from usertext import clean_name

EN = texts(DEFAULT)
MAX_OPTIONS = 25
"""Discord's limit of options in a select."""
PAGE = MAX_OPTIONS - 2
"""Actions on each page of a longer menu: the rest of the 25 turn the page back and forth."""
MAX_ROWS = 5
"""Discord's limit of action rows in a message: one menu each."""

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
TURN_PAGE = "page:"
"""The value of an option that shows another page of its menu ("page:2")."""
ZONE = "zone:"
"""The value of an option that shows one province's placements ("zone:40"), or all provinces again ("zone:-")."""
BY_PROVINCE = ("c", "t")
"""Menus that, when longer than one select, first ask for the province, then for the guards' places in it."""
At = tuple[int, int | None]
"""Where a menu is: its page, and the province it shows (None: all, or the menu is not by province)."""


def action_value(values: list[str]) -> str:
    """A menu's chosen action text, or a refusal (a client can send any value; the engine checks the rest)."""
    if len(values) != 1 or not 0 < len(values[0]) <= 100 or not values[0].isascii():
        raise GameError(Why.NOT_A_CHOICE)
    return values[0]


def page_value(value: str) -> int:
    """The page a page-turning option asks for (any number: the menu shows the nearest one it has)."""
    number = value.removeprefix(TURN_PAGE)
    if not number.isdigit() or len(number) > 4:
        raise GameError(Why.NOT_A_CHOICE)
    return int(number)


def zone_value(value: str) -> int | None:
    """The province a province option asks for (None: back to all of them)."""
    zone = value.removeprefix(ZONE)
    if zone == "-":
        return None
    if not zone.isdigit() or len(zone) > 4:
        raise GameError(Why.NOT_A_CHOICE)
    return int(zone)


def point_tags(legal: Sequence[str]) -> dict[int, str]:
    """A tag for every point Alexander may move to, in the engine's order: A to Z, then AA, AB…; the panel's
    options and the board image share them."""
    tags: dict[int, str] = {}
    for text in legal:
        action = alex.parse_action(text)
        if isinstance(action, alex.MoveAlexander) and action.point not in tags:
            tags[action.point] = _tag(len(tags))
    return tags


def _tag(index: int) -> str:
    letters = string.ascii_uppercase
    tag = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, len(letters))
        tag = letters[rest] + tag
    return tag


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
            assert file is not None
            await interaction.response.send_message(content, file=file, view=view, ephemeral=True)
        except Exception as error:  # the one error path
            await report_error(interaction, error, self.game_id)


class ActSelect(
    ui.DynamicItem[ui.Select[Any]],
    template=(
        rf"alex:do:(?P<game>{ID}):(?P<ply>{ID}):(?P<kind>[mpoctxg])(?::(?P<page>\d{{1,4}}))?(?::z(?P<zone>\d{{1,4}}))?"
    ),
):
    """One menu of the panel (one page of it): its choice is the mover's action, or another page."""

    def __init__(
        self,
        game_id: int,
        ply: int,
        kind: str,
        options: list[discord.SelectOption] | None = None,
        t: Texts = EN,
        page: int = 0,
        pages: int = 1,
        zone: int | None = None,
    ) -> None:
        suffix = f":{page}" if page or zone is not None else ""  # page 0 keeps the custom id menus had before pages
        suffix += f":z{zone}" if zone is not None else ""
        super().__init__(
            ui.Select(
                custom_id=f"alex:do:{game_id}:{ply}:{kind}{suffix}",
                placeholder=_placeholder(t, kind, page, pages),
                options=options or [discord.SelectOption(label="-", value="-")],
            )
        )
        self.game_id = game_id
        self.ply = ply
        self.kind = kind
        self.page = page
        self.zone = zone

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> ActSelect:
        zone = int(match["zone"]) if match["zone"] else None
        return cls(int(match["game"]), int(match["ply"]), match["kind"], page=int(match["page"] or 0), zone=zone)

    async def callback(self, interaction: discord.Interaction) -> None:
        service = service_of(interaction.client)
        drawing = frame_of(interaction.client).drawing
        try:
            await check_here(interaction, self.game_id)
            action = action_value(selected(interaction))
            if action.startswith((TURN_PAGE, ZONE)):
                at = (page_value(action), self.zone) if action.startswith(TURN_PAGE) else (0, zone_value(action))
                panel = await service.panel(self.game_id, interaction.user.id)
                same = panel.table.record.snapshot_ply == self.ply  # else the board image is redrawn too
                content, file, view = await panel_message(
                    drawing, reader(interaction), panel, {self.kind: at}, not same
                )
                if file is None:  # the same position: the image stays
                    await interaction.response.edit_message(content=content, view=view)
                else:
                    await interaction.response.edit_message(content=content, attachments=[file], view=view)
                return
            acted = await service.act(self.game_id, interaction.user.id, action, expected_ply=self.ply)
        except Exception as error:
            await report_error(interaction, error, self.game_id)
            return
        t = reader(interaction)
        try:
            if not acted.table.over and acted.table.view.to_move == acted.seat.seat:
                panel = await service.panel(self.game_id, interaction.user.id)
                content, file, view = await panel_message(drawing, t, panel)
                assert file is not None
                await interaction.response.edit_message(content=content, attachments=[file], view=view)
            else:
                done = t._("Your turn is over.")
                await interaction.response.edit_message(content=done, attachments=[], view=None)
        except Exception as error:
            await report_error(interaction, error, self.game_id)
        await after_action(interaction.client, acted)


def _placeholder(t: Texts, kind: str, page: int = 0, pages: int = 1) -> str:
    what = {
        "m": t._("Where does Alexander go?"),
        "p": t._("Which wall path?"),
        "o": t._("Take a card, take back a guard, or end the turn"),
        "c": t._("Occupy a free province"),
        "t": t._("Take over a province"),
        "x": t._("Levy taxes"),
        "g": t._("Which cards do you give back?"),
    }.get(kind, "-")
    if pages > 1:
        what = t._("{menu} (page {page} of {pages})", menu=what, page=page + 1, pages=pages)
    return what[:150]


def _kind(action: alex.Action) -> str:
    return next(kind for kind, types in KINDS.items() if isinstance(action, types))


def panel_choices(t: Texts, panel: Panel) -> dict[str, list[tuple[str, Option]]]:
    """Every legal choice of the panel, by menu: its action text and its option's words."""
    mine, table = panel.mine, panel.table
    names = [clean_name(seat.name) for seat in table.record.seats]
    tags = point_tags(mine.legal)
    menus: dict[str, list[tuple[str, Option]]] = {}
    for text in mine.legal:
        action = alex.parse_action(text)
        if isinstance(action, alex.Resign):
            continue
        told = panel.facts[text]
        entries = menus.setdefault(_kind(action), [])
        if isinstance(action, alex.MoveAlexander):
            words = move_option(t, tags[action.point], action, told, panel.destinations[action.point])
        elif isinstance(action, alex.ChoosePath):
            words = path_option(t, len(entries) + 1, panel.effects[text], names, mine.seat, told.beside)
        else:
            words = action_option(t, told, names, mine.seat)
        entries.append((text, words))
    return menus


def page_of(t: Texts, entries: list[tuple[str, Option]], page: int) -> tuple[list[discord.SelectOption], int, int]:
    """One page of a menu's choices as select options (with the page-turning ones), the page shown and the
    number of pages: all of them when they fit in one select."""
    if len(entries) <= MAX_OPTIONS:
        return [_select_option(value, words) for value, words in entries], 0, 1
    pages = -(-len(entries) // PAGE)
    page = min(max(page, 0), pages - 1)
    options = [_select_option(value, words) for value, words in entries[page * PAGE : (page + 1) * PAGE]]
    if page > 0:
        options.insert(0, _select_option(f"{TURN_PAGE}{page - 1}", page_option(t, page - 1, pages, False)))
    if page < pages - 1:
        options.append(_select_option(f"{TURN_PAGE}{page + 1}", page_option(t, page + 1, pages, True)))
    return options, page, pages


def menu_page(
    t: Texts, view: alex.PublicView, kind: str, entries: list[tuple[str, Option]], at: At = (0, None)
) -> tuple[list[discord.SelectOption], int, int, int | None]:
    """What a menu shows at ``at``: the select options, the page and number of pages, and the province. A long
    occupy or take-over menu lists the provinces first, then the placements in the chosen one."""
    page, zone = at
    if kind not in BY_PROVINCE or len(entries) <= MAX_OPTIONS:
        return (*page_of(t, entries, page), None)
    if zone is None:
        return (*page_of(t, _provinces(t, view, kind, entries), page), None)
    inside = [entry for entry in entries if view.province[_first_guard(entry[0])] == zone]
    back = (f"{ZONE}-", province_back_option(t))
    return (*page_of(t, [back, *inside], page), zone)


def _first_guard(value: str) -> int:
    action = alex.parse_action(value)
    assert isinstance(action, alex.Occupy | alex.TakeOver)
    return action.guards[0]


def _provinces(
    t: Texts, view: alex.PublicView, kind: str, entries: list[tuple[str, Option]]
) -> list[tuple[str, Option]]:
    """One option per province of a long occupy or take-over menu, in the menu's order."""
    groups: dict[int, list[int]] = {}
    for value, _ in entries:
        guards = alex.parse_action(value).guards  # type: ignore[union-attr]
        groups.setdefault(view.province[guards[0]], []).extend(guards)
    board = view.board
    return [
        (
            f"{ZONE}{zone}",
            province_option(
                t,
                kind == "t",
                board.region[spaces[0]],
                sorted(set(spaces)),
                sum(1 for value, _ in entries if view.province[_first_guard(value)] == zone),
            ),
        )
        for zone, spaces in groups.items()
    ]


def _select_option(value: str, words: Option) -> discord.SelectOption:
    label, description = words
    return discord.SelectOption(label=label, value=value, description=description or None)


async def panel_message(
    drawing: Drawing, t: Texts, panel: Panel, at: Mapping[str, At] | None = None, board: bool = True
) -> tuple[str, discord.File | None, ui.View]:
    """The panel for the step the mover's turn is at: words, board (destinations tagged), menus, each at its
    page (and province) of ``at`` (the first by default). ``board`` False: no new image (only a page turned)."""
    mine, table = panel.mine, panel.table
    menus = panel_choices(t, panel)
    assert len(menus) <= MAX_ROWS, menus.keys()  # the engine's steps offer at most four kinds at once
    ply = table.record.snapshot_ply
    items = []
    for kind, entries in menus.items():
        options, page, count, zone = menu_page(t, table.view, kind, entries, (at or {}).get(kind, (0, None)))
        items.append(ActSelect(table.id, ply, kind, options, t, page, count, zone))
    view = table.view
    step = {
        alex.Phase.MOVE: t._("Choose Alexander's destination (the letters on the board)."),
        alex.Phase.PATH: t._("Several shortest paths: choose where the walls go."),
        alex.Phase.ACTIONS: t.n_(
            "{count} action left: choose it, or end the turn.",
            "{count} actions left: choose them, or end the turn.",
            view.actions_left,
            count=view.actions_left,
        ),
        alex.Phase.GIVE: t._("You took over a province: choose the cards its owner gets back."),
    }.get(view.phase, "")
    face_up = ", ".join(
        f"{slot + 1}: {symbol_name(t, card)}" for slot, card in enumerate(view.face_up) if card is not None
    )
    lines = [
        t._("Your hand: {hand}", hand=hand_text(t, mine.hand)),
        t._("Face-up cards: {cards}", cards=face_up or "-"),
        step,
    ]
    file = None
    if board:
        targets = [(tag, point) for point, tag in point_tags(mine.legal).items()]
        walls = [action.walls for action in map(alex.parse_action, mine.legal) if isinstance(action, alex.ChoosePath)]
        paths = [(str(number), sides) for number, sides in enumerate(walls, 1)]  # as the path options number them
        file = await board_file(drawing, t, view, table.names, targets, paths)
    return "\n".join(lines)[:2000], file, as_view(items)


def panel_button_view(t: Texts, game_id: int, ply: int) -> ui.View:
    return as_view([PanelButton(game_id, ply, t)])


ALEXANDROS_ITEMS = (PanelButton, ActSelect, PaceSelect, ReplayButton)
