"""/clans move (with autocomplete) and resign, and the village-order menu's choice."""

from __future__ import annotations

import discord
from discord import app_commands

from cogs.base import ClansBase, channel_id
from cogs.components import order_view
from engine import Move, order_choices
from service import GameError, Table, VillageOrderOwed
from service.describe import territory_label


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
                accepted=lambda: interaction.response.defer(thinking=True),
            )
        except VillageOrderOwed as owed:  # the mover gets the menu again instead of a bare refusal
            view = owed.table.view
            await interaction.response.send_message(
                str(owed),
                view=order_view(owed.table.id, view.ply, order_choices(view), view.chips_left == 1),
                ephemeral=True,
            )
            return
        await self.announce(played, interaction.followup.send)

    @move.autocomplete("from_")
    async def move_from_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        table = await self._table_quietly(interaction)
        if table is None:
            return []
        return _choices(table, table.move_sources(), current)

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
        return _choices(table, table.move_targets(source), current)

    async def _table_quietly(self, interaction: discord.Interaction) -> Table | None:
        try:
            return await self.games.table_in(channel_id(interaction))
        except GameError:
            return None

    async def choose_village(self, interaction: discord.Interaction, game_id: int, ply: int, territory: int) -> None:
        async def accepted() -> None:
            if interaction.message is not None and not interaction.message.flags.ephemeral:
                await interaction.response.edit_message(view=None)
            else:
                await interaction.response.defer()

        played = await self.games.play(
            game_id, interaction.user.id, Move.village(territory), expected_ply=ply, accepted=accepted
        )
        await self.announce(played, interaction.followup.send)

    @app_commands.command(name="resign", description="Leave the running game (your clan stays on the board)")
    async def resign(self, interaction: discord.Interaction) -> None:
        played = await self.games.resign_in(
            channel_id(interaction), interaction.user.id, accepted=lambda: interaction.response.defer(thinking=True)
        )
        await self.announce(played, interaction.followup.send)


def _choices(table: Table, territories: list[int], current: str) -> list[app_commands.Choice[int]]:
    typed = str(current).strip()
    view = table.view
    return [
        app_commands.Choice(name=territory_label(view.huts[t], view.board.terrain[t], t), value=t)
        for t in territories
        if not typed or str(t).startswith(typed)
    ][:25]
