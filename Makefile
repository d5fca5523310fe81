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

.PHONY: install run test check lint types imports protos pytest bench audit-bench deploy-check

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

# deploy/ checked by the tools that read it (promtool, hadolint, kubernetes-validate, Compose) plus a live
# server's /metrics; `make test` runs these too, as part of pytest (tests/ops). promtool: apt-get install prometheus.
deploy-check: install
	$(BIN)/pytest -q tests/ops/test_deploy_files.py tests/ops/test_live_server.py

pytest: install
	$(BIN)/pytest -n 2 --dist loadgroup $(PYTEST_ARGS)

bench: install
	$(BIN)/python -m clients.loadgen --help

# The audit's speed: 1,000 bot games of every type played through the ledger, then verified (events/s, games/s).
audit-bench: install
	$(BIN)/python -m replay.bench --games 1000
