PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: install test lint typecheck run play bench gallery clean

# The virtual environment is rebuilt whenever pyproject.toml changes.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

test: lint typecheck
	$(BIN)/pytest

run: $(STAMP)
	$(BIN)/python bot.py

PLAYERS ?=
AI ?=
SEED ?=
play: $(STAMP)
	$(BIN)/python -m play $(if $(PLAYERS),--players $(PLAYERS),) $(if $(AI),--ai $(AI),) $(if $(SEED),--seed $(SEED),)

bench: $(STAMP)
	$(BIN)/python -m bench.engine
	$(BIN)/python -m bench.render
	$(BIN)/python -m bench.bot
	$(BIN)/python -m bench.ai_arena
	$(BIN)/python -m bench.scheduler

gallery: $(STAMP)
	$(BIN)/python -m render.gallery gallery

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache gallery play-boards
