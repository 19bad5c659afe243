"""What the Clans buttons and messages share: the /clans cog's actions they call, and their words. Each button or
select lives with its feature's commands (order_menus, replays, clock_views, overview, move_panel) and is built
on the one component base (cogs/components.py), which checks where and by whom it is pressed; they keep working
after a restart: the game id lives in the custom_id.
"""

from __future__ import annotations

from typing import cast

import discord

from cogs.clans.actions import ClansActions
from cogs.frame import frame_of
from service.clans.games import KIND, GameService
from texts import DEFAULT, seat_mention, texts


def clans_of(interaction: discord.Interaction) -> ClansActions:
    """The /clans cog's actions, for a Clans component (the cog sets itself among the bot's when it loads)."""
    return cast(ClansActions, frame_of(interaction.client).actions[KIND])


def service_of(client: discord.Client) -> GameService:
    """The Clans service among the bot's (no cog lookup)."""
    service = frame_of(client).services[KIND]
    assert isinstance(service, GameService)
    return service


EN = texts(DEFAULT)
"""Components rebuilt from a custom_id only route the click: their labels are never shown again."""


mention = seat_mention
"""A seat in a message (texts.seat_mention)."""
