#!/usr/bin/env bash
# The landing page, the dashboard and the recruiting page (PAGES=, see bench/phone.mjs) on an emulated phone (bench/phone.mjs: 390×844 at 3×, CPU 4× slower,
# 150 ms round trip, 1.6 Mbit/s), cold, a build before a change against the working tree's, in the same
# run and alternately (section "Pages that open fast on a phone" of docs/PERFORMANCE.md).
#
#   (cd web && npm run build) && bench/phone.sh     RUNS=3; BEFORE=<commit> (default main);
#                                                   BEFORE=none measures the working tree alone;
#                                                   arguments go to phone.mjs (--requests, --json)
# Both apis share one throwaway database (no worker: these pages need none). See bench/lib.sh for BENCH_*.
set -euo pipefail
source "$(dirname -- "${BASH_SOURCE[0]}")/lib.sh"

RUNS=${RUNS:-3}
BEFORE=${BEFORE:-main}
LOGS=$BENCH_WORK/phone-logs
MEDIA=$BENCH_WORK/phone-media

cleanup() {
  bench_cleanup
  rm -rf "$MEDIA"
}
trap cleanup EXIT

# The build before the change: its own web app, built from that commit (bench_build's BENCH_SRC).
if [[ $BEFORE != none ]]; then
  BENCH_SRC=$BEFORE bench_build api
  mv "$ROOT/bench/bin/api" "$ROOT/bench/bin/api-before"
fi
BENCH_SRC='' bench_build api

bench_createdb phone
mkdir -p "$LOGS" "$MEDIA"
export MEDIA_DIR=$MEDIA APP_URL=$BENCH_URL LOGIN_RATE_LIMIT_PER_IP=1000 REGISTER_RATE_LIMIT_PER_IP=1000
"$ROOT/bench/bin/api" migrate >"$LOGS/migrate.log" 2>&1 || die "migrating failed (see $LOGS/migrate.log)"

# start_api BINARY PORT NAME
start_api() {
  local url="http://127.0.0.1:$2"
  if curl -fsS -o /dev/null "$url/readyz" 2>/dev/null; then
    die "something already answers on $url: set BENCH_PORT to a free port (this script uses it and the next)"
  fi
  PORT=$2 "$1" >"$LOGS/$3.log" 2>&1 &
  BENCH_PIDS+=("$!")
  for _ in $(seq 1 200); do
    curl -fsS -o /dev/null "$url/readyz" 2>/dev/null && return 0
    sleep 0.1
  done
  die "the $3 api did not become ready on $url (see $LOGS/$3.log)"
}

targets=()
if [[ $BEFORE != none ]]; then
  start_api "$ROOT/bench/bin/api-before" "$((BENCH_PORT + 1))" before
  targets+=("before=http://127.0.0.1:$((BENCH_PORT + 1))")
fi
start_api "$ROOT/bench/bin/api" "$BENCH_PORT" after
targets+=("after=$BENCH_URL")

say "uptime: $(uptime)"
bench_load
TARGETS="${targets[*]}" RUNS=$RUNS node "$BENCH_DIR/phone.mjs" "$@"
say "uptime: $(uptime)"
