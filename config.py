"""Settings from the environment (and a .env file): one frozen value, read once at start."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from dotenv import find_dotenv, load_dotenv

from ai import DEFAULT_BUDGET_S, DEFAULT_ROLLOUTS


class ConfigError(ValueError):
    """A setting is missing or malformed; the message says what to do."""


@dataclass(frozen=True, slots=True)
class Config:
    token: str | None
    guild_id: int | None
    """When set, commands sync to this guild only (instant, for development)."""
    database: str
    """A file path (SQLite) or a ``postgresql://`` URL."""
    ai_budget_s: float
    """Upper bound on the hard AI's thinking time per move (seconds)."""
    ai_delay_s: float
    """Pause before an AI moves, so humans can follow the game."""
    log_level: str
    ai_rollouts: int = DEFAULT_ROLLOUTS
    """Rollouts the hard AI plays per move (its strength), unless ai_budget_s runs out first."""


def load_config(env: Mapping[str, str] | None = None, dotenv: bool = True) -> Config:
    if env is None:
        if dotenv:
            load_dotenv(find_dotenv(usecwd=True))  # the .env of the directory the bot runs in
        env = os.environ
    return Config(
        token=env.get("DISCORD_TOKEN", "").strip() or None,
        guild_id=_optional_int(env, "DISCORD_GUILD_ID"),
        database=env.get("CLANS_DATABASE", "").strip() or "var/clans.db",
        ai_budget_s=_float(env, "CLANS_AI_BUDGET", DEFAULT_BUDGET_S),
        ai_delay_s=_float(env, "CLANS_AI_DELAY", 1.0),
        log_level=(env.get("LOG_LEVEL", "").strip() or "INFO").upper(),
        ai_rollouts=_rollouts(env, "CLANS_AI_ROLLOUTS", DEFAULT_ROLLOUTS),
    )


def _optional_int(env: Mapping[str, str], key: str) -> int | None:
    raw = env.get(key, "").strip()
    if not raw:
        return None
    if not raw.isdigit():
        raise ConfigError(f"{key} must be a number (a Discord id), not {raw!r}")
    return int(raw)


def _rollouts(env: Mapping[str, str], key: str, default: int) -> int:
    raw = env.get(key, "").strip()
    if not raw:
        return default
    if not raw.isdigit() or int(raw) < 1:
        raise ConfigError(f"{key} must be a whole number of rollouts, 1 or more, not {raw!r}")
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
