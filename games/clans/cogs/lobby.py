"""/clans new, join, leave, addbot, start and cancel, with the lobby buttons they share."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from frame.cogs.components import pings, seat_name
from frame.cogs.errors import reader
from frame.service.lobby import CancelTerms
from frame.texts import LANGUAGES, mention, of_game, resolve, texts
from frame.usertext import shown_name
from games.clans.ai import AI_LEVELS
from games.clans.cogs import clock_texts, lobby_views, shared
from games.clans.cogs import messages as text
from games.clans.cogs.ai_runs import thinking_text
from games.clans.cogs.base import ClansBase, Send, answer_privately, channel_id, drop_private_answer
from games.clans.cogs.lobby_views import cancel_view, language_name, lobby_view
from games.clans.cogs.move_panel import turn_view
from games.clans.cogs.placement import open_lobby
from games.clans.service.tables import Table


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
        spoken = language or resolve(interaction.guild_locale)
        await open_lobby(self.games, interaction, seat_name(interaction.user), pace, thread, spoken)

    @app_commands.command(name="join", description="Join the game waiting for players in this channel")
    async def join(self, interaction: discord.Interaction) -> None:
        game = await self.games.active_game(channel_id(interaction))
        await self.join_lobby(interaction, game.id, False)

    @app_commands.command(name="leave", description="Leave the game waiting for players in this channel")
    async def leave(self, interaction: discord.Interaction) -> None:
        game = await self.games.active_game(channel_id(interaction))
        await self.leave_lobby(interaction, game.id, False)

    @app_commands.command(name="addbot", description="Add an AI player to the game waiting for players here")
    @app_commands.describe(level="How strong the AI plays (default: normal)")
    @app_commands.choices(
        level=[app_commands.Choice(name=n, value=n) for n in AI_LEVELS],
    )
    async def addbot(self, interaction: discord.Interaction, level: str = "normal") -> None:
        game = await self.games.active_game(channel_id(interaction))
        # The seat's name is shown to all: in the game's language ("KI (hard)", "IA (hard)").
        game = await self.games.add_ai(game.id, interaction.user.id, level, of_game(game).p_("AI seat", "AI"))
        note = reader(interaction)._("AI ({level}) joined game #{game}.", level=level, game=game.id)
        await interaction.response.send_message(note, ephemeral=True)
        await self.refresh_lobby(game.id)

    @app_commands.command(name="start", description="Start the game (host only, 2 to 4 players)")
    async def start(self, interaction: discord.Interaction) -> None:
        game = await self.games.active_game(channel_id(interaction))
        await self.start_game(interaction, game.id, False)

    async def join_lobby(self, interaction: discord.Interaction, game_id: int, from_button: bool) -> None:
        game = await self.games.join(game_id, interaction.user.id, seat_name(interaction.user))
        note = reader(interaction)._("You joined game #{game}.", game=game.id)
        await self._lobby_changed(interaction, game.id, from_button, note)

    async def leave_lobby(self, interaction: discord.Interaction, game_id: int, from_button: bool) -> None:
        game = await self.games.leave(game_id, interaction.user.id)
        note = reader(interaction)._("You left game #{game}.", game=game.id)
        await self._lobby_changed(interaction, game.id, from_button, note)

    async def _lobby_changed(
        self, interaction: discord.Interaction, game_id: int, from_button: bool, note: str
    ) -> None:
        game = await self.games.game(game_id)
        if from_button:
            view = lobby_view(game.id, pace=game.pace, language=game.language)
            await interaction.response.edit_message(embed=lobby_views.lobby_embed(of_game(game), game), view=view)
        else:
            await interaction.response.send_message(note, ephemeral=True)
            await self.refresh_lobby(game.id)

    async def start_game(self, interaction: discord.Interaction, game_id: int, from_button: bool) -> None:
        table = await self.games.start(game_id, interaction.user.id)
        t = of_game(table.record)
        if from_button:
            await interaction.response.edit_message(
                embed=lobby_views.lobby_embed(t, table.record),
                view=lobby_view(game_id, False, table.record.pace, table.record.language),
            )
        else:
            await answer_privately(interaction)
            await self.refresh_lobby(game_id)
        # A new message, so that every player, the first mover among them, is notified (see ClansBase.post_in).
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
        if not from_button:
            await drop_private_answer(interaction)
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

    @app_commands.command(name="cancel", description="Cancel this channel's game (host or Manage Messages)")
    async def cancel(self, interaction: discord.Interaction) -> None:
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
        """The button is pressed in the game's own channel (checked in games/clans/cogs/shared.py), so the Manage
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
