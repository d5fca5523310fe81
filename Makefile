# Two commands do all the set-up on a fresh machine (Python 3.11+ with venv, Node 20 with npm):
#   make run    start the server on SQLite (./data/playledger.db, with its receipt key beside it: data/ is git-ignored):
#               gRPC on 50051, the web app on http://127.0.0.1:8080/
#   make test   static checks, then every test (PostgreSQL tests skip, saying why, without a server;
#               the browser tests need Debian's chromium: apt-get install chromium)
VENV ?= .venv
BIN := $(VENV)/bin
export PATH := $(abspath $(BIN)):$(PATH)
PYTEST_ARGS ?=

# Every third-party package comes from requirements/dev.lock, pinned with hashes (pip refuses anything else);
# then the two local packages, without dependencies of their own.
$(BIN)/.installed: pyproject.toml clients/python/pyproject.toml requirements/dev.lock
	python3 -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade "pip==25.3"
	$(BIN)/pip install --quiet --require-hashes -r requirements/dev.lock
	$(BIN)/pip install --quiet --no-deps -e clients/python -e .
	touch $@

# Re-resolve requirements/dev.lock after a pin in either pyproject.toml changes (uv in a throwaway venv).
.PHONY: lock
lock:
	rm -rf $(VENV)-lock && python3 -m venv $(VENV)-lock && $(VENV)-lock/bin/pip install --quiet "uv==0.13.9"
	$(VENV)-lock/bin/uv pip compile requirements/dev.in --generate-hashes --python-version 3.11 \
	  --no-emit-package playledger --no-emit-package playledger-client -o requirements/dev.lock
	rm -rf $(VENV)-lock

.PHONY: install run test check lint types imports protos schemas pytest bench audit-bench memory-bench deploy-check fuzz chaos soak

install: $(BIN)/.installed

# Everything the server makes (the store, its WAL, the receipt key) goes in data/, which git ignores;
# PLAYLEDGER_STORE (or any PLAYLEDGER_* flag) in the environment still wins.
run: install
	mkdir -p data
	PLAYLEDGER_STORE="$${PLAYLEDGER_STORE:-sqlite:///./data/playledger.db}" $(BIN)/playledger-server

test: check pytest

check: lint types imports protos schemas

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

types: install
	$(BIN)/mypy service replay clients bench
	MYPYPATH=schemas $(BIN)/mypy schemas/gen.py schemas/python_types.py

imports: install
	$(BIN)/lint-imports

protos: install
	$(BIN)/python proto/gen.py --check
	cd proto && $(abspath $(BIN))/buf lint

# The games' JSON Schemas (schemas/) and the TypeScript and Python types made from them, regenerated into a temp dir
# and diffed.
schemas: install
	$(BIN)/python schemas/gen.py --check

# deploy/ checked by the tools that read it (promtool, hadolint, kubernetes-validate, Compose) plus a live
# server's /metrics; `make test` runs these too, as part of pytest (tests/ops). promtool: apt-get install prometheus.
deploy-check: install
	$(BIN)/pytest -q tests/ops/test_deploy_files.py tests/ops/test_live_server.py

pytest: install
	$(BIN)/pytest -n 2 --dist loadgroup $(PYTEST_ARGS)

# --- benchmarks and reliability proofs (README "Benchmarks and reliability proofs") ---
# SubmitCommand vs the health Check at 1/4/16/64 in flight on fresh SQLite and PostgreSQL stores, server CPU
# per 1,000 commands, projection lag; PostgreSQL with --processes 1 and 2, cross-process watch delay: a table, and JSON in out/ (~2 minutes).
BENCH_ARGS ?=
bench: install
	$(BIN)/python -m bench.server_bench $(BENCH_ARGS)

# kill -9 of the server under bot load (SQLite, PostgreSQL) and a PostgreSQL restart on a private cluster;
# prints acknowledged/found/missing/duplicated, client error codes, recovery times, replay verify (~2 minutes).
.PHONY: chaos soak
CHAOS_ARGS ?=
chaos: install
	$(BIN)/python -m tests.reliability.chaos $(CHAOS_ARGS)

# The PostgreSQL primary lost (keeper and postmaster SIGKILLed) under bot load, twice, on a pg_auto_failover
# formation made for the run (monitor + two nodes, synchronous standby, free ports, removed afterwards); prints
# acknowledged/found/missing/duplicated, the promotion time, the first acknowledged command after each loss and
# replay verify (~1 minute). Needs root and Debian's postgresql-15-auto-failover (installed here when missing).
.PHONY: failover
FAILOVER_ARGS ?=
failover: install
	command -v pg_autoctl >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
	  apt-get install -y -qq --no-install-recommends postgresql-15-auto-failover >/dev/null)
	$(BIN)/python -m tests.reliability.failover $(FAILOVER_ARGS)

# Appends/s of one PostgreSQL store at 1/4/16/64 writers: PlayLedger's grouped append path beside pgbench's
# one-statement insert and lock + insert (the table lock's cost); the README's capacity model reads it (~1 min).
.PHONY: capacity-bench
CAPACITY_ARGS ?=
capacity-bench: install
	$(BIN)/python -m bench.append_capacity $(CAPACITY_ARGS)

# Steady load at half the measured maximum for MINUTES; errors and server RSS per minute, RSS slope (MiB/hour).
MINUTES ?= 30
SOAK_ARGS ?=
soak: install
	$(BIN)/python -m tests.reliability.soak --minutes $(MINUTES) $(SOAK_ARGS)

# Random requests to every RPC on the gRPC and web ports (bounded; prints a table of status codes); exits 1 on any
# UNKNOWN/INTERNAL answer, ERROR log line or a game that no longer verifies. A 5,000-request run is in make test.
FUZZ_REQUESTS ?= 100000
fuzz: install
	$(BIN)/python -m tests.reliability.fuzz --requests $(FUZZ_REQUESTS)

# Bot levels against each other in every game (search vs random, vs greedy; Atiwa solo scores), move times and
# the share of games ended by the rules' own ending. GAMES per match-up (the issue's figure: 200; ~1 hour here).
GAMES ?= 200
.PHONY: bot-bench
bot-bench: install
	$(BIN)/python -m bench.bot_bench --games $(GAMES)

# Baba Yaga raced by the server's bots through a real server, from `playledger bot-game`'s defaults: Mode R and T
# with three greedy and three search bots (GAMES each), then a scripted quick person against two greedy and two
# search bots (PERSON_GAMES each); all read from the exported records and verified. ~20 minutes at 20 games.
RACE_GAMES ?= 20
PERSON_GAMES ?= 20
.PHONY: bot-race-bench
bot-race-bench: install
	$(BIN)/python -m bench.bot_race --games $(RACE_GAMES) --person-games $(PERSON_GAMES)

# Server memory per cached active game, every type 20 moves in (RSS growth in a fresh process per type; ~2 minutes).
memory-bench: install
	$(BIN)/python -m bench.memory_bench --games 10000

# The audit's speed: 1,000 bot games of every type played through the ledger, then verified (events/s, games/s).
audit-bench: install
	$(BIN)/python -m bench.audit_bench --games 1000

# Every projection rebuilt from scratch on a fresh SQLite file and a fresh PostgreSQL database (PLAYLEDGER_TEST_POSTGRES
# or 127.0.0.1:5432), after following the same bot games live: rebuild events/s beside a read+decode baseline of the
# same run, and the rebuilt read models compared with the incremental ones (exit 1 if they differ). Bounded: ~2 minutes.
.PHONY: projection-bench
PROJECTION_GAMES ?= 100
projection-bench: install
	$(BIN)/python -m bench.projection_bench --games $(PROJECTION_GAMES)

# --- the SDKs as packages an app installs: dist/playledger_client-*.whl and dist/playledger-client-*.tgz ---------
.PHONY: sdks
sdks: install
	mkdir -p dist
	$(BIN)/pip wheel --quiet --no-deps --no-build-isolation -w dist clients/python
	cd $(TS) && npm run --silent build && npm pack --silent --pack-destination $(abspath dist)

# --- TypeScript client (clients/ts): npm ci when package-lock.json changes; its checks and Node tests ---
TS := clients/ts

$(TS)/node_modules/.installed: $(TS)/package-lock.json | $(BIN)/.installed
	cd $(TS) && npm ci --no-audit --no-fund
	touch $@

.PHONY: ts-check ts-test
install: $(TS)/node_modules/.installed
check: ts-check
test: ts-test

# tsc --strict, Biome, and src/gen/ regenerated into a temp dir and diffed.
ts-check: install
	cd $(TS) && npm run --silent typecheck && npm run --silent lint && npm run --silent check-generated

# Node's test runner, after building dist/ (the package entries); the whole-game tests start this venv's playledger-server.
ts-test: install
	cd $(TS) && npm test

# --- the web app (clients/web): npm ci after the TypeScript client, then the built bundle that the server serves ---
WEB := clients/web
WEB_SOURCES := $(shell find $(WEB)/src $(WEB)/index.html $(WEB)/vite.config.ts $(WEB)/package.json $(TS)/src -type f 2>/dev/null)

$(WEB)/node_modules/.installed: $(WEB)/package-lock.json $(TS)/node_modules/.installed
	cd $(WEB) && npm ci --no-audit --no-fund
	touch $@

$(WEB)/dist/index.html: $(WEB)/node_modules/.installed $(WEB_SOURCES)
	cd $(WEB) && npm run --silent build

.PHONY: web-check web-test
install: $(WEB)/dist/index.html
check: web-check
test: web-test

# tsc --strict and Biome.
web-check: install
	cd $(WEB) && npm run --silent typecheck && npm run --silent lint

# Click -> the other browser's update over >= 200 moves (p50/p95), beside the mover's own page (~1 minute).
.PHONY: web-bench
MOVES ?= 200
web-bench: install
	cd $(WEB) && MOVES=$(MOVES) node --import tsx bench/latency.ts

# Playwright (playwright-core) driving Debian's /usr/bin/chromium headless against a real server serving dist/;
# screenshots land in clients/web/test-results/.
web-test: install
	cd $(WEB) && npm test
