# The two commands of the README: `make run` and `make test`. Everything else is a helper of theirs.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
DEV := DEBUG=1 $(BIN)/python manage.py

.PHONY: run test lint check unit bench messages

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

# Stamp files: reinstall only when pyproject.toml changes.
$(VENV)/.installed-run: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e ".[dev]"
	touch $@

run: $(VENV)/.installed-run
	$(DEV) migrate --noinput
	$(DEV) load_history
	$(DEV) runserver 127.0.0.1:8000

test: lint check unit

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

check: $(VENV)/.installed-dev
	$(DEV) makemigrations --check --dry-run
	$(DEV) check

unit: $(VENV)/.installed-dev
	$(BIN)/pytest

bench: $(VENV)/.installed-dev
	$(BIN)/python bench/scoring.py

messages: $(VENV)/.installed-dev
	$(DEV) makemessages -l de --ignore=.venv --ignore=tests --no-obsolete
	$(DEV) compilemessages --ignore=.venv
