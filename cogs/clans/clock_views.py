"""The clock's interactions: a player coming back from being away (the "I'm back" button), and /clans notify."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord
from discord import ui

from cogs import notify
from cogs.clans import clock_texts as words
from cogs.clans.shared import EN, clans_of
from cogs.components import ID, GameItem
from service.clans.games import KIND
from texts import Texts, of_game

if TYPE_CHECKING:
    from cogs.clans.cog import ClansCog


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
    await notify.set_notify(cog.deadlines, cog.bot, interaction, on, CLANS_NOTIFY)


CLANS_NOTIFY = notify.NotifyWords(words.NOTIFY_ON, words.NOTIFY_ON_CLOSED, words.NOTIFY_OFF, words.NOTIFY_TEST_DM)


class BackButton(GameItem[ui.Button[Any]], template=rf"clans:back:(?P<game>{ID})"):
    """On a timeout message: the away player says they are back."""

    game_kind = KIND

    def __init__(self, game_id: int, t: Texts = EN) -> None:
        super().__init__(
            ui.Button(label=t._("I'm back"), style=discord.ButtonStyle.success, custom_id=f"clans:back:{game_id}")
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: re.Match[str]
    ) -> BackButton:
        return cls(int(match["game"]))

    async def act(self, interaction: discord.Interaction) -> None:
        await clans_of(interaction).back_button(interaction, self.game_id)


def back_view(t: Texts, game_id: int) -> ui.View:
    view = ui.View(timeout=None)
    view.add_item(BackButton(game_id, t))
    return view
