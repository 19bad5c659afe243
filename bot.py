"""Entry point: read the settings, open the database, build the bot, load the cog, run."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import sys
from collections.abc import Callable
from typing import Any

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from cogs.bot_base import BotBase
from cogs.drawing import Drawing
from cogs.errors import GameTree
from cogs.replays import ReplayDesk
from cogs.translator import GameTranslator
from config import Config, ConfigError, env_file, load_config
from registry import every_game
from service.ai_pool import AiPool
from service.claims import Claims
from service.days_off import Allowance, DaysOff
from service.pace import Clock, system_clock
from service.replays import KeptReplays
from service.web import WebLinks, WebPages
from store import Limits, Store, StoreError
from web.server import CannotServe, WebServer

log = logging.getLogger("clans")

EXTENSIONS = tuple(game.cog for game in every_game())
"""Each game's slash-command group, loaded as an extension."""


class GameBot(BotBase):
    """The bot, sharded: this process runs the shards of ``config.shard_ids`` (all when None) out of
    ``config.shard_count`` (Discord's recommendation when None). Discord sends each guild's interactions to the
    process running its shard; background work (AI turns) goes to whichever process claims it.

    Every game of the registry gets its service over the same store, AI pool, clock, claims and limits (one
    member's lobbies and games count across all games); tests hand in their own clock, seeds, pool and claims."""

    def __init__(
        self,
        config: Config,
        store: Store,
        *,
        ai_pool: AiPool | None = None,
        now: Clock | None = None,
        claims: Claims | None = None,
        seed_source: Callable[[], int] | None = None,
    ) -> None:
        shards: dict[str, Any] = {"shard_count": config.shard_count}
        if config.shard_ids is not None:
            shards["shard_ids"] = list(config.shard_ids)
        super().__init__(
            **shards,
            command_prefix=commands.when_mentioned,  # slash commands only; no message content needed
            intents=discord.Intents.default(),
            tree_cls=GameTree,
            allowed_mentions=discord.AllowedMentions.none(),  # each ping names its users
            help_command=None,
        )
        self.config = config
        self.store = store
        self.ai_pool = ai_pool or AiPool()
        """Where every game's AI thinks (worker processes), started and closed with the bot."""
        self.ai_pool.max_waiting = config.ai_queue
        self.now: Clock = now or system_clock
        claims = claims or Claims(store)
        limits = Limits(
            config.lobbies_per_user, config.games_per_user, config.lobbies_per_server, config.games_per_server
        )
        self.drawing = Drawing()
        self.replays = ReplayDesk(KeptReplays(store), self.now, config.replay_cooldown_s)
        self.services = {}
        for game in every_game():  # each game's parts, from its one registration record
            service = game.make_service(
                store, ai_pool=self.ai_pool, now=self.now, claims=claims, seed_source=seed_source, config=config
            )
            service.limits = limits
            self.services[game.name] = service
            self.replays.serve(game.make_replays(service))
        self.days_off = DaysOff(store, self.now, Allowance(config.days_off, config.days_off_window))
        self.web: WebServer | None = None
        """The games' web pages, served from this process when WEB_HOST is set (web/)."""
        if config.web_host is not None:
            self.web = WebServer(
                WebPages(store), config.web_host, config.web_port, services=self.services, now=self.now
            )

    async def setup_hook(self) -> None:
        await self.ai_pool.start()  # the AI thinks in these worker processes, never in the bot's
        if self.web is not None:
            await self.web.start()
            base = self.config.web_base_url
            self.web_links = WebLinks(self.web.pages, base or self.web.address, buttons=base is not None)
        for extension in EXTENSIONS:
            await self.load_extension(extension)  # each cog registers its persistent components
        await self.tree.set_translator(GameTranslator())
        await self.sync_commands()

    async def close(self) -> None:
        await super().close()  # unloads the cog first, which stops its AI turns
        await self.ai_pool.close()
        self.replays.close()
        if self.web is not None:
            await self.web.close()

    async def sync_commands(self) -> bool:
        """Sync slash commands when they changed since the last sync (to one guild in development)."""
        guild = discord.Object(self.config.guild_id) if self.config.guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        payload = await command_payload(self.tree, guild)
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
        key = f"commands:{self.config.guild_id or 'global'}"
        if await self.store.get_meta(key) == digest:
            return False
        await self.tree.sync(guild=guild)
        await self.store.set_meta(key, digest)
        log.info("Synced %d commands to %s", len(payload), f"guild {guild.id}" if guild else "all servers")
        return True


async def command_payload(
    tree: app_commands.CommandTree[Any], guild: discord.abc.Snowflake | None = None
) -> list[dict[str, Any]]:
    """What a sync sends Discord, translations included: a catalog change changes it, and so syncs again."""
    translator = tree.translator
    commands_ = tree.get_commands(guild=guild)
    if translator is None:
        return [command.to_dict(tree) for command in commands_]
    return [await command.get_translated_payload(tree, translator) for command in commands_]


async def run(config: Config) -> None:
    assert config.token is not None
    async with await Store.open(config.database) as store, GameBot(config, store) as bot:
        await bot.start(config.token)


HTTP_LOGGERS = ("discord.http", "discord.gateway", "discord.webhook.async_", "discord.state")
"""discord.py's loggers that write request and event bodies at DEBUG: the clans sent by DM among them."""


def configure_logging(config: Config) -> None:
    """LOG_LEVEL for the bot; discord.py's traffic stays at INFO or above unless CLANS_DEBUG_HTTP asks."""
    logging.basicConfig(format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger().setLevel(config.log_level)  # also when a handler was installed before us
    floor = logging.getLevelName(config.log_level)
    for name in HTTP_LOGGERS:
        quiet = not config.debug_http and (not isinstance(floor, int) or floor < logging.INFO)
        logging.getLogger(name).setLevel(logging.INFO if quiet else logging.NOTSET)


def main() -> int:
    try:
        config = load_config()
    except ConfigError as error:
        print(f"Configuration error: {error}", file=sys.stderr)
        return 2
    configure_logging(config)
    dotenv = env_file()
    log.info("Settings from %s and the environment", dotenv if dotenv.is_file() else "the environment alone (no .env)")
    if config.token is None:
        print(
            "DISCORD_TOKEN is not set.\n"
            "Create a bot at https://discord.com/developers/applications (Bot -> Reset Token), then\n"
            "  cp .env.example .env   and put the token after DISCORD_TOKEN=\n"
            "and run `make run` again. See README.md, 'Setting up the Discord application'.",
            file=sys.stderr,
        )
        return 2
    try:
        asyncio.run(run(config))
    except discord.LoginFailure:
        print(
            "Discord rejected DISCORD_TOKEN: copy a fresh token from the developer portal into .env.", file=sys.stderr
        )
        return 2
    except discord.PrivilegedIntentsRequired:
        print("Discord refused the gateway intents; this bot needs none that are privileged.", file=sys.stderr)
        return 2
    except StoreError as error:
        print(f"Database: {error}", file=sys.stderr)
        return 2
    except CannotServe as error:
        print(f"Web pages: {error}. Change WEB_HOST or WEB_PORT, or leave WEB_HOST empty.", file=sys.stderr)
        return 2
    except (OSError, aiohttp.ClientError) as error:
        print(f"Could not reach Discord ({error}). Check the network and try again.", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
