"""What the Clans buttons and messages share: the /clans cog's actions they call, and their words. Each button or
select lives with its feature's commands (order_menus, replays, clock_views, overview, move_panel) and is built
on the one component base (frame/cogs/components.py), which checks where and by whom it is pressed; they keep working
after a restart: the game id lives in the custom_id.
"""

from __future__ import annotations

import discord

from frame.cogs.frame import frame_of
from frame.texts import DEFAULT, seat_mention, texts
from games.clans.cogs.actions import ClansActions


def clans_of(interaction: discord.Interaction) -> ClansActions:
    """The /clans cog's actions, for a Clans component: the bot's typed ``clans`` attribute."""
    return frame_of(interaction.client).clans


EN = texts(DEFAULT)
"""Components rebuilt from a custom_id only route the click: their labels are never shown again."""


mention = seat_mention
"""A seat in a message (texts.seat_mention)."""
