#!/usr/bin/env bash
# "Download everything" of a 1 GiB legacy: FILES stored files (random bytes behind a JPEG header,
# uploaded through the api, so every byte is in the archive as it is) plus a journal, made into one
# ZIP by the worker's legacy_export job — from the POST to the record saying ready — against
# `zip -0` (store, no compression, as the job stores media) of the same files, in the same run, on
# the same disk. Also the api's and the worker's memory: VmRSS sampled every 50 ms while the archive
# is made (the worker streams it: its memory must not grow with the legacy).
#
#   bench/export.sh     RUNS=3 by default; FILES=8 and FILE_MB=128 (1 GiB); SETTLE=10; see
#                       bench/lib.sh for BENCH_*
set -euo pipefail
source "$(dirname -- "${BASH_SOURCE[0]}")/lib.sh"

RUNS=${RUNS:-3}
FILES=${FILES:-8}
FILE_MB=${FILE_MB:-128}
SRCDIR=$BENCH_WORK/export-src-${FILES}x${FILE_MB}m
MEDIA=$BENCH_WORK/export-media
LOGS=$BENCH_WORK/export-logs
JAR=$BENCH_WORK/export-cookies
ZIPOUT=$BENCH_WORK/export-zip0.zip

SAMPLER_PIDS=()
cleanup() {
  for pid in "${SAMPLER_PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  bench_cleanup
  rm -rf "$MEDIA" "$JAR" "$ZIPOUT"
}
trap cleanup EXIT

mkdir -p "$SRCDIR" "$LOGS"
for i in $(seq 1 "$FILES"); do
  f=$SRCDIR/game-$i.jpg
  if [[ ! -f $f || $(stat -c %s "$f") -ne $((FILE_MB << 20)) ]]; then
    say "writing $f ($FILE_MB MiB)"
    { printf '\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00'
      head -c $(((FILE_MB << 20) - 20)) /dev/urandom; } >"$f.tmp"
    mv "$f.tmp" "$f"
  fi
done

bench_build api worker
bench_createdb export
rm -rf "$MEDIA"
bench_start_stack "$MEDIA" "$LOGS"
ATHLETE=$(bench_signup "$JAR")
api() { curl -fsS -b "$JAR" -H "Origin: $BENCH_URL" "$@"; }

say "uploading $FILES files of $FILE_MB MiB and 200 journal entries"
for f in "$SRCDIR"/*.jpg; do
  api -o /dev/null -F "file=@$f;type=image/jpeg" -F "title=$(basename "$f" .jpg)" "$BENCH_URL/api/athletes/$ATHLETE/media"
done
for i in $(seq 1 200); do
  api -o /dev/null -H 'Content-Type: application/json' \
    -d "{\"title\":\"Game $i ⚾\",\"content\":\"Two hits and a diving catch in game $i. Abuela cried.\",\"date\":\"2026-04-11\",\"tags\":[],\"enhanceWithAI\":false}" \
    "$BENCH_URL/api/athletes/$ATHLETE/journal"
done
# The uploads' own processing (they are not pictures: it fails fast) must be over before timing.
for _ in $(seq 1 600); do
  [[ $(psql "$DATABASE_URL" -qAtX -c "SELECT count(*) FROM media_items WHERE status IN ('pending','processing')") == 0 ]] && break
  sleep 0.5
done

BYTES=$(cat "$SRCDIR"/*.jpg | wc -c)

# export_once: POST → the record is ready (the ZIP is complete and fsynced in storage). Sets
# t_export, zip_bytes, api_kb, worker_kb.
export_once() {
  settle
  sample_rss "$BENCH_API_PID" "$BENCH_WORK/export-rss-api" &
  SAMPLER_PIDS=($!)
  sample_rss "$BENCH_WORKER_PID" "$BENCH_WORK/export-rss-worker" &
  SAMPLER_PIDS+=($!)
  local t0 t1 id state
  t0=$(now)
  id=$(api -X POST "$BENCH_URL/api/athletes/$ATHLETE/exports" | grep -o '"id":[0-9]*' | head -1 | cut -d: -f2)
  # Polled every 20 ms inside Postgres, by one psql: a psql started for every poll cost about as
  # much CPU as the archive's own work on a machine slow to start processes.
  psql "$DATABASE_URL" -qAtX -v ON_ERROR_STOP=1 >/dev/null <<SQL
SET statement_timeout = '20min';
DO \$\$ BEGIN
  WHILE coalesce((SELECT status NOT IN ('ready', 'failed') FROM legacy_exports WHERE id = $id), true) LOOP
    PERFORM pg_sleep(0.02);
  END LOOP;
END \$\$;
SQL
  t1=$(now)
  state=$(psql "$DATABASE_URL" -qAtX -c "SELECT status FROM legacy_exports WHERE id = $id")
  kill "${SAMPLER_PIDS[@]}"; wait "${SAMPLER_PIDS[@]}" 2>/dev/null || true; SAMPLER_PIDS=()
  [[ $state == ready ]] || die "export $id is $state"
  t_export=$(awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}')
  zip_bytes=$(psql "$DATABASE_URL" -qAtX -c "SELECT file_size FROM legacy_exports WHERE id = $id")
  api_kb=$(cat "$BENCH_WORK/export-rss-api") worker_kb=$(cat "$BENCH_WORK/export-rss-worker")
  # Only one archive at a time may exist: the next run's POST makes a new one.
  EXPORT_ID=$id
}

# zip_once: zip -0 of the same files into the same disk, fsynced as the job's archive is. Sets t_zip.
zip_once() {
  settle
  rm -f "$ZIPOUT"
  local t0 t1
  t0=$(now)
  (cd "$SRCDIR" && zip -0 -q "$ZIPOUT" ./*.jpg)
  sync "$ZIPOUT"
  t1=$(now)
  t_zip=$(awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}')
  rm -f "$ZIPOUT"
}

cat "$SRCDIR"/*.jpg >/dev/null
say "before the first archive: api VmRSS $(status_kb "$BENCH_API_PID" VmRSS) kB, worker VmRSS $(status_kb "$BENCH_WORKER_PID" VmRSS) kB"
bench_load
printf '%-4s %10s %7s %8s %7s %10s %12s %15s\n' run export_s MiB/s zip0_s MiB/s zip÷export api_peak_MB worker_peak_MB
: >"$BENCH_WORK/export-results"
for run in $(seq 1 "$RUNS"); do
  if ((run % 2)); then export_once; zip_once; else zip_once; export_once; fi
  ratio=$(awk -v a="$t_export" -v b="$t_zip" 'BEGIN {printf "%.2f", b / a}')
  printf '%-4s %10.2f %7s %8.2f %7s %10s %12s %15s\n' "$run" "$t_export" "$(mib_s "$BYTES" "$t_export")" \
    "$t_zip" "$(mib_s "$BYTES" "$t_zip")" "$ratio" $((api_kb / 1024)) $((worker_kb / 1024))
  echo "$t_export $t_zip $ratio $api_kb $worker_kb $zip_bytes" >>"$BENCH_WORK/export-results"
done

col() { awk -v c="$1" '{print $c}' "$BENCH_WORK/export-results" | median; }
say ""
say "median of $RUNS runs, $FILES files, $BYTES bytes of media (archive $(col 6) bytes):"
say "  legacy_export (POST → ready)  $(printf '%.2f' "$(col 1)") s"
say "  zip -0 + fsync                $(printf '%.2f' "$(col 2)") s"
say "  throughput export ÷ zip -0    $(col 3)× (median of the per-run ratios)"
say "  peak VmRSS while exporting: api $(col 4) kB, worker $(col 5) kB"
bench_load
