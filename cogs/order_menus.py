"""The public "choose which village is founded next" messages, so the choice can rewrite them.

When the mover chooses from the menu shown again only to them, the public message still asks; it is
edited into the outcome too. Remembered in memory: after a restart the old menu simply stays (stale).
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from service import Table

log = logging.getLogger("clans.cog")


class OrderMenus:
    def __init__(self) -> None:
        self._where: dict[int, tuple[int, int]] = {}
        """game id → (channel id, message id) of the public order menu waiting for the mover."""

    def remember(self, table: Table, message: Any) -> None:
        message_id = getattr(message, "id", None)
        if isinstance(message_id, int):
            self._where[table.id] = (table.record.channel_id, message_id)

    def forget(self, game_id: int) -> None:
        self._where.pop(game_id, None)

    async def settle(self, client: discord.Client, game_id: int, content: str) -> None:
        """Edit the public menu of ``game_id`` (if known) into ``content``, without its select."""
        where = self._where.pop(game_id, None)
        if where is None:
            return
        channel_id, message_id = where
        try:
            message = client.get_partial_messageable(channel_id).get_partial_message(message_id)
            await message.edit(content=content, view=None)
        except discord.HTTPException:
            log.warning("Could not update the village-order message of game %s", game_id)
