"""What every feature's buttons and messages share: the one error path for components, the custom id
grammar, and who a message may ping. Each button or select lives with its feature's commands (lobby_views,
order_menus, replays, clock_views, overview); they keep working after a restart: the game id lives in the
custom_id.

A custom id is user input (a client can send any): each component acts only on a game of the server and
channel (or thread) it was pressed in, its numbers are bounded by the template, and every path, including
a custom id no template accepts, is answered through the one error path (frame/cogs/errors.py).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord

from frame.cogs.errors import report_error
from frame.cogs.frame import frame_of
from frame.errors import GameError, Why
from frame.texts import DEFAULT, resolve, seat_mention, texts
from games.clans.cogs.actions import ClansActions


def clans_of(interaction: discord.Interaction) -> ClansActions:
    """The /clans cog's actions, for a Clans component: the bot's typed ``clans`` attribute."""
    return frame_of(interaction.client).clans


async def guarded(
    interaction: discord.Interaction, game_id: int, run: Callable[[], Awaitable[None]], *, here: bool = True
) -> None:
    """Run a component's action through the one error path; with ``here``, only if the game is this
    server's and this channel's (a forged or copied custom id acts on nothing elsewhere)."""
    try:
        if here:
            await check_here(interaction, game_id)
        await frame_of(interaction.client).games.remember_language(interaction.user.id, resolve(interaction.locale))
        await run()
    except Exception as error:  # the one error path, for components as for commands
        await report_error(interaction, error, game_id)


async def check_here(interaction: discord.Interaction, game_id: int) -> None:
    game = await frame_of(interaction.client).games.game(game_id)
    if game.guild_id != interaction.guild_id or game.channel_id != interaction.channel_id:
        raise GameError(Why.ELSEWHERE)


EN = texts(DEFAULT)
"""Components rebuilt from a custom_id only route the click: their labels are never shown again."""


mention = seat_mention
"""A seat in a message (texts.seat_mention)."""
