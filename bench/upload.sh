#!/usr/bin/env bash
# Upload throughput: one 1 GiB "JPEG" (a JFIF header, then random bytes: the api sniffs only the
# first bytes) sent with curl -F to POST /api/athletes/{id}/media of a fresh api + worker on a
# fresh database, against cp of the same file to the same disk, with and without fsync (the
# api fsyncs every upload before it answers). Also the api's memory: VmHWM of the fresh
# process before and after, and VmRSS sampled every 50 ms during each upload.
#
#   bench/upload.sh            RUNS=3 by default; SIZE_MB=1024; SETTLE=10 (seconds of quiet
#                              before each timing); see bench/lib.sh for BENCH_*
#   PROFILE=1 bench/upload.sh  then one more upload under `perf record` and `perf stat` (the
#                              api's hottest functions, its read/write system calls)
#   TUS=1 bench/upload.sh      also RUNS resumable uploads of the file (tus: POST, then one PATCH
#                              of all of it, timed from the POST to the PATCH's 204)
#   BEFORE=<commit> bench/upload.sh
#                              also the api built from that commit, on the next port, same database
#                              and media directory: each run times ours, before's and cp in turn
#                              (the order rotates), so a before/after shares one run's load
#
# Prints one line per run and the medians. The source file stays in $BENCH_WORK for reruns.
set -euo pipefail
source "$(dirname -- "${BASH_SOURCE[0]}")/lib.sh"

RUNS=${RUNS:-3}
SIZE_MB=${SIZE_MB:-1024}
SRC=$BENCH_WORK/upload-${SIZE_MB}m.jpg
MEDIA=$BENCH_WORK/upload-media
CPDIR=$BENCH_WORK/upload-cp
LOGS=$BENCH_WORK/upload-logs
JAR=$BENCH_WORK/upload-cookies

SAMPLER_PID=""
cleanup() {
  if [[ -n $SAMPLER_PID ]]; then kill "$SAMPLER_PID" 2>/dev/null || true; fi
  bench_cleanup
  rm -rf "$MEDIA" "$CPDIR" "$JAR"
}
trap cleanup EXIT

mkdir -p "$BENCH_WORK"
if [[ ! -f $SRC || $(stat -c %s "$SRC") -ne $((SIZE_MB << 20)) ]]; then
  say "writing $SRC ($SIZE_MB MiB)"
  # SOI + a JFIF APP0 segment: enough for media.Sniff to call it image/jpeg.
  { printf '\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00'
    head -c $(((SIZE_MB << 20) - 20)) /dev/urandom; } >"$SRC.tmp"
  mv "$SRC.tmp" "$SRC"
fi

bench_build api worker
if [[ -n ${BEFORE:-} ]]; then
  before_src=$BENCH_WORK/upload-before-src
  rm -rf "$before_src" && mkdir -p "$before_src"
  git -C "$ROOT" archive "$BEFORE" | tar -x -C "$before_src"
  rm -rf "$before_src/web/dist" && cp -r "$ROOT/web/dist" "$before_src/web/dist" # the upload never serves it
  (cd "$before_src" && go build -o "$ROOT/bench/bin/api-before" ./cmd/api) || die "building the api of $BEFORE failed"
  say "before: the api of $(git -C "$ROOT" rev-parse --short "$BEFORE")"
fi
bench_createdb upload
rm -rf "$MEDIA" "$CPDIR"
mkdir -p "$CPDIR"
bench_start_stack "$MEDIA" "$LOGS"
ATHLETE=$(bench_signup "$JAR")
say "api pid $BENCH_API_PID, athlete $ATHLETE, database $BENCH_DB, media in $MEDIA"
if [[ -n ${BEFORE:-} ]]; then
  BEFORE_URL="http://127.0.0.1:$((BENCH_PORT + 1))"
  PORT=$((BENCH_PORT + 1)) APP_URL=$BEFORE_URL "$ROOT/bench/bin/api-before" >"$LOGS/api-before.log" 2>&1 &
  BEFORE_PID=$!
  BENCH_PIDS+=("$BEFORE_PID")
  for _ in $(seq 1 200); do
    curl -fsS -o /dev/null "$BEFORE_URL/readyz" 2>/dev/null && break
    sleep 0.1
  done
  curl -fsS -o /dev/null "$BEFORE_URL/readyz" || die "the api of $BEFORE did not become ready (see $LOGS/api-before.log)"
fi

BYTES=$(stat -c %s "$SRC")
cat "$SRC" >/dev/null # the source is read from the page cache by both contenders
say "fresh api: VmRSS $(status_kb "$BENCH_API_PID" VmRSS) kB, VmHWM $(status_kb "$BENCH_API_PID" VmHWM) kB"
bench_load

# upload_once RUN [URL PID]: through the api (ours, or the one at URL with PID) with curl, from
# the first byte sent to the 202 (the api has fsynced by then). Sets t_up, api_cpu and curl_cpu
# (s), peak_kb and id.
upload_once() {
  local url=${2:-$BENCH_URL} pid=${3:-$BENCH_API_PID}
  settle
  sample_rss "$pid" "$BENCH_WORK/upload-rss" &
  SAMPLER_PID=$!
  local cpu0 cpu1 code size
  cpu0=$(cpu_ticks "$pid")
  read -r code t_up < <(/usr/bin/time -f '%U %S' -o "$BENCH_WORK/upload-curl-cpu" \
    curl -sS -o "$BENCH_WORK/upload-response" -w '%{http_code} %{time_total}\n' \
    -b "$JAR" -F "file=@$SRC;type=image/jpeg" -F "title=Bench upload $1" "$url/api/athletes/$ATHLETE/media")
  cpu1=$(cpu_ticks "$pid")
  kill "$SAMPLER_PID"; wait "$SAMPLER_PID" 2>/dev/null || true; SAMPLER_PID=""
  [[ $code == 202 ]] || { cat "$BENCH_WORK/upload-response" >&2; die "upload answered $code"; }
  id=$(grep -o '"id":[0-9]*' "$BENCH_WORK/upload-response" | head -1 | cut -d: -f2)
  size=$(grep -o '"fileSize":[0-9]*' "$BENCH_WORK/upload-response" | cut -d: -f2)
  [[ $size == "$BYTES" ]] || die "the api stored $size bytes, not $BYTES"
  peak_kb=$(cat "$BENCH_WORK/upload-rss")
  api_cpu=$(awk -v a="$cpu0" -v b="$cpu1" -v hz="$HZ" 'BEGIN {printf "%.2f", (b - a) / hz}')
  curl_cpu=$(awk '{printf "%.2f", $1 + $2}' "$BENCH_WORK/upload-curl-cpu")
  # Give the space back (the quota counts it): DELETE removes the row, a job the file.
  curl -fsS -o /dev/null -b "$JAR" -X DELETE "$BENCH_URL/api/media/$id"
  for _ in $(seq 1 100); do
    [[ -z $(ls -A "$MEDIA") ]] && break
    sleep 0.1
  done
}

# before_once RUN: upload_once through the api of BEFORE. Sets t_before and before_cpu, and leaves
# what upload_once set for ours as it was.
before_once() {
  local t=${t_up:-} c=${api_cpu:-} k=${peak_kb:-} u=${curl_cpu:-}
  upload_once "$1" "$BEFORE_URL" "$BEFORE_PID"
  t_before=$t_up before_cpu=$api_cpu
  t_up=$t api_cpu=$c peak_kb=$k curl_cpu=$u
}

# cp_once: cp to the same disk, then fsync of the copy (what the api's storage does), timed
# together and without the fsync. Sets t_cp_sync and t_cp.
cp_once() {
  settle
  local t0 t1 t2
  t0=$(now)
  cp "$SRC" "$CPDIR/copy.jpg"
  t1=$(now)
  sync "$CPDIR/copy.jpg"
  t2=$(now)
  rm -f "$CPDIR/copy.jpg"
  t_cp_sync=$(awk -v a="$t0" -v b="$t2" 'BEGIN {print b - a}')
  t_cp=$(awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}')
}

printf '%-4s %9s %9s %11s %11s %10s %9s %9s %10s %12s\n' run upload_s MiB/s cp+fsync_s MiB/s cp_MiB/s api÷cp api_cpu_s curl_cpu_s api_peakRSS_MB
: >"$BENCH_WORK/upload-results"
: >"$BENCH_WORK/upload-before-results"
for run in $(seq 1 "$RUNS"); do
  if [[ -n ${BEFORE:-} ]]; then
    # Each contender goes first, second and third in turn.
    case $((run % 3)) in
      1) upload_once "$run"; before_once "$run"; cp_once ;;
      2) before_once "$run"; cp_once; upload_once "$run" ;;
      0) cp_once; upload_once "$run"; before_once "$run" ;;
    esac
    before_ratio=$(awk -v a="$t_before" -v b="$t_cp_sync" 'BEGIN {printf "%.2f", a / b}')
    printf '%-4s %9.2f %9s %11s %11s %10s %9s %9s   (the api of %s)\n' "$run" "$t_before" "$(mib_s "$BYTES" "$t_before")" \
      "" "" "" "$before_ratio" "$before_cpu" "$BEFORE"
    echo "$t_before $before_ratio $before_cpu" >>"$BENCH_WORK/upload-before-results"
  # Odd runs upload first, even runs copy first, so neither always follows the other's writeback.
  elif ((run % 2)); then upload_once "$run"; cp_once; else cp_once; upload_once "$run"; fi
  ratio=$(awk -v a="$t_up" -v b="$t_cp_sync" 'BEGIN {printf "%.2f", a / b}')
  printf '%-4s %9.2f %9s %11.2f %11s %10s %9s %9s %10s %12s\n' "$run" "$t_up" "$(mib_s "$BYTES" "$t_up")" \
    "$t_cp_sync" "$(mib_s "$BYTES" "$t_cp_sync")" "$(mib_s "$BYTES" "$t_cp")" "$ratio" "$api_cpu" "$curl_cpu" $((peak_kb / 1024))
  echo "$t_up $t_cp_sync $t_cp $api_cpu $peak_kb $ratio $curl_cpu" >>"$BENCH_WORK/upload-results"
done

# tus_once: the same file as a resumable upload in one PATCH (curl -T streams it). Sets t_tus.
tus_once() {
  settle
  local t0 t1 location code media
  t0=$(now)
  location=$(curl -fsS -o /dev/null -D - -b "$JAR" -X POST -H 'Tus-Resumable: 1.0.0' -H "Upload-Length: $BYTES" \
    -H "Upload-Metadata: title $(printf 'Bench resumable' | base64)" "$BENCH_URL/api/athletes/$ATHLETE/media/uploads" \
    | tr -d '\r' | awk -F': ' 'tolower($1) == "location" {print $2}')
  [[ -n $location ]] || die "creating the resumable upload failed"
  code=$(curl -sS -o /dev/null -D "$BENCH_WORK/upload-tus-headers" -w '%{http_code}' -b "$JAR" -X PATCH -T "$SRC" \
    -H 'Tus-Resumable: 1.0.0' -H 'Content-Type: application/offset+octet-stream' -H 'Upload-Offset: 0' "$BENCH_URL$location")
  t1=$(now)
  [[ $code == 204 ]] || die "the PATCH answered $code"
  media=$(tr -d '\r' <"$BENCH_WORK/upload-tus-headers" | awk -F': ' 'tolower($1) == "media-id" {print $2}')
  t_tus=$(awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}')
  curl -fsS -o /dev/null -b "$JAR" -X DELETE "$BENCH_URL/api/media/$media"
  for _ in $(seq 1 100); do
    [[ -z $(ls -A "$MEDIA") ]] && break
    sleep 0.1
  done
}

col() { awk -v c="$1" '{print $c}' "$BENCH_WORK/upload-results" | median; }
up=$(col 1) cps=$(col 2) cpn=$(col 3)
say ""
say "median of $RUNS runs, $BYTES bytes:"
say "  upload through the api  $(printf '%.2f' "$up") s  $(mib_s "$BYTES" "$up") MiB/s  (CPU: api $(col 4) s, curl $(col 7) s)"
say "  cp + fsync              $(printf '%.2f' "$cps") s  $(mib_s "$BYTES" "$cps") MiB/s"
say "  cp (page cache only)    $(printf '%.2f' "$cpn") s  $(mib_s "$BYTES" "$cpn") MiB/s"
say "  api ÷ cp+fsync (time)   $(col 6)× (median of the per-run ratios; cp+fsync ÷ api, the throughput ratio: $(awk '{print 1 / $6}' "$BENCH_WORK/upload-results" | median | xargs printf '%.2f')×)"
if [[ -n ${BEFORE:-} ]]; then
  bcol() { awk -v c="$1" '{print $c}' "$BENCH_WORK/upload-before-results" | median; }
  say "  the api of $BEFORE       $(printf '%.2f' "$(bcol 1)") s  $(mib_s "$BYTES" "$(bcol 1)") MiB/s  (CPU $(bcol 3) s); ÷ cp+fsync (time) $(bcol 2)×, throughput ratio $(awk '{print 1 / $2}' "$BENCH_WORK/upload-before-results" | median | xargs printf '%.2f')×"
fi
say "  api memory: VmHWM $(status_kb "$BENCH_API_PID" VmHWM) kB after $RUNS uploads; peak sampled VmRSS per run (kB): $(awk '{printf "%s ", $5}' "$BENCH_WORK/upload-results")"
bench_load

if [[ ${TUS:-0} == 1 ]]; then
  : >"$BENCH_WORK/upload-tus-results"
  for run in $(seq 1 "$RUNS"); do
    tus_once
    say "resumable run $run: $(printf '%.2f' "$t_tus") s  $(mib_s "$BYTES" "$t_tus") MiB/s"
    echo "$t_tus" >>"$BENCH_WORK/upload-tus-results"
  done
  tus=$(median <"$BENCH_WORK/upload-tus-results")
  say "  resumable (tus, one PATCH), median of $RUNS: $(printf '%.2f' "$tus") s  $(mib_s "$BYTES" "$tus") MiB/s"
fi

if [[ ${PROFILE:-0} == 1 ]]; then
  command -v perf >/dev/null || die "perf is missing (apt-get install -y linux-perf)"
  settle
  perf record -q -F 999 -g -p "$BENCH_API_PID" -o "$BENCH_WORK/upload.perf" 2>/dev/null &
  PERF_PID=$!
  perf stat -x, -e 'syscalls:sys_enter_read,syscalls:sys_enter_write,syscalls:sys_enter_epoll_pwait' \
    -p "$BENCH_API_PID" -o "$BENCH_WORK/upload.perfstat" 2>/dev/null &
  STAT_PID=$!
  BENCH_PIDS+=("$PERF_PID" "$STAT_PID")
  sleep 1
  curl -fsS -o "$BENCH_WORK/upload-response" -b "$JAR" -F "file=@$SRC;type=image/jpeg" -F "title=Profiled" \
    "$BENCH_URL/api/athletes/$ATHLETE/media"
  kill -INT "$PERF_PID" "$STAT_PID"
  wait "$PERF_PID" "$STAT_PID" 2>/dev/null || true
  say ""
  say "system calls by the api during one upload of $BYTES bytes:"
  awk -F, '$1 ~ /^[0-9]+$/ {printf "  %12s %s\n", $1, $3}' "$BENCH_WORK/upload.perfstat" >&2
  say "the api's CPU, kernel or its own code (perf samples):"
  perf report -i "$BENCH_WORK/upload.perf" --stdio --no-children -g none --sort dso 2>/dev/null \
    | awk '/^ +[0-9]/ {printf "  %8s %s\n", $1, $2}' | head -5 >&2
  say "by function (self time, >= 2%; [k] is the kernel):"
  perf report -i "$BENCH_WORK/upload.perf" --stdio --no-children -g none --percent-limit 2 --sort symbol 2>/dev/null \
    | awk '/^ +[0-9]/ {printf "  %8s %s %s\n", $1, $2, $3}' | head -25 >&2
fi
