"""Where a new game lives, for every game: in a new thread of its own when the bot may create one (so one
channel hosts many games), else where the game's `new` command was asked; and never where the bot could not
post its boards."""

from __future__ import annotations

import logging
from typing import Final, Literal

import discord

from cogs.components import pings
from cogs.lobby_views import game_name, lobby_embed, lobby_view
from errors import GameError, Why
from service.games import GameService, parse_pace
from texts import Np_, mention, of_game

log = logging.getLogger("clans.cog")

THREAD_ARCHIVE_MINUTES: Final[Literal[10080]] = 10080
"""A game's thread stays open for a week of silence (asynchronous games are slow)."""


def missing_permissions(permissions: discord.Permissions, in_thread: bool) -> list[str]:
    """The permissions a game needs where it will live, that the bot lacks there (as Discord names them in
    English: the text layer shows them in the reader's language)."""
    needed = [
        ("send_messages_in_threads", Np_("permission", "Send Messages in Threads"))
        if in_thread
        else ("send_messages", Np_("permission", "Send Messages")),
        ("embed_links", Np_("permission", "Embed Links")),
        ("attach_files", Np_("permission", "Attach Files")),
    ]
    return [label for flag, label in needed if not getattr(permissions, flag)]


async def open_lobby(
    games: GameService,
    interaction: discord.Interaction,
    host_name: str,
    pace: str,
    thread: bool,
    language: str,
    colour: discord.Colour,
    board: str = "",
) -> None:
    """`/<game> new`: a lobby in a new thread "Clans #12" or, failing that, in this channel or thread.

    Everything that can refuse is checked first (an ephemeral refusal); then the interaction is answered at once
    ("thinking…") before the game is written and the thread created, which Discord may rate limit for longer
    than its 3 s deadline. A thread that cannot be created or used leaves no game behind, and no empty thread."""
    channel, permissions = interaction.channel, interaction.app_permissions
    new_thread = (
        thread
        and isinstance(channel, discord.TextChannel)
        and permissions.create_public_threads
        and permissions.send_messages_in_threads
    )
    missing = missing_permissions(permissions, in_thread=new_thread or isinstance(channel, discord.Thread))
    if missing:
        raise GameError(Why.MISSING_PERMISSIONS, permissions=tuple(missing))
    assert interaction.channel_id is not None
    parse_pace(pace)
    board = games.parse_board(board)
    await games.check_may_open(interaction.guild_id, interaction.user.id)
    await interaction.response.defer(thinking=True)
    if new_thread:
        assert isinstance(channel, discord.TextChannel)
        if await _open_in_thread(games, interaction, channel, host_name, pace, language, colour, board):
            return
    user = interaction.user
    game = await games.open_lobby(
        interaction.guild_id, interaction.channel_id, user.id, host_name, pace, language, board
    )
    lobby = await interaction.followup.send(
        embed=lobby_embed(of_game(game), game, colour), view=lobby_view(game), wait=True
    )
    await games.set_lobby_message(game.id, lobby.id)


async def _open_in_thread(
    games: GameService,
    interaction: discord.Interaction,
    channel: discord.TextChannel,
    host_name: str,
    pace: str,
    language: str,
    colour: discord.Colour,
    board: str = "",
) -> bool:
    """The lobby in a new thread of ``channel``; False (nothing left behind) if the thread could not be made."""
    user = interaction.user
    # The thread is named after the game, so the lobby is opened first, at the interaction's own (unique)
    # snowflake, and placed in the thread once it exists.
    game = await games.open_lobby(interaction.guild_id, interaction.id, user.id, host_name, pace, language, board)
    t = of_game(game)
    created: discord.Thread | None = None
    try:
        created = await channel.create_thread(
            name=f"{game_name(game.game)} #{game.id}",
            type=discord.ChannelType.public_thread,
            auto_archive_duration=THREAD_ARCHIVE_MINUTES,
        )
        game = await games.place_lobby(game.id, created.id)
        lobby = await created.send(
            t._("{player}'s game", player=mention(user.id)),
            embed=lobby_embed(t, game, colour),
            view=lobby_view(game),
            allowed_mentions=pings(game.seats),  # the host: a mention in a thread adds them to it
        )
    except (discord.HTTPException, GameError):
        log.warning("Could not open game %s in a thread of channel %s", game.id, channel.id, exc_info=True)
        await games.discard_lobby(game.id)
        if created is not None:
            try:
                await created.delete()
            except discord.HTTPException:
                log.warning("Could not delete the unused thread %s of game %s", created.id, game.id)
        return False
    await games.set_lobby_message(game.id, lobby.id)
    await interaction.followup.send(
        t._(
            "{player} opened **{name} game #{game}** in {thread}: join there!",
            player=mention(user.id),
            name=game_name(game.game),
            game=game.id,
            thread=created.mention,
        )
    )
    return True
