#!/usr/bin/env bash
# `make test` and CI: every check, in one run. A failing step does not stop the later ones
# (one CI run should report every problem), but the run fails if any step failed.
# Without TEST_DATABASE_URL it uses the private cluster, the same one `make run` uses;
# Go tests create their own fresh databases from TEST_DATABASE_URL.
set -euo pipefail
source "$(dirname -- "${BASH_SOURCE[0]}")/lib/common.sh"
source "$ROOT/scripts/lib/postgres.sh"
cd "$ROOT"

if [[ -z ${TEST_DATABASE_URL:-} ]]; then
  pg_ensure
  export TEST_DATABASE_URL
  TEST_DATABASE_URL=$(pg_url postgres)
fi
# Stop the cluster afterwards only if this run started it (not one from `make db`/`make run`).
trap '[[ -z $PG_STARTED ]] || pg_stop' EXIT

failed=()
# step NAME CMD...: run one check, remember its failure, go on.
step() {
  local name=$1
  shift
  printf '\n==> %s: %s\n' "$name" "$*"
  "$@" || { failed+=("$name"); log "$name FAILED"; }
}

step file-sizes scripts/file-sizes.sh
# The web app first: the api embeds web/dist, so vet, tests and builds of cmd/api need it.
step web-build make --no-print-directory web
step go-vet go vet ./...
# -count=1: results depend on the database, so Go's test cache must not answer for them.
step go-test go test -count=1 ./...
# ESLint: the feature boundary (features meet only through their index.ts) and the recommended rules.
step web-lint bash -c 'cd web && npm run lint'
step web-unit bash -c 'cd web && npm test'
step go-build make --no-print-directory bins
if [[ " ${failed[*]} " == *" web-build "* || " ${failed[*]} " == *" go-build "* ]]; then
  failed+=(e2e)
  log "e2e skipped: the build failed"
else
  step e2e scripts/e2e.sh
fi

echo
if ((${#failed[@]})); then
  echo "make test: FAILED: ${failed[*]}"
  exit 1
fi
echo "make test: every check passed"
