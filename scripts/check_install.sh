#!/usr/bin/env bash
# Prove that a plain (non-editable) `pip install .` works outside the source tree: a fresh venv gets the
# locked dependencies and the project, then, from an empty folder, plays a random game to the end,
# renders its board, and starts the bot far enough to explain that DISCORD_TOKEN is missing.
# Reuses pip's cache, so after the first run it takes well under a minute.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
python="${PYTHON:-python3}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

"$python" -m venv "$work/venv"
"$work/venv/bin/python" -m pip install --quiet --disable-pip-version-check -c "$repo/requirements.lock" "$repo"

mkdir "$work/elsewhere"
cd "$work/elsewhere"
env -u PYTHONPATH -u DISCORD_TOKEN "$work/venv/bin/python" - "$repo" <<'PY'
import random
import sys
from pathlib import Path

repo = Path(sys.argv[1]).resolve()

import engine
import render
from engine import new_game, public_view, random_playout
from render import render_board

for module in (engine, render):
    where = Path(module.__file__).resolve()
    assert repo not in where.parents, f"{module.__name__} was imported from the source tree: {where}"

state = new_game(4, 7)
random_playout(state, random.Random(7))
assert state.over and state.villages, "a random game must end with villages founded"
png = render_board(public_view(state))
assert png.startswith(b"\x89PNG") and len(png) > 10_000, "the board must render to a PNG"

import bot

assert bot.main() == 2, "without DISCORD_TOKEN the bot must stop with exit code 2"
print(f"check_install: ok: {len(state.villages)} villages, a {len(png)} byte board, the bot starts")
PY
