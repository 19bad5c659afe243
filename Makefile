PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
LOCK   := requirements.lock

.PHONY: catalogs install lock test lint typecheck check-install run play bench gallery clean migrate-to-postgres

# The virtual environment is rebuilt whenever pyproject.toml or the lock changes: the exact versions of
# requirements.lock first, then the project itself (editable) without resolving anything again.
$(STAMP): pyproject.toml $(LOCK)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r $(LOCK)
	$(BIN)/python -m pip install --quiet --no-deps -e .
	touch $(STAMP)

install: $(STAMP)

# Refresh requirements.lock: resolve pyproject.toml's dependencies (with dev) in a throw-away venv and
# freeze it, leaving out the project itself. Run after changing a dependency, then commit the lock.
lock:
	rm -rf .lock-venv
	$(PYTHON) -m venv .lock-venv
	.lock-venv/bin/python -m pip install --quiet --upgrade pip
	.lock-venv/bin/python -m pip install --quiet '.[dev]'
	{ echo "# Exact versions for make install. Made by make lock from pyproject.toml; do not edit by hand."; \
	  .lock-venv/bin/python -m pip freeze --exclude clans-discord; } > $(LOCK)
	rm -rf .lock-venv

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

# A non-editable install in a fresh venv, run from another folder: proves the package carries its data.
check-install:
	scripts/check_install.sh

# The bot tests run twice: on SQLite (with everything else), then each bot that botkit starts on a folder on a
# fresh PostgreSQL schema instead (tests already run on both backends are not repeated: tests/cogs/conftest.py).
test: lint typecheck
	$(BIN)/pytest
	CLANS_TEST_BACKEND=postgres $(BIN)/pytest tests/cogs
	$(MAKE) --no-print-directory check-install

run: $(STAMP)
	$(BIN)/python bot.py

# Extract every message from the code and bring each language's catalog up to date (new messages arrive
# untranslated, changed ones marked fuzzy). Translate them in texts/locales/<lang>.po.
catalogs: $(STAMP)
	$(BIN)/python -m texts.update

# GAME=alexandros plays Alexandros (play_alexandros.py; SEATS= seats in all, with AIs in the empty ones).
GAME ?= clans
PLAYERS ?=
AI ?=
SEED ?=
SEATS ?=
play: $(STAMP)
	@case "$(GAME)" in clans|alexandros) ;; *) echo "GAME is clans or alexandros, not $(GAME)"; exit 2;; esac
	$(BIN)/python -m $(if $(filter alexandros,$(GAME)),play_alexandros $(if $(SEATS),--seats $(SEATS),),play) $(if $(PLAYERS),--players $(PLAYERS),) $(if $(AI),--ai $(AI),) $(if $(SEED),--seed $(SEED),)$(if $(filter alexandros,$(GAME)),, $(if $(LANG),--lang $(LANG),))

# Every benchmark end to end in about 5 minutes on 2 cores. The arena runs its quick mode (40 games per match-up);
# the full one (400 games, about 20 minutes): .venv/bin/python -m bench.ai_arena
bench: $(STAMP)
	$(BIN)/python -m bench.engine
	$(BIN)/python -m bench.render
	$(BIN)/python -m bench.alexandros_sim --quick
	$(BIN)/python -m bench.alexandros_render --quick
	$(BIN)/python -m bench.alexandros_arena --quick
	$(BIN)/python -m bench.bot
	$(BIN)/python -m bench.profile
	$(BIN)/python -m bench.ai_pool
	$(BIN)/python -m bench.ai_arena --quick
	nice -n 10 $(BIN)/python -m bench.store
	nice -n 10 $(BIN)/python -m bench.scheduler

# Copy the SQLite database into an empty PostgreSQL database and check the copy (stop the bot first).
SQLITE ?= var/clans.db
PG ?=
migrate-to-postgres: $(STAMP)
	@test -n "$(PG)" || { echo "usage: make migrate-to-postgres SQLITE=var/clans.db PG=postgresql://user:password@host/dbname"; exit 2; }
	@$(BIN)/python -m store.topostgres "$(SQLITE)" "$(PG)"

gallery: $(STAMP)
	$(BIN)/python -m render.gallery gallery

clean:
	rm -rf $(VENV) .lock-venv .pytest_cache .mypy_cache .ruff_cache gallery play-boards build *.egg-info
