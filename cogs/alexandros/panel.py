"""The mover's own turn panel: an ephemeral message with their hand, the board with Alexander's destinations
tagged, and menus for the step the turn is at (destination, wall path, the two actions, the give-back).

Every legal choice is reachable however many there are, and each says what it does and costs: the menus are
built by cogs/alexandros/menus.py.

The "your turn" post carries a button that opens it. Every component is a DynamicItem whose custom id holds
the game (and the position it was built for): it survives restarts, reads everything from the database, acts
only on a game of its own server and channel, only for the mover, and answers through the one error path.
A menu's value is an action's text form: user input like any other, checked by the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord
from discord import ui

import engine.alexandros as alex
from cogs.alexandros.actions import alexandros_service
from cogs.alexandros.menus import (
    MAX_OPTIONS,
    MAX_ROWS,
    PAGE,
    PATH_KIND,
    TURN_PAGE,
    ZONE,
    At,
    action_value,
    menu_page,
    page_value,
    panel_choices,
    point_tags,
    zone_value,
)
from cogs.alexandros.posts import after_action, as_view, board_file
from cogs.bot_base import bot_of
from cogs.components import EN, GAME_ID, PLY, CustomId, Field, GameItem, selected
from cogs.drawing import Drawing
from cogs.errors import reader, report_error
from service.alexandros import GAME_NAME, Panel
from texts import Texts
from texts.alexandros.names import hand_text, symbol_name


class ActSelect(
    GameItem[ui.Select[Any]],
    custom_id=CustomId(
        "alex:do",
        GAME_ID,
        PLY,
        Field("menu", "[mpoctxg]", read=str),
        optional=(Field("page", r"\d{1,4}", default=0), Field("zone", r"\d{1,4}", lead="z")),
    ),
):
    """One menu of the panel (one page of it): its choice is the mover's action, or another page."""

    game = GAME_NAME
    checked_in_one_read = True  # the action's one read checks server, channel and player (service.act, panel)

    def __init__(
        self,
        game_id: int,
        ply: int,
        menu: str,
        options: list[discord.SelectOption] | None = None,
        t: Texts = EN,
        page: int = 0,
        pages: int = 1,
        zone: int | None = None,
    ) -> None:
        super().__init__(
            ui.Select(
                # page 0 in all provinces keeps the custom id menus had before pages: alex:do:12:3:m
                custom_id=self.ids.format(game_id=game_id, ply=ply, menu=menu, page=page, zone=zone),
                placeholder=_placeholder(t, menu, page, pages),
                options=options or [discord.SelectOption(label="-", value="-")],
            )
        )
        self.game_id = game_id
        self.ply = ply
        self.menu = menu
        self.page = page
        self.zone = zone

    async def act(self, interaction: discord.Interaction) -> None:
        service = alexandros_service(interaction.client)
        drawing = bot_of(interaction.client).drawing
        where = (interaction.guild_id, interaction.channel_id)  # checked with the game's one read
        action = action_value(selected(interaction))
        if action.startswith((TURN_PAGE, ZONE)):
            at = (page_value(action), self.zone) if action.startswith(TURN_PAGE) else (0, zone_value(action))
            panel = await service.panel(self.game_id, interaction.user.id, where=where)
            same = panel.table.record.snapshot_ply == self.ply  # else the board image is redrawn too
            redraw = not same or self.menu == PATH_KIND  # a page of paths shows its own paths on the board
            content, file, view = await panel_message(drawing, reader(interaction), panel, {self.menu: at}, redraw)
            if file is None:  # the same position: the image stays
                await interaction.response.edit_message(content=content, view=view)
            else:
                await interaction.response.edit_message(content=content, attachments=[file], view=view)
            return
        acted = await service.act(
            self.game_id, interaction.user.id, action, expected_ply=self.ply, where=where, panel=True
        )
        t = reader(interaction)
        try:
            if acted.panel is not None:  # the mover's turn goes on: their next panel came with the action
                content, file, view = await panel_message(drawing, t, acted.panel)
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
    shown: dict[str, int] = {}
    for kind, entries in menus.items():
        options, page, count, zone = menu_page(t, table.view, kind, entries, (at or {}).get(kind, (0, None)))
        items.append(ActSelect(table.id, ply, kind, options, t, page, count, zone))
        shown[kind] = page
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
        numbered = list(enumerate(walls, 1))  # as the path options number them
        if len(numbered) > MAX_OPTIONS:  # a long path menu: the board draws the paths of the page shown
            page = shown.get(PATH_KIND, 0)
            numbered = numbered[page * PAGE : (page + 1) * PAGE]
        paths = [(str(number), sides) for number, sides in numbered]
        file = await board_file(drawing, t, view, table.names, targets, paths)
    return "\n".join(lines)[:2000], file, as_view(items)


async def open_panel(drawing: Drawing, interaction: discord.Interaction, game_id: int) -> None:
    """The mover's own panel, from the "your turn" post's button (the game's one read checks where it was pressed)."""
    where = (interaction.guild_id, interaction.channel_id)
    panel = await alexandros_service(interaction.client).panel(game_id, interaction.user.id, where=where)
    content, file, view = await panel_message(drawing, reader(interaction), panel)
    assert file is not None
    await interaction.response.send_message(content, file=file, view=view, ephemeral=True)
