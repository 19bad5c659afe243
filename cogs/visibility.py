"""Who may read a game from another channel: whoever Discord lets see that channel.

`/clans history game:N`, `/clans replay game:N` and the history pages may name a game of any channel of the
server. They answer only a member who can see that channel and read its history, judged from the bot's
cached copy of the server (its roles and the channel's permission overwrites; a thread follows its parent).
What cannot be judged (a channel or thread not in the cache) is refused: a private channel never leaks.
"""

from __future__ import annotations

import discord

from errors import GameError, Why
from service.records import GameRecord


def can_see(interaction: discord.Interaction, channel_id: int) -> bool:
    """Whether the interaction's member may see ``channel_id`` and read its messages."""
    if channel_id == interaction.channel_id:
        return True  # the member is in it right now
    guild = interaction.client.get_guild(interaction.guild_id) if interaction.guild_id else None
    member = interaction.user
    if guild is None or not isinstance(member, discord.Member):
        return False
    channel = guild.get_channel_or_thread(channel_id)
    if channel is None or isinstance(channel, discord.CategoryChannel | discord.ForumChannel):
        return False
    permissions = channel.permissions_for(member)
    if isinstance(channel, discord.Thread) and channel.is_private() and not permissions.manage_threads:
        return False  # its members are not in the cache: only those who see every private thread
    return permissions.view_channel and permissions.read_message_history


def check_visible(interaction: discord.Interaction, game: GameRecord) -> None:
    """Refuse (through the one error path) a game of this server in a channel the member cannot see. (A game
    of another server is refused by the service, in its own words.)"""
    if game.guild_id == interaction.guild_id and not can_see(interaction, game.channel_id):
        raise GameError(Why.HIDDEN)
