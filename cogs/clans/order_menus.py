"""Choosing the order of the villages a move founded: the select (OrderSelect), its option texts, the
"founded …, in that order" line, and the public "choose which village is founded next" messages, remembered
so the choice can rewrite them. The command side is in cogs/clans/turns.py.

When the mover chooses from the menu shown again only to them, the public message still asks; it is
edited into the outcome too. Remembered in memory: after a restart the old menu simply stays (stale).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import discord
from discord import ui

from cogs.clans.actions import clans_actions
from cogs.components import EN, GAME_ID, PLY, CustomId, GameItem, parse_choice, selected
from engine.clans import OrderOption, Village
from service.clans.games import GAME_NAME
from service.clans.tables import Table
from service.records import SeatRecord
from texts import Texts
from texts import seat_mention as mention
from texts.clans.game import clan_name, huts, terrain_name, village_order_part, village_worth

log = logging.getLogger("clans.cog")


class OrderMenus:
    def __init__(self) -> None:
        self._where: dict[int, tuple[int, int]] = {}
        """game id → (channel id, message id) of the public order menu waiting for the mover."""

    def remember(self, table: Table, message: Any) -> None:
        message_id = getattr(message, "id", None)
        if isinstance(message_id, int):
            self._where[table.id] = (table.record.channel_id, message_id)

    def forget(self, game_id: int) -> None:
        self._where.pop(game_id, None)

    async def settle(self, client: discord.Client, game_id: int, content: str) -> None:
        """Edit the public menu of ``game_id`` (if known) into ``content``, without its select."""
        where = self._where.pop(game_id, None)
        if where is None:
            return
        channel_id, message_id = where
        try:
            message = client.get_partial_messageable(channel_id).get_partial_message(message_id)
            await message.edit(content=content, view=None)
        except discord.HTTPException:
            log.warning("Could not update the village-order message of game %s", game_id)


def order_option_label(t: Texts, option: OrderOption) -> str:
    """The whole consequence of founding ``option.territory`` next: "47 first → 47: epoch 2, worth 9 · 38: …"."""
    parts = [village_order_part(t, v) for v in option.villages]
    parts += [t._("{territory}: not founded", territory=x) for x in option.unfounded]
    first = t._("{territory} first → ", territory=option.territory)
    label = first + " · ".join(parts)
    if len(label) > 100:  # many villages at once: the short form still names every one
        short = [f"{v.territory} e{v.epoch}={v.value}" for v in option.villages] + [
            t._("{territory} none", territory=x) for x in option.unfounded
        ]
        label = first + " · ".join(short)
    return label[:100]


def order_option_description(t: Texts, option: OrderOption) -> str:
    chosen = option.chosen
    # A village worth 0 (doomed, or emptied by strife) scores nobody, whoever's huts stood there.
    who = t.listing(clan_name(t, c) for c in chosen.colours) if chosen.value else t._("nobody")
    text = t._(
        "{territory}: {terrain}, {huts}, scores {clans}",
        territory=option.territory,
        terrain=terrain_name(t, chosen.terrain),
        huts=huts(t, chosen.size),
        clans=who,
    )
    if option.unfounded:
        left_out = option.unfounded
        text += " · " + t.n_(
            "the 12th village: {territories} does not score",
            "the 12th village: {territories} do not score",
            len(left_out),
            territories=t.listing(map(str, left_out)),
        )
    elif not option.exact:
        text += " · " + t._("the rest in map order (you choose again)")
    return text[:100]


def order_settled_text(t: Texts, actor: SeatRecord, villages: Sequence[Village], pending: Sequence[int]) -> str:
    """What the public "choose…" message becomes once the mover has chosen."""
    founded = t.listing(
        t._("{territory} ({worth}, epoch {epoch})", territory=v.territory, worth=village_worth(t, v), epoch=v.epoch)
        for v in villages
    )
    text = t._("{player} founded {villages}, in that order.", player=mention(actor), villages=founded)
    if pending:
        text += " " + t._("Still to order: {territories}.", territories=t.listing(map(str, pending)))
    return text


class OrderSelect(GameItem[ui.Select[Any]], custom_id=CustomId("clans:order", GAME_ID, PLY)):
    """The mover picks which of the villages their move founded comes next."""

    game = GAME_NAME
    checked_in_one_read = True  # the move's one read checks server, channel and mover (choose_village)

    def __init__(self, game_id: int, ply: int, choices: list[OrderOption] | None = None, t: Texts = EN) -> None:
        options = [
            discord.SelectOption(
                label=order_option_label(t, o), value=str(o.territory), description=order_option_description(t, o)
            )
            for o in (choices or [])[:25]
        ] or [discord.SelectOption(label="-", value="0")]
        super().__init__(
            ui.Select(
                custom_id=self.ids.format(game_id=game_id, ply=ply),
                placeholder=t._("Which village is founded next?"),
                options=options,
            )
        )
        self.game_id = game_id
        self.ply = ply

    async def act(self, interaction: discord.Interaction) -> None:
        # the value is parsed inside the error path: a bad one is answered
        territory = parse_choice(selected(interaction))
        await clans_actions(interaction.client).choose_village(interaction, self.game_id, self.ply, territory)


def order_view(t: Texts, game_id: int, ply: int, choices: list[OrderOption]) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(OrderSelect(game_id, ply, choices, t))
    return view
