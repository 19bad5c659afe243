"""/clans move (with autocomplete) and resign, and the village-order menu's choice."""

from __future__ import annotations

import discord
from discord import app_commands

from cogs.clans import messages as text
from cogs.clans.base import ClansBase, answer_privately, channel_id, drop_private_answer
from cogs.clans.order_menus import order_settled_text, order_view
from cogs.clans.panel_text import FREE_ORDER
from cogs.errors import reader
from engine.clans import Move, order_consequences
from errors import GameError
from service.clans.suggest import Suggestion, suggest_sources, suggest_targets
from service.clans.tables import Table
from service.clans.turn import VillageOrderOwed
from texts import Texts, of_game
from texts.reasons import say


class TurnCommands(ClansBase):
    @app_commands.command(name="move", description="Move all huts of a territory onto a neighbouring one")
    @app_commands.rename(from_="from")
    @app_commands.describe(from_="The territory whose huts move, e.g. 23", to="The neighbouring territory, e.g. 24")
    async def move(self, interaction: discord.Interaction, from_: int, to: int) -> None:
        try:
            played = await self.games.play_in(
                channel_id(interaction),
                interaction.user.id,
                Move(from_, to),
                accepted=lambda: answer_privately(interaction),
            )
        except VillageOrderOwed as owed:  # the mover gets the menu again instead of a bare refusal
            view = owed.table.view
            t = reader(interaction)
            await interaction.response.send_message(
                say(t, owed),
                view=order_view(t, owed.table.id, view.ply, order_consequences(view)),
                ephemeral=True,
            )
            return
        # A village order whose every choice ends the same is not asked: the service plays it and it is said.
        settled = await self.games.settle_equal_orders(played)
        notice = of_game(settled.table.record)._(FREE_ORDER) if settled is not played else ""
        await self.announce(settled, self.post_in(settled.table), notice=notice)
        await drop_private_answer(interaction)

    @move.autocomplete("from_")
    async def move_from_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        table = await self._table_quietly(interaction)
        if table is None:
            return []
        t = reader(interaction)
        return [_choice(t, s, target=False) for s in suggest_sources(table.view, str(current))]

    @move.autocomplete("to")
    async def move_to_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        try:
            source = int(getattr(interaction.namespace, "from", None) or 0)
        except (TypeError, ValueError):
            return []
        table = await self._table_quietly(interaction)
        if table is None:
            return []
        t = reader(interaction)
        return [_choice(t, s, target=True) for s in suggest_targets(table.view, source, str(current))]

    async def _table_quietly(self, interaction: discord.Interaction) -> Table | None:
        try:
            return await self.games.table_in(channel_id(interaction))
        except GameError:
            return None

    async def choose_village(self, interaction: discord.Interaction, game_id: int, ply: int, territory: int) -> None:
        public = interaction.message is not None and not interaction.message.flags.ephemeral

        async def accepted() -> None:
            if public:
                await interaction.response.edit_message(view=None)
            else:
                await interaction.response.defer()  # the public menu is edited when the choice is announced

        where = (interaction.guild_id, interaction.channel_id)  # checked with the game's one read
        played = await self.games.play(
            game_id, interaction.user.id, Move.village(territory), expected_ply=ply, accepted=accepted, where=where
        )
        if public:
            self.order_menus.forget(game_id)
            t = of_game(played.table.record)
            settled = order_settled_text(t, played.actor, played.outcome.villages, played.table.view.pending)
            await interaction.edit_original_response(content=settled)
        await self.announce(played, self.post_in(played.table))

    async def resign_game(self, interaction: discord.Interaction) -> None:
        """`/clans resign`: the resignation is posted in the game's own new message."""
        played = await self.games.resign_in(
            channel_id(interaction), interaction.user.id, accepted=lambda: answer_privately(interaction)
        )
        await self.announce(played, self.post_in(played.table))
        await drop_private_answer(interaction)


def _choice(t: Texts, suggestion: Suggestion, target: bool) -> app_commands.Choice[int]:
    return app_commands.Choice(name=text.suggestion_label(t, suggestion, target), value=suggestion.territory)
