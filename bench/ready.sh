#!/usr/bin/env bash
# Time from upload finished to thumbnail ready: N=40 phone photos (3 MP, 2000x1500, a quarter
# with an EXIF orientation) uploaded one after another to a fresh api + worker (defaults: media
# queue concurrency 2, River's fetch poll 1 s, woken earlier by LISTEN/NOTIFY on insert); for
# each, from the 202 to the first GET /api/media/{id} (polled every 25 ms) that shows "ready"
# with a thumbnailUrl. bench/ready also splits each wait with River's job row. The floor, in the
# same run: the thumbnail alone, one photo at a time, by media.ImageThumbnail (bench/bin/thumbs
# -workers 1) and by vipsthumbnail (one process per photo).
#
#   bench/ready.sh             RUNS=3, N=40, SIZE=2000x1500, POLL=25ms; see bench/lib.sh for BENCH_*
set -euo pipefail
source "$(dirname -- "${BASH_SOURCE[0]}")/lib.sh"

RUNS=${RUNS:-3}
N=${N:-40}
SIZE=${SIZE:-2000x1500}
POLL=${POLL:-25ms}
PHOTOS=$BENCH_WORK/photos-$SIZE
MEDIA=$BENCH_WORK/ready-media
LOGS=$BENCH_WORK/ready-logs

cleanup() {
  bench_cleanup
  rm -rf "$MEDIA"
}
trap cleanup EXIT

say "photos: $N x $SIZE in $PHOTOS (made once)"
"$BENCH_DIR/photos.sh" "$PHOTOS" "$N" "$SIZE"
bench_build api worker ready thumbs
bench_createdb ready
rm -rf "$MEDIA"
bench_start_stack "$MEDIA" "$LOGS"
say "api pid $BENCH_API_PID, worker pid $BENCH_WORKER_PID, database $BENCH_DB"
sleep 2 # let the worker elect a leader and start its queues

: >"$BENCH_WORK/ready-results"
for run in $(seq 1 "$RUNS"); do
  bench_load
  "$ROOT/bench/bin/ready" -url "$BENCH_URL" -dir "$PHOTOS" -n "$N" -poll "$POLL" -db "$DATABASE_URL" \
    | tee "$BENCH_WORK/ready-run-$run.log" | tail -n 3 | sed "s/^/run $run: /" >&2
  awk -v r="$run" '/^upload 202/ {gsub(/,/, ""); for (i = 1; i <= NF; i++) {if ($i == "p50") p50 = $(i+1); if ($i == "p95") p95 = $(i+1)}} END {print r, p50, p95}' \
    "$BENCH_WORK/ready-run-$run.log" >>"$BENCH_WORK/ready-results"
done

say ""
say "the floor: the same $N photos' thumbnails alone, one at a time"
"$ROOT/bench/bin/thumbs" -in "$PHOTOS" -out "$BENCH_WORK/ready-thumbs" -workers 1 | sed 's/^/  media.ImageThumbnail /' >&2
if command -v vipsthumbnail >/dev/null; then
  for f in "$PHOTOS"/*.jpg; do
    t0=$(date +%s%N)
    VIPS_CONCURRENCY=1 vipsthumbnail --size 480x480 -o "$BENCH_WORK/ready-thumbs/%s-vips.jpg[Q=82]" "$f"
    echo $((($(date +%s%N) - t0) / 1000000))
  done | sort -n | awk '{v[NR] = $1} END {printf "  vipsthumbnail (a process per photo): p50 %d ms, p95 %d ms\n", v[int(NR / 2 + 0.5)], v[int(NR * 0.95 + 0.5)]}' >&2
fi
rm -rf "$BENCH_WORK/ready-thumbs"
say ""
say "per-photo lines: $BENCH_WORK/ready-run-*.log"
say "median of $RUNS runs of $N photos: p50 $(awk '{print $2}' "$BENCH_WORK/ready-results" | median) ms, p95 $(awk '{print $3}' "$BENCH_WORK/ready-results" | median) ms"
bench_load
