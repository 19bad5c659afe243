"""The one shape of every game's cog: one class, its slash-command group, over the game's service, lobby, clock, AI
turns and the AI sweep, each built by the game's cog and handed what it needs.

The commands every game's group has (join, leave, addbot, start, cancel, resign, notify, daysoff, hours, rules,
help, status, leaderboard, profile and weblink) are declared here once; daysoff, hours and weblink read alike in
every game, the others are worded by each game: a game's cog names its descriptions in
its class statement (``words=CommandWords(...)``: the descriptions its servers already hold, so the command tree
and its translations stay as they were), and the AI levels ``addbot`` offers are its registry record's. `new`,
`replay` and `history`, whose options differ between the games, are declared by each game over the shared
``open_lobby`` and ``show_replay``.

What differs between the games is asked of the game's cog (``cancel_game``, ``resign_game``, ``show_status``,
``rules_message``, ``help_message``, ``profile_line``); everything else is the same code for both: the commands'
``interaction_check``, coming back from being away, the turn clock, the AI turns and the sweep, started and
stopped the same way, and the components' actions (the cog registers itself as its game's, ``bot.actions``).
"""

from __future__ import annotations

import copy
import logging
from dataclasses import dataclass, fields, replace
from typing import Any, ClassVar

import discord
from discord import app_commands, ui
from discord.ext import commands

from cogs.ai_sweep import AiSweep
from cogs.ai_tasks import GameTasks
from cogs.bot_base import BotBase
from cogs.clock import ClockScheduler
from cogs.days_off import EndDaysOffButton, days_off_command, hours_command, start_days, zones
from cogs.errors import reader, server_texts
from cogs.lobby import GameLobby
from cogs.notify import NotifyWords, set_notify
from cogs.pace_texts import back_note
from cogs.replay_button import ReplayButton
from cogs.standings import RecentLine, leaderboard_embed, points_only, profile_embed
from cogs.translator import level_choice
from cogs.visibility import check_visible
from cogs.web_links import set_web_link
from errors import GameError
from registry import Game
from registry import game as game_named
from service.deadlines import TurnDeadlines
from service.games import GameService
from service.records import GameRecord
from service.turns import Committed
from texts import Texts, of_game, resolve

log = logging.getLogger("clans.cog")

Command = app_commands.Command[Any, ..., Any]


@dataclass(frozen=True)
class CommandWords:
    """A game's descriptions of its shared commands (English: the catalogs translate them as before)."""

    join: str
    leave: str
    addbot: str
    start: str
    cancel: str
    resign: str
    notify: str
    notify_dm: str
    rules: str
    help: str
    status: str
    leaderboard: str
    profile: str


class GameCog(commands.Cog):
    """A game's cog: its ``__init__`` builds what follows over the bot's shared parts, and its class statement
    names the game (``game=``) and the descriptions of the shared commands (``words=``)."""

    game: ClassVar[str]
    """The game this cog plays (a name in registry.GAME_NAMES)."""
    components: ClassVar[tuple[type[ui.DynamicItem[Any]], ...]] = ()
    """The game's buttons and selects that outlive a restart (the lobby's and the Replay button are every game's:
    cogs/lobby.py, cogs/replay_button.py)."""
    bot: BotBase
    service: GameService
    lobby: GameLobby[Any]
    deadlines: TurnDeadlines[Any]
    clock: ClockScheduler[Any]
    ai: GameTasks
    sweep: AiSweep
    notify_words: NotifyWords

    def __init_subclass__(cls, *, game: str | None = None, words: CommandWords | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if game is not None:
            cls.game = game
        if words is not None:
            for name, shared in vars(GameCog).items():
                if isinstance(shared, app_commands.Command) and shared.name in WORDED:
                    setattr(cls, name, worded(shared, words, game_named(cls.game)))

    # --- start and stop ---------------------------------------------------------------------------------------

    async def cog_load(self) -> None:
        """Its components answer from now on; every commit of the game's pipeline wakes its clock when the next turn
        needs it sooner; then at start: who is away, the moves committed before a crash but never announced, the AI
        turns a stopped process (or another one) left; then the sweep and the clock run."""
        self.bot.actions[self.game] = self  # what the game's components call (cogs/<game>/actions.py)
        self.bot.add_dynamic_items(ReplayButton, EndDaysOffButton, *self.components)  # these two: every game's
        self.clock.follow(self.service.turns)
        self.clock.on_commit = self._committed  # each action's commit → public message, timed (the metrics)
        self.clock.on_tick = self.bot.metrics.ticked
        # Days off that end early (a player's button, command, or their action in any game) wake the clock too.
        self.clock.follow_days_off(self.bot.days_off)
        try:
            await self.deadlines.load_away()
            await self.clock.catch_up(immediate=True)
            await self.sweep.run_once()
        except Exception:  # the database is unreachable for a moment: the clock's ticks and the sweep catch up
            log.exception("Could not catch up the %s games at start", self.game)
        self.sweep.start()
        self.clock.start()

    async def cog_unload(self) -> None:
        """No commit wakes the clock any more, the sweep and every AI task stop, then the clock."""
        self.clock.unfollow(self.service.turns)
        self.sweep.stop()
        self.ai.cancel_all()
        await self.clock.stopped()

    def _committed(self, committed: Committed[Any]) -> None:
        self.bot.metrics.committed(self.game, committed.record.id, committed.record.snapshot_ply)

    # --- what every command does first ---------------------------------------------------------------------------

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """Any command of the game's group: the user's language is remembered for the DMs sent to them later
        (reminders, a Clans player's clan), and in a game's channel its player comes back from being away."""
        await self.service.remember_language(interaction.user.id, resolve(interaction.locale))
        await self.welcome_back(interaction, channel_id=interaction.channel_id)
        return True

    async def welcome_back(
        self, interaction: discord.Interaction, *, channel_id: int | None = None, game_id: int | None = None
    ) -> bool:
        """If the member was away in this channel's game (or game ``game_id``), they are back: the table is told. A
        turn of theirs that the autopilot was about to play gets a fresh clock. True if they were away."""
        if channel_id is None and game_id is None:
            return False
        seats = await self.deadlines.come_back(interaction.user.id, channel_id=channel_id, game_id=game_id)
        for seat in seats:
            game = await self.service.record(seat.game_id)
            await self.bot.get_partial_messageable(game.channel_id).send(back_note(of_game(game), seat))
        if seats:
            self.clock.wake()
        return bool(seats)

    # --- what each game answers ----------------------------------------------------------------------------------

    async def cancel_game(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError

    async def resign_game(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError

    async def show_status(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError

    def rules_message(self, t: Texts) -> dict[str, Any]:
        """The rules in short (send_message's content, embed…), in the reader's language."""
        raise NotImplementedError

    def help_message(self, t: Texts) -> dict[str, Any]:
        raise NotImplementedError

    def profile_line(self) -> RecentLine:
        """How a profile lists a recent game (Clans names the clan's result too)."""
        return points_only

    # --- what the games' own commands share ------------------------------------------------------------------------

    async def open_lobby(
        self,
        interaction: discord.Interaction,
        pace: str,
        thread: bool = True,
        language: str | None = None,
        board: str = "",
    ) -> None:
        await self.lobby.open(interaction, pace, thread, language, board)

    async def show_replay(self, interaction: discord.Interaction, game_id: int) -> None:
        """A finished game's replay: public in the game's own channel; from another channel, only to the asker
        (who must be able to see that one)."""
        try:
            record: GameRecord | None = await self.service.record(game_id)
        except GameError:
            record = None  # the desk says there is no such game
        if record is not None:
            check_visible(interaction, record)
        here = record is not None and record.channel_id == interaction.channel_id
        await self.bot.replays.send(interaction, self.game, game_id, ephemeral=not here)

    # --- the shared commands (each game words them: ``words=``) -----------------------------------------------------

    @app_commands.command(name="join", description="-")
    async def join(self, interaction: discord.Interaction) -> None:
        await self.lobby.join_here(interaction)

    @app_commands.command(name="leave", description="-")
    async def leave(self, interaction: discord.Interaction) -> None:
        await self.lobby.leave_here(interaction)

    @app_commands.command(name="addbot", description="-")
    @app_commands.describe(level="How strong the AI plays (default: normal)")
    async def addbot(self, interaction: discord.Interaction, level: str = "normal") -> None:
        await self.lobby.add_ai(interaction, level)

    @app_commands.command(name="start", description="-")
    async def start(self, interaction: discord.Interaction) -> None:
        await self.lobby.start_here(interaction)

    @app_commands.command(name="cancel", description="-")
    async def cancel(self, interaction: discord.Interaction) -> None:
        await self.cancel_game(interaction)

    @app_commands.command(name="resign", description="-")
    async def resign(self, interaction: discord.Interaction) -> None:
        await self.resign_game(interaction)

    @app_commands.command(name="notify", description="-")
    @app_commands.describe(dm="-")
    @app_commands.choices(dm=[app_commands.Choice(name=v, value=v) for v in ("on", "off")])
    async def notify(self, interaction: discord.Interaction, dm: str) -> None:
        await set_notify(self.deadlines, self.bot, interaction, dm == "on", self.notify_words)

    # daysoff and hours are worded alike in every game: the setting is the player's, for every game.
    @app_commands.command(name="daysoff", description="Days off: your turns in every game wait for you (0 ends them)")
    @app_commands.describe(
        days="Whole days off, in every game you play (0 ends them now; leave out to see yours)",
        start="The day they begin, in your time zone (default: now)",
    )
    @app_commands.autocomplete(start=start_days)
    async def daysoff(
        self,
        interaction: discord.Interaction,
        days: app_commands.Range[int, 0, 365] | None = None,
        start: str | None = None,
    ) -> None:
        await days_off_command(interaction, self.game, days, start)

    @app_commands.command(name="hours", description="The hours you want turn reminders in, in your own time zone")
    @app_commands.describe(
        zone="Your time zone, e.g. Europe/Rome (off: reminders at any hour)",
        start="Reminders from this hour on (0-23; default 8)",
        end="Reminders until this hour (0-23; default 22)",
    )
    @app_commands.autocomplete(zone=zones)
    async def hours(
        self,
        interaction: discord.Interaction,
        zone: str | None = None,
        start: app_commands.Range[int, 0, 23] | None = None,
        end: app_commands.Range[int, 0, 23] | None = None,
    ) -> None:
        await hours_command(interaction, self.game, zone, start, end)

    @app_commands.command(name="rules", description="-")
    async def rules(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(**self.rules_message(reader(interaction)), ephemeral=True)

    @app_commands.command(name="help", description="-")
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(**self.help_message(reader(interaction)), ephemeral=True)

    @app_commands.command(name="status", description="-")
    async def status(self, interaction: discord.Interaction) -> None:
        await self.show_status(interaction)

    @app_commands.command(name="leaderboard", description="-")
    async def leaderboard(self, interaction: discord.Interaction) -> None:
        if interaction.guild_id is None:
            raise app_commands.NoPrivateMessage
        rows = await self.service.leaderboard(interaction.guild_id)
        # Without a cached guild, the interaction carries a partial one with no name.
        t = server_texts(interaction)
        name = getattr(interaction.guild, "name", None) or t._("this server")
        await interaction.response.send_message(embed=leaderboard_embed(t, self.game, rows, name))

    @app_commands.command(name="profile", description="-")
    @app_commands.describe(user="Whose profile (default: yours)")
    async def profile(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        if interaction.guild_id is None:
            raise app_commands.NoPrivateMessage
        target = user or interaction.user
        record = await self.service.profile(interaction.guild_id, target.id)
        t = server_texts(interaction)
        embed = profile_embed(t, self.game, record, target, self.profile_line())
        await interaction.response.send_message(embed=embed)

    @app_commands.command(
        name="weblink", description="Renew or revoke the link to this game's web page (host or moderator)"
    )
    @app_commands.describe(action="renew: a new link, the old one stops working; revoke: no page until renewed")
    @app_commands.choices(action=[app_commands.Choice(name=v, value=v) for v in ("renew", "revoke")])
    async def weblink(self, interaction: discord.Interaction, action: str) -> None:
        await set_web_link(interaction, self.game, action == "renew")


WORDED = {field.name for field in fields(CommandWords)} - {"notify_dm"}
"""The shared commands each game words (the others, daysoff, hours and weblink, read alike in every game)."""


def worded(shared: Command, words: CommandWords, record: Game) -> Command:
    """A copy of a shared command with a game's description (and, for ``notify``, its option's; for ``addbot``, the
    game's AI levels as the choices, each named with its published rating): what the game's group declares as its
    own. ``record`` is the game's registry record."""
    command = copy.copy(shared)
    description = getattr(words, command.name)
    command.description = description
    command._locale_description = app_commands.locale_str(description)
    params = dict(command._params)
    if command.name == "notify":
        params["dm"] = replace(params["dm"], description=app_commands.locale_str(words.notify_dm))
    if command.name == "addbot":
        choices = [level_choice(level, record.ai_ratings[level]) for level in record.ai_levels]
        params["level"] = replace(params["level"], choices=choices)
    command._params = params
    return command
