"""Every game's lobby: opening it (in a thread of its own if the bot may), joining, leaving, AI seats, the pace
and language, and the start; one message edited in place, with its buttons and menus (cogs/lobby_views.py).

Each game's cog builds one GameLobby over its service, with its own start post (``begin``): the lobby is the
same for every game, the game's first post is the game's own.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

import discord

from cogs.components import seat_name
from cogs.errors import reader
from cogs.lobby_placement import open_lobby
from cogs.lobby_views import LOBBY_ITEMS, lobby_embed, lobby_view
from service.games import LOBBY_IDLE, GameService
from service.records import GameRecord
from texts import N_, of_game, resolve

if TYPE_CHECKING:
    from cogs.bot_base import BotBase

log = logging.getLogger("clans.cog")

IDLE_NOTE = N_("Game #{game} was closed: nobody started it within {hours} hours. {command} opens a new one.")


class Started(Protocol):
    """A game just started, as its service returns it."""

    @property
    def record(self) -> GameRecord: ...


TableT = TypeVar("TableT", bound=Started)


class GameLobby(Generic[TableT]):
    """One game's lobby actions, for its commands and for its lobby's buttons and menus (``from_button``: the
    answer edits the lobby message the button is on; else the command is answered privately and the lobby
    message is edited)."""

    def __init__(
        self,
        bot: BotBase,
        service: GameService,
        start: Callable[[int, int], Awaitable[TableT]],
        begin: Callable[[TableT], Awaitable[None]],
        colour: discord.Colour,
    ) -> None:
        self.bot = bot
        self.service = service
        self.game = service.game
        self._start = start
        self._begin = begin
        """The game's first post (a new message, pinging every seated human) and whatever follows the start."""
        self.colour = colour
        bot.lobbies[self.game] = self  # what the lobby's components call
        bot.add_dynamic_items(*LOBBY_ITEMS)

    def channel_id(self, interaction: discord.Interaction) -> int:
        assert interaction.channel_id is not None
        return interaction.channel_id

    async def open(
        self,
        interaction: discord.Interaction,
        pace: str,
        thread: bool = True,
        language: str | None = None,
        board: str = "",
    ) -> None:
        spoken = language or resolve(interaction.guild_locale)
        host = seat_name(interaction.user)
        await open_lobby(self.service, interaction, host, pace, thread, spoken, self.colour, board)

    async def join_here(self, interaction: discord.Interaction) -> None:
        game = await self.service.active_game(self.channel_id(interaction))
        await self.join(interaction, game.id, False)

    async def leave_here(self, interaction: discord.Interaction) -> None:
        game = await self.service.active_game(self.channel_id(interaction))
        await self.leave(interaction, game.id, False)

    async def start_here(self, interaction: discord.Interaction) -> None:
        game = await self.service.active_game(self.channel_id(interaction))
        await self.start(interaction, game.id, False)

    async def add_ai(self, interaction: discord.Interaction, level: str) -> None:
        game = await self.service.active_game(self.channel_id(interaction))
        # The seat's name is shown to all: in the game's language ("KI (hard)", "IA (hard)").
        game = await self.service.add_ai(game.id, interaction.user.id, level, of_game(game).p_("AI seat", "AI"))
        t = reader(interaction)
        note = t._(
            "AI ({level}, rating {rating}) joined game #{game}.",
            level=t.p_("choice name", level),
            rating=self.service.ai_rating(level),
            game=game.id,
        )
        await interaction.response.send_message(note, ephemeral=True)
        await self.refresh(game.id)

    async def join(self, interaction: discord.Interaction, game_id: int, from_button: bool) -> None:
        game = await self.service.join(game_id, interaction.user.id, seat_name(interaction.user))
        note = reader(interaction)._("You joined game #{game}.", game=game.id)
        await self._changed(interaction, game, from_button, note)

    async def leave(self, interaction: discord.Interaction, game_id: int, from_button: bool) -> None:
        game = await self.service.leave(game_id, interaction.user.id)
        note = reader(interaction)._("You left game #{game}.", game=game.id)
        await self._changed(interaction, game, from_button, note)

    async def change_pace(self, interaction: discord.Interaction, game_id: int, pace: str) -> None:
        game = await self.service.set_pace(game_id, interaction.user.id, pace)
        await self._changed(interaction, game, True, "")

    async def change_language(self, interaction: discord.Interaction, game_id: int, language: str) -> None:
        game = await self.service.set_language(game_id, interaction.user.id, language)
        await self._changed(interaction, game, True, "")

    async def _changed(self, interaction: discord.Interaction, game: GameRecord, from_button: bool, note: str) -> None:
        if from_button:
            embed = lobby_embed(of_game(game), game, self.colour)
            await interaction.response.edit_message(embed=embed, view=lobby_view(game))
        else:
            await interaction.response.send_message(note, ephemeral=True)
            await self.refresh(game.id)

    async def start(self, interaction: discord.Interaction, game_id: int, from_button: bool) -> None:
        table = await self._start(game_id, interaction.user.id)
        record = table.record
        if from_button:
            embed = lobby_embed(of_game(record), record, self.colour)
            await interaction.response.edit_message(embed=embed, view=lobby_view(record))
        else:
            # The table reads the start in the game's own new message, which pings the players (the follow-up
            # filling a public "thinking…" answer would ping nobody).
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.refresh(game_id)
        await self._begin(table)
        if not from_button:  # the start is posted: the private "thinking…" answer goes
            with contextlib.suppress(discord.HTTPException):
                await interaction.delete_original_response()

    async def close_idle(self, now: datetime) -> list[int]:
        """Close the game's lobbies nobody started within a day, each with a note in the game's words where it
        was opened, and its lobby message closed. The closed games."""
        closed = await self.service.close_idle_lobbies(now)
        hours = int(LOBBY_IDLE.total_seconds() // 3600)
        for game in closed:
            t = of_game(game)
            note = t._(IDLE_NOTE, game=game.id, hours=hours, command=t.command(game.game, "new"))
            try:
                await self.bot.get_partial_messageable(game.channel_id).send(note)
            except discord.HTTPException:
                log.warning("Could not announce the closing of idle game %s", game.id)
            await self.refresh(game.id)
        return [game.id for game in closed]

    async def refresh(self, game_id: int) -> None:
        """The lobby message as the game now stands (an edit: it notifies nobody)."""
        game = await self.service.record(game_id)
        if game.lobby_message_id is None:
            return
        message = self.bot.get_partial_messageable(game.channel_id).get_partial_message(game.lobby_message_id)
        try:
            await message.edit(embed=lobby_embed(of_game(game), game, self.colour), view=lobby_view(game))
        except discord.HTTPException:
            log.warning("Could not update the lobby message of game %s", game_id)
