"""What the Clans buttons and selects ask of the /clans cog, as a Protocol: a component reaches it through the
bot's typed ``clans`` attribute (cogs/frame.py), never by looking the cog up by name."""

from __future__ import annotations

from typing import Protocol

import discord

from engine.clans import Move


class ClansActions(Protocol):
    """The /clans cog's actions behind its persistent components; the cog sets itself as ``bot.clans`` when it
    loads. Each acts on game ``game_id`` for the member who pressed."""

    async def confirm_cancel(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def choose_village(
        self, interaction: discord.Interaction, game_id: int, ply: int, territory: int
    ) -> None: ...

    async def confirm_move(
        self, interaction: discord.Interaction, game_id: int, ply: int, move: Move | None, index: int
    ) -> None: ...

    async def back_button(self, interaction: discord.Interaction, game_id: int) -> None: ...
