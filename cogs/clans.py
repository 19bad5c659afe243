"""The /clans command group. Each handler asks the game service and shows the answer; no rules here."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs import clock_texts, clock_views
from cogs import messages as text
from cogs.ai_turns import AITurns
from cogs.clock import TurnScheduler
from cogs.components import cancel_view, lobby_view, order_view
from engine import Move, legal_moves, order_choices
from render import render_board, render_final
from service import Deadlines, GameError, Played, Table
from service.describe import territory_label

if TYPE_CHECKING:
    from bot import ClansBot

log = logging.getLogger("clans.cog")

Send = Callable[..., Awaitable[Any]]


@app_commands.guild_only()
class ClansCog(
    commands.GroupCog, name="Clans", group_name="clans", group_description="Play Clans, the hidden-clan game"
):
    def __init__(self, bot: ClansBot) -> None:
        self.bot = bot
        self.games = bot.games
        self.ai = AITurns(self.games, self.announce_in_channel, bot.config.ai_delay_s, bot.config.ai_budget_s)
        self.deadlines = Deadlines(self.games, budget_s=bot.config.ai_budget_s)
        self.clock = TurnScheduler(self, self.deadlines)

    async def cog_load(self) -> None:
        await self.deadlines.load_away()
        await self.clock.catch_up(immediate=True)  # moves committed before a crash, never announced
        self.clock.start()

    async def cog_unload(self) -> None:
        self.ai.cancel_all()
        self.clock.stop()

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """Any /clans command in a game's channel brings its player back from being away."""
        await clock_views.welcome_back(self, interaction, channel_id=interaction.channel_id)
        return True

    # --- lobby -----------------------------------------------------------------------------------

    @app_commands.command(name="new", description="Open a game of Clans in this channel or thread")
    @app_commands.describe(pace="Time for each move (default: daily, 24 hours); the host can change it in the lobby")
    @app_commands.choices(pace=[app_commands.Choice(name=p.label, value=p.value) for p in clock_texts.PACE_CHOICES])
    async def new(self, interaction: discord.Interaction, pace: str = "daily") -> None:
        game = await self.games.open_lobby(
            interaction.guild_id, _channel_id(interaction), interaction.user.id, interaction.user.display_name, pace
        )
        callback = await interaction.response.send_message(
            embed=text.lobby_embed(game), view=lobby_view(game.id, pace=game.pace)
        )
        if callback.message_id is not None:
            await self.games.store.set_lobby_message(game.id, callback.message_id)

    @app_commands.command(name="join", description="Join the game waiting for players in this channel")
    async def join(self, interaction: discord.Interaction) -> None:
        game = await self.games.active_game(_channel_id(interaction))
        await self.join_lobby(interaction, game.id, False)

    @app_commands.command(name="leave", description="Leave the game waiting for players in this channel")
    async def leave(self, interaction: discord.Interaction) -> None:
        game = await self.games.active_game(_channel_id(interaction))
        await self.leave_lobby(interaction, game.id, False)

    @app_commands.command(name="addbot", description="Add an AI player to the game waiting for players here")
    @app_commands.describe(level="How strong the AI plays (default: normal)")
    @app_commands.choices(
        level=[app_commands.Choice(name=n, value=n) for n in ("easy", "normal", "hard")],
    )
    async def addbot(self, interaction: discord.Interaction, level: str = "normal") -> None:
        game = await self.games.active_game(_channel_id(interaction))
        game = await self.games.add_ai(game.id, interaction.user.id, level)
        await interaction.response.send_message(f"AI ({level}) joined game #{game.id}.", ephemeral=True)
        await self._refresh_lobby(game.id)

    @app_commands.command(name="start", description="Start the game (host only, 2 to 4 players)")
    async def start(self, interaction: discord.Interaction) -> None:
        game = await self.games.active_game(_channel_id(interaction))
        await self.start_game(interaction, game.id, False)

    async def join_lobby(self, interaction: discord.Interaction, game_id: int, from_button: bool) -> None:
        game = await self.games.join(game_id, interaction.user.id, interaction.user.display_name)
        await self._lobby_changed(interaction, game.id, from_button, f"You joined game #{game.id}.")

    async def leave_lobby(self, interaction: discord.Interaction, game_id: int, from_button: bool) -> None:
        game = await self.games.leave(game_id, interaction.user.id)
        await self._lobby_changed(interaction, game.id, from_button, f"You left game #{game.id}.")

    async def _lobby_changed(
        self, interaction: discord.Interaction, game_id: int, from_button: bool, note: str
    ) -> None:
        game = await self.games.game(game_id)
        if from_button:
            await interaction.response.edit_message(
                embed=text.lobby_embed(game), view=lobby_view(game.id, pace=game.pace)
            )
        else:
            await interaction.response.send_message(note, ephemeral=True)
            await self._refresh_lobby(game.id)

    async def _refresh_lobby(self, game_id: int) -> None:
        game = await self.games.game(game_id)
        if game.lobby_message_id is None:
            return
        message = self.bot.get_partial_messageable(game.channel_id).get_partial_message(game.lobby_message_id)
        try:
            await message.edit(
                embed=text.lobby_embed(game), view=lobby_view(game.id, game.status == "lobby", game.pace)
            )
        except discord.HTTPException:
            log.warning("Could not update the lobby message of game %s", game_id)

    async def start_game(self, interaction: discord.Interaction, game_id: int, from_button: bool) -> None:
        table = await self.games.start(game_id, interaction.user.id)
        if from_button:
            await interaction.response.edit_message(
                embed=text.lobby_embed(table.record), view=lobby_view(game_id, False, table.record.pace)
            )
            send: Send = interaction.followup.send
        else:
            await interaction.response.defer(thinking=True)
            send = interaction.followup.send
            await self._refresh_lobby(game_id)
        seats = "\n".join(f"{s.seat + 1}. {text.mention(s)}" for s in table.record.seats)
        first = table.mover
        content = (
            f"**Clans game #{game_id} has started!**\n{seats}\n"
            "Every player got their secret clan by DM (`/clans myclan` shows it again). "
            f"{text.mention(first)} moves first: `/clans move from to`"
            f"{clock_texts.clock_suffix(table.record.deadline_at, self.games.now())}."
        )
        embed = discord.Embed(title=f"Game #{game_id} — move 1", colour=text.BRAND)
        embed.set_footer(text=text.score_footer(table.view))
        embed.set_image(url=f"attachment://{text.BOARD_FILE}")
        await send(content=content, embed=embed, file=await self._board_file(table))
        await self._send_clans(table, send)
        self.ai.schedule(game_id)
        self.clock.wake_by(table.record.next_event_at)

    async def _send_clans(self, table: Table, send: Send) -> None:
        unreachable = []
        for seat in table.record.seats:
            if seat.user_id is None:
                continue
            clan = await self.games.my_clan(table.id, seat.user_id)
            try:
                channel = await self.bot.create_dm(discord.Object(seat.user_id))
                await channel.send(embed=text.clan_embed(clan, table.id, table.record.channel_id))
            except discord.HTTPException:
                unreachable.append(seat)
        if unreachable:
            who = ", ".join(text.mention(s) for s in unreachable)
            await send(content=f"I could not DM {who}: use `/clans myclan` here to see your secret clan.")

    # --- playing ---------------------------------------------------------------------------------

    @app_commands.command(name="move", description="Move all huts of a territory onto a neighbouring one")
    @app_commands.rename(from_="from")
    @app_commands.describe(from_="The territory whose huts move, e.g. 23", to="The neighbouring territory, e.g. 24")
    async def move(self, interaction: discord.Interaction, from_: int, to: int) -> None:
        game = await self.games.active_game(_channel_id(interaction))
        try:
            # Pinned to the position when the command arrived: a double submission applies once.
            played = await self.games.play(
                game.id, interaction.user.id, Move(from_, to), expected_ply=game.snapshot_ply
            )
        except GameError:
            if await self._offer_order_again(interaction, game.id):
                return
            raise
        await interaction.response.defer(thinking=True)
        await self.announce(played, interaction.followup.send)

    async def _offer_order_again(self, interaction: discord.Interaction, game_id: int) -> bool:
        """The mover who still owes a village order gets the menu again instead of a bare refusal."""
        table = await self.games.table(game_id)
        seat = table.seat_of(interaction.user.id)
        if not table.state.pending or seat is None or seat.seat != table.state.to_move:
            return False
        view = table.view
        await interaction.response.send_message(
            "First choose which of your villages is founded next:",
            view=order_view(game_id, view.ply, order_choices(view), view.chips_left == 1),
            ephemeral=True,
        )
        return True

    @move.autocomplete("from_")
    async def move_from_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        table = await self._table_quietly(interaction)
        if table is None:
            return []
        sources = sorted({m.src for m in legal_moves(table.state) if not m.is_village_choice})
        return _choices(table, sources, current)

    @move.autocomplete("to")
    async def move_to_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        table = await self._table_quietly(interaction)
        try:
            source = int(getattr(interaction.namespace, "from", None) or 0)
        except (TypeError, ValueError):
            return []
        if table is None:
            return []
        targets = [m.dst for m in legal_moves(table.state) if m.src == source and not m.is_village_choice]
        return _choices(table, targets, current)

    async def _table_quietly(self, interaction: discord.Interaction) -> Table | None:
        try:
            return await self.games.table_in(_channel_id(interaction))
        except GameError:
            return None

    async def choose_village(self, interaction: discord.Interaction, game_id: int, ply: int, territory: int) -> None:
        played = await self.games.play(game_id, interaction.user.id, Move.village(territory), expected_ply=ply)
        if interaction.message is not None and not interaction.message.flags.ephemeral:
            await interaction.response.edit_message(view=None)
        else:
            await interaction.response.defer()
        await self.announce(played, interaction.followup.send)

    @app_commands.command(name="resign", description="Leave the running game (your clan stays on the board)")
    async def resign(self, interaction: discord.Interaction) -> None:
        game = await self.games.active_game(_channel_id(interaction))
        played = await self.games.resign(game.id, interaction.user.id)
        await interaction.response.defer(thinking=True)
        await self.announce(played, interaction.followup.send)

    @app_commands.command(name="cancel", description="Cancel this channel's game (host or Manage Messages)")
    async def cancel(self, interaction: discord.Interaction) -> None:
        game = await self.games.active_game(_channel_id(interaction))
        if interaction.user.id != game.host_id and not interaction.permissions.manage_messages:
            raise GameError("Only the host or a member with Manage Messages can cancel the game.")
        await interaction.response.send_message(
            f"Cancel game #{game.id}? Nothing will be scored.", view=cancel_view(game.id), ephemeral=True
        )

    async def confirm_cancel(self, interaction: discord.Interaction, game_id: int) -> None:
        game = await self.games.cancel(game_id, interaction.user.id, interaction.permissions.manage_messages)
        await interaction.response.edit_message(content=f"Game #{game.id} is cancelled.", view=None)
        channel = self.bot.get_partial_messageable(game.channel_id)
        await channel.send(f"Game #{game.id} was cancelled by {interaction.user.mention}.")
        await self._refresh_lobby(game.id)

    # --- announcing ------------------------------------------------------------------------------

    async def announce(
        self,
        played: Played,
        send: Send,
        *,
        notice: str = "",
        earlier: Sequence[Played] = (),
        extra_view: discord.ui.View | None = None,
    ) -> None:
        """The public message after an action: what happened, the board, and who acts next.

        ``earlier`` actions of the same run (an autopilot turn, a catch-up) are listed in the same message.
        """
        try:
            await self._announce(played, send, notice, earlier, extra_view)
            await self.deadlines.mark_announced(played.table.id, played.table.state.ply)
        finally:
            self.ai.schedule(played.table.id)  # the action is committed: an AI to move plays, announced or not
            self.clock.wake_by(played.table.record.next_event_at)  # the next turn's clock

    async def _announce(
        self, played: Played, send: Send, notice: str, earlier: Sequence[Played], extra_view: discord.ui.View | None
    ) -> None:
        table, outcome = played.table, played.outcome
        view = table.view
        seats = table.record.seats
        before = [text.earlier_embed(earlier)] if earlier else []
        lead = f"{notice}\n" if notice else ""
        if outcome.game_over and view.result is not None:
            embeds = [
                *before,
                text.move_embed(outcome, played.actor, view, with_image=False),
                text.final_embed(view.result, seats, table.id, await self.games.ai_guesses(table)),
            ]
            humans = " ".join(text.mention(s) for s in seats if s.user_id is not None)
            await send(
                content=f"{lead}Game over! {humans}", embeds=embeds, file=await self._board_file(table, final=True)
            )
            return
        embeds = [*before, text.move_embed(outcome, played.actor, view, with_image=True)]
        mover = table.mover
        left = clock_texts.clock_suffix(table.record.deadline_at, self.games.now()) if mover.user_id else ""
        if view.pending:
            content = f"{lead}{text.mention(mover)}, choose which village is founded next{left}:"
            menu = order_view(table.id, view.ply, order_choices(view), view.chips_left == 1)
            await send(content=content, embeds=embeds, file=await self._board_file(table), view=menu)
        else:
            content = f"{text.mention(mover)}, your move{left}." if mover.user_id else f"{mover.name} is thinking…"
            extra = {"view": extra_view} if extra_view is not None else {}
            await send(content=lead + content, embeds=embeds, file=await self._board_file(table), **extra)

    async def announce_in_channel(self, played: Played) -> None:
        await self.announce(played, self.bot.get_partial_messageable(played.table.record.channel_id).send)

    async def _board_file(self, table: Table, final: bool = False) -> discord.File:
        draw = render_final if final else render_board
        png = await asyncio.to_thread(draw, table.view, table.names)
        return discord.File(io.BytesIO(png), filename=text.BOARD_FILE)

    # --- information -----------------------------------------------------------------------------

    @app_commands.command(name="board", description="Show the current board (only to you)")
    async def board(self, interaction: discord.Interaction) -> None:
        table = await self.games.table_in(_channel_id(interaction))
        await interaction.response.defer(ephemeral=True, thinking=True)
        embed = text.status_embed(table.view, table.record.seats, table.id)
        embed.set_image(url=f"attachment://{text.BOARD_FILE}")
        await interaction.followup.send(embed=embed, file=await self._board_file(table), ephemeral=True)

    @app_commands.command(name="status", description="Epoch, chips left, scores, seats and whose turn it is")
    async def status(self, interaction: discord.Interaction) -> None:
        game = await self.games.active_game(_channel_id(interaction))
        if game.status == "lobby":
            await interaction.response.send_message(embed=text.lobby_embed(game), ephemeral=True)
            return
        table = await self.games.table(game.id)
        clock = clock_texts.status_clock(table.record, self.games.now())
        await interaction.response.send_message(
            embed=text.status_embed(table.view, table.record.seats, table.id, clock), ephemeral=True
        )

    @app_commands.command(name="myclan", description="Show your secret clan (only to you)")
    async def myclan(self, interaction: discord.Interaction) -> None:
        game = await self.games.active_game(_channel_id(interaction))
        clan = await self.games.my_clan(game.id, interaction.user.id)
        await interaction.response.send_message(embed=text.clan_embed(clan, game.id, game.channel_id), ephemeral=True)

    @app_commands.command(name="notify", description="Turn reminders by DM on or off (you are always mentioned)")
    @app_commands.describe(dm="on: also DM me when my time to move runs low; off: only the channel mention")
    @app_commands.choices(dm=[app_commands.Choice(name=v, value=v) for v in ("on", "off")])
    async def notify(self, interaction: discord.Interaction, dm: str) -> None:
        await clock_views.set_notify(self, interaction, dm == "on")

    async def change_pace(self, interaction: discord.Interaction, game_id: int, pace: str) -> None:
        game = await self.games.set_pace(game_id, interaction.user.id, pace)
        await interaction.response.edit_message(embed=text.lobby_embed(game), view=lobby_view(game.id, pace=game.pace))

    async def back_button(self, interaction: discord.Interaction, game_id: int) -> None:
        if not await clock_views.welcome_back(self, interaction, game_id=game_id):
            raise GameError("You are not away in this game: nothing to do.")
        await interaction.response.send_message("Welcome back! Your turns are yours again.", ephemeral=True)

    @app_commands.command(name="rules", description="The rules of Clans in short, with the epoch chart")
    async def rules(self, interaction: discord.Interaction) -> None:
        from engine import load_chart

        await interaction.response.send_message(embed=text.rules_embed(load_chart()), ephemeral=True)

    @app_commands.command(name="help", description="Every /clans command with an example")
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(text.HELP_TEXT, ephemeral=True)

    @app_commands.command(name="leaderboard", description="This server's Clans ratings")
    async def leaderboard(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        rows = await self.games.store.leaderboard(interaction.guild_id)
        # Without a cached guild, the interaction carries a partial one with no name.
        name = getattr(interaction.guild, "name", None) or "this server"
        await interaction.response.send_message(embed=text.leaderboard_embed(rows, name))

    @app_commands.command(name="profile", description="A player's Clans record in this server")
    @app_commands.describe(user="Whose profile (default: yours)")
    async def profile(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        assert interaction.guild_id is not None
        target = user or interaction.user
        record = await self.games.store.profile(interaction.guild_id, target.id)
        await interaction.response.send_message(embed=text.profile_embed(record, target))


def _channel_id(interaction: discord.Interaction) -> int:
    assert interaction.channel_id is not None
    return interaction.channel_id


def _choices(table: Table, territories: list[int], current: str) -> list[app_commands.Choice[int]]:
    typed = str(current).strip()
    view = table.view
    return [
        app_commands.Choice(name=territory_label(view.huts[t], view.board.terrain[t], t), value=t)
        for t in territories
        if not typed or str(t).startswith(typed)
    ][:25]


async def setup(bot: ClansBot) -> None:
    await bot.add_cog(ClansCog(bot))
