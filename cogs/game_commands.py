"""The commands every game's group has: join, leave, addbot, start, cancel, resign, notify, rules, help, status,
leaderboard and profile, built once for each game from its words (``CommandWords``: the descriptions its
servers already hold, so the command tree and its translations stay as they were) and run by one implementation
over that game's lobby, service and clock. `new`, `replay` and `history`, whose options differ between the
games, are declared by each game over the shared ``open_lobby`` and ``show_replay``.

What differs between the games is asked of the game's cog (``cancel_game``, ``resign_game``, ``show_status``,
``rules_message``, ``help_message``, ``welcome_back``); everything else is the same code for both, the
commands' ``interaction_check`` included.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import discord
from discord import app_commands
from discord.ext import commands

from cogs.errors import reader, server_texts
from cogs.notify import NotifyWords, set_notify
from cogs.standings import RecentLine, leaderboard_embed, points_only, profile_embed
from cogs.translator import level_choice
from cogs.visibility import check_visible
from errors import GameError
from service.deadlines import TurnDeadlines
from store import GameRecord, LeaderboardRow, ProfileRecord
from texts import Texts, resolve

if TYPE_CHECKING:
    from cogs.frame import Frame
    from cogs.lobby import GameLobby


class RatedService(Protocol):
    """What the shared commands read of a game's service besides its lobby."""

    async def game(self, game_id: int) -> GameRecord: ...

    async def leaderboard(self, guild_id: int) -> list[LeaderboardRow]: ...

    async def profile(self, guild_id: int, user_id: int) -> ProfileRecord | None: ...


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
    ai_levels: tuple[str, ...]


class GameCommands(commands.Cog):
    """What the shared commands run on: the game's cog sets these and answers the game's own questions."""

    bot: Frame
    lobby: GameLobby[Any]
    games: RatedService
    deadlines: TurnDeadlines[Any]
    game_kind: str
    notify_words: NotifyWords

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """Any command of the game's group: the user's language is remembered for the DMs sent to them later
        (reminders, a Clans player's clan), and in a game's channel its player comes back from being away."""
        await self.lobby.service.remember_language(interaction.user.id, resolve(interaction.locale))
        await self.welcome_back(interaction)
        return True

    async def welcome_back(self, interaction: discord.Interaction) -> None:
        """The member acts in this channel: if they were away in its game, they are back (the table is told)."""
        raise NotImplementedError

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

    async def open_lobby(
        self, interaction: discord.Interaction, pace: str, thread: bool = True, language: str | None = None
    ) -> None:
        await self.lobby.open(interaction, pace, thread, language)

    async def show_replay(self, interaction: discord.Interaction, game_id: int) -> None:
        """A finished game's replay: public in the game's own channel; from another channel, only to the asker
        (who must be able to see that one)."""
        try:
            record: GameRecord | None = await self.games.game(game_id)
        except GameError:
            record = None  # the desk says there is no such game
        if record is not None:
            check_visible(interaction, record)
        here = record is not None and record.channel_id == interaction.channel_id
        await self.bot.replays.send(interaction, self.game_kind, game_id, ephemeral=not here)


def shared_commands(words: CommandWords, ai_ratings: Mapping[str, tuple[float, float]]) -> type[GameCommands]:
    """The shared commands with a game's descriptions: a base of the game's GroupCog. ``ai_ratings`` are its AI
    levels' published (μ, σ) (the registry's): `addbot` names each level with its rating."""

    def levels(choices: tuple[str, ...]) -> Callable[[Any], Any]:
        return app_commands.choices(level=[level_choice(level, ai_ratings[level]) for level in choices])

    class SharedCommands(GameCommands):
        @app_commands.command(name="join", description=words.join)
        async def join(self, interaction: discord.Interaction) -> None:
            await self.lobby.join_here(interaction)

        @app_commands.command(name="leave", description=words.leave)
        async def leave(self, interaction: discord.Interaction) -> None:
            await self.lobby.leave_here(interaction)

        @app_commands.command(name="addbot", description=words.addbot)
        @app_commands.describe(level="How strong the AI plays (default: normal)")
        @levels(words.ai_levels)
        async def addbot(self, interaction: discord.Interaction, level: str = "normal") -> None:
            await self.lobby.add_ai(interaction, level)

        @app_commands.command(name="start", description=words.start)
        async def start(self, interaction: discord.Interaction) -> None:
            await self.lobby.start_here(interaction)

        @app_commands.command(name="cancel", description=words.cancel)
        async def cancel(self, interaction: discord.Interaction) -> None:
            await self.cancel_game(interaction)

        @app_commands.command(name="resign", description=words.resign)
        async def resign(self, interaction: discord.Interaction) -> None:
            await self.resign_game(interaction)

        @app_commands.command(name="notify", description=words.notify)
        @app_commands.describe(dm=words.notify_dm)
        @app_commands.choices(dm=[app_commands.Choice(name=v, value=v) for v in ("on", "off")])
        async def notify(self, interaction: discord.Interaction, dm: str) -> None:
            await set_notify(self.deadlines, self.bot, interaction, dm == "on", self.notify_words)

        @app_commands.command(name="rules", description=words.rules)
        async def rules(self, interaction: discord.Interaction) -> None:
            await interaction.response.send_message(**self.rules_message(reader(interaction)), ephemeral=True)

        @app_commands.command(name="help", description=words.help)
        async def help(self, interaction: discord.Interaction) -> None:
            await interaction.response.send_message(**self.help_message(reader(interaction)), ephemeral=True)

        @app_commands.command(name="status", description=words.status)
        async def status(self, interaction: discord.Interaction) -> None:
            await self.show_status(interaction)

        @app_commands.command(name="leaderboard", description=words.leaderboard)
        async def leaderboard(self, interaction: discord.Interaction) -> None:
            if interaction.guild_id is None:
                raise app_commands.NoPrivateMessage
            rows = await self.games.leaderboard(interaction.guild_id)
            # Without a cached guild, the interaction carries a partial one with no name.
            t = server_texts(interaction)
            name = getattr(interaction.guild, "name", None) or t._("this server")
            await interaction.response.send_message(embed=leaderboard_embed(t, self.game_kind, rows, name))

        @app_commands.command(name="profile", description=words.profile)
        @app_commands.describe(user="Whose profile (default: yours)")
        async def profile(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
            if interaction.guild_id is None:
                raise app_commands.NoPrivateMessage
            target = user or interaction.user
            record = await self.games.profile(interaction.guild_id, target.id)
            t = server_texts(interaction)
            embed = profile_embed(t, self.game_kind, record, target, self.profile_line())
            await interaction.response.send_message(embed=embed)

    return SharedCommands
