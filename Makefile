# Two commands do all the set-up on a fresh machine (Python 3.11+ with venv):
#   make run    start the server on SQLite (./playledger.db), port 50051
#   make test   static checks, then every test (PostgreSQL tests skip, saying why, without a server)
VENV ?= .venv
BIN := $(VENV)/bin
export PATH := $(abspath $(BIN)):$(PATH)
PYTEST_ARGS ?=

$(BIN)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade "pip==25.3"
	$(BIN)/pip install --quiet -e ".[dev]"
	touch $@

.PHONY: install run test check lint types imports protos pytest bench

install: $(BIN)/.installed

run: install
	$(BIN)/playledger-server

test: check pytest

check: lint types imports protos

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

types: install
	$(BIN)/mypy service replay clients

imports: install
	$(BIN)/lint-imports

protos: install
	$(BIN)/python proto/gen.py --check
	cd proto && $(abspath $(BIN))/buf lint

pytest: install
	$(BIN)/pytest -n 2 --dist loadgroup $(PYTEST_ARGS)

bench: install
	$(BIN)/python -m clients.loadgen --help
