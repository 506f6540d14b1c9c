#!/usr/bin/env bash
# `make run`: migrate, then run the api and one worker until Ctrl-C. Expects bin/api and
# bin/worker built (make does that first). Without DATABASE_URL it starts the private
# PostgreSQL cluster (scripts/lib/postgres.sh) and stops it again on the way out.
set -euo pipefail
source "$(dirname -- "${BASH_SOURCE[0]}")/lib/common.sh"
source "$ROOT/scripts/lib/postgres.sh"
cd "$ROOT"

[[ -x bin/api && -x bin/worker ]] || die "bin/api and bin/worker are missing: run 'make build'"
export PORT=${PORT:-8080}
# The address the api puts in links (e-mails): follow PORT unless set explicitly.
export APP_URL=${APP_URL:-http://localhost:$PORT}
port_in_use "$PORT" && die "port $PORT is already in use (another make run?); set PORT to a free one"

api_pid='' worker_pid=''
# shellcheck disable=SC2317 # called from the EXIT trap
cleanup() {
  trap - EXIT INT TERM
  [[ -n $api_pid || -n $worker_pid ]] && log "Stopping api and worker"
  # Both at once: they drain in parallel, each with its own grace period.
  [[ -n $api_pid ]] && stop_pid "$api_pid" api 20 &
  [[ -n $worker_pid ]] && stop_pid "$worker_pid" worker 30 &
  wait
  # Only a cluster this run started; one started by `make db` keeps running.
  if [[ -n $PG_STARTED ]]; then
    pg_stop
  fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

if [[ -z ${DATABASE_URL:-} ]]; then
  pg_ensure
  export DATABASE_URL
  DATABASE_URL=$(pg_url legacylocker)
else
  log "Using DATABASE_URL from the environment (no private cluster)"
fi

log "Migrating the database"
bin/api migrate

# Output is prefixed per process so that interleaved logs stay readable; $! is still the
# program's own pid (the prefixing runs in a process substitution). The prefixer ignores
# Ctrl-C so that it still shows what the programs print while they shut down.
prefix() { trap '' INT TERM; exec sed -u "s/^/$1/"; }
bin/api > >(prefix '[api]    ') 2>&1 &
api_pid=$!
bin/worker > >(prefix '[worker] ') 2>&1 &
worker_pid=$!

if wait_ready "$PORT" /readyz 30 "$api_pid"; then
  log "Legacy Locker is running at $APP_URL (Ctrl-C to stop)"
elif kill -0 "$api_pid" 2>/dev/null; then
  log "The api is not ready yet; it should be at http://localhost:$PORT (Ctrl-C to stop)"
fi

# Run until Ctrl-C (the traps above), or until either process exits on its own.
status=0
wait -n "$api_pid" "$worker_pid" || status=$?
kill -0 "$api_pid" 2>/dev/null || log "The api exited (status $status)"
kill -0 "$worker_pid" 2>/dev/null || log "The worker exited (status $status)"
exit $((status == 0 ? 1 : status))
