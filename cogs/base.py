"""What every part of the /clans cog shares: the service, the AI turns, board images, and the public
announcement after an action."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from cogs import messages as text
from cogs.ai_sweep import AiSweep
from cogs.ai_turns import AITurns
from cogs.boards import BoardImages
from cogs.components import lobby_view, order_view, replay_view
from cogs.order_menus import OrderMenus
from engine import Move, order_consequences
from service import GameService, Played, PrivateBoard, Table

if TYPE_CHECKING:
    from bot import ClansBot

log = logging.getLogger("clans.cog")

Send = Callable[..., Awaitable[Any]]


class ClansBase(commands.Cog):
    """Shared by the command modules; only ClansCog, the /clans GroupCog built from them, is ever loaded."""

    def __init__(self, bot: ClansBot) -> None:
        self.bot = bot
        self.games: GameService = bot.games
        self.boards = BoardImages()
        self.order_menus = OrderMenus()
        settings = bot.config
        self.ai = AITurns(
            self.games, self.announce_in_channel, settings.ai_delay_s, settings.ai_budget_s, settings.ai_rollouts
        )
        self.sweep = AiSweep(self.games.claims, self.ai, settings.ai_sweep_s)

    async def resume_ai_turns(self) -> None:
        """At start: every running game whose turn belongs to an AI goes on by itself; then the sweep picks up
        AI turns left by other processes (or by this one before a restart) every few seconds."""
        await self.sweep.run_once()
        self.sweep.start()

    async def announce(self, played: Played, send: Send) -> None:
        """The public message after an action: what happened, the board, and who acts next."""
        try:
            await self._announce(played, send)
        finally:
            self.ai.after(played.table)  # the action is committed: an AI to move plays, announced or not

    async def _announce(self, played: Played, send: Send) -> None:
        table, outcome = played.table, played.outcome
        if isinstance(outcome.move, Move) and outcome.move.is_village_choice:  # an AI's or an ephemeral choice
            settled = text.order_settled_text(played.actor, outcome.villages, table.view.pending)
            await self.order_menus.settle(self.bot, table.id, settled)
        view = table.view
        seats = table.record.seats
        if outcome.game_over and view.result is not None:
            embeds = [
                text.move_embed(outcome, played.actor, view, with_image=False, game_id=table.id),
                text.final_embed(view.result, seats, table.id, await self.games.ai_guesses(table)),
            ]
            humans = " ".join(text.mention(s) for s in seats if s.user_id is not None)
            board = await self.board_file(table, final=True)
            await send(content=f"Game over! {humans}", embeds=embeds, file=board, view=replay_view(table.id))
            return
        embed = text.move_embed(outcome, played.actor, view, with_image=True, game_id=table.id)
        mover = table.mover
        if view.pending:
            content = f"{text.mention(mover)}, choose which village is founded next:"
            menu = order_view(table.id, view.ply, order_consequences(view))
            posted = await send(content=content, embed=embed, file=await self.board_file(table), view=menu)
            self.order_menus.remember(table, posted)
        else:
            content = f"{text.mention(mover)}, your move." if mover.user_id else f"{mover.name} is thinking…"
            await send(content=content, embed=embed, file=await self.board_file(table))

    async def announce_in_channel(self, played: Played) -> None:
        await self.announce(played, self.bot.get_partial_messageable(played.table.record.channel_id).send)

    async def board_file(self, table: Table, final: bool = False, mine: PrivateBoard | None = None) -> discord.File:
        return await self.boards.file(table.view, table.names, final, mine)

    async def refresh_lobby(self, game_id: int) -> None:
        game = await self.games.game(game_id)
        if game.lobby_message_id is None:
            return
        message = self.bot.get_partial_messageable(game.channel_id).get_partial_message(game.lobby_message_id)
        try:
            await message.edit(embed=text.lobby_embed(game), view=lobby_view(game.id, game.status == "lobby"))
        except discord.HTTPException:
            log.warning("Could not update the lobby message of game %s", game_id)


def channel_id(interaction: discord.Interaction) -> int:
    assert interaction.channel_id is not None
    return interaction.channel_id
