#!/usr/bin/env bash
# The private PostgreSQL cluster on its own (scripts/lib/postgres.sh):
#   scripts/db.sh start    start it (creating it first if needed) and print its URLs
#   scripts/db.sh stop     stop it; its data stays in .data/postgres
#   scripts/db.sh status   say whether it runs, and where
#   scripts/db.sh psql     open psql on the app's database
set -euo pipefail
source "$(dirname -- "${BASH_SOURCE[0]}")/lib/common.sh"
source "$ROOT/scripts/lib/postgres.sh"

case ${1:-} in
  start)
    pg_ensure
    echo "DATABASE_URL=$(pg_url legacylocker)"
    echo "TEST_DATABASE_URL=$(pg_url postgres)"
    ;;
  stop)
    pg_stop
    ;;
  status)
    pg_setup
    if pg_running; then
      PG_PORT=$(pg_running_port)
      echo "running: $(pg_url legacylocker) (data: $PG_DATA)"
    else
      echo "stopped (data: $PG_DATA)"
    fi
    ;;
  psql)
    pg_setup
    pg_running || die "the cluster is not running: run 'make db'"
    PG_PORT=$(pg_running_port)
    exec "$PG_PSQL" "$(pg_url legacylocker)"
    ;;
  *) die "usage: $0 start|stop|status|psql" ;;
esac
