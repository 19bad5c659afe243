"""`make run` is a contract: without a token it explains what to do instead of failing with a traceback."""

from pathlib import Path

import pytest

import bot
import config as config
from config import ConfigError, load_config
from store import Store


def test_missing_token_prints_what_to_do(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(config, "PROJECT", tmp_path)  # no .env here
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert bot.main() == 2
    err = capsys.readouterr().err
    assert "DISCORD_TOKEN is not set" in err and ".env.example" in err and "Traceback" not in err


def test_bad_setting_is_reported_without_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(config, "PROJECT", tmp_path)
    monkeypatch.setenv("DISCORD_GUILD_ID", "my-server")
    assert bot.main() == 2
    assert "DISCORD_GUILD_ID must be a number" in capsys.readouterr().err


def test_config_reads_every_setting_with_defaults() -> None:
    config = load_config({"DISCORD_TOKEN": " t0k ", "DISCORD_GUILD_ID": "123", "CLANS_AI_BUDGET": "0.5"})
    assert config.token == "t0k" and config.guild_id == 123 and config.ai_budget_s == 0.5
    assert config.ai_delay_s == 1.0 and config.log_level == "INFO"
    assert config.database == str(Path(__file__).resolve().parents[1] / "var" / "clans.db")  # README: var/clans.db
    assert load_config({}).token is None
    url = "postgresql://clans:s3cret@db.example:5432/clans"
    assert load_config({"CLANS_DATABASE": f" {url} "}).database == url  # a URL is kept as written
    with pytest.raises(ConfigError):
        load_config({"CLANS_AI_DELAY": "-1"})


def test_the_hard_ai_plays_a_number_of_rollouts_within_a_time_cap() -> None:
    assert load_config({}).ai_rollouts is None and load_config({}).ai_budget_s is None  # the AI's own defaults
    assert load_config({"CLANS_AI_ROLLOUTS": "3200"}).ai_rollouts == 3200
    for bad in ("fast", "0", "-5", "1.5"):
        with pytest.raises(ConfigError, match="CLANS_AI_ROLLOUTS"):
            load_config({"CLANS_AI_ROLLOUTS": bad})


async def test_the_bot_gives_the_hard_ai_its_settings_or_the_ais_own_defaults(tmp_path: Path) -> None:
    """Unset, the hard AI plays Clans' own 800 rollouts within 2 s (.env.example); set, what the settings say."""
    store = await Store.open(str(tmp_path / "clans.db"))
    try:
        for env, expected in (({}, (800, 2.0)), ({"CLANS_AI_ROLLOUTS": "3200", "CLANS_AI_BUDGET": "0.5"}, (3200, 0.5))):
            ai = bot.GameBot(load_config(env), store).services["clans"].ai
            assert (ai.rollouts, ai.budget_s) == expected
    finally:
        await store.close()


def test_shards_are_read_as_a_count_and_this_processs_ids() -> None:
    default = load_config({})
    assert (default.shard_count, default.shard_ids, default.ai_sweep_s) == (None, None, 5.0)
    assert load_config({"CLANS_SHARD_COUNT": "8"}).shard_ids is None  # every shard in this process
    assert load_config({"CLANS_SHARD_COUNT": "8", "CLANS_SHARDS": "0-3"}).shard_ids == (0, 1, 2, 3)
    assert load_config({"CLANS_SHARD_COUNT": "8", "CLANS_SHARDS": " 5, 0,2 , 6-7"}).shard_ids == (0, 2, 5, 6, 7)
    for env, phrase in [
        ({"CLANS_SHARDS": "0-3"}, "CLANS_SHARDS needs CLANS_SHARD_COUNT"),
        ({"CLANS_SHARD_COUNT": "0"}, "CLANS_SHARD_COUNT must be a whole number"),
        ({"CLANS_SHARD_COUNT": "four"}, "CLANS_SHARD_COUNT must be a whole number"),
        ({"CLANS_SHARD_COUNT": "8", "CLANS_SHARDS": "0-"}, "like 0-3 or 0,2,5"),
        ({"CLANS_SHARD_COUNT": "8", "CLANS_SHARDS": "a,b"}, "like 0-3 or 0,2,5"),
        ({"CLANS_SHARD_COUNT": "8", "CLANS_SHARDS": "3-1"}, "runs backwards"),
        ({"CLANS_SHARD_COUNT": "8", "CLANS_SHARDS": "4-8"}, "names shard 8, but with CLANS_SHARD_COUNT=8"),
        ({"CLANS_AI_SWEEP": "0"}, "CLANS_AI_SWEEP must be more than 0"),
    ]:
        with pytest.raises(ConfigError, match=phrase):
            load_config(env)


def test_a_bad_shard_setting_is_reported_without_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CLANS_SHARD_COUNT", "4")
    monkeypatch.setenv("CLANS_SHARDS", "2-5")
    assert bot.main() == 2
    err = capsys.readouterr().err
    assert err.startswith("Configuration error: CLANS_SHARDS names shard 5") and "Traceback" not in err


def test_env_example_documents_every_setting() -> None:
    example = (Path(__file__).resolve().parents[1] / ".env.example").read_text()
    keys = (
        "DISCORD_TOKEN",
        "DISCORD_GUILD_ID",
        "CLANS_DATABASE",
        "CLANS_AI_ROLLOUTS",
        "CLANS_AI_BUDGET",
        "CLANS_AI_DELAY",
        "CLANS_AI_SWEEP",
        "CLANS_SHARD_COUNT",
        "CLANS_SHARDS",
        "LOG_LEVEL",
    )
    for key in keys:
        assert f"{key}=" in example


def test_an_unreachable_postgres_database_is_reported_without_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "t0k")
    monkeypatch.setenv("CLANS_DATABASE", f"postgresql://clans:s3cret@/clans?host={tmp_path}&port=1")
    assert bot.main() == 2
    err = capsys.readouterr().err
    assert err.startswith("Database: cannot connect to PostgreSQL at postgresql://clans:***@") and "s3cret" not in err


def test_web_settings_serve_pages_only_when_asked_and_link_only_to_an_address_discord_takes() -> None:
    off = load_config({})
    assert (off.web_host, off.web_port, off.web_base_url) == (None, 8080, None)
    served = load_config({"WEB_HOST": "127.0.0.1", "WEB_PORT": "0", "WEB_BASE_URL": "https://clans.example.org/x/"})
    assert (served.web_host, served.web_port, served.web_base_url) == ("127.0.0.1", 0, "https://clans.example.org/x")
    assert load_config({"WEB_HOST": "::1", "WEB_BASE_URL": "http://203.0.113.7:8080"}).web_base_url is not None
    for env, phrase in [
        ({"WEB_HOST": "127.0.0.1", "WEB_PORT": "http"}, "WEB_PORT must be a port number"),
        ({"WEB_HOST": "127.0.0.1", "WEB_PORT": "70000"}, "WEB_PORT must be a port number"),
        ({"WEB_HOST": "127.0.0.1", "WEB_BASE_URL": "clans.example.org"}, "must be an http:// or https://"),
        ({"WEB_HOST": "127.0.0.1", "WEB_BASE_URL": "ftp://clans.example.org"}, "must be an http:// or https://"),
        ({"WEB_HOST": "127.0.0.1", "WEB_BASE_URL": "http://localhost:8080"}, "Discord refuses links"),
        ({"WEB_BASE_URL": "https://clans.example.org"}, "WEB_BASE_URL needs WEB_HOST"),
    ]:
        with pytest.raises(ConfigError, match=phrase):
            load_config(env)
