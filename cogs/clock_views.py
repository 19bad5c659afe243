"""The clock's interactions: a player coming back from being away, and /clans notify."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from cogs import clock_texts as words
from cogs.errors import reader
from texts import of_game

if TYPE_CHECKING:
    from cogs.clans import ClansCog


async def welcome_back(
    cog: ClansCog, interaction: discord.Interaction, *, channel_id: int | None = None, game_id: int | None = None
) -> bool:
    """If the user was away in this channel's game (or game ``game_id``), they are back: say so publicly.
    A turn of theirs that the autopilot was about to play gets a fresh clock. True if they were away."""
    if channel_id is None and game_id is None:
        return False
    seats = await cog.deadlines.come_back(interaction.user.id, channel_id=channel_id, game_id=game_id)
    for seat in seats:
        game = await cog.games.game(seat.game_id)
        await cog.bot.get_partial_messageable(game.channel_id).send(words.back_note(of_game(game), seat))
    if seats:
        cog.clock.wake()
    return bool(seats)


async def set_notify(cog: ClansCog, interaction: discord.Interaction, on: bool) -> None:
    await cog.deadlines.set_notify(interaction.user.id, on)
    t = reader(interaction)  # the test DM too: the player's language is the one they speak now
    if not on:
        await interaction.response.send_message(t._(words.NOTIFY_OFF), ephemeral=True)
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:  # a test DM now, so a player whose DMs are closed learns it today, not at their deadline
        channel = await cog.bot.create_dm(discord.Object(interaction.user.id))
        await channel.send(t._(words.NOTIFY_TEST_DM))
    except discord.HTTPException:
        await interaction.followup.send(t._(words.NOTIFY_ON_CLOSED), ephemeral=True)
        return
    await interaction.followup.send(t._(words.NOTIFY_ON), ephemeral=True)
