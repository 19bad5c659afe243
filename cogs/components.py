"""What every game's buttons, selects and messages share: the one component base (which checks where and by
whom a component is pressed), the custom id grammar, reading a select's choice, who a message may ping, the
refusal of a custom id no component accepts, and the name a player is seated under.

A custom id is user input (a client can send any): each component acts only on a game of its own, in its server
and channel (GameItem.interaction_check), its numbers are bounded by the template declared once with its fields
(``CustomId``), and every path, including a custom id no template accepts (cogs/bot_base.py), is answered through
the one error path (cogs/errors.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self, TypeVar, cast

import discord
from discord import ui

from cogs.bot_base import bot_of
from cogs.errors import draining, report_error
from errors import GameError, Why
from registry import games_by_id_prefix
from render.fonts import name_is_drawable
from service.games import GameService
from service.records import SeatRecord
from texts import DEFAULT, resolve, texts
from texts.usertext import clean_name

ID = r"\d{1,18}"
"""A number in a custom id: what a snowflake or a game id can be (below 2**63, so every database takes it)."""


GAMES_BY_PREFIX = games_by_id_prefix()
"""Each custom id prefix and the game (a name in registry.GAME_NAMES) whose components carry it."""
ID_PREFIX = {game: prefix for prefix, game in GAMES_BY_PREFIX.items()}

ItemT = TypeVar("ItemT", bound=ui.Item[Any])

EN = texts(DEFAULT)
"""Components rebuilt from a custom id only route the click: their labels are never shown again."""


def service_for(client: discord.Client, game: str) -> GameService:
    """The service of game ``game`` (each refuses the other games' ids)."""
    return bot_of(client).services[game]


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a custom id: the keyword its component is built with, the text it may be (a bounded regex: a
    custom id is user input), and how it is read from that text and written to it."""

    name: str
    pattern: str = ID
    read: Callable[[str], Any] = int
    write: Callable[[Any], str] = str
    lead: str = ""
    """Text before the value inside its part (the ``z`` of ``:z40``)."""
    default: Any = None
    """An optional field's value when the id leaves it out."""


GAME = Field("game", "|".join(GAMES_BY_PREFIX), read=GAMES_BY_PREFIX.__getitem__, write=ID_PREFIX.__getitem__)
"""Which game a shared component (the lobby's, the Replay button) is of, written as the game's custom id prefix
(``clans``, ``alex``)."""
GAME_ID = Field("game_id")
PLY = Field("ply")
"""The position a component was built for (the actions played so far)."""


class CustomId:
    """A component's custom id, declared once: its words and fields joined by ``:`` (then optional fields, written
    only up to the last one not at its default), from which come the DynamicItem's template, the id of a
    component built, and the fields of an id pressed. Ids already posted in servers are a contract: a declaration
    changes only together with tests/cogs/test_bot_posted_ids.py."""

    def __init__(self, *parts: str | Field, optional: tuple[Field, ...] = ()) -> None:
        self.parts = parts
        self.optional = optional
        self.fields = tuple(part for part in (*parts, *optional) if isinstance(part, Field))

    @property
    def template(self) -> str:
        required = ":".join(
            part if isinstance(part, str) else f"{part.lead}(?P<{part.name}>{part.pattern})" for part in self.parts
        )
        return required + "".join(f"(?::{f.lead}(?P<{f.name}>{f.pattern}))?" for f in self.optional)

    def format(self, **values: Any) -> str:
        """The custom id of a component with these fields (each field by its name)."""
        text = ":".join(
            part if isinstance(part, str) else part.lead + part.write(values[part.name]) for part in self.parts
        )
        shown = [f for f in self.optional if values.get(f.name, f.default) != f.default]
        last = self.optional.index(shown[-1]) + 1 if shown else 0
        for field in self.optional[:last]:
            text += f":{field.lead}{field.write(values.get(field.name, field.default))}"
        return text

    def parse(self, match: re.Match[str]) -> dict[str, Any]:
        """The fields of an id the template matched, each read by its field (an optional one left out: its
        default)."""
        found = match.groupdict()
        return {f.name: f.default if found[f.name] is None else f.read(found[f.name]) for f in self.fields}


class GameItem(ui.DynamicItem[ItemT], template=r"(?!)"):
    """The base of every persistent button and select of every game: before its ``act`` runs, discord.py asks
    ``interaction_check``, which lets it act only on a game of its own (``game``) in the server and channel (or
    thread) it was pressed in, and, for a ``personal`` component (a panel shown to one player), only for a
    player seated in that game. A refusal, and any error of ``act``, is answered through the one error path.

    Each component declares its custom id once, in its class statement (``custom_id=CustomId(...)``): the id of a
    component built (``ids.format``), the template discord.py matches a pressed id against, and the component
    rebuilt from a pressed id (``from_custom_id``, with the fields as its keywords) all come from it."""

    ids: ClassVar[CustomId]
    """The component's custom id, declared once."""

    game: str
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

    def __init_subclass__(cls, *, custom_id: CustomId | None = None, **kwargs: Any) -> None:
        if custom_id is not None:
            cls.ids = custom_id
            kwargs["template"] = custom_id.template
        kwargs.setdefault("template", r"(?!)")  # a base of components (each game's declares its own id)
        super().__init_subclass__(**kwargs)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]) -> Self:
        return cls(**cls.ids.parse(match))

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        try:
            if draining(interaction.client):
                raise GameError(Why.RESTARTING)
            service = service_for(interaction.client, self.game)
            if self.checked_in_one_read:
                await service.remember_language(interaction.user.id, resolve(interaction.locale))
                return True
            game = await service.record(self.game_id)  # refuses another game's
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


def seat_name(user: discord.User | discord.Member) -> str:
    """The cleaned display name when the board's fonts can draw it, else the username (always a-z, 0-9, _
    and .): the name as it is stored, shown on boards and (escaped) in messages."""
    name = clean_name(user.display_name, user.name)
    return name if name_is_drawable(name) else clean_name(user.name)
