"""Every setting .env.example documents is read from the project's .env, with the effect it promises.

The table names each key's effect on the settings; a key documented but missing from the table (or the other
way round) fails, so a new setting comes with its line here."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from config import Config, load_config

ROOT = Path(__file__).resolve().parents[1]

EFFECTS: dict[str, tuple[str, Callable[[Config], Any], Any]] = {
    # key: (the value written in .env, what the settings read, what that must be)
    "DISCORD_TOKEN": ("from-the-file", lambda c: c.token, "from-the-file"),
    "DISCORD_GUILD_ID": ("123456789", lambda c: c.guild_id, 123456789),
    "CLANS_DATABASE": ("postgresql://clans@db/clans", lambda c: c.database, "postgresql://clans@db/clans"),
    "CLANS_AI_ROLLOUTS": ("321", lambda c: c.ai_rollouts, 321),
    "CLANS_AI_BUDGET": ("0.75", lambda c: c.ai_budget_s, 0.75),
    "CLANS_AI_DELAY": ("2.5", lambda c: c.ai_delay_s, 2.5),
    "CLANS_AI_SWEEP": ("9", lambda c: c.ai_sweep_s, 9.0),
    "CLANS_SHARD_COUNT": ("4", lambda c: c.shard_count, 4),
    "CLANS_SHARDS": ("1-2", lambda c: c.shard_ids, (1, 2)),
    "CLANS_LOBBIES_PER_USER": ("3", lambda c: c.lobbies_per_user, 3),
    "CLANS_GAMES_PER_USER": ("4", lambda c: c.games_per_user, 4),
    "CLANS_LOBBIES_PER_SERVER": ("5", lambda c: c.lobbies_per_server, 5),
    "CLANS_GAMES_PER_SERVER": ("6", lambda c: c.games_per_server, 6),
    "CLANS_REPLAY_COOLDOWN": ("7", lambda c: c.replay_cooldown_s, 7.0),
    "CLANS_AI_QUEUE": ("8", lambda c: c.ai_queue, 8),
    "CLANS_DAYS_OFF": ("10", lambda c: c.days_off, 10),
    "CLANS_DAYS_OFF_WINDOW": ("90", lambda c: c.days_off_window, 90),
    "LOG_LEVEL": ("warning", lambda c: c.log_level, "WARNING"),
    "CLANS_DEBUG_HTTP": ("1", lambda c: c.debug_http, True),
    "WEB_HOST": ("0.0.0.0", lambda c: c.web_host, "0.0.0.0"),
    "WEB_PORT": ("8123", lambda c: c.web_port, 8123),
    "WEB_BASE_URL": ("https://clans.example.org/", lambda c: c.web_base_url, "https://clans.example.org"),
    "OPS_HOST": ("127.0.0.1", lambda c: c.ops_host, "127.0.0.1"),
    "OPS_PORT": ("9200", lambda c: c.ops_port, 9200),
}
NEEDS = {"CLANS_SHARDS": {"CLANS_SHARD_COUNT": "4"}, "WEB_BASE_URL": {"WEB_HOST": "127.0.0.1"}}
"""Settings that only mean something beside another one."""


def documented_keys() -> list[str]:
    example = (ROOT / ".env.example").read_text(encoding="utf-8")
    return re.findall(r"^([A-Z][A-Z0-9_]*)=", example, flags=re.MULTILINE)


def test_the_table_names_every_documented_setting() -> None:
    assert sorted(documented_keys()) == sorted(EFFECTS)


@pytest.mark.parametrize("key", EFFECTS)
def test_each_setting_is_read_from_the_projects_env(key: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in EFFECTS:
        monkeypatch.delenv(name, raising=False)
    written, read, expected = EFFECTS[key]
    lines = [f"{key}={written}", *(f"{k}={v}" for k, v in NEEDS.get(key, {}).items())]
    (tmp_path / ".env").write_text("\n".join(lines) + "\n", encoding="utf-8")
    default = read(load_config(project=tmp_path / "nowhere"))
    assert read(load_config(project=tmp_path)) == expected != default


def test_the_example_file_itself_loads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`cp .env.example .env` gives a working configuration, with the README's default database."""
    for name in EFFECTS:
        monkeypatch.delenv(name, raising=False)
    (tmp_path / ".env").write_text((ROOT / ".env.example").read_text(encoding="utf-8"), encoding="utf-8")
    config = load_config(project=tmp_path)
    assert config.token is None and config.database == str(tmp_path / "var" / "clans.db")
    assert (config.web_host, config.web_port, config.web_base_url) == ("127.0.0.1", 8080, None)  # served locally


def test_a_relative_database_path_is_in_the_project_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CLANS_DATABASE", raising=False)
    monkeypatch.chdir(tmp_path)  # wherever the bot is started from
    project = tmp_path / "checkout"
    assert load_config(project=project).database == str(project / "var" / "clans.db")
    (project).mkdir()
    (project / ".env").write_text("CLANS_DATABASE=data/games.db\n")
    assert load_config(project=project).database == str(project / "data" / "games.db")
    (project / ".env").write_text(f"CLANS_DATABASE={tmp_path / 'abs.db'}\n")
    assert load_config(project=project).database == str(tmp_path / "abs.db")
