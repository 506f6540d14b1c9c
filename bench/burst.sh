#!/usr/bin/env bash
# A burst against the work it makes (issue 26): one family posts N=200 small photos (640x480,
# ~50 kB) at once, 16 uploads in flight, to a fresh api + worker (media queue concurrency 2,
# decoder children, the media queue's fetch cadence and per-owner share as configured); a quarter
# of the way in, a second family posts one photo. bench/burst prints, per run: first job inserted →
# last job finished against the sum of the jobs' work / 2 workers (target ≤ 2×) and against the
# worker's CPU (decoder children included) / 2, and the second family's upload 202 → ready
# (target ≤ 2 s). Times come from bench/burst's own clock, River's job rows and /proc: no timing
# tool is needed.
#
#   bench/burst.sh             RUNS=3, N=200, SIZE=640x480; any WORKER_MEDIA_* or DECODER_*
#                              variable is passed to the worker (e.g. WORKER_MEDIA_FETCH_COOLDOWN=100ms
#                              WORKER_MEDIA_PER_OWNER=0 for River's default cadence and no fairness)
set -euo pipefail
source "$(dirname -- "${BASH_SOURCE[0]}")/lib.sh"

RUNS=${RUNS:-3}
N=${N:-200}
SIZE=${SIZE:-640x480}
PHOTOS=$BENCH_WORK/photos-$SIZE
MEDIA=$BENCH_WORK/burst-media
LOGS=$BENCH_WORK/burst-logs

cleanup() {
  bench_cleanup
  rm -rf "$MEDIA"
}
trap cleanup EXIT

say "photos: 50 x $SIZE in $PHOTOS (made once; the burst posts each of them 4 times)"
"$BENCH_DIR/photos.sh" "$PHOTOS" 50 "$SIZE"
bench_build api worker burst
bench_createdb burst
rm -rf "$MEDIA"
bench_start_stack "$MEDIA" "$LOGS"
say "api pid $BENCH_API_PID, worker pid $BENCH_WORKER_PID, database $BENCH_DB"
sleep 2 # let the worker elect a leader and start its queues
: >"$BENCH_WORK/burst-results"
for run in $(seq 1 "$RUNS"); do
  bench_load
  "$ROOT/bench/bin/burst" -url "$BENCH_URL" -dir "$PHOTOS" -n "$N" -db "$DATABASE_URL" -worker-pid "$BENCH_WORKER_PID" \
    -workers "${WORKER_MEDIA_CONCURRENCY:-2}" | tee "$BENCH_WORK/burst-run-$run.log" | sed "s/^/run $run: /" >&2
  awk -v r="$run" '/first insert/ {for (i = 1; i <= NF; i++) if ($i ~ /×$/) ratio = $i; span = $6}
    /upload 202/ {for (i = 1; i <= NF; i++) if ($i == "ready") other = $(i+1)}
    END {gsub(/×/, "", ratio); print r, span, ratio, other}' "$BENCH_WORK/burst-run-$run.log" >>"$BENCH_WORK/burst-results"
done
say ""
say "median of $RUNS runs of $N photos: first insert → last ready $(awk '{print $2}' "$BENCH_WORK/burst-results" | median) s," \
  "$(awk '{print $3}' "$BENCH_WORK/burst-results" | median)× the work / workers;" \
  "the other family's photo $(awk '{print $4}' "$BENCH_WORK/burst-results" | median) ms"
bench_load
