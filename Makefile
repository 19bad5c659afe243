PYTHON   ?= python3
VENV     := .venv
BIN      := $(VENV)/bin
STAMP    := $(VENV)/.installed
LOCK     := requirements.lock
DEV_LOCK := requirements-dev.lock
RUN_VENV := .venv-run
RUN_STAMP := $(RUN_VENV)/.installed


.PHONY: browser catalogs install install-run lock test test-lane-rest test-lane-bots test-sqlite test-postgres lint typecheck check-install run play bench gallery clean migrate-to-postgres

# Two environments, installed apart from the two locks:
# - .venv-run (make run): the runtime set only, requirements.lock: no test or lint tool where the bot runs;
# - .venv (make install, test, lint, bench, play): the runtime set plus the dev tools of requirements-dev.lock.
# Each is rebuilt whenever pyproject.toml or its lock changes: the exact versions first, then the project
# itself (editable) without resolving anything again.
$(STAMP): pyproject.toml $(LOCK) $(DEV_LOCK)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r $(DEV_LOCK)
	$(BIN)/python -m pip install --quiet --no-deps -e .
	touch $(STAMP)

$(RUN_STAMP): pyproject.toml $(LOCK)
	$(PYTHON) -m venv $(RUN_VENV)
	$(RUN_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(RUN_VENV)/bin/python -m pip install --quiet -r $(LOCK)
	$(RUN_VENV)/bin/python -m pip install --quiet --no-deps -e .
	touch $(RUN_STAMP)

install: $(STAMP)

# The real browser the games' web pages are tested in (tests/web/test_browser.py), photographed by (make gallery)
# and measured with (bench/web.py): Debian's chromium, installed once with apt-get (as root, or through sudo).
# playwright (a dev tool, requirements-dev.lock) drives it; its own browser download is never used.
CHROMIUM ?= /usr/bin/chromium
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)
# The emoji font draws the games' symbols (a clan's square, a terrain) as players' own browsers do.
BROWSER_PACKAGES := chromium fonts-noto-color-emoji
browser:
	@if ! test -x $(CHROMIUM) || { command -v dpkg >/dev/null && ! dpkg -s fonts-noto-color-emoji >/dev/null 2>&1; }; then \
	  echo "Installing Debian's $(BROWSER_PACKAGES) (for the web pages' browser tests and gallery)"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(BROWSER_PACKAGES) >/dev/null; \
	fi
	@test -x $(CHROMIUM) || { echo "No browser at $(CHROMIUM): install Debian's chromium, or set CHROMIUM=…"; exit 1; }

install-run: $(RUN_STAMP)

# Refresh both locks: resolve pyproject.toml's runtime dependencies in a throw-away venv and freeze them
# (requirements.lock), then add the dev tools under those exact versions and freeze what they added
# (requirements-dev.lock, which includes the runtime lock). Run after changing a dependency, commit both.
lock:
	rm -rf .lock-venv
	$(PYTHON) -m venv .lock-venv
	.lock-venv/bin/python -m pip install --quiet --upgrade pip
	.lock-venv/bin/python -m pip install --quiet .
	{ echo "# Exact runtime versions (make run, make install). Made by make lock from pyproject.toml; do not edit by hand."; \
	  .lock-venv/bin/python -m pip freeze --exclude clans-discord; } > $(LOCK)
	.lock-venv/bin/python -m pip install --quiet -c $(LOCK) '.[dev]'
	{ echo "# Exact versions of the dev tools (make install, make test), on top of the runtime lock. Made by make lock."; \
	  echo "-r $(LOCK)"; \
	  .lock-venv/bin/python -m pip freeze --exclude clans-discord | grep -vxF -f $(LOCK); } > $(DEV_LOCK)
	rm -rf .lock-venv

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

# A non-editable install in a fresh venv, run from another folder: proves the package carries its data.
check-install:
	scripts/check_install.sh

# The bot tests run twice: on SQLite (with everything else), and each bot that botkit starts on a folder on a
# fresh PostgreSQL schema instead (tests already run on both backends are not repeated: tests/discord/bot_fixtures.py).
# make test keeps both cores busy to the end with two lanes of about equal length: everything but the games' bot tests
# on SQLite in one; the games' bot tests on SQLite, then every bot test on PostgreSQL, in the other (each run with
# its own throw-away PostgreSQL server on a socket of its own); each lane's output is shown whole when it ends.
# make test-sqlite and make test-postgres run one backend's share alone.
GAME_BOTS := tests/cogs/clans tests/cogs/alexandros
test: lint typecheck
	$(MAKE) --no-print-directory -j2 --output-sync=target test-lane-rest test-lane-bots
	$(MAKE) --no-print-directory check-install

test-lane-rest: $(STAMP) browser
	CLANS_CHROMIUM=$(CHROMIUM) $(BIN)/pytest $(addprefix --ignore=,$(GAME_BOTS))

test-lane-bots: $(STAMP)
	$(BIN)/pytest $(GAME_BOTS)
	CLANS_TEST_BACKEND=postgres $(BIN)/pytest tests/cogs

test-sqlite: $(STAMP) browser
	CLANS_CHROMIUM=$(CHROMIUM) $(BIN)/pytest

test-postgres: $(STAMP)
	CLANS_TEST_BACKEND=postgres $(BIN)/pytest tests/cogs

run: $(RUN_STAMP)
	$(RUN_VENV)/bin/python bot.py

# Extract every message from the code and bring each language's catalog up to date (new messages arrive
# untranslated, changed ones marked fuzzy). Translate them in texts/locales/<lang>.po.
catalogs: $(STAMP)
	$(BIN)/python -m tools.update_catalogs

# GAME=alexandros plays Alexandros (terminal/alexandros.py; SEATS= seats in all, with AIs in the empty ones).
# MAP=printed or MAP=project picks the Clans board (default: engine/clans/board.py DEFAULT_MAP).
GAME ?= clans
PLAYERS ?=
AI ?=
SEED ?=
SEATS ?=
# The language only when asked for on make's command line (LANGUAGE=de, or LANG=de): the shell's own LANG
# ("C.UTF-8", "en_US.UTF-8") is a locale, not a choice; without one the game derives its language from the
# locale itself (terminal.hotseat.system_language) and falls back to English.
PLAY_LANG = $(if $(filter command line,$(origin LANGUAGE)),$(LANGUAGE),$(if $(filter command line,$(origin LANG)),$(LANG)))
play: $(STAMP)
	@case "$(GAME)" in clans|alexandros) ;; *) echo "GAME is clans or alexandros, not $(GAME)"; exit 2;; esac
	$(BIN)/python -m terminal.$(GAME)$(if $(and $(filter alexandros,$(GAME)),$(SEATS)), --seats $(SEATS),) $(if $(PLAY_LANG),--lang $(PLAY_LANG),) $(if $(PLAYERS),--players $(PLAYERS),) $(if $(AI),--ai $(AI),) $(if $(SEED),--seed $(SEED),)$(if $(and $(filter clans,$(GAME)),$(MAP)), --map $(MAP),)

# Every benchmark end to end in about 5 minutes on 2 cores. The arena runs its quick mode (40 games per match-up);
# the full one (400 games, about 20 minutes): .venv/bin/python -m bench.ai_arena
bench: $(STAMP) browser
	$(BIN)/python -m bench.engine
	$(BIN)/python -m bench.render
	$(BIN)/python -m bench.alexandros_sim --quick
	$(BIN)/python -m bench.alexandros_render --quick
	$(BIN)/python -m bench.alexandros_arena --quick
	$(BIN)/python -m bench.alexandros_panel --quick
	$(BIN)/python -m bench.bot
	$(BIN)/python -m bench.rate_limits
	$(BIN)/python -m bench.move_panel
	$(BIN)/python -m bench.profile
	$(BIN)/python -m bench.ai_pool
	$(BIN)/python -m bench.ai_arena --quick
	$(BIN)/python -m bench.observer --quick
	$(BIN)/python -m bench.calibration --quick
	$(BIN)/python -m bench.told --games 3
	nice -n 10 $(BIN)/python -m bench.store
	nice -n 10 $(BIN)/python -m bench.scheduler
	nice -n 10 $(BIN)/python -m bench.replay_load
	CLANS_CHROMIUM=$(CHROMIUM) $(BIN)/python -m bench.web

# Copy the SQLite database into an empty PostgreSQL database and check the copy (stop the bot first).
SQLITE ?= var/clans.db
PG ?=
migrate-to-postgres: $(STAMP)
	@test -n "$(PG)" || { echo "usage: make migrate-to-postgres SQLITE=var/clans.db PG=postgresql://user:password@host/dbname"; exit 2; }
	@$(BIN)/python -m tools.migrate "$(SQLITE)" "$(PG)"

# Example boards and replays of every game in gallery/after/; BEFORE=<rev> draws the same with that revision's
# renderers in gallery/before/ and puts each pair side by side in gallery/compare/ (BEFORE= for none). The default
# is the commit before issue 35's pictures. Then screenshots of a Clans and an Alexandros web page at phone and
# desktop width (gallery/web-*.png).
BEFORE ?= bddb725
gallery: $(STAMP) browser
	$(BIN)/python -m tools.gallery gallery $(if $(BEFORE),--before $(BEFORE),)
	$(BIN)/python -m bench.told --gallery gallery
	CLANS_CHROMIUM=$(CHROMIUM) $(BIN)/python -m tools.web_gallery gallery

clean:
	rm -rf $(VENV) $(RUN_VENV) .lock-venv .pytest_cache .mypy_cache .ruff_cache gallery play-boards build *.egg-info
