"""Reminders by DM, on or off: one wish per player for every game (``notify_prefs``), set from any game's
``notify`` command, which names its own command in what it says."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord

from cogs.errors import reader
from service.deadlines import TurnDeadlines


@dataclass(frozen=True, slots=True)
class NotifyWords:
    """What a game's ``notify`` says (catalog message ids): on, on with closed DMs, off, and the test DM."""

    on: str
    on_closed: str
    off: str
    test_dm: str


async def set_notify(
    deadlines: TurnDeadlines[Any],
    client: discord.Client,
    interaction: discord.Interaction,
    on: bool,
    words: NotifyWords,
) -> None:
    await deadlines.set_notify(interaction.user.id, on)
    t = reader(interaction)  # the test DM too: the player's language is the one they speak now
    if not on:
        await interaction.response.send_message(t._(words.off), ephemeral=True)
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:  # a test DM now, so a player whose DMs are closed learns it today, not at their deadline
        channel = await client.create_dm(discord.Object(interaction.user.id))
        await channel.send(t._(words.test_dm))
    except discord.HTTPException:
        await interaction.followup.send(t._(words.on_closed), ephemeral=True)
        return
    await interaction.followup.send(t._(words.on), ephemeral=True)
