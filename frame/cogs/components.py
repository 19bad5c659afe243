"""What every game's buttons, selects and messages share: the custom id grammar, reading a select's choice,
who a message may ping, the refusal of a custom id no component accepts, and the name a player is seated under.

A custom id is user input (a client can send any): its numbers are bounded by the template, and every path,
including a custom id no template accepts, is answered through the one error path (frame/cogs/errors.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import discord
from discord import ui

from frame.cogs.errors import report_error
from frame.errors import GameError, Why
from frame.render.fonts import name_is_drawable
from frame.store import SeatRecord
from frame.usertext import clean_name

ID = r"\d{1,18}"
"""A number in a custom id: what a snowflake or a game id can be (below 2**63, so every database takes it)."""


def parse_choice(values: list[str], digits: int = 3) -> int:
    """A select's chosen number, or a refusal (a client can send any value)."""
    if len(values) != 1 or not values[0].isdecimal() or len(values[0]) > digits or not values[0].isascii():
        raise GameError(Why.NOT_A_CHOICE)
    return int(values[0])


def selected(interaction: discord.Interaction) -> list[str]:
    data = cast(dict[str, Any], interaction.data or {})
    values = data.get("values")
    return [str(v) for v in values] if isinstance(values, list) else []


def pings(seats: Sequence[SeatRecord]) -> discord.AllowedMentions:
    """Exactly these seats' players may be pinged by a message (the bot parses no mention by default)."""
    users = [discord.Object(seat.user_id) for seat in seats if seat.user_id is not None]
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False, users=users)


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


def seat_name(user: discord.User | discord.Member) -> str:
    """The cleaned display name when the board's fonts can draw it, else the username (always a-z, 0-9, _
    and .): the name as it is stored, shown on boards and (escaped) in messages."""
    name = clean_name(user.display_name, user.name)
    return name if name_is_drawable(name) else clean_name(user.name)
