"""Taking a turn: `/clans move` (with its autocomplete), the village-order menu's choice, the move panel's Confirm and
`/clans resign`; each played through the service's one path for actions, then announced like any other."""

from __future__ import annotations

from collections.abc import Sequence

import discord
from discord import app_commands

from cogs.clans import messages as text
from cogs.clans import panel_text as words
from cogs.clans.order_menus import order_settled_text, order_view
from cogs.clans.posts import ClansPosts, answer_privately, drop_private_answer
from cogs.errors import reader
from engine.clans import Move, order_consequences
from errors import GameError
from service.clans.games import ClansService
from service.clans.suggest import Suggestion, suggest_sources, suggest_targets
from service.clans.tables import Table
from service.clans.turn import VillageOrderOwed
from texts import Texts, of_game
from texts.reasons import say


def channel_id(interaction: discord.Interaction) -> int:
    assert interaction.channel_id is not None
    return interaction.channel_id


async def play_move(posts: ClansPosts, interaction: discord.Interaction, source: int, target: int) -> None:
    """`/clans move`: answered privately at once, then the move's own public message."""
    try:
        played, free = await posts.service.move_in(
            channel_id(interaction), interaction.user.id, Move(source, target), lambda: answer_privately(interaction)
        )
    except VillageOrderOwed as owed:  # the mover gets the menu again instead of a bare refusal
        view = owed.table.view
        t = reader(interaction)
        await interaction.response.send_message(
            say(t, owed), view=order_view(t, owed.table.id, view.ply, order_consequences(view)), ephemeral=True
        )
        return
    # A village order whose every choice ends the same is not asked: the service plays it and it is said.
    notice = of_game(played.table.record)._(words.FREE_ORDER) if free else ""
    await posts.announce(played, notice=notice)
    await drop_private_answer(interaction)


async def source_choices(service: ClansService, interaction: discord.Interaction, typed: str) -> list[Choice]:
    """Autocomplete of `from`: the territories the mover can move from, most useful first."""
    table = await _table_quietly(service, interaction)
    if table is None:
        return []
    t = reader(interaction)
    return [_choice(t, s, target=False) for s in suggest_sources(table.view, str(typed))]


async def target_choices(service: ClansService, interaction: discord.Interaction, typed: str) -> list[Choice]:
    """Autocomplete of `to`: where the huts of the chosen `from` may go."""
    try:
        source = int(getattr(interaction.namespace, "from", None) or 0)
    except (TypeError, ValueError):
        return []
    table = await _table_quietly(service, interaction)
    if table is None:
        return []
    t = reader(interaction)
    return [_choice(t, s, target=True) for s in suggest_targets(table.view, source, str(typed))]


async def _table_quietly(service: ClansService, interaction: discord.Interaction) -> Table | None:
    try:
        return await service.table_in(channel_id(interaction))
    except GameError:
        return None


Choice = app_commands.Choice[int]


def _choice(t: Texts, suggestion: Suggestion, target: bool) -> Choice:
    return app_commands.Choice(name=text.suggestion_label(t, suggestion, target), value=suggestion.territory)


async def choose_village(
    posts: ClansPosts, interaction: discord.Interaction, game_id: int, ply: int, territory: int
) -> None:
    """The village-order menu's choice, from the public message or from the menu shown again to the mover alone."""
    public = interaction.message is not None and not interaction.message.flags.ephemeral

    async def accepted() -> None:
        if public:
            await interaction.response.edit_message(view=None)
        else:
            await interaction.response.defer()  # the public menu is edited when the choice is announced

    where = (interaction.guild_id, interaction.channel_id)  # checked with the game's one read
    played = await posts.service.play(
        game_id, interaction.user.id, Move.village(territory), expected_ply=ply, accepted=accepted, where=where
    )
    if public:
        posts.order_menus.forget(game_id)
        t = of_game(played.table.record)
        settled = order_settled_text(t, played.actor, played.outcome.villages, played.table.view.pending)
        await interaction.edit_original_response(content=settled)
    await posts.announce(played)


async def confirm_move(
    posts: ClansPosts, interaction: discord.Interaction, game_id: int, ply: int, move: Move | None, index: int
) -> None:
    """Play the preview the mover confirmed: the same one again (the engine's, for the position pinned by ``ply``),
    through the service's path for every move, reading the game once; then the public announcement."""
    t = reader(interaction)

    async def accepted(actions: Sequence[Move]) -> None:
        done = words.played_text(t, game_id, actions)
        await interaction.response.edit_message(content=done, attachments=[], view=None)

    where = (interaction.guild_id, interaction.channel_id)
    played, free = await posts.service.confirm_preview(
        game_id, interaction.user.id, ply, move, index, accepted=accepted, where=where
    )
    notice = of_game(played.table.record)._(words.FREE_ORDER) if free else ""
    await posts.announce(played, notice=notice)


async def resign(posts: ClansPosts, interaction: discord.Interaction) -> None:
    """`/clans resign`: the resignation is posted in the game's own new message."""
    played = await posts.service.resign_in(
        channel_id(interaction), interaction.user.id, accepted=lambda: answer_privately(interaction)
    )
    await posts.announce(played)
    await drop_private_answer(interaction)
