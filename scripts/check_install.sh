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

# Build from a clean copy of the tree: building in place would reuse (and ship) a stale build/ folder.
mkdir "$work/src"
tar -C "$repo" --exclude=./.git --exclude=./.venv --exclude=./.venv-run --exclude=./.lock-venv --exclude=./build --exclude='*.egg-info' \
    --exclude='*_cache' --exclude=__pycache__ --exclude=./var --exclude=./gallery --exclude=./play-boards -cf - . | tar -C "$work/src" -xf -
"$python" -m venv "$work/venv"
"$work/venv/bin/python" -m pip install --quiet --disable-pip-version-check -c "$repo/requirements.lock" "$work/src"

mkdir "$work/elsewhere"
cd "$work/elsewhere"
env -u PYTHONPATH -u DISCORD_TOKEN "$work/venv/bin/python" - <<'PY'
import random
import sys
from pathlib import Path

venv = Path(sys.prefix).resolve()

import bot
import cogs
import config
import data
import engine
import registry
import render
import service
import store
import texts
from engine.clans import new_game, public_view, random_playout
from render.clans import render_board

for module in (bot, cogs, config, data, engine, registry, render, service, store, texts):
    where = Path(module.__file__).resolve()
    assert venv in where.parents, f"{module.__name__} was not imported from the installed package: {where}"

state = new_game(4, 7)
random_playout(state, random.Random(7))
assert state.over and state.villages, "a random game must end with villages founded"
png = render_board(public_view(state))
assert png.startswith(b"\x89PNG") and len(png) > 10_000, "the board must render to a PNG"

# The catalogs travel as package data: German and Italian words come from the installed .po files.
assert texts.texts("de").n_("{count} hut", "{count} huts", 2, count=2) == "2 Hütten", "the German catalog is missing"
assert texts.texts("it").n_("{count} hut", "{count} huts", 1, count=1) == "1 capanna", "the Italian catalog is missing"
assert texts.texts("de", "alexandros").p_("symbol", "horse") == "Pferd", "the Alexandros catalog is missing"
assert texts.texts("it", "clans").p_("listing", "nobody") == "nessuno", "a game must fall back to the frame's catalog"
assert render_board(public_view(state), t=texts.texts("de")) != png, "a German board must differ from the English"

# The web pages' style and script travel as package data too.
from web.pages import static_file
assert b"EventSource" in static_file("page.js") and b"grid" in static_file("page.css"), "the web pages' files are missing"

from engine.alexandros import new_game as new_alexandros, public_view as alexandros_view, random_playout as alexandros_playout
from render.alexandros import render_board as render_alexandros

game = new_alexandros(3, 7)
alexandros_playout(game, random.Random(7))
assert game.over, "a random Alexandros game must end"
assert render_alexandros(alexandros_view(game)).startswith(b"\x89PNG"), "the Alexandros board must render"

import terminal.alexandros  # noqa: F401  (the terminal game and its words ship as modules)
from ai.alexandros import choose_action as alexandros_ai
from engine.alexandros import legal_actions as alexandros_legal, private_view as alexandros_private

fresh = new_alexandros(2, 3)
assert alexandros_ai("normal", alexandros_private(fresh, fresh.to_move), 1) in alexandros_legal(fresh)

assert bot.main() == 2, "without DISCORD_TOKEN the bot must stop with exit code 2"
print(f"check_install: ok: {len(state.villages)} villages, a {len(png)} byte board, an Alexandros game, the bot starts")
PY
