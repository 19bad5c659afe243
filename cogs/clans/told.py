"""How readable am I: a player's own clan as a reader of the public game ranks it now, only to them (the picture of
what each move told comes with the result: cogs/clans/posts.py).

It is allowed on anyone's turn: it tells its asker only what the public game says of the clan they hold, which
every other player can work out as well (the reader is the open-source model the AI levels read people with), and
nothing of anyone else's clan."""

from __future__ import annotations

import discord

from cogs.clans.posts import ClansPosts
from cogs.clans.turns import channel_id
from cogs.errors import reader
from engine.clans import Clan
from errors import GameError, Why
from texts import N_, Texts
from texts.clans.terms import clan_name

FIRST = N_("A reader of this game would guess your clan, {clan}, first now, with {share}.")
NOT_FIRST = N_(
    "A reader of this game would rank your clan, {clan}, {rank} of 5 now, with {share}: it is not their first guess."
)


def readable_text(t: Texts, clan: Clan, rank: int, share: float) -> str:
    if rank == 1:
        return "🕵️ " + t._(FIRST, clan=clan_name(t, clan), share=t.percent(share))
    return "🕵️ " + t._(NOT_FIRST, clan=clan_name(t, clan), rank=rank, share=t.percent(share))


async def show_readable(posts: ClansPosts, interaction: discord.Interaction) -> None:
    """`/clans readable`: the asker's own clan as a reader of the public game ranks it now, only to them."""
    game = await posts.service.active_game(channel_id(interaction))
    if game.seat_of(interaction.user.id) is None:
        raise GameError(Why.NOT_PLAYING)
    await interaction.response.defer(ephemeral=True, thinking=True)  # the reading is worked out in a worker
    clan, rank, share = await posts.service.readable_now(game.id, interaction.user.id)
    await interaction.followup.send(readable_text(reader(interaction), clan, rank, share), ephemeral=True)
