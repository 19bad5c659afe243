"""The one error path: known refusals become short ephemeral messages; anything else is logged."""

from __future__ import annotations

import logging
from typing import Any, cast

import discord
from discord import app_commands

from errors import GameError, Why
from registry import GAME_NAMES as GAMES
from registry import games_by_id_prefix
from service.errors import as_refusal
from texts import N_, Texts, resolve, texts
from texts.reasons import is_illegal_move, say

log = logging.getLogger("clans.errors")

APOLOGY = N_("Sorry, something went wrong on my side. {command} shows where the game stands.")
PLAIN_APOLOGY = N_("Sorry, something went wrong on my side.")


def reader(interaction: discord.Interaction) -> Texts:
    """The words for whoever clicked or typed: their own Discord language (ephemeral answers)."""
    return texts(resolve(interaction.locale))


def server_texts(interaction: discord.Interaction) -> Texts:
    """The words of a public answer outside any game (the leaderboard): the server's language."""
    return texts(resolve(interaction.guild_locale))


def user_message(error: BaseException, t: Texts) -> str | None:
    """The sentence to show for a known refusal, or None for a bug."""
    if isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError):
        error = error.__cause__ or error
    refused = as_refusal(error)  # a store's refusal that slipped past the service is worded the same way
    if refused is not None:
        return say(t, refused)
    if is_illegal_move(error):
        return say(t, error)
    if isinstance(error, app_commands.CommandOnCooldown):
        return t._("Slow down: try again in {seconds} seconds.", seconds=round(error.retry_after))
    if isinstance(error, app_commands.NoPrivateMessage):
        return t._("This command cannot be used in private messages.")
    if isinstance(error, app_commands.CheckFailure):
        return t._("You cannot use that here.")
    if isinstance(error, app_commands.TransformerError):
        return t._("That value is not valid here.")
    return None


async def report_error(interaction: discord.Interaction, error: BaseException, game_id: int | None = None) -> None:
    t = reader(interaction)
    message = user_message(error, t)
    watch = getattr(interaction.client, "watch", None)  # the bot's metrics (cogs/watch.py)
    if watch is not None:
        watch.interaction(interaction, "refused" if message is not None else "failed")
    if message is None:
        log.error(
            "Unexpected error (game %s, channel %s, command %s, user %s)",
            game_id if game_id is not None else "-",
            interaction.channel_id,
            interaction.command.qualified_name if interaction.command else interaction.data,
            interaction.user.id,
            exc_info=error,
        )
        message = apology(t, game_of(interaction))
    await send_ephemeral(interaction, message)


def game_of(interaction: discord.Interaction) -> str | None:
    """The game whose command or component this is: the command group's name, or the game a custom id's
    prefix abbreviates ("clans:…", "alex:…"); None for anything else."""
    command = interaction.command
    if isinstance(command, app_commands.Command):
        name = (command.root_parent or command).name
    else:
        custom_id = str(cast(dict[str, Any], interaction.data or {}).get("custom_id", ""))
        name = games_by_id_prefix().get(custom_id.split(":", 1)[0], "")
    return name if name in GAMES else None


def apology(t: Texts, game: str | None) -> str:
    """The answer to a bug: sorry, and where the game's state can be read."""
    if game is None:
        return t._(PLAIN_APOLOGY)
    return t._(APOLOGY, command=t.command(game, "status"))


async def send_ephemeral(interaction: discord.Interaction, message: str) -> None:
    try:
        if interaction.response.is_done():
            if interaction.response.type is discord.InteractionResponseType.deferred_channel_message:
                await _drop_thinking(interaction)
            await interaction.followup.send(message, ephemeral=True)
        else:
            await interaction.response.send_message(message, ephemeral=True)
    except discord.HTTPException:
        log.warning("Could not tell user %s: %s", interaction.user.id, message)


async def _drop_thinking(interaction: discord.Interaction) -> None:
    """A refusal after a public "thinking…" answer (the action was found legal, then another process or click
    committed first): remove the placeholder, or the first follow-up would replace it, publicly."""
    original = await interaction.original_response()
    if original.flags.loading:
        await interaction.delete_original_response()


def draining(client: discord.Client) -> bool:
    """The bot is stopping: new interactions get a word instead of acting (bot.py's clean stop)."""
    return bool(getattr(client, "draining", False))


class GameTree(app_commands.CommandTree[discord.Client]):
    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if not draining(interaction.client):
            return True
        if interaction.type is not discord.InteractionType.autocomplete:
            await report_error(interaction, GameError(Why.RESTARTING))
        return False

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await report_error(interaction, error)
