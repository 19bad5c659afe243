"""Secrets and durability at start: the token in no repr, .env from the project folder only, discord.py's
traffic logs quiet unless asked, the SQLite file and folder for their owner alone, commits durable."""

from __future__ import annotations

import logging
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

import config as config_module
from bot import HTTP_LOGGERS, configure_logging
from config import load_config
from store import Store

TOKEN = "MTAx.secret-token.value"


def test_the_token_and_a_database_password_are_in_no_repr() -> None:
    config = load_config({"DISCORD_TOKEN": TOKEN, "CLANS_DATABASE": "postgresql://clans:pa55word@db/clans"})
    for shown in (repr(config), str(config), f"{config!r}", repr([config])):
        assert TOKEN not in shown and "pa55word" not in shown, shown
    assert "token='***'" in repr(config) and "postgresql://clans:***@db/clans" in repr(config)
    assert config.token == TOKEN  # still there for the bot to log in
    assert "token=None" in repr(load_config({}))


def test_dotenv_is_read_from_the_project_folder_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for key in ("DISCORD_TOKEN", "CLANS_AI_DELAY", "LOG_LEVEL"):
        monkeypatch.delenv(key, raising=False)
    project = tmp_path / "parent" / "clans"
    project.mkdir(parents=True)
    (tmp_path / "parent" / ".env").write_text("DISCORD_TOKEN=from-the-parent\nCLANS_AI_DELAY=7\n")
    monkeypatch.chdir(tmp_path / "parent")  # a .env in the working directory is not the project's either
    assert load_config(project=project).token is None
    assert load_config(project=project).ai_delay_s == 1.0
    (project / ".env").write_text("DISCORD_TOKEN=from-the-project\nLOG_LEVEL=debug\n")
    assert load_config(project=project).token == "from-the-project"
    monkeypatch.setenv("DISCORD_TOKEN", "from-the-environment")  # the environment wins over the file
    assert load_config(project=project).token == "from-the-environment"
    assert load_config(project=project).log_level == "DEBUG"


def test_the_project_folder_is_the_checkout_wherever_the_config_module_lives(tmp_path: Path) -> None:
    """The folder with bot.py, pyproject.toml and the README, not the folder the config module happens to be in
    (config.py moved into frame/ once, and the bot read frame/.env from then on)."""
    root = Path(__file__).resolve().parents[1]
    assert {"bot.py", "pyproject.toml", "README.md", ".env.example"} <= {p.name for p in root.iterdir()}
    assert root == config_module.PROJECT
    assert config_module.env_file() == root / ".env"
    checkout = tmp_path / "above" / "clans"
    (checkout / "some" / "layer").mkdir(parents=True)
    for name in ("bot.py", "pyproject.toml"):
        (checkout / name).write_text("")
        (tmp_path / "above" / name).write_text("")  # a checkout above this one is not its project
    assert config_module.checkout_of(checkout / "config.py") == checkout
    assert config_module.checkout_of(checkout / "some" / "layer" / "config.py") == checkout
    installed = tmp_path / "venv" / "lib" / "site-packages"
    installed.mkdir(parents=True)
    (installed / "bot.py").write_text("")  # an installed copy has bot.py but no pyproject.toml
    assert config_module.checkout_of(installed / "config.py") is None


@pytest.fixture
def fresh_logging() -> Iterator[None]:
    root = logging.getLogger()
    saved = (root.level, list(root.handlers), {n: logging.getLogger(n).level for n in HTTP_LOGGERS})
    root.handlers = []
    yield
    root.setLevel(saved[0])
    root.handlers = saved[1]
    for name, level in saved[2].items():
        logging.getLogger(name).setLevel(level)


@pytest.mark.usefixtures("fresh_logging")
def test_discord_http_logs_stay_at_info_under_debug_unless_asked() -> None:
    configure_logging(load_config({"LOG_LEVEL": "DEBUG"}))
    assert logging.getLogger().isEnabledFor(logging.DEBUG)  # LOG_LEVEL for everything else
    for name in HTTP_LOGGERS:
        assert not logging.getLogger(name).isEnabledFor(logging.DEBUG), name
        assert logging.getLogger(name).isEnabledFor(logging.INFO), name
    configure_logging(load_config({"LOG_LEVEL": "DEBUG", "CLANS_DEBUG_HTTP": "1"}))
    assert all(logging.getLogger(name).isEnabledFor(logging.DEBUG) for name in HTTP_LOGGERS)
    configure_logging(load_config({"LOG_LEVEL": "WARNING"}))
    assert not logging.getLogger("discord.http").isEnabledFor(logging.INFO)  # no louder than LOG_LEVEL


async def test_the_sqlite_file_and_its_folder_are_owner_only(tmp_path: Path) -> None:
    path = tmp_path / "var" / "clans.db"
    async with await Store.open(str(path)) as store:
        await store.set_meta("probe", "1")  # a write, so the -wal file exists too
        assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
        for file in path.parent.iterdir():
            assert stat.S_IMODE(file.stat().st_mode) == 0o600, file.name


async def test_sqlite_commits_with_synchronous_full(tmp_path: Path) -> None:
    async with await Store.open(str(tmp_path / "clans.db")) as store:
        backend = store._backend
        async with backend._conn.execute("PRAGMA synchronous") as cursor:  # type: ignore[attr-defined]
            row = await cursor.fetchone()
    assert row is not None and row[0] == 2  # 2 = FULL (1 = NORMAL)
