"""Cancelling a Clans game: `/clans cancel` asks, with the terms (a player's cancel of a game under way is their
resignation), and the confirmation button does it. The lobby itself is every game's (cogs/lobby.py)."""

from __future__ import annotations

import discord

from cogs.clans.lobby_views import cancel_view
from cogs.clans.posts import ClansPosts
from cogs.errors import reader
from cogs.lobby import GameLobby
from service.clans.tables import Table
from service.games import CancelTerms
from texts import mention, of_game


async def ask_to_cancel(posts: ClansPosts, interaction: discord.Interaction) -> None:
    """`/clans cancel`: the terms, asked to be confirmed (a player's cancel of a game under way resigns)."""
    service = posts.service
    can_manage = interaction.permissions.manage_messages
    assert interaction.channel_id is not None
    game = await service.cancellable_in(interaction.channel_id, interaction.user.id, can_manage)
    terms = service.cancel_terms(game, interaction.user.id, can_manage)
    t = reader(interaction)
    if terms is CancelTerms.RESIGN:
        question = t._(
            "Game #{game} is under way: for a player, cancelling it counts as resigning "
            "(the others play on; the result is rated as usual). Resign?",
            game=game.id,
        )
        view = cancel_view(t, game.id, t._("Yes, resign"))
    elif terms is CancelTerms.VOID:
        question = t._("Cancel game #{game}? It is void: nothing will be scored.", game=game.id)
        view = cancel_view(t, game.id)
    else:
        question, view = t._("Cancel game #{game}? Nothing will be scored.", game=game.id), cancel_view(t, game.id)
    await interaction.response.send_message(question, view=view, ephemeral=True)


async def confirm_cancel(
    posts: ClansPosts, lobby: GameLobby[Table], interaction: discord.Interaction, game_id: int
) -> None:
    """The button is pressed in the game's own channel (checked by the component base), so the Manage Messages
    permission read here is the game channel's."""
    service = posts.service
    can_manage = interaction.permissions.manage_messages
    terms = service.cancel_terms(await service.record(game_id), interaction.user.id, can_manage)
    if terms is CancelTerms.RESIGN:
        done = reader(interaction)._("You resigned from game #{game}.", game=game_id)
        played = await service.resign(
            game_id,
            interaction.user.id,
            accepted=lambda: interaction.response.edit_message(content=done, view=None),
        )
        await posts.announce(played)
        return
    game = await service.cancel(game_id, interaction.user.id, can_manage)
    done = reader(interaction)._("Game #{game} is cancelled.", game=game.id)
    await interaction.response.edit_message(content=done, view=None)
    channel = posts.bot.get_partial_messageable(game.channel_id)
    t = of_game(game)
    if terms is CancelTerms.VOID:
        said = t._(
            "Game #{game} was cancelled by {player}. It is void: nothing is scored.",
            game=game.id,
            player=mention(interaction.user.id),
        )
    else:
        said = t._("Game #{game} was cancelled by {player}.", game=game.id, player=mention(interaction.user.id))
    await channel.send(said)
    await lobby.refresh(game.id)
