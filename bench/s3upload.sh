#!/usr/bin/env bash
# Upload into S3: one 1 GiB "JPEG" (a JFIF header, then random bytes) sent with curl -F to
# POST /api/athletes/{id}/media of a fresh api + worker running with STORAGE=s3, against minio-go's
# PutObject of the same file straight into the same bucket (bench/s3put, size known, minio-go's
# defaults), in the same run. The S3 server is versitygw (scripts/deps.sh installs it) on loopback
# over a directory in $BENCH_WORK, so both contenders write the same disk through the same server.
# Also the api's memory: VmRSS sampled every 50 ms during each upload.
#
#   bench/s3upload.sh     RUNS=3 by default; SIZE_MB=1024; SETTLE=10 (seconds of quiet before each
#                         timing); S3_PORT=17170; see bench/lib.sh for BENCH_*
#
# Prints one line per run and the medians. The source file stays in $BENCH_WORK for reruns.
set -euo pipefail
source "$(dirname -- "${BASH_SOURCE[0]}")/lib.sh"

RUNS=${RUNS:-3}
SIZE_MB=${SIZE_MB:-1024}
S3_PORT=${S3_PORT:-17170}
SRC=$BENCH_WORK/upload-${SIZE_MB}m.jpg
S3ROOT=$BENCH_WORK/s3root
LOGS=$BENCH_WORK/s3upload-logs
JAR=$BENCH_WORK/s3upload-cookies

SAMPLER_PID=""
cleanup() {
  if [[ -n $SAMPLER_PID ]]; then kill "$SAMPLER_PID" 2>/dev/null || true; fi
  bench_cleanup
  rm -rf "$S3ROOT" "$JAR"
}
trap cleanup EXIT

mkdir -p "$BENCH_WORK" "$LOGS"
if [[ ! -f $SRC || $(stat -c %s "$SRC") -ne $((SIZE_MB << 20)) ]]; then
  say "writing $SRC ($SIZE_MB MiB)"
  { printf '\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00'
    head -c $(((SIZE_MB << 20) - 20)) /dev/urandom; } >"$SRC.tmp"
  mv "$SRC.tmp" "$SRC"
fi

versitygw=$(command -v versitygw || echo "$(go env GOPATH)/bin/versitygw")
[[ -x $versitygw ]] || die "versitygw is missing: run scripts/deps.sh test"
bench_build api worker s3put

rm -rf "$S3ROOT" && mkdir -p "$S3ROOT"
export S3_ENDPOINT=127.0.0.1:$S3_PORT S3_BUCKET=bench S3_ACCESS_KEY=bench-access S3_SECRET_KEY=bench-secret-key-1234 \
  S3_REGION=us-east-1 S3_USE_SSL=false STORAGE=s3
ROOT_ACCESS_KEY=$S3_ACCESS_KEY ROOT_SECRET_KEY=$S3_SECRET_KEY "$versitygw" --port "$S3_ENDPOINT" posix "$S3ROOT" >"$LOGS/versitygw.log" 2>&1 &
S3_PID=$!
BENCH_PIDS+=("$S3_PID")
for _ in $(seq 1 100); do
  (exec 3<>"/dev/tcp/127.0.0.1/$S3_PORT") 2>/dev/null && break
  sleep 0.1
done

bench_createdb s3upload
bench_start_stack "$BENCH_WORK/s3upload-unused-media-dir" "$LOGS" # the api makes the bucket
ATHLETE=$(bench_signup "$JAR")
say "api pid $BENCH_API_PID, versitygw pid $S3_PID over $S3ROOT, athlete $ATHLETE"

BYTES=$(stat -c %s "$SRC")
cat "$SRC" >/dev/null # both contenders read the source from the page cache
bench_load

# upload_once RUN: curl's first byte to the api's 202 (the object is complete in the bucket by
# then). Sets t_up, api_cpu, peak_kb.
upload_once() {
  settle
  sample_rss "$BENCH_API_PID" "$BENCH_WORK/s3upload-rss" &
  SAMPLER_PID=$!
  local cpu0 cpu1 code size
  cpu0=$(cpu_ticks "$BENCH_API_PID")
  read -r code t_up < <(curl -sS -o "$BENCH_WORK/s3upload-response" -w '%{http_code} %{time_total}\n' \
    -b "$JAR" -F "file=@$SRC;type=image/jpeg" -F "title=Bench upload $1" "$BENCH_URL/api/athletes/$ATHLETE/media")
  cpu1=$(cpu_ticks "$BENCH_API_PID")
  kill "$SAMPLER_PID"; wait "$SAMPLER_PID" 2>/dev/null || true; SAMPLER_PID=""
  [[ $code == 202 ]] || { cat "$BENCH_WORK/s3upload-response" >&2; die "upload answered $code"; }
  id=$(grep -o '"id":[0-9]*' "$BENCH_WORK/s3upload-response" | head -1 | cut -d: -f2)
  size=$(grep -o '"fileSize":[0-9]*' "$BENCH_WORK/s3upload-response" | cut -d: -f2)
  [[ $size == "$BYTES" ]] || die "the api stored $size bytes, not $BYTES"
  peak_kb=$(cat "$BENCH_WORK/s3upload-rss")
  api_cpu=$(awk -v a="$cpu0" -v b="$cpu1" -v hz="$HZ" 'BEGIN {printf "%.2f", (b - a) / hz}')
}

# put_once: minio-go's PutObject of the same file into the same bucket (then removed). Sets t_put.
put_once() {
  settle
  t_put=$("$ROOT/bench/bin/s3put" "$SRC" "bench-put-$1")
}

printf '%-4s %9s %7s %9s %7s %10s %9s %14s\n' run api_s MiB/s put_s MiB/s put÷api api_cpu_s api_peakRSS_MB
: >"$BENCH_WORK/s3upload-results"
for run in $(seq 1 "$RUNS"); do
  if ((run % 2)); then upload_once "$run"; put_once "$run"; else put_once "$run"; upload_once "$run"; fi
  ratio=$(awk -v a="$t_up" -v b="$t_put" 'BEGIN {printf "%.2f", b / a}')
  printf '%-4s %9.2f %7s %9.2f %7s %10s %9s %14s\n' "$run" "$t_up" "$(mib_s "$BYTES" "$t_up")" \
    "$t_put" "$(mib_s "$BYTES" "$t_put")" "$ratio" "$api_cpu" $((peak_kb / 1024))
  echo "$t_up $t_put $ratio $api_cpu $peak_kb" >>"$BENCH_WORK/s3upload-results"
  curl -fsS -o /dev/null -b "$JAR" -X DELETE "$BENCH_URL/api/media/$id"
done

col() { awk -v c="$1" '{print $c}' "$BENCH_WORK/s3upload-results" | median; }
up=$(col 1) put=$(col 2)
say ""
say "median of $RUNS runs, $BYTES bytes into S3 (versitygw on loopback):"
say "  upload through the api   $(printf '%.2f' "$up") s  $(mib_s "$BYTES" "$up") MiB/s  (api CPU $(col 4) s)"
say "  minio-go PutObject       $(printf '%.2f' "$put") s  $(mib_s "$BYTES" "$put") MiB/s"
say "  throughput api ÷ PutObject  $(col 3)× (median of the per-run ratios)"
say "  api peak VmRSS per run (kB): $(awk '{printf "%s ", $5}' "$BENCH_WORK/s3upload-results")"
bench_load
