"""What every game's buttons, selects and messages share: the one component base (which checks where and by
whom a component is pressed), the custom id grammar, reading a select's choice, who a message may ping, the
refusal of a custom id no component accepts, and the name a player is seated under.

A custom id is user input (a client can send any): each component acts only on a game of its own kind, server
and channel (GameItem.interaction_check), its numbers are bounded by the template, and every path, including a
custom id no template accepts, is answered through the one error path (cogs/errors.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, cast

import discord
from discord import ui

from cogs.errors import report_error
from errors import GameError, Why
from registry import games_by_id_prefix
from render.fonts import name_is_drawable
from store import SeatRecord
from texts import resolve
from texts.usertext import clean_name

if TYPE_CHECKING:
    from service.lobby import LobbyService

ID = r"\d{1,18}"
"""A number in a custom id: what a snowflake or a game id can be (below 2**63, so every database takes it)."""


KINDS = games_by_id_prefix()
"""Each custom id prefix and the game (a name in registry.GAME_NAMES) whose components carry it."""
PREFIX = {kind: prefix for prefix, kind in KINDS.items()}

ItemT = TypeVar("ItemT", bound=ui.Item[Any])


def service_for(client: discord.Client, kind: str) -> LobbyService:
    """The service of game ``kind`` (each refuses the other games' ids)."""
    from cogs.frame import frame_of

    frame = frame_of(client)
    return frame.services[kind]


class GameItem(ui.DynamicItem[ItemT], template=r"(?!)"):
    """The base of every persistent button and select of every game: before its ``act`` runs, discord.py asks
    ``interaction_check``, which lets it act only on a game of its own kind (``game_kind``) in the server and channel
    (or thread) it was pressed in, and, for a ``personal`` component (a panel shown to one player), only for a
    player seated in that game. A refusal, and any error of ``act``, is answered through the one error path."""

    game_kind: str
    """The game this component belongs to (each game's components name theirs; a shared lobby button's instance
    sets its own)."""
    personal: ClassVar[bool] = False
    """Only the game's own players may use it (the component sits in one player's panel)."""
    in_server: ClassVar[bool] = False
    """It may be pressed in any channel of the game's server (a page of a game's history, shown elsewhere: its
    ``act`` checks that the member may see the game's channel)."""
    checked_in_one_read: ClassVar[bool] = False
    """Its act is a move, whose service reads the game once and checks there the server and channel handed to it
    (``where``) and that the presser is the game's mover: the check of this base is that read (a move reads its
    game once: tests/cogs/clans/test_bot_slow_answer.py)."""
    game_id: int

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        try:
            service = service_for(interaction.client, self.game_kind)
            if self.checked_in_one_read:
                await service.remember_language(interaction.user.id, resolve(interaction.locale))
                return True
            game = await service.game(self.game_id)  # refuses another kind of game
            elsewhere = not self.in_server and game.channel_id != interaction.channel_id
            if game.guild_id != interaction.guild_id or elsewhere:
                raise GameError(Why.ELSEWHERE)
            if self.personal and game.seat_of(interaction.user.id) is None:
                raise GameError(Why.NOT_PLAYING)
            await service.remember_language(interaction.user.id, resolve(interaction.locale))
        except Exception as error:  # the one error path: a refusal is answered, never left to fail
            await report_error(interaction, error, self.game_id)
            return False
        return True

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self.act(interaction)
        except Exception as error:  # the one error path, for components as for commands
            await report_error(interaction, error, self.game_id)

    async def act(self, interaction: discord.Interaction) -> None:
        """What the component does, once ``interaction_check`` let it."""
        raise NotImplementedError


def where(interaction: discord.Interaction) -> tuple[int | None, int | None]:
    """The server and channel a component was pressed in, for a service that checks them in its one read."""
    return interaction.guild_id, interaction.channel_id


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
