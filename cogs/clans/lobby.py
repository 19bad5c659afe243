"""/clans new, the start and cancel: the lobby is every game's (cogs/lobby.py); Clans' own are
its start post, the clans dealt by DM, and the cancel's terms."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from cogs.clans import clock_texts, shared
from cogs.clans import messages as text
from cogs.clans.ai_runs import thinking_text
from cogs.clans.base import ClansBase, Send, channel_id
from cogs.clans.lobby_views import cancel_view
from cogs.clans.move_panel import turn_view
from cogs.components import pings
from cogs.errors import reader
from cogs.lobby_views import language_name
from service.clans.tables import Table
from service.lobby import CancelTerms
from texts import LANGUAGES, mention, of_game, texts
from texts.usertext import shown_name


class LobbyCommands(ClansBase):
    @app_commands.command(name="new", description="Open a game of Clans, in a new thread of its own if I may")
    @app_commands.describe(
        pace="Time for each move (default: daily, 24 hours); the host can change it in the lobby",
        thread="Open the game in a new thread of this channel (default: yes, if I may)",
        language="The language of the game's messages and boards (default: this server's)",
    )
    @app_commands.choices(
        pace=[app_commands.Choice(name=clock_texts.PACE_NAME[p], value=p.value) for p in clock_texts.PACE_CHOICES],
        language=[app_commands.Choice(name=language_name(code), value=code) for code in LANGUAGES],
    )
    async def new(
        self, interaction: discord.Interaction, pace: str = "daily", thread: bool = True, language: str | None = None
    ) -> None:
        await self.open_lobby(interaction, pace, thread, language)

    async def begin_game(self, table: Table) -> None:
        """The start post: a new message, so that every player, the first mover among them, is notified (see
        ClansBase.post_in); then every player's clan by DM, and the first turn's AI and clock."""
        game_id = table.id
        t = of_game(table.record)
        send = self.post_in(table)
        seats = "\n".join(f"{s.seat + 1}. {shared.mention(s)}" for s in table.record.seats)
        first = table.mover
        left = clock_texts.clock_suffix(t, table.record.deadline_at, self.games.now())
        if first.user_id is not None:
            who_first = t._(
                "{player} moves first: press **Play my turn** (or type `/clans move from to`){left}.",
                player=shared.mention(first),
                left=left,
            )
        else:  # an AI seat is told nothing to type: it plays by itself
            who_first = t._("{player} moves first.", player=shared.mention(first))
        lines = [
            t._("**Clans game #{game} has started!**", game=game_id),
            seats,
            t._("Every player got their secret clan by DM; **Show my clan** shows it again, only to you."),
            who_first,
        ]
        embed = discord.Embed(title=t._("Game #{game} — move 1", game=game_id), colour=text.BRAND)
        embed.set_footer(text=text.score_footer(t, table.view))
        extra: dict[str, Any] = {}
        if table.ai_to_act:  # the AI's run posts the first board, pinging the first human to move
            lines.append(thinking_text(t, shown_name(first.name)))
        else:
            embed.set_image(url=f"attachment://{text.BOARD_FILE}")
            extra["file"] = await self.board_file(table)
        buttons = turn_view(t, table)
        if buttons is not None:
            extra["view"] = buttons
        await send(content="\n".join(lines), embed=embed, allowed_mentions=pings(table.record.seats), **extra)
        await self._send_clans(table, send)
        self.ai.after(table)
        self.clock.wake_by(table.record.next_event_at)

    async def _send_clans(self, table: Table, send: Send) -> None:
        unreachable = []
        for seat in table.record.seats:
            if seat.user_id is None:
                continue
            clan = await self.games.my_clan(table.id, seat.user_id)
            own = texts(await self.games.user_language(seat.user_id))  # a DM: the player's own language
            try:
                channel = await self.bot.create_dm(discord.Object(seat.user_id))
                await channel.send(embed=text.clan_embed(own, clan, table.id, table.record.channel_id))
            except discord.HTTPException:
                unreachable.append(seat)
        if unreachable:
            who = ", ".join(shared.mention(s) for s in unreachable)
            t = of_game(table.record)
            await send(
                content=t._("I could not DM {players}: use `/clans myclan` here to see your secret clan.", players=who),
                allowed_mentions=pings(unreachable),
            )

    async def cancel_game(self, interaction: discord.Interaction) -> None:
        """`/clans cancel`: the terms, asked to be confirmed (a player's cancel of a game under way resigns)."""
        can_manage = interaction.permissions.manage_messages
        game = await self.games.cancellable_in(channel_id(interaction), interaction.user.id, can_manage)
        terms = self.games.cancel_terms(game, interaction.user.id, can_manage)
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

    async def confirm_cancel(self, interaction: discord.Interaction, game_id: int) -> None:
        """The button is pressed in the game's own channel (checked in cogs/clans/shared.py), so the Manage
        Messages permission read here is the game channel's."""
        can_manage = interaction.permissions.manage_messages
        terms = self.games.cancel_terms(await self.games.game(game_id), interaction.user.id, can_manage)
        if terms is CancelTerms.RESIGN:
            done = reader(interaction)._("You resigned from game #{game}.", game=game_id)
            played = await self.games.resign(
                game_id,
                interaction.user.id,
                accepted=lambda: interaction.response.edit_message(content=done, view=None),
            )
            await self.announce(played, self.bot.get_partial_messageable(played.table.record.channel_id).send)
            return
        game = await self.games.cancel(game_id, interaction.user.id, can_manage)
        done = reader(interaction)._("Game #{game} is cancelled.", game=game.id)
        await interaction.response.edit_message(content=done, view=None)
        channel = self.bot.get_partial_messageable(game.channel_id)
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
        await self.refresh_lobby(game.id)
