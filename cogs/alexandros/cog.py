"""The /alexandros command group: lobby and game commands like /clans, plus `hand`. Each handler asks the
Alexandros service and shows the answer; the turn itself is played in the panel (cogs/alexandros/panel.py)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import engine.alexandros as alex
from cogs.ai_sweep import AiSweep
from cogs.alexandros import panel
from cogs.alexandros.actions import alexandros_service
from cogs.alexandros.ai_turns import AlexandrosAiTurns
from cogs.alexandros.clock import NOTIFY, AlexandrosScheduler
from cogs.alexandros.panel import ActSelect
from cogs.alexandros.posts import COLOUR, after_action, board_file, post_turn
from cogs.alexandros.turn_button import PanelButton
from cogs.bot_base import BotBase
from cogs.components import pings
from cogs.days_off_texts import days_off_help, days_off_lines
from cogs.errors import reader
from cogs.game_cog import CommandWords, GameCog
from cogs.lobby import GameLobby
from cogs.pace_texts import PACE_CHOICES, PACE_NAME, pace_label, time_left
from cogs.web_links import page_line, with_page_link
from service.alexandros import GAME_NAME, Acted, AlexandrosDeadlines, AlexandrosService, AlexTable
from service.pace import DEFAULT_PACE
from texts import Texts, of_game, seat_mention
from texts.alexandros.names import end_reason_text, hand_text, played_text
from texts.usertext import shown_name

log = logging.getLogger("clans.alexandros")


def channel_of(interaction: discord.Interaction) -> int:
    assert interaction.channel_id is not None
    return interaction.channel_id


ALEXANDROS_WORDS = CommandWords(
    join="Join the Alexandros game waiting for players here",
    leave="Leave the Alexandros game waiting for players here",
    addbot="Add an AI player to the Alexandros game waiting here",
    start="Start the Alexandros game waiting here (host only)",
    cancel="Cancel this channel's Alexandros game (host or moderator)",
    resign="Resign from this channel's Alexandros game",
    notify="Turn reminders by DM on or off (you are always mentioned)",
    notify_dm="on: also DM me when my time to play runs low; off: only the channel mention",
    rules="The rules of Alexandros in short",
    help="How to play Alexandros here",
    status="Where this channel's Alexandros game stands",
    leaderboard="This server's Alexandros ratings",
    profile="A player's Alexandros record in this server",
)
"""The descriptions of the shared commands in /alexandros (as servers hold them)."""


@app_commands.guild_only()
class AlexandrosCog(
    GameCog,
    commands.GroupCog,
    name="Alexandros",
    group_name="alexandros",
    group_description="Play Alexandros",
    game=GAME_NAME,
    words=ALEXANDROS_WORDS,
):
    components = (PanelButton, ActSelect)
    service: AlexandrosService
    lobby: GameLobby[AlexTable]
    deadlines: AlexandrosDeadlines
    clock: AlexandrosScheduler
    ai: AlexandrosAiTurns

    def __init__(self, bot: BotBase) -> None:
        self.bot = bot
        self.service = alexandros_service(bot)
        self.replays = bot.replays  # the bot's desk, shared with every game (it serves each registered game's)
        self.deadlines = AlexandrosDeadlines(self.service)
        self.ai = AlexandrosAiTurns(bot)
        self.lobby = GameLobby(bot, self.service, self.service.start, self.begin_game, COLOUR)
        self.clock = AlexandrosScheduler(bot, self.service, self.deadlines, self.ai, self.lobby)
        self.sweep = AiSweep(self.service.claims, self.ai, bot.config.ai_sweep_s, game=GAME_NAME)
        self.notify_words = NOTIFY

    def schedule_ai(self, game_id: int, lead: Sequence[Acted] = ()) -> None:
        self.ai.schedule(game_id, lead=lead)

    async def open_panel(self, interaction: discord.Interaction, game_id: int) -> None:
        await self.welcome_back(interaction, channel_id=interaction.channel_id)  # back from away
        await panel.open_panel(self.bot.drawing, interaction, game_id)

    @app_commands.command(name="new", description="Open a game of Alexandros in this channel")
    @app_commands.describe(pace="Time for each turn (default: daily, 24 hours); the host can change it in the lobby")
    @app_commands.choices(pace=[app_commands.Choice(name=PACE_NAME[p], value=p.value) for p in PACE_CHOICES])
    async def new(self, interaction: discord.Interaction, pace: str = DEFAULT_PACE.value) -> None:
        await self.open_lobby(interaction, pace)

    async def begin_game(self, table: AlexTable) -> None:
        """The start post, a new message pinging every seated human: with the first turn when a human moves
        first, else before the AI's run posts its turns (and the first human's "your turn"); the first turn's
        clock."""
        t = of_game(table.record)
        seats = table.record.seats
        lines = [
            t._("**Alexandros game #{game} has started!**", game=table.id),
            "\n".join(f"{seat.seat + 1}. {seat_mention(seat)}" for seat in seats),
        ]
        if table.ai_to_act:
            channel = self.bot.get_partial_messageable(table.record.channel_id)
            await channel.send("\n".join(lines), allowed_mentions=pings(seats))
            self.ai.schedule(table.id)
        else:
            await post_turn(self.bot, table, lines, also_ping=seats)
        self.clock.wake_by(table.record.next_event_at)

    @app_commands.command(name="board", description="Show the board of this channel's Alexandros game")
    async def board(self, interaction: discord.Interaction) -> None:
        table = await self.service.table_in(channel_of(interaction))
        t = reader(interaction)
        file = await board_file(self.bot.drawing, t, table.view, table.names)
        await interaction.response.send_message(file=file, ephemeral=True)

    async def show_status(self, interaction: discord.Interaction) -> None:
        """`/alexandros status`: where this channel's game stands."""
        table = await self.service.table_in(channel_of(interaction))
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
        left = time_left(t, table.record.deadline_at, self.service.now()) if not table.over else ""
        clock = "\n".join(
            [f"{pace} · {left}" if left else pace, *days_off_lines(t, table.record.seats, self.service.now())]
        )
        web = page_line(self.bot, t, table.record)
        text = "\n".join(part for part in (line, scores, walls, clock, web) if part)
        view = with_page_link(self.bot, t, table.record, None)
        extra: dict[str, Any] = {"view": view} if view is not None else {}
        await interaction.response.send_message(text, ephemeral=True, **extra)

    @app_commands.command(
        name="hand", description="Your own cards in this channel's Alexandros game (only you see them)"
    )
    async def hand(self, interaction: discord.Interaction) -> None:
        mine = await self.service.hand_in(channel_of(interaction), interaction.user.id)
        t = reader(interaction)
        await interaction.response.send_message(t._("Your hand: {hand}", hand=hand_text(t, mine.hand)), ephemeral=True)

    @app_commands.command(name="history", description="The last actions of this channel's Alexandros game")
    async def history(self, interaction: discord.Interaction) -> None:
        table = await self.service.table_in(channel_of(interaction))
        t = reader(interaction)
        names = {seat.seat: shown_name(seat.name) for seat in table.record.seats}
        moves = (await self.service.history(table.id))[-15:]
        lines = [f"{m.ply}. {played_text(t, names[m.seat], alex.parse_action(m.action))}" for m in moves]
        await interaction.response.send_message("\n".join(lines) or t._("Nothing has been played yet."), ephemeral=True)

    async def resign_game(self, interaction: discord.Interaction) -> None:
        table = await self.service.table_in(channel_of(interaction))
        acted = await self.service.resign(table.id, interaction.user.id)
        t = of_game(acted.table.record)
        await interaction.response.send_message(
            played_text(t, shown_name(acted.seat.name), alex.Resign(acted.seat.seat))
        )
        if acted.table.over or acted.table.view.to_move != acted.seat.seat:
            await after_action(self.bot, acted)

    async def cancel_game(self, interaction: discord.Interaction) -> None:
        member = interaction.user
        can_manage = isinstance(member, discord.Member) and member.guild_permissions.manage_messages
        game = await self.service.cancel_in(channel_of(interaction), member.id, can_manage)
        await interaction.response.send_message(of_game(game)._("Alexandros #{game} is cancelled.", game=game.id))

    @app_commands.command(name="replay", description="An animated replay of a finished Alexandros game")
    @app_commands.describe(game="The game's number")
    async def replay(self, interaction: discord.Interaction, game: app_commands.Range[int, 1, 10**12]) -> None:
        await self.show_replay(interaction, game)

    def rules_message(self, t: Texts) -> dict[str, Any]:
        return {
            "content": t._(
                "On your turn: move Alexander with a face-up card (or a card from your hand) to the closest empty "
                "space of its symbol; walls go along a shortest path. Then two actions: take a card, occupy a "
                "province, take one over, levy taxes (once), or take back a guard. The game ends when the black "
                "walls run out or someone reaches 100 points. The full rules: docs/RULES.md, part A."
            )
        }

    def help_message(self, t: Texts) -> dict[str, Any]:
        return {
            "content": t._(
                "`/alexandros new` opens a game, `join` and `addbot` fill the seats, `start` begins. On your turn, "
                "press **Play my turn** under the post that names you: your own panel shows your hand and menus "
                "for Alexander's move, the walls and your two actions. `hand`, `board`, `status` and `history` "
                "show the game; `resign` and `cancel` end it."
            )
            + "\n"
            + days_off_help(t, GAME_NAME)
        }


async def setup(bot: BotBase) -> None:
    await bot.add_cog(AlexandrosCog(bot))
