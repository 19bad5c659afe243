"""Entry point: read the settings, open the database, build the bot, load the cog, run."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import signal
import sys
from collections.abc import Callable, Coroutine
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
from cogs.watch import Watch
from config import Config, ConfigError, env_file, load_config
from registry import every_game
from service.ai_pool import AiPool
from service.claims import Claims
from service.days_off import Allowance, DaysOff
from service.metrics import CONTENT_TYPE, Metrics
from service.pace import Clock, system_clock
from service.replays import KeptReplays
from service.web import WebLinks, WebPages
from store import Limits, Store, StoreError
from web.ops import OpsServer
from web.server import CannotServe, WebServer

log = logging.getLogger("clans")

EXTENSIONS = (*(game.cog for game in every_game()), "cogs.ops")
"""Each game's slash-command group, loaded as an extension, and the owner's health report (cogs/ops.py)."""
DRAIN_S = 5.0
"""On SIGTERM or Ctrl-C, how long interactions under way get to finish before the bot closes."""
CLOSE_S = 4.0
"""How long closing (the AI's turns back to the sweep, the web servers, the gateway) may take, then it is cut."""
CLOCK_SILENT_S = 180.0
"""A clock that has not ticked for this long (three of its longest sleeps) makes /healthz unhealthy."""
DB_ANSWER_S = 2.0
"""How long /healthz waits for the database's answer."""
INTERACTION_TASKS = ("CommandTree-invoker", "discord-ui-view-dispatch-", "discord-ui-dynamic-item-", "discord-ui-modal")
"""discord.py's names for the tasks that handle one interaction (commands, autocomplete, buttons, menus, modals)."""


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
        self.metrics = Metrics(
            shards="all" if config.shard_ids is None else ",".join(map(str, config.shard_ids)),
            shard_count="auto" if config.shard_count is None else str(config.shard_count),
        )
        self.watch = Watch(self.metrics)
        self._watch_store(store)
        self.closed = asyncio.Event()
        """Set once the bot has closed (its gateway, AI pool, web servers)."""
        self.ops: OpsServer | None = None
        """/healthz and /metrics, served from this process when OPS_HOST is set (web/ops.py)."""
        if config.ops_host is not None:
            self.ops = OpsServer(config.ops_host, config.ops_port, self.health_problems, self.exposition)

    def _watch_store(self, store: Store) -> None:
        """What feeds the metrics besides Discord (cogs/watch.py): the database, the AI pool, the web pages."""
        metrics = self.metrics
        store.on_transaction = lambda kind, seconds: metrics.db_transaction.labels(kind=kind).observe(seconds)
        store.on_announced = metrics.announced
        self.ai_pool.on_decision = metrics.decided
        if self.web is not None:
            self.web.on_request = lambda route, status: metrics.web_requests.labels(
                route=route, status=str(status)
            ).inc()

    async def setup_hook(self) -> None:
        self.watch.install()
        await self.ai_pool.start()  # the AI thinks in these worker processes, never in the bot's
        if self.ops is not None:
            await self.ops.start()
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
        if self.ops is not None:
            await self.ops.close()
        self.watch.uninstall()
        self.closed.set()

    async def stop_cleanly(self) -> None:
        """SIGTERM or Ctrl-C: take no new interaction (each gets a word: cogs/errors.py), let those under way end
        (at most ``DRAIN_S``), then close: each AI turn stops and goes back to the sweep of the next process (its
        claim lapses), the clock stops after its tick, the web servers close; the database is closed by ``run``.
        Whatever was committed and not yet announced is announced by the next process at its start."""
        self.draining = True
        log.info("Stopping: no new interactions; waiting for those under way")
        under_way = interactions_under_way()
        if under_way:
            await asyncio.wait(under_way, timeout=DRAIN_S)
        try:
            async with asyncio.timeout(CLOSE_S):
                await self.close()
        except TimeoutError:
            log.warning("Closing took longer than %.0f s; stopping anyway", CLOSE_S)

    # --- what the operator watches (web/ops.py, cogs/ops.py) ------------------------------------------------------

    def gateway_problem(self) -> str | None:
        if self.is_closed() or not self.is_ready():
            return "gateway: not connected"
        closed = [shard_id for shard_id, shard in self.shards.items() if shard.is_closed()]
        return f"gateway: shard {', '.join(map(str, closed))} not connected" if closed else None

    async def health_problems(self) -> list[str]:
        """What is wrong now: the gateway, the database, the clock (empty: healthy). No user's data."""
        problems = []
        gateway = self.gateway_problem()
        if gateway is not None:
            problems.append(gateway)
        try:
            async with asyncio.timeout(DB_ANSWER_S):
                await self.store.ping()
        except Exception as error:
            problems.append(f"database: no answer ({type(error).__name__})")
        silent = self.metrics.clock_silent_s()
        if silent is None and self.metrics.uptime_s() > CLOCK_SILENT_S:
            problems.append("clock: never ticked")
        elif silent is not None and silent > CLOCK_SILENT_S:
            problems.append(f"clock: no tick for {silent:.0f} s")
        if self.draining:
            problems.append("stopping")
        return problems

    async def exposition(self) -> tuple[bytes, str]:
        """The metrics as of now: the gateway, the AI queue and the games by state read at this moment."""
        self.watch.gateway(self)
        self.metrics.ai_queue.set(self.ai_pool.waiting)
        try:
            self.metrics.set_games(await self.store.game_counts())
        except Exception:
            log.warning("Could not count the games for /metrics")
        return self.metrics.exposition(), CONTENT_TYPE

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


def interactions_under_way() -> set[asyncio.Task[Any]]:
    """The tasks handling an interaction now (discord.py names them)."""
    return {task for task in asyncio.all_tasks() if not task.done() and task.get_name().startswith(INTERACTION_TASKS)}


STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


async def serve(bot: GameBot, running: Coroutine[Any, Any, None]) -> None:
    """``running`` (the bot connected to Discord) until it ends by itself, or until SIGTERM or Ctrl-C stops the bot
    cleanly (``GameBot.stop_cleanly``), which ends it."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signal_number in STOP_SIGNALS:
        loop.add_signal_handler(signal_number, stop.set)
    try:
        runner = asyncio.create_task(running, name="bot")
        stopping = asyncio.create_task(stop.wait(), name="stop-signal")
        await asyncio.wait({runner, stopping}, return_when=asyncio.FIRST_COMPLETED)
        if stopping.done():
            log.info("Stop signal: closing cleanly")
            await bot.stop_cleanly()
        else:
            stopping.cancel()
        await runner  # its end, or its error (a refused token, an unreachable Discord)
    finally:
        for signal_number in STOP_SIGNALS:
            loop.remove_signal_handler(signal_number)


async def run(config: Config) -> None:
    assert config.token is not None
    async with await Store.open(config.database) as store, GameBot(config, store) as bot:
        await serve(bot, bot.start(config.token))


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
