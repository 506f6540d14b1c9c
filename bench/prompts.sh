#!/usr/bin/env bash
# Time "Generate new AI prompts" with the offline prompt bank (no OPENAI_API_KEY) on a fresh api +
# worker: bench/prompts.mjs times POST → "ready" through the api (polled every 10 ms) and a click
# in Chromium → the "New prompts generated" toast; then River's job rows split the server's part
# into queue time (inserted → a worker took it) and work time (taken → completed). For a
# before/after of a change, build another commit with BENCH_SRC=<commit> (its web app included).
#
#   bench/prompts.sh        RUNS=10; see bench/lib.sh for BENCH_*
set -euo pipefail
source "$(dirname -- "${BASH_SOURCE[0]}")/lib.sh"

RUNS=${RUNS:-10}
MEDIA=$BENCH_WORK/prompts-media
LOGS=$BENCH_WORK/prompts-logs

cleanup() {
  bench_cleanup
  rm -rf "$MEDIA"
}
trap cleanup EXIT

unset OPENAI_API_KEY
bench_build api worker
bench_createdb prompts
rm -rf "$MEDIA"
bench_start_stack "$MEDIA" "$LOGS"
say "api pid $BENCH_API_PID, worker pid $BENCH_WORKER_PID, database $BENCH_DB"
sleep 2 # let the worker elect a leader and start its queues
bench_load

BASE_URL=$BENCH_URL RUNS=$RUNS node "$BENCH_DIR/prompts.mjs"
psql "$DATABASE_URL" -qAtX -F ' ' -c "
  SELECT 'journal_prompts jobs (' || count(*) || '): queued p50 ' ||
         round(percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM attempted_at - created_at)) * 1000) || ' ms, max ' ||
         round(max(extract(epoch FROM attempted_at - created_at)) * 1000) || ' ms; worked p50 ' ||
         round(percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM finalized_at - attempted_at)) * 1000) || ' ms, max ' ||
         round(max(extract(epoch FROM finalized_at - attempted_at)) * 1000) || ' ms'
  FROM river_job WHERE kind = 'journal_prompts' AND state = 'completed'"
bench_load
