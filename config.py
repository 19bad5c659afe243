"""Settings from the environment (and the project folder's .env file): one frozen value, read once at start.

The project folder is the checkout the bot runs from: the folder holding ``bot.py``, ``pyproject.toml`` and the
README, found from this module's own place wherever the layout puts it (never a folder above the checkout). An
installed copy (``pip install .``, then ``clans-discord``) has no checkout: its project folder is the working
directory it is started in. The default SQLite file, and any relative ``CLANS_DATABASE`` path, live in that
same folder, so ``make run``, ``python bot.py`` and ``python /path/to/bot.py`` all read one ``.env`` and one
database.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from dotenv import dotenv_values

DEFAULT_DATABASE = Path("var") / "clans.db"
SECRET = "***"


def checkout_of(module_file: str | Path) -> Path | None:
    """The checkout a module file belongs to: the nearest folder above it holding both ``bot.py`` and
    ``pyproject.toml``; None for an installed copy (site-packages holds ``bot.py`` but no ``pyproject.toml``)."""
    for folder in Path(module_file).resolve().parents:
        if (folder / "bot.py").is_file() and (folder / "pyproject.toml").is_file():
            return folder
    return None


PROJECT = checkout_of(__file__) or Path.cwd()
"""The one folder whose .env is read (python-dotenv's find_dotenv, which searches upwards, is not used)."""


class ConfigError(ValueError):
    """A setting is missing or malformed; the message says what to do."""


@dataclass(frozen=True, slots=True, repr=False)
class Config:
    token: str | None
    guild_id: int | None
    """When set, commands sync to this guild only (instant, for development)."""
    database: str
    """A file path (SQLite; a relative one is in the project folder) or a ``postgresql://`` URL."""
    ai_budget_s: float | None
    """Upper bound on the hard AI's thinking time per move (seconds); None: the game's AI's own default."""
    ai_delay_s: float
    """Pause before an AI moves, so humans can follow the game."""
    log_level: str
    ai_rollouts: int | None = None
    """Rollouts the hard AI plays per move (its strength), unless ai_budget_s runs out first; None: the game's
    AI's own default."""
    ai_sweep_s: float = 5.0
    """How often each process looks for AI turns nobody is playing (another process's, or a dead one's)."""
    shard_count: int | None = None
    """Shards of the whole bot (every process); None: as many as Discord recommends, all in this process."""
    shard_ids: tuple[int, ...] | None = None
    """The shards this process runs; None: all of them."""
    debug_http: bool = False
    """Log discord.py's HTTP and gateway traffic at DEBUG too (request bodies, clan DMs included)."""
    replay_cooldown_s: float = 30.0
    """How long a member waits between two replays they ask for."""
    lobbies_per_user: int = 2
    """Open lobbies one member may host at once."""
    games_per_user: int = 10
    """Games (open lobbies and running games) one member may sit in at once."""
    lobbies_per_server: int = 10
    """Open lobbies in one server at once."""
    games_per_server: int = 50
    """Running games in one server at once."""
    ai_queue: int = 200
    """AI turns waiting for a worker at most; more wait in the database until the AI sweep finds them."""
    days_off: int = 14
    """Days off one player may take in any ``days_off_window`` days (their turns wait meanwhile)."""
    days_off_window: int = 60
    """The window, in days, over which ``days_off`` is counted."""
    web_host: str | None = None
    """Where the games' web pages are served (web/): the address to listen on; None: no web server."""
    web_port: int = 8080
    """The port to listen on (0: any free one, which the server then reports)."""
    web_base_url: str | None = None
    """The address people open the pages at (behind a reverse proxy), for the links posted in Discord; None: no
    link buttons (``/clans status`` names the page's address on this machine instead)."""

    ops_host: str | None = None
    """Where /healthz and /metrics are served (web/ops.py): the address to listen on; None: not served."""
    ops_port: int = 9108
    """Their port (0: any free one)."""

    def __repr__(self) -> str:
        """Every setting but the secrets: the token, and a database URL's password."""
        shown = {f.name: getattr(self, f.name) for f in fields(self)}
        shown["token"] = None if self.token is None else SECRET
        shown["database"] = _redacted(self.database)
        return f"Config({', '.join(f'{name}={value!r}' for name, value in shown.items())})"


def load_config(env: Mapping[str, str] | None = None, dotenv: bool = True, project: Path | None = None) -> Config:
    """The settings from ``env`` or, by default, the environment over the .env file of ``project`` (the
    environment wins, as with python-dotenv). No other folder's .env is read."""
    folder = project or PROJECT
    if env is None:
        file = {k: v for k, v in dotenv_values(folder / ".env").items() if v is not None} if dotenv else {}
        env = {**file, **os.environ}
    return Config(
        token=env.get("DISCORD_TOKEN", "").strip() or None,
        guild_id=_optional_int(env, "DISCORD_GUILD_ID"),
        database=_database(env.get("CLANS_DATABASE", "").strip(), folder),
        ai_budget_s=_optional_float(env, "CLANS_AI_BUDGET"),
        ai_delay_s=_float(env, "CLANS_AI_DELAY", 1.0),
        log_level=(env.get("LOG_LEVEL", "").strip() or "INFO").upper(),
        ai_rollouts=_rollouts(env, "CLANS_AI_ROLLOUTS"),
        ai_sweep_s=_positive(env, "CLANS_AI_SWEEP", 5.0),
        debug_http=env.get("CLANS_DEBUG_HTTP", "").strip().lower() in ("1", "true", "yes", "on"),
        replay_cooldown_s=_float(env, "CLANS_REPLAY_COOLDOWN", 30.0),
        lobbies_per_user=_limit(env, "CLANS_LOBBIES_PER_USER", 2),
        games_per_user=_limit(env, "CLANS_GAMES_PER_USER", 10),
        lobbies_per_server=_limit(env, "CLANS_LOBBIES_PER_SERVER", 10),
        games_per_server=_limit(env, "CLANS_GAMES_PER_SERVER", 50),
        ai_queue=_limit(env, "CLANS_AI_QUEUE", 200),
        **_days_off(env),
        **_web(env),
        **_ops(env),
        **_shards(env),
    )


def env_file(project: Path | None = None) -> Path:
    return (project or PROJECT) / ".env"


def _database(raw: str, folder: Path) -> str:
    """A URL as written; a file path in the project folder unless it is absolute."""
    if "://" in raw or raw == ":memory:":
        return raw
    return str(folder / (raw or DEFAULT_DATABASE))


def _redacted(database: str) -> str:
    """A database URL without its password (a file path is shown as it is)."""
    scheme, sep, rest = database.partition("://")
    credentials, at, host = rest.rpartition("@")
    if not sep or not at or ":" not in credentials:
        return database
    return f"{scheme}{sep}{credentials.split(':', 1)[0]}:{SECRET}@{host}"


def _optional_int(env: Mapping[str, str], key: str) -> int | None:
    raw = env.get(key, "").strip()
    if not raw:
        return None
    if not raw.isdigit():
        raise ConfigError(f"{key} must be a number (a Discord id), not {raw!r}")
    return int(raw)


def _rollouts(env: Mapping[str, str], key: str) -> int | None:
    raw = env.get(key, "").strip()
    if not raw:
        return None
    if not raw.isdigit() or int(raw) < 1:
        raise ConfigError(f"{key} must be a whole number of rollouts, 1 or more, not {raw!r}")
    return int(raw)


def _limit(env: Mapping[str, str], key: str, default: int) -> int:
    raw = env.get(key, "").strip()
    if not raw:
        return default
    if not raw.isdigit() or int(raw) < 1:
        raise ConfigError(f"{key} must be a whole number, 1 or more, not {raw!r}")
    return int(raw)


def _float(env: Mapping[str, str], key: str, default: float) -> float:
    raw = env.get(key, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ConfigError(f"{key} must be a number of seconds, not {raw!r}") from None
    if value < 0:
        raise ConfigError(f"{key} cannot be negative")
    return value


def _optional_float(env: Mapping[str, str], key: str) -> float | None:
    return _float(env, key, 0.0) if env.get(key, "").strip() else None


def _positive(env: Mapping[str, str], key: str, default: float) -> float:
    value = _float(env, key, default)
    if value == 0:
        raise ConfigError(f"{key} must be more than 0 seconds")
    return value


def _days_off(env: Mapping[str, str]) -> dict[str, Any]:
    """CLANS_DAYS_OFF days in any CLANS_DAYS_OFF_WINDOW days: the allowance must be shorter than its window."""
    days = _limit(env, "CLANS_DAYS_OFF", 14)
    window = _limit(env, "CLANS_DAYS_OFF_WINDOW", 60)
    if days >= window:
        raise ConfigError(
            f"CLANS_DAYS_OFF ({days}) must be fewer days than CLANS_DAYS_OFF_WINDOW ({window}), "
            "the days it is counted in"
        )
    return {"days_off": days, "days_off_window": window}


def _web(env: Mapping[str, str]) -> dict[str, Any]:
    """WEB_HOST and WEB_PORT (where the pages are served; no host: no server) and WEB_BASE_URL (their links)."""
    host = env.get("WEB_HOST", "").strip() or None
    raw_port = env.get("WEB_PORT", "").strip()
    if raw_port and (not raw_port.isdigit() or int(raw_port) > 65535):
        raise ConfigError(f"WEB_PORT must be a port number, 0 to 65535, not {raw_port!r}")
    base = env.get("WEB_BASE_URL", "").strip().rstrip("/") or None
    if base is not None:
        scheme, sep, rest = base.partition("://")
        host_part = rest.split("/", 1)[0].rsplit("@", 1)[-1].split(":", 1)[0]
        if scheme not in ("http", "https") or not sep or not host_part:
            raise ConfigError(f"WEB_BASE_URL must be an http:// or https:// address, not {base!r}")
        if "." not in host_part:
            raise ConfigError(
                f"WEB_BASE_URL needs a domain (or an IP address), such as https://clans.example.org: Discord refuses"
                f" links to a host without one, like {host_part!r}"
            )
        if host is None:
            raise ConfigError("WEB_BASE_URL needs WEB_HOST, the address the bot serves the pages on")
    return {"web_host": host, "web_port": int(raw_port) if raw_port else 8080, "web_base_url": base}


def _ops(env: Mapping[str, str]) -> dict[str, Any]:
    """OPS_HOST and OPS_PORT: where /healthz and /metrics are served (no host: nowhere)."""
    host = env.get("OPS_HOST", "").strip() or None
    raw_port = env.get("OPS_PORT", "").strip()
    if raw_port and (not raw_port.isdigit() or int(raw_port) > 65535):
        raise ConfigError(f"OPS_PORT must be a port number, 0 to 65535, not {raw_port!r}")
    return {"ops_host": host, "ops_port": int(raw_port) if raw_port else 9108}


def _shards(env: Mapping[str, str]) -> dict[str, Any]:
    """CLANS_SHARD_COUNT (the whole bot's shards) and CLANS_SHARDS (this process's: ``0-3`` or ``0,2,5``)."""
    raw_count = env.get("CLANS_SHARD_COUNT", "").strip()
    raw_ids = env.get("CLANS_SHARDS", "").strip()
    if not raw_count:
        if raw_ids:
            raise ConfigError("CLANS_SHARDS needs CLANS_SHARD_COUNT, the number of shards of the whole bot")
        return {"shard_count": None, "shard_ids": None}
    if not raw_count.isdigit() or int(raw_count) < 1:
        raise ConfigError(f"CLANS_SHARD_COUNT must be a whole number of shards, 1 or more, not {raw_count!r}")
    count = int(raw_count)
    if not raw_ids:
        return {"shard_count": count, "shard_ids": None}
    ids: set[int] = set()
    for part in raw_ids.split(","):
        low, dash, high = part.strip().partition("-")
        if not low.isdigit() or (dash and not high.strip().isdigit()):
            raise ConfigError(f"CLANS_SHARDS must list shard ids like 0-3 or 0,2,5, not {raw_ids!r}")
        first, last = int(low), int(high) if dash else int(low)
        if first > last:
            raise ConfigError(f"CLANS_SHARDS: the range {part.strip()!r} runs backwards")
        ids.update(range(first, last + 1))
    if max(ids) >= count:
        raise ConfigError(
            f"CLANS_SHARDS names shard {max(ids)}, but with CLANS_SHARD_COUNT={count} the ids are 0 to {count - 1}"
        )
    return {"shard_count": count, "shard_ids": tuple(sorted(ids))}
