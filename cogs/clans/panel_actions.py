"""What the move panel asks of the /clans cog: confirming a previewed move, announced like any other."""

from __future__ import annotations

import discord

from cogs.clans import panel_text as words
from cogs.clans.base import ClansBase
from cogs.errors import reader
from engine.clans import Move
from errors import GameError, Why
from texts import of_game


class PanelActions(ClansBase):
    async def confirm_move(
        self, interaction: discord.Interaction, game_id: int, ply: int, move: Move | None, index: int
    ) -> None:
        """Play the preview the mover confirmed: the same one again (the engine's, for the position pinned by
        ``ply``), through the service's path for every move; then the public announcement."""
        where = (interaction.guild_id, interaction.channel_id)
        panel = await self.games.panel_table(game_id, interaction.user.id, ply, where)
        previews = self.games.previews(panel.table, move)
        if not 0 <= index < len(previews):
            raise GameError(Why.NOT_A_CHOICE)
        preview = previews[index]
        done = words.played_text(reader(interaction), game_id, preview.actions)
        played = await self.games.play_previewed(
            game_id,
            interaction.user.id,
            preview.actions,
            ply,
            accepted=lambda: interaction.response.edit_message(content=done, attachments=[], view=None),
            where=where,
        )
        free = len(previews) == 1 and len(preview.villages) > 1
        notice = of_game(played.table.record)._(words.FREE_ORDER) if free else ""
        await self.announce(played, self.post_in(played.table), notice=notice)
