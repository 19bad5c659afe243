"""Where a new game lives: in a new thread of its own when the bot may create one (so one channel hosts
many games), else where `/clans new` was asked; and never where the bot could not post its boards."""

from __future__ import annotations

import logging
from typing import Final, Literal

import discord

from cogs import messages as text
from cogs.components import lobby_view
from service import GameError, GameService, Why
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
    games: GameService, interaction: discord.Interaction, host_name: str, pace: str, thread: bool, language: str
) -> None:
    """`/clans new`: a lobby in a new thread "Clans #12" or, failing that, in this channel or thread."""
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
    user = interaction.user
    if not new_thread:
        game = await games.open_lobby(interaction.guild_id, interaction.channel_id, user.id, host_name, pace, language)
        callback = await interaction.response.send_message(
            embed=text.lobby_embed(of_game(game), game),
            view=lobby_view(game.id, pace=game.pace, language=game.language),
        )
        if callback.message_id is not None:
            await games.set_lobby_message(game.id, callback.message_id)
        return
    assert isinstance(channel, discord.TextChannel)
    # The thread is named after the game, so the lobby is opened first, at the interaction's own (unique)
    # snowflake, and placed in the thread once it exists.
    game = await games.open_lobby(interaction.guild_id, interaction.id, user.id, host_name, pace, language)
    try:
        created = await channel.create_thread(
            name=f"Clans #{game.id}",
            type=discord.ChannelType.public_thread,
            auto_archive_duration=THREAD_ARCHIVE_MINUTES,
        )
    except discord.HTTPException:
        log.warning("Could not create a thread for game %s in channel %s", game.id, channel.id)
        await games.discard_lobby(game.id)
        await open_lobby(games, interaction, host_name, pace, thread=False, language=language)
        return
    game = await games.place_lobby(game.id, created.id)
    t = of_game(game)
    await interaction.response.send_message(
        t._(
            "{player} opened **Clans game #{game}** in {thread}: join there!",
            player=mention(user.id),
            game=game.id,
            thread=created.mention,
        )
    )
    lobby = await created.send(
        t._("{player}'s game", player=mention(user.id)),
        embed=text.lobby_embed(t, game),
        view=lobby_view(game.id, pace=game.pace, language=game.language),
        allowed_mentions=text.pings(game.seats),  # the host: a mention in a thread adds them to it
    )
    await games.set_lobby_message(game.id, lobby.id)
