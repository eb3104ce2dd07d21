# CrowsNest developer commands. Everything runs from a virtualenv in .venv.
# `make test` works on a fresh Debian machine with only python3: if the venv module
# (Debian package python3-venv) is missing, it is installed with apt-get (needs root).

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# Stamp files: re-run pip only when pyproject.toml changes. `pip install crowsnest` is
# the engine and the bots; the extras add the server, the arena's statistics, the
# developer tools (dev: everything) and OpenSpiel for the benchmark.
CORE_STAMP   := $(VENV)/.installed-core
SERVER_STAMP := $(VENV)/.installed-server
ARENA_STAMP  := $(VENV)/.installed-arena
DEV_STAMP    := $(VENV)/.installed-dev
BENCH_STAMP  := $(VENV)/.installed-bench
NATIVE_STAMP := $(VENV)/.installed-native
# npm ci's, for the client's checks and the offline bundle (Pyodide from its package).
NPM_STAMP    := node_modules/.installed
PIP_FLAGS    := --quiet --disable-pip-version-check

.PHONY: offline native test-compiled cluster cluster-down cluster-packages bench-cluster bench-server-cluster install play play-terminal test test-fast coverage lint lint-js test-js types chromium bench bench-review bench-server arena arena-hearts arena-rook format clean venv bot-ratings

# The engine and the bots alone, with their own few dependencies.
install: $(CORE_STAMP)

# The game server; it prints the URL to open (CROWSNEST_PORT etc. configure it).
play: $(SERVER_STAMP) native offline
	$(BIN)/crowsnest serve

# Play with no connection (docs/web.md, "Offline"): the Pyodide runtime copied from
# its npm package (pinned in package.json) and the engine's and the bots' Python
# source zipped from src/, into the static tree (web/static/offline/build, not
# committed). Nothing is fetched from a CDN when the game runs.
offline: $(NPM_STAMP) | $(BIN)/python
	$(BIN)/python tools/offline_bundle.py

# The compiled core (docs/ai.md, "The compiled core"): mypyc compiles the engine's games
# and the searches' hot modules from the same source, again only when a source changed
# (`crowsnest native status` says whether a process uses it). It needs a C compiler
# and Python's headers: installed with apt-get where missing (needs root).
native: $(NATIVE_STAMP)
	@$(BIN)/python -c 'import sysconfig, pathlib, sys; sys.exit(not pathlib.Path(sysconfig.get_paths()["include"], "Python.h").is_file())' \
		&& { command -v cc >/dev/null || command -v gcc >/dev/null; } || { \
		echo "installing a C compiler and Python's headers for the compiled core"; \
		command -v apt-get >/dev/null || { echo "error: no apt-get; install gcc and the Python headers" >&2; exit 1; }; \
		export DEBIAN_FRONTEND=noninteractive; \
		apt-get update -qq && apt-get install -y -qq gcc python3-dev >/dev/null; }
	$(BIN)/crowsnest native build

# Several nodes on one machine (docs/deploy.md): PostgreSQL, Redis, HAProxy and three
# `crowsnest serve` nodes from Debian's packages, in data/cluster; it prints the URL.
cluster: $(SERVER_STAMP) cluster-packages
	$(BIN)/python -m tools.cluster up

cluster-down:
	$(BIN)/python -m tools.cluster down

# Debian's postgresql, redis-server and haproxy, installed with apt-get where missing
# (needs root); the cluster tests need them too.
cluster-packages:
	@missing=""; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null || missing="$$missing postgresql"; \
	command -v redis-server >/dev/null || missing="$$missing redis-server"; \
	command -v haproxy >/dev/null || [ -x /usr/sbin/haproxy ] || missing="$$missing haproxy"; \
	[ -z "$$missing" ] || { \
		echo "installing Debian's$$missing"; \
		command -v apt-get >/dev/null || { echo "error: no apt-get; install$$missing" >&2; exit 1; }; \
		export DEBIAN_FRONTEND=noninteractive; \
		apt-get update -qq && apt-get install -y -qq $$missing >/dev/null; }

play-terminal: $(CORE_STAMP) native
	$(BIN)/crowsnest play

# Everything: lint, every test (browser, PostgreSQL and slow ones too) measured by
# coverage.py, then the coverage gates. The 25 slowest tests are listed at the end, so
# what the suite's time goes to shows in every run (CI's too).
test: lint test-js chromium cluster-packages native offline
	$(BIN)/pytest -q --cov --cov-report= --durations=25
	@$(MAKE) --no-print-directory coverage
	@$(MAKE) --no-print-directory test-compiled

# The bots' and the engine's tests again, against the compiled core (the run above
# measures the source: tests/native_mode.py); tests/test_native.py compares decisions.
test-compiled: $(DEV_STAMP) native
	CROWSNEST_PURE_PYTHON=0 $(BIN)/pytest -q -p no:cacheprovider \
		-m "not browser and not postgres" tests/ai tests/engine

# The inner loop, about two minutes: no browser, no PostgreSQL, nothing slow (the tiers
# are in tests/tiers.py); no lint either. Bytecode is written even where
# PYTHONDONTWRITEBYTECODE is set, so the assertion rewriting of the tests is cached.
test-fast: $(DEV_STAMP) native offline
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/pytest -q -m "not browser and not postgres and not slow"

# The gates, on the data of the last `make test`: every line of the engine (or a
# `# pragma: no cover` that says why), and the total (`fail_under` in pyproject.toml).
coverage: $(DEV_STAMP)
	$(BIN)/coverage report
	$(BIN)/coverage report --include='*/crowsnest/engine/*' --fail-under=100

# The browser tests drive Debian's Chromium through Playwright (which downloads no
# browser of its own); installed with apt-get where it is missing (needs root).
chromium:
	@command -v chromium >/dev/null || [ -n "$$CROWSNEST_CHROMIUM" ] || { \
		echo "installing Debian's chromium for the browser tests"; \
		command -v apt-get >/dev/null || { echo "error: no apt-get; install chromium and set CROWSNEST_CHROMIUM" >&2; exit 1; }; \
		export DEBIAN_FRONTEND=noninteractive; \
		apt-get update -qq && apt-get install -y -qq chromium fonts-dejavu-core >/dev/null; }

lint: lint-js $(DEV_STAMP)
	$(BIN)/ruff check
	$(BIN)/ruff format --check
	$(BIN)/mypy

# The browser client's checks (docs/web.md): tsc on its JSDoc types, eslint, and the
# unit tests of its pure functions under node's own test runner. `npm ci` runs again
# only when package-lock.json changes (NPM_STAMP, above, is its stamp).

$(NPM_STAMP): package.json package-lock.json
	@command -v npm >/dev/null || { echo "error: the JavaScript checks need node 20.19+ and npm" >&2; exit 1; }
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

lint-js: $(NPM_STAMP)
	node_modules/.bin/tsc --noEmit -p tsconfig.json
	node_modules/.bin/eslint

test-js: $(NPM_STAMP)
	node --test tests/js/*.test.js

# The wire formats, from their Python declarations: the JSON Schemas (docs/schemas),
# then the client's types generated from them (src/crowsnest/web/static/wire.d.ts, by
# json-schema-to-typescript). Both are committed; tests say when either is stale.
types: $(DEV_STAMP) $(NPM_STAMP)
	$(BIN)/crowsnest schema --out docs/schemas
	node tools/wire-types.js

# The playout benchmark lives in bench/ (not installed; docs/benchmarks.md).
bench: $(BENCH_STAMP) native
	$(BIN)/python -m bench

# Hand reviews (docs/benchmarks.md): the CPU time a review of a hand takes, and the wall
# time of a table's Hard decisions while reviews run beside them (bench/review.py; the
# suite runs a small one of the latter for what it measures, not for the figures).
bench-review: $(DEV_STAMP) native
	$(BIN)/python -m bench.review --hands 5 --latency --rounds 6

# Server capacity (docs/benchmarks.md): a throwaway server in data/bench-server, loaded
# by `python -m bench.server`. CLIENTS=10,100,1000 SECONDS=15 THINK=0 to change it.
CLIENTS ?= 10,50,100,250,500,1000
SECONDS ?= 15
THINK   ?= 0
RAMP    ?= 5
bench-server: $(DEV_STAMP)
	rm -rf data/bench-server && mkdir -p data/bench-server
	CROWSNEST_RATE_LIMIT=1000 CROWSNEST_RATE_BURST=1000 CROWSNEST_CREATE_BURST=100000 \
	CROWSNEST_IDENTITY_BURST=100000 CROWSNEST_REVIEW_WORLDS=0 \
	CROWSNEST_MAX_CONNECTIONS_PER_CLIENT=100000 $(BIN)/crowsnest serve --port 8765 \
		--data-dir data/bench-server 2>data/bench-server/server.log & pid=$$!; \
	$(BIN)/python -m bench.server --url http://127.0.0.1:8765 --clients $(CLIENTS) \
		--seconds $(SECONDS) --think $(THINK) --ramp $(RAMP); status=$$?; kill $$pid; exit $$status

# The same through HAProxy (docs/benchmarks.md): `python -m bench.server --cluster N`
# starts a local cluster of N nodes in data/bench-cluster as `make cluster` does (but
# on free ports, with the limits per client address raised: the load is one address),
# loads it and stops it. NODES="1 3" runs one after the other.
NODES ?= 1 3
bench-server-cluster: $(DEV_STAMP) cluster-packages
	for n in $(NODES); do \
		$(BIN)/python -m bench.server --cluster $$n --clients $(CLIENTS) \
			--seconds $(SECONDS) --think $(THINK) --ramp $(RAMP) || exit 1; \
	done

# Failover of a running `make cluster` (docs/benchmarks.md): KILLS=20 kill -9 of a
# table's owner, each timed to the first action on the new owner.
KILLS ?= 20
bench-cluster: $(DEV_STAMP)
	$(BIN)/python -m bench.cluster_failover --kills $(KILLS)

# Strength runs (long: see docs/ai.md). DEALS=200 by default.
DEALS ?= 200
ROOK_RULES := rook/crowsnest rook/tournament rook/partnership rook/one-high rook/red-one \
	rook/buckeye rook/dixie

# Each run writes its deals to data/arena/ as they end (a deal log), so a `make arena`
# cut short resumes where it stopped; delete data/arena/ to start over.
ARENA     := $(BIN)/crowsnest arena --progress
ARENA_LOG := data/arena
arena: arena-hearts arena-rook

arena-hearts: $(ARENA_STAMP) native
	for level in easy normal hard; do \
		$(ARENA) hearts --candidate $$level --field ducker --deals $(DEALS) \
			--out $(ARENA_LOG)/hearts-$$level-ducker.jsonl || exit 1; \
	done
	$(ARENA) hearts --candidate hard --field shooter --deals $(DEALS) \
		--out $(ARENA_LOG)/hearts-hard-shooter.jsonl
	$(ARENA) hearts --table hard,normal,easy,ducker --deals $(DEALS) \
		--out $(ARENA_LOG)/hearts-table.jsonl
	$(ARENA) hearts --candidate hard --field ducker --deals 20 --workers 1 \
		--out $(ARENA_LOG)/hearts-hard-ducker-one-core.jsonl

arena-rook: $(ARENA_STAMP) native
	for rules in $(ROOK_RULES); do \
		name=$$(echo $$rules | tr / -); \
		$(ARENA) $$rules --candidate easy --field greedy --deals $(DEALS) \
			--out $(ARENA_LOG)/$$name-easy-greedy.jsonl || exit 1; \
		$(ARENA) $$rules --candidate normal --field easy --deals $(DEALS) \
			--out $(ARENA_LOG)/$$name-normal-easy.jsonl || exit 1; \
		$(ARENA) $$rules --candidate hard --field normal --deals $(DEALS) \
			--out $(ARENA_LOG)/$$name-hard-normal.jsonl || exit 1; \
	done

# The bots' fixed ratings (docs/ai.md, "Bot ratings"): whole games among the
# levels, rated with the server's model; written into the server's data file.
RATE_GAMES   ?= 400
RATE_SECONDS ?= 1080
bot-ratings: $(ARENA_STAMP) native
	mkdir -p $(ARENA_LOG)
	for family in hearts rook; do \
		$(BIN)/python -m crowsnest.arena.ratings $$family --games $(RATE_GAMES) \
			--seconds $(RATE_SECONDS) --out $(ARENA_LOG)/ratings-$$family.json & \
	done; wait
	$(BIN)/python -m crowsnest.arena.ratings --merge $(ARENA_LOG)/ratings-hearts.json \
		$(ARENA_LOG)/ratings-rook.json --command "make bot-ratings" \
		--out src/crowsnest/server/people/bot_ratings.json

format: $(DEV_STAMP)
	$(BIN)/ruff check --fix
	$(BIN)/ruff format

clean:
	rm -rf $(VENV) build dist src/crowsnest/_native src/crowsnest/_native.new .pytest_cache .mypy_cache .ruff_cache .hypothesis .coverage htmlcov
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
	find . -name '*.egg-info' -type d -prune -exec rm -rf {} +

venv: $(BIN)/python

$(BIN)/python:
	@if ! $(PYTHON) -m venv $(VENV) >/dev/null 2>&1; then \
		rm -rf $(VENV); \
		echo "python venv module unavailable: installing Debian package python3-venv"; \
		command -v apt-get >/dev/null || { echo "error: no apt-get; install the venv module for $(PYTHON)" >&2; exit 1; }; \
		export DEBIAN_FRONTEND=noninteractive; \
		apt-get update -qq && apt-get install -y -qq python3-venv >/dev/null; \
		$(PYTHON) -m venv $(VENV); \
	fi

$(CORE_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install $(PIP_FLAGS) -e .
	touch $@

$(SERVER_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install $(PIP_FLAGS) -e '.[server]'
	touch $@

$(ARENA_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install $(PIP_FLAGS) -e '.[arena]'
	touch $@

$(DEV_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install $(PIP_FLAGS) -e '.[dev]'
	touch $@

$(NATIVE_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install $(PIP_FLAGS) -e '.[native]'
	touch $@

$(BENCH_STAMP): pyproject.toml $(DEV_STAMP)
	$(BIN)/python -m pip install $(PIP_FLAGS) -e '.[dev,bench]'
	touch $@
