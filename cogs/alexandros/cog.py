"""The /alexandros command group: lobby and game commands like /clans, plus `hand`. Each handler asks the
Alexandros service and shows the answer; the turn itself is played in the panel (cogs/alexandros/panel.py)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

import engine.alexandros as alex
from ai.alexandros import LEVELS
from cogs.ai_sweep import AiSweep
from cogs.alexandros.ai_turns import AlexandrosAiTurns
from cogs.alexandros.clock import NOTIFY, AlexandrosScheduler, back_note
from cogs.alexandros.lobby import lobby_text, lobby_view
from cogs.alexandros.panel import ALEXANDROS_ITEMS
from cogs.alexandros.posts import after_action, board_file, post_turn
from cogs.alexandros.replay import alexandros_replays
from cogs.components import seat_name
from cogs.errors import reader, server_texts
from cogs.notify import set_notify
from cogs.pace_texts import PACE_CHOICES, PACE_NAME, pace_label, time_left
from cogs.standings import leaderboard_embed, profile_embed
from cogs.visibility import check_visible
from service.alexandros import KIND, Acted, AlexandrosDeadlines, AlexandrosService
from service.errors import GameError
from service.pace import DEFAULT_PACE
from store import GameRecord
from texts import of_game, resolve
from texts.alexandros import end_reason_text, hand_text, played_text
from usertext import shown_name

if TYPE_CHECKING:
    from cogs.frame import Frame


log = logging.getLogger("clans.alexandros")


def channel_of(interaction: discord.Interaction) -> int:
    assert interaction.channel_id is not None
    return interaction.channel_id


@app_commands.guild_only()
class AlexandrosCog(commands.GroupCog, name="Alexandros", group_name="alexandros", group_description="Play Alexandros"):
    def __init__(self, bot: Frame) -> None:
        self.bot = bot
        self.games: AlexandrosService = bot.alexandros
        self.replays = bot.replays  # the frame's desk: Clans' cache, drawing slot and cooldown
        self.replays.serve(alexandros_replays(self.games))
        # The frame's clock and AI sweep, for Alexandros games.
        self.deadlines = AlexandrosDeadlines(self.games)
        self.ai = AlexandrosAiTurns(bot)
        self.clock = AlexandrosScheduler(bot, self.games, self.deadlines, self.ai)
        self.clock.follow(self.games.turns)  # every commit wakes the clock when the next turn needs it sooner
        self.sweep = AiSweep(self.games.claims, self.ai, bot.config.ai_sweep_s, game=KIND)
        bot.alexandros_actions = self  # what the components call (cogs/alexandros/actions.py)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*ALEXANDROS_ITEMS)
        # Beside the bot's start rather than before its end: the Clans clock already ticks meanwhile.
        self.starting = asyncio.create_task(self.start_clock(), name="alexandros-start")

    async def start_clock(self) -> None:
        """At start: who is away, the actions committed before a crash but never posted, and the AI turns a
        stopped process (or another one) left; then the clock and the AI sweep run."""
        try:
            await self.deadlines.load_away()
            await self.clock.catch_up(immediate=True)
            await self.sweep.run_once()
        except Exception:  # the database is unreachable for a moment: the clock's ticks and the sweep catch up
            log.exception("Could not catch up the Alexandros games at start")
        self.sweep.start()
        self.clock.start()

    async def cog_unload(self) -> None:
        self.clock.unfollow(self.games.turns)
        self.starting.cancel()
        self.sweep.stop()
        self.ai.cancel_all()
        await self.clock.stopped()

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """Any /alexandros command in a game's channel brings its player back from being away."""
        await self.games.remember_language(interaction.user.id, resolve(interaction.locale))
        await self.welcome_back(interaction)
        return True

    async def welcome_back(self, interaction: discord.Interaction) -> None:
        back = await self.deadlines.come_back(interaction.user.id, channel_id=interaction.channel_id)
        for seat in back:
            game = await self.games.game(seat.game_id)
            await self.bot.get_partial_messageable(game.channel_id).send(back_note(of_game(game), seat))
        if back:
            self.clock.wake()

    def schedule_ai(self, game_id: int, lead: Sequence[Acted] = ()) -> None:
        self.ai.schedule(game_id, lead=lead)

    @app_commands.command(name="notify", description="Turn reminders by DM on or off (you are always mentioned)")
    @app_commands.describe(dm="on: also DM me when my time to play runs low; off: only the channel mention")
    @app_commands.choices(dm=[app_commands.Choice(name=v, value=v) for v in ("on", "off")])
    async def notify(self, interaction: discord.Interaction, dm: str) -> None:
        await set_notify(self.deadlines, self.bot, interaction, dm == "on", NOTIFY)

    @app_commands.command(name="new", description="Open a game of Alexandros in this channel")
    @app_commands.describe(pace="Time for each turn (default: daily, 24 hours); the host can change it in the lobby")
    @app_commands.choices(pace=[app_commands.Choice(name=PACE_NAME[p], value=p.value) for p in PACE_CHOICES])
    async def new(self, interaction: discord.Interaction, pace: str = DEFAULT_PACE.value) -> None:
        game = await self.games.open_lobby(
            interaction.guild_id,
            channel_of(interaction),
            interaction.user.id,
            seat_name(interaction.user),
            pace,
            language=resolve(interaction.guild_locale),
        )
        await interaction.response.send_message(lobby_text(of_game(game), game), view=lobby_view(of_game(game), game))

    @app_commands.command(name="join", description="Join the Alexandros game waiting for players here")
    async def join(self, interaction: discord.Interaction) -> None:
        game = await self.games.active_game(channel_of(interaction))
        game = await self.games.join(game.id, interaction.user.id, seat_name(interaction.user))
        await interaction.response.send_message(lobby_text(of_game(game), game), view=lobby_view(of_game(game), game))

    @app_commands.command(name="leave", description="Leave the Alexandros game waiting for players here")
    async def leave(self, interaction: discord.Interaction) -> None:
        game = await self.games.active_game(channel_of(interaction))
        game = await self.games.leave(game.id, interaction.user.id)
        await interaction.response.send_message(lobby_text(of_game(game), game), view=lobby_view(of_game(game), game))

    @app_commands.command(name="addbot", description="Add an AI player to the Alexandros game waiting here")
    @app_commands.describe(level="How strong the AI plays (default: normal)")
    @app_commands.choices(level=[app_commands.Choice(name=level, value=level) for level in LEVELS])
    async def addbot(self, interaction: discord.Interaction, level: str = "normal") -> None:
        game = await self.games.active_game(channel_of(interaction))
        game = await self.games.add_ai(game.id, interaction.user.id, level, of_game(game).p_("AI seat", "AI"))
        await interaction.response.send_message(lobby_text(of_game(game), game), view=lobby_view(of_game(game), game))

    @app_commands.command(name="start", description="Start the Alexandros game waiting here (host only)")
    async def start(self, interaction: discord.Interaction) -> None:
        game = await self.games.active_game(channel_of(interaction))
        table = await self.games.start(game.id, interaction.user.id)
        t = of_game(table.record)
        await interaction.response.send_message(t._("Alexandros #{game} begins.", game=table.id))
        if table.ai_to_act:
            self.ai.schedule(table.id)  # the AI's run posts its turns and the first human's "your turn"
        else:
            await post_turn(self.bot, table)
        self.clock.wake_by(table.record.next_event_at)

    @app_commands.command(name="board", description="Show the board of this channel's Alexandros game")
    async def board(self, interaction: discord.Interaction) -> None:
        table = await self.games.table_in(channel_of(interaction))
        t = reader(interaction)
        file = await board_file(self.bot.drawing, t, table.view, table.names)
        await interaction.response.send_message(file=file, ephemeral=True)

    @app_commands.command(name="status", description="Where this channel's Alexandros game stands")
    async def status(self, interaction: discord.Interaction) -> None:
        table = await self.games.table_in(channel_of(interaction))
        t = reader(interaction)
        scores = " · ".join(f"{shown_name(s.name)} {table.view.scores[s.seat]}" for s in table.record.seats)
        if table.over:
            line = t._("The game is over ({reason}).", reason=end_reason_text(t, table.view.end_reason))
        else:
            line = t._("{player} is to move.", player=shown_name(table.mover.name))
        walls = t._(
            "Walls left: {black} black, {red} red. Cards in the supply: {supply}.",
            black=table.view.black_left,
            red=table.view.red_left,
            supply=table.view.supply_size,
        )
        pace = t._("Pace: {pace}", pace=pace_label(t, table.record.pace))
        left = time_left(t, table.record.deadline_at, self.games.now()) if not table.over else ""
        clock = f"{pace} · {left}" if left else pace
        await interaction.response.send_message(f"{line}\n{scores}\n{walls}\n{clock}", ephemeral=True)

    @app_commands.command(
        name="hand", description="Your own cards in this channel's Alexandros game (only you see them)"
    )
    async def hand(self, interaction: discord.Interaction) -> None:
        mine = await self.games.hand_in(channel_of(interaction), interaction.user.id)
        t = reader(interaction)
        await interaction.response.send_message(t._("Your hand: {hand}", hand=hand_text(t, mine.hand)), ephemeral=True)

    @app_commands.command(name="history", description="The last actions of this channel's Alexandros game")
    async def history(self, interaction: discord.Interaction) -> None:
        table = await self.games.table_in(channel_of(interaction))
        t = reader(interaction)
        names = {seat.seat: shown_name(seat.name) for seat in table.record.seats}
        moves = (await self.games.history(table.id))[-15:]
        lines = [f"{m.ply}. {played_text(t, names[m.seat], alex.parse_action(m.action))}" for m in moves]
        await interaction.response.send_message("\n".join(lines) or t._("Nothing has been played yet."), ephemeral=True)

    @app_commands.command(name="resign", description="Resign from this channel's Alexandros game")
    async def resign(self, interaction: discord.Interaction) -> None:
        table = await self.games.table_in(channel_of(interaction))
        acted = await self.games.resign(table.id, interaction.user.id)
        t = of_game(acted.table.record)
        await interaction.response.send_message(
            played_text(t, shown_name(acted.seat.name), alex.Resign(acted.seat.seat))
        )
        if acted.table.over or acted.table.view.to_move != acted.seat.seat:
            await after_action(self.bot, acted)

    @app_commands.command(name="cancel", description="Cancel this channel's Alexandros game (host or moderator)")
    async def cancel(self, interaction: discord.Interaction) -> None:
        member = interaction.user
        can_manage = isinstance(member, discord.Member) and member.guild_permissions.manage_messages
        game = await self.games.cancel_in(channel_of(interaction), member.id, can_manage)
        await interaction.response.send_message(of_game(game)._("Alexandros #{game} is cancelled.", game=game.id))

    @app_commands.command(name="replay", description="An animated replay of a finished Alexandros game")
    @app_commands.describe(game="The game's number")
    async def replay(self, interaction: discord.Interaction, game: app_commands.Range[int, 1, 10**12]) -> None:
        try:
            record: GameRecord | None = await self.games.game(game)
        except GameError:
            record = None  # the desk says there is no such game
        if record is not None:
            check_visible(interaction, record)  # a game in a channel this member cannot see is refused
        # Public in the game's own channel; from another channel, only to the asker (who can see that one).
        here = record is not None and record.channel_id == interaction.channel_id
        await self.replays.send(interaction, KIND, game, ephemeral=not here)

    @app_commands.command(name="leaderboard", description="This server's Alexandros ratings")
    async def leaderboard(self, interaction: discord.Interaction) -> None:
        if interaction.guild_id is None:
            raise app_commands.NoPrivateMessage
        rows = await self.games.leaderboard(interaction.guild_id)
        t = server_texts(interaction)
        name = getattr(interaction.guild, "name", None) or t._("this server")
        await interaction.response.send_message(embed=leaderboard_embed(t, KIND, rows, name))

    @app_commands.command(name="profile", description="A player's Alexandros record in this server")
    @app_commands.describe(user="Whose profile (default: yours)")
    async def profile(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        if interaction.guild_id is None:
            raise app_commands.NoPrivateMessage
        target = user or interaction.user
        record = await self.games.profile(interaction.guild_id, target.id)
        await interaction.response.send_message(embed=profile_embed(server_texts(interaction), KIND, record, target))

    @app_commands.command(name="rules", description="The rules of Alexandros in short")
    async def rules(self, interaction: discord.Interaction) -> None:
        t = reader(interaction)
        await interaction.response.send_message(
            t._(
                "On your turn: move Alexander with a face-up card (or a card from your hand) to the closest empty "
                "space of its symbol; walls go along a shortest path. Then two actions: take a card, occupy a "
                "province, take one over, levy taxes (once), or take back a guard. The game ends when the black "
                "walls run out or someone reaches 100 points. The full rules: docs/RULES.md, part A."
            ),
            ephemeral=True,
        )

    @app_commands.command(name="help", description="How to play Alexandros here")
    async def help(self, interaction: discord.Interaction) -> None:
        t = reader(interaction)
        await interaction.response.send_message(
            t._(
                "`/alexandros new` opens a game, `join` and `addbot` fill the seats, `start` begins. On your turn, "
                "press **Play my turn** under the post that names you: your own panel shows your hand and menus "
                "for Alexander's move, the walls and your two actions. `hand`, `board`, `status` and `history` "
                "show the game; `resign` and `cancel` end it."
            ),
            ephemeral=True,
        )


async def setup(bot: Frame) -> None:
    await bot.add_cog(AlexandrosCog(bot))
