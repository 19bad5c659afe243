"""The /clans command group: one cog on the shared shape (cogs/game_cog.py), its commands declared here and answered
by its features' modules (turns, info, overview, lobby), each next to its buttons and message builders. It asks
the Clans service and shows the answer; no rules here. It is also what the Clans components call
(cogs/clans/actions.py)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.ai_sweep import AiSweep
from cogs.bot_base import BotBase
from cogs.clans import clock_texts, info, lobby, overview, told, turns
from cogs.clans import messages as text
from cogs.clans.actions import clans_service
from cogs.clans.clock import TurnScheduler
from cogs.clans.clock_views import CLANS_NOTIFY, BackButton
from cogs.clans.lobby_views import CancelButton
from cogs.clans.move_panel import PANEL_ITEMS
from cogs.clans.order_menus import OrderSelect
from cogs.clans.overview import OVERVIEW_ITEMS
from cogs.clans.posts import ClansPosts
from cogs.errors import reader
from cogs.game_cog import CommandWords, GameCog
from cogs.lobby import GameLobby
from cogs.lobby_views import language_name
from cogs.standings import RecentLine
from engine.clans import Move
from errors import GameError, Why
from service.clans.deadlines import Deadlines
from service.clans.games import GAME_NAME, ClansService
from service.clans.tables import Table
from texts import LANGUAGES, Texts
from texts.clans.maps import MAP_CHOICES, MAP_NAME

CLANS_WORDS = CommandWords(
    join="Join the game waiting for players in this channel",
    leave="Leave the game waiting for players in this channel",
    addbot="Add an AI player to the game waiting for players here",
    start="Start the game (host only, 2 to 4 players)",
    cancel="Cancel this channel's game (host or Manage Messages)",
    resign="Leave the running game (your clan stays on the board)",
    notify="Turn reminders by DM on or off (you are always mentioned)",
    notify_dm="on: also DM me when my time to move runs low; off: only the channel mention",
    rules="The rules of Clans in short, with the epoch chart",
    help="Every /clans command with an example",
    status="Epoch, chips left, scores, seats and whose turn it is",
    leaderboard="This server's Clans ratings",
    profile="A player's Clans record in this server",
)
"""The descriptions of the shared commands in /clans (as servers hold them)."""


@app_commands.guild_only()
class ClansCog(
    GameCog,
    commands.GroupCog,
    name="Clans",
    group_name="clans",
    group_description="Play Clans, the hidden-clan game",
    game=GAME_NAME,
    words=CLANS_WORDS,
):
    components = (OrderSelect, CancelButton, BackButton, *OVERVIEW_ITEMS, *PANEL_ITEMS)
    service: ClansService
    lobby: GameLobby[Table]
    deadlines: Deadlines
    clock: TurnScheduler

    def __init__(self, bot: BotBase) -> None:
        self.bot = bot
        self.service = clans_service(bot)
        self.replays = bot.replays  # the bot's desk, shared with every game (it serves each registered game's)
        self.deadlines = Deadlines(self.service)
        self.posts = ClansPosts(bot, self.service, self.deadlines)
        self.ai = self.posts.ai
        self.lobby = GameLobby(bot, self.service, self.service.start, self.begin_game, text.BRAND)
        self.clock = TurnScheduler(self.posts, self.deadlines, self.lobby)
        self.sweep = AiSweep(self.service.claims, self.ai, bot.config.ai_sweep_s, game=GAME_NAME)
        self.notify_words = CLANS_NOTIFY

    async def begin_game(self, table: Table) -> None:
        """The start post (cogs/clans/posts.py); the first turn's clock."""
        await self.posts.begin(table)
        self.clock.wake_by(table.record.next_event_at)

    # --- a game -------------------------------------------------------------------------------------------------

    @app_commands.command(name="new", description="Open a game of Clans, in a new thread of its own if I may")
    @app_commands.describe(
        pace="Time for each move (default: daily, 24 hours); the host can change it in the lobby",
        thread="Open the game in a new thread of this channel (default: yes, if I may)",
        language="The language of the game's messages and boards (default: this server's)",
        board="The board to play on: the printed game's or the project's own (the lobby shows which)",
    )
    @app_commands.rename(board="map")
    @app_commands.choices(
        pace=[app_commands.Choice(name=clock_texts.PACE_NAME[p], value=p.value) for p in clock_texts.PACE_CHOICES],
        language=[app_commands.Choice(name=language_name(code), value=code) for code in LANGUAGES],
        board=[app_commands.Choice(name=MAP_NAME[m], value=m) for m in MAP_CHOICES],
    )
    async def new(
        self,
        interaction: discord.Interaction,
        pace: str = "daily",
        thread: bool = True,
        language: str | None = None,
        board: str = "",
    ) -> None:
        await self.open_lobby(interaction, pace, thread, language, board)

    async def cancel_game(self, interaction: discord.Interaction) -> None:
        await lobby.ask_to_cancel(self.posts, interaction)

    async def confirm_cancel(self, interaction: discord.Interaction, game_id: int) -> None:
        await lobby.confirm_cancel(self.posts, self.lobby, interaction, game_id)

    # --- a turn -------------------------------------------------------------------------------------------------

    @app_commands.command(name="move", description="Move all huts of a territory onto a neighbouring one")
    @app_commands.rename(from_="from")
    @app_commands.describe(from_="The territory whose huts move, e.g. 23", to="The neighbouring territory, e.g. 24")
    async def move(self, interaction: discord.Interaction, from_: int, to: int) -> None:
        await turns.play_move(self.posts, interaction, from_, to)

    @move.autocomplete("from_")
    async def move_from_autocomplete(self, interaction: discord.Interaction, current: str) -> list[turns.Choice]:
        return await turns.source_choices(self.service, interaction, current)

    @move.autocomplete("to")
    async def move_to_autocomplete(self, interaction: discord.Interaction, current: str) -> list[turns.Choice]:
        return await turns.target_choices(self.service, interaction, current)

    async def choose_village(self, interaction: discord.Interaction, game_id: int, ply: int, territory: int) -> None:
        await turns.choose_village(self.posts, interaction, game_id, ply, territory)

    async def confirm_move(
        self, interaction: discord.Interaction, game_id: int, ply: int, move: Move | None, index: int
    ) -> None:
        await turns.confirm_move(self.posts, interaction, game_id, ply, move, index)

    async def resign_game(self, interaction: discord.Interaction) -> None:
        await turns.resign(self.posts, interaction)

    async def back_button(self, interaction: discord.Interaction, game_id: int) -> None:
        """The "I'm back" button under a timeout message."""
        if not await self.welcome_back(interaction, game_id=game_id):
            raise GameError(Why.NOT_AWAY)
        note = reader(interaction)._("Welcome back! Your turns are yours again.")
        await interaction.response.send_message(note, ephemeral=True)

    # --- what a game shows --------------------------------------------------------------------------------------

    @app_commands.command(name="board", description="Show the current board (only to you)")
    async def board(self, interaction: discord.Interaction) -> None:
        await info.show_board(self.posts, interaction)

    @app_commands.command(name="myclan", description="Show your secret clan (only to you)")
    async def myclan(self, interaction: discord.Interaction) -> None:
        await info.show_my_clan(self.posts, interaction)

    @app_commands.command(name="readable", description="How readable your clan is now to the table (only to you)")
    async def readable(self, interaction: discord.Interaction) -> None:
        await told.show_readable(self.posts, interaction)

    @app_commands.command(name="replay", description="An animated replay of a finished game of this server")
    @app_commands.describe(game="The game's number, e.g. 3")
    async def replay(self, interaction: discord.Interaction, game: app_commands.Range[int, 1]) -> None:
        await self.show_replay(interaction, game)

    @app_commands.command(name="games", description="Every game you are playing, on every server (only to you)")
    async def games_list(self, interaction: discord.Interaction) -> None:
        await overview.list_games(self.service, interaction)

    @app_commands.command(name="history", description="A game's moves and villages, page by page (only to you)")
    @app_commands.describe(game="The game's number, e.g. 12 (default: this channel's game)")
    async def history(self, interaction: discord.Interaction, game: app_commands.Range[int, 1] | None = None) -> None:
        await overview.show_history(self.service, interaction, game)

    async def show_status(self, interaction: discord.Interaction) -> None:
        await info.show_status(self.posts, interaction)

    def rules_message(self, t: Texts) -> dict[str, Any]:
        return info.rules_message(t)

    def help_message(self, t: Texts) -> dict[str, Any]:
        return info.help_message(t)

    def profile_line(self) -> RecentLine:
        return text.recent_game_line


async def setup(bot: BotBase) -> None:
    await bot.add_cog(ClansCog(bot))
