#!/usr/bin/env bash
# The worker's resident memory over N=500 phone photos (issue 34): a fresh api + worker, one family
# posting COUNT=40 photos made as bench/thumbs.sh's are (4000x3000, 2–5 MB), each again and again,
# 16 at a time until N are posted (bench/burst), every photo's thumbnail made by the worker's
# decoder children. VmRSS (and RssAnon) of the worker and of each of its children is read from
# /proc every 100 ms: at rest before the first photo, its peak during the burst, right after the
# last photo is ready, and REST seconds later.
#
#   bench/workermem.sh         N=500, COUNT=40, SIZE=4000x3000, REST=80 (past the children's idle
#                              time, DECODER_IDLE_TIMEOUT); any WORKER_MEDIA_* or DECODER_*
#                              variable reaches the worker
set -euo pipefail
source "$(dirname -- "${BASH_SOURCE[0]}")/lib.sh"

N=${N:-500}
COUNT=${COUNT:-40}
SIZE=${SIZE:-4000x3000}
REST=${REST:-80}
PHOTOS=$BENCH_WORK/photos-$SIZE-$COUNT
MEDIA=$BENCH_WORK/workermem-media
LOGS=$BENCH_WORK/workermem-logs
SAMPLES=$BENCH_WORK/workermem-samples

SAMPLER_PID=""
cleanup() {
  if [[ -n $SAMPLER_PID ]]; then kill "$SAMPLER_PID" 2>/dev/null || true; fi
  bench_cleanup
  rm -rf "$MEDIA"
}
trap cleanup EXIT

# rss_line PID prints the worker's VmRSS, the sum of its children's, the largest child's and the
# anonymous part (RssAnon: not the pages of the binary and libraries, which are shared) of the
# worker's and of its children's, in kB.
rss_line() {
  local worker worker_anon kids=0 largest=0 kids_anon=0 child v a
  worker=$(status_kb "$1" VmRSS)
  worker_anon=$(status_kb "$1" RssAnon)
  for child in $(ps -o pid= --ppid "$1"); do
    v=$(status_kb "$child" VmRSS 2>/dev/null) || continue
    a=$(status_kb "$child" RssAnon 2>/dev/null) || continue
    [[ -n $v && -n $a ]] || continue
    kids=$((kids + v)) kids_anon=$((kids_anon + a))
    ((v > largest)) && largest=$v
  done
  echo "$worker $kids $largest $worker_anon $kids_anon"
}

# show LABEL "WORKER CHILDREN LARGEST WORKER_ANON CHILDREN_ANON" prints one row of the table, in MB.
show() {
  awk -v label="$1" -v line="$2" 'BEGIN {
    split(line, v, " ")
    printf "%-34s %8.1f %10.1f %14.1f %10.1f %13.1f %15.1f\n", label, v[1] / 1024, v[2] / 1024, v[3] / 1024,
      (v[1] + v[2]) / 1024, v[4] / 1024, v[5] / 1024
  }'
}

say "photos: $COUNT x $SIZE in $PHOTOS (made once)"
"$BENCH_DIR/photos.sh" "$PHOTOS" "$COUNT" "$SIZE"
bench_build api worker burst
bench_createdb workermem
rm -rf "$MEDIA"
bench_start_stack "$MEDIA" "$LOGS"
say "api pid $BENCH_API_PID, worker pid $BENCH_WORKER_PID, database $BENCH_DB"
sleep 5 # the worker elects a leader and starts its queues
rest=$(rss_line "$BENCH_WORKER_PID")

: >"$SAMPLES"
(while :; do rss_line "$BENCH_WORKER_PID" >>"$SAMPLES"; sleep 0.1; done) &
SAMPLER_PID=$!
bench_load
"$ROOT/bench/bin/burst" -url "$BENCH_URL" -dir "$PHOTOS" -n "$N" -db "$DATABASE_URL" -worker-pid "$BENCH_WORKER_PID" \
  -workers "${WORKER_MEDIA_CONCURRENCY:-2}" >&2
after=$(rss_line "$BENCH_WORKER_PID")
kill "$SAMPLER_PID"; wait "$SAMPLER_PID" 2>/dev/null || true; SAMPLER_PID=""
peak=$(awk '{for (i = 1; i <= 5; i++) if ($i > p[i]) p[i] = $i; if ($1 + $2 > t) t = $1 + $2}
  END {print p[1], p[2], p[3], p[4], p[5], t}' "$SAMPLES")
sleep "$REST"
later=$(rss_line "$BENCH_WORKER_PID")
bench_load

say ""
say "resident memory (VmRSS, MB) of the worker and its decoder children, $N photos of $SIZE:"
printf '%-34s %8s %10s %14s %10s %13s %15s\n' "" worker children largest_child together "worker (anon)" "children (anon)" >&2
show "at rest, before the first photo" "$rest" >&2
read -r pw pk pl pwa pka pt <<<"$peak"
show "peak while working (each its own)" "$pw $pk $pl $pwa $pka" >&2
say "  (the largest sum of worker and children at one moment: $(awk -v t="$pt" 'BEGIN {printf "%.1f", t / 1024}') MB)"
show "after the last photo is ready" "$after" >&2
show "$REST s later" "$later" >&2
say "(anon: RssAnon, the process's own memory; the rest of VmRSS is the binary's and libraries' pages, shared)"
