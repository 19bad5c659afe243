"""What every feature's buttons and messages share: the one error path for components, the custom id
grammar, and who a message may ping. Each button or select lives with its feature's commands (lobby_views,
order_menus, replays, clock_views, overview); they keep working after a restart: the game id lives in the
custom_id.

A custom id is user input (a client can send any): each component acts only on a game of the server and
channel (or thread) it was pressed in, its numbers are bounded by the template, and every path, including
a custom id no template accepts, is answered through the one error path (cogs/errors.py).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import ui

from cogs.errors import report_error
from service import GameError
from service.errors import Why
from store import SeatRecord
from texts import DEFAULT, resolve, seat_mention, texts

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


EN = texts(DEFAULT)
"""Components rebuilt from a custom_id only route the click: their labels are never shown again."""


mention = seat_mention
"""A seat in a message (texts.seat_mention)."""


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
