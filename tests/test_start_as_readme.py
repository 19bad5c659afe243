"""The README's set-up, as a new server admin runs it on a fresh copy: `cp .env.example .env`, the token after
`DISCORD_TOKEN=`, `make run`. The network is refused (a namespace of its own, `unshare -rn`), so the bot gets as
far as logging in to Discord with the token from that .env, and says it cannot reach Discord."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "MTAx.a-token-from-the-file.xyz"
LEFT_OUT = {".git", ".venv", ".venv-run", ".lock-venv", "var", "gallery", "play-boards", "build", ".env"}


def fresh_copy(to: Path) -> Path:
    """The project as a fresh clone has it: no venv, no database, no .env, no caches."""
    shutil.copytree(
        ROOT,
        to,
        ignore=lambda _folder, names: [
            n for n in names if n in LEFT_OUT or n.endswith(("_cache", ".egg-info")) or n == "__pycache__"
        ],
    )
    return to


def clean_environment() -> dict[str, str]:
    """The user's shell: no setting exported (they are all in .env), no test backend."""
    return {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "CLANS_", "LOG_LEVEL", "PYTHONPATH"))}


def offline(*command: str) -> list[str]:
    """``command`` with no network at all: every connection is refused at once."""
    assert shutil.which("unshare"), "util-linux's unshare is needed to refuse the network"
    return ["unshare", "-rn", *command]


def make_run(checkout: Path) -> list[str]:
    """`make run` as the README says, with this test run's venv standing in for the one make run would build."""
    return offline("make", "--no-print-directory", "-C", str(checkout), "run", f"RUN_VENV={sys.prefix}", "RUN_STAMP=")


def with_token(checkout: Path) -> Path:
    example = (checkout / ".env.example").read_text(encoding="utf-8")
    assert "\nDISCORD_TOKEN=\n" in example
    (checkout / ".env").write_text(example.replace("\nDISCORD_TOKEN=\n", f"\nDISCORD_TOKEN={TOKEN}\n"))
    return checkout / ".env"


@pytest.mark.parametrize("how", ["make run", "python bot.py", "python /path/to/bot.py from elsewhere"])
def test_the_bot_logs_in_with_the_token_of_the_projects_env(how: str, tmp_path: Path) -> None:
    checkout = fresh_copy(tmp_path / "clans")
    dotenv = with_token(checkout)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    commands = {
        "make run": (make_run(checkout), checkout),
        "python bot.py": (offline(sys.executable, "bot.py"), checkout),
        "python /path/to/bot.py from elsewhere": (offline(sys.executable, str(checkout / "bot.py")), elsewhere),
    }
    command, cwd = commands[how]
    done = subprocess.run(command, cwd=cwd, env=clean_environment(), capture_output=True, text=True, timeout=300)
    err = done.stderr
    assert "DISCORD_TOKEN is not set" not in err, err
    assert f"Settings from {dotenv} and the environment" in err, err
    assert "logging in using static token" in err, err  # discord.py's own line, as it logs in
    assert "Could not reach Discord" in err and "Traceback" not in err, err
    assert TOKEN not in err + done.stdout
    assert (checkout / "var" / "clans.db").is_file() and not (elsewhere / "var").exists()


def test_without_a_token_make_run_says_what_to_do(tmp_path: Path) -> None:
    checkout = fresh_copy(tmp_path / "clans")
    shutil.copy(checkout / ".env.example", checkout / ".env")  # copied, the token not filled in yet
    done = subprocess.run(make_run(checkout), env=clean_environment(), capture_output=True, text=True, timeout=300)
    assert done.returncode != 0
    assert "DISCORD_TOKEN is not set" in done.stderr and "cp .env.example .env" in done.stderr
    assert "Traceback" not in done.stderr
