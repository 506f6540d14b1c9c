# Legacy Locker. A new user needs two commands:
#   make run    install what is missing, build, and run it all on http://localhost:8080
#   make test   every check CI runs (.ci/run calls it)
# The real work is in scripts/; see `make help`.

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help
# The api embeds web/dist, so builds must happen in order even under `make -j`.
.NOTPARALLEL:

# What the web build reads; a change to any of these rebuilds web/dist.
WEB_SRC := $(shell find web/src web/public -type f 2>/dev/null) \
	$(wildcard web/index.html web/package.json web/vite.config.* web/tsconfig*.json web/postcss.config.*)

.PHONY: help run test build web bins deps deps-test e2e db db-stop db-status psql clean

help:
	@echo 'make run        install what is missing, build, start Postgres, the api and a worker'
	@echo '                (http://localhost:$${PORT:-8080}; Ctrl-C stops everything)'
	@echo 'make test       everything CI runs: go vet, go test, web lint and unit tests, builds, browser e2e'
	@echo 'make build      web/dist, then bin/api and bin/worker'
	@echo 'make web        npm ci (when needed) and the web build into web/dist'
	@echo 'make e2e        build, then only the browser end-to-end tests'
	@echo 'make db         start the private Postgres cluster (.data/postgres) and print its URLs'
	@echo 'make db-stop    stop it (data is kept; rm -rf .data to start afresh)'
	@echo 'make db-status  is it running, on which port'
	@echo 'make psql       psql on the app database of the private cluster'
	@echo 'make clean      remove build output (bin/, web/dist); keeps the database'

run: deps build
	@scripts/run.sh

test: deps-test
	@scripts/test.sh

build: web bins

web: web/dist/index.html

# npm ci (see scripts/web-deps.sh) when node_modules is missing or older than the lock
# file. The stamp is written only after a successful install, so a failed one is retried.
NODE_MODULES := web/node_modules/.installed
$(NODE_MODULES): web/package-lock.json web/package.json
	@scripts/web-deps.sh
	@touch $@

web/dist/index.html: $(WEB_SRC) $(NODE_MODULES)
	cd web && npm run build

# Always run: go build is incremental on its own and knows the Go sources and web/dist.
bins:
	go build -o bin/api ./cmd/api
	go build -o bin/worker ./cmd/worker

deps:
	@scripts/deps.sh run

deps-test:
	@scripts/deps.sh test

e2e: deps-test build
	@scripts/e2e.sh

db:
	@scripts/deps.sh db
	@scripts/db.sh start

db-stop:
	@scripts/db.sh stop

db-status:
	@scripts/db.sh status

psql:
	@scripts/db.sh psql

clean:
	rm -rf bin .data/e2e-logs
	find web/dist -mindepth 1 ! -name .gitkeep -delete 2>/dev/null || true
