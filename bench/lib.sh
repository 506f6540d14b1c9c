# shellcheck shell=bash
# Shared by the bench/*.sh scripts (source it; it sets no shell options of its own).
#
#   BENCH_PG          server URL without a database, default postgres://postgres@127.0.0.1:5432
#                     (the private cluster works too: postgres://postgres@127.0.0.1:$(cat .data/postgres.port))
#   BENCH_WORK        scratch directory for generated files, media storage and logs, default
#                     /var/tmp/legacylocker-bench (must be on the disk you want to measure)
#   BENCH_PORT        the api's port, default 18500
#
# Everything a script starts is recorded here and stopped by bench_cleanup, by pid; the
# database it creates (llbench_<name>_<pid>) is dropped there too.

BENCH_DIR=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd -- "$BENCH_DIR/.." && pwd)
BENCH_PG=${BENCH_PG:-postgres://postgres@127.0.0.1:5432}
BENCH_WORK=${BENCH_WORK:-/var/tmp/legacylocker-bench}
BENCH_PORT=${BENCH_PORT:-18500}
BENCH_URL="http://127.0.0.1:$BENCH_PORT"

BENCH_PIDS=()
BENCH_DB=""

say() { printf '%s\n' "$*" >&2; }
die() { say "bench: $*"; exit 1; }

# bench_build NAME… compiles the named commands (api, worker: ./cmd/NAME; thumbs, ready,
# waitmedia: ./bench/NAME) into bench/bin. The api embeds web/dist: run `make build` once first.
# BENCH_SRC=HEAD builds from the last commit instead of the working tree (git archive into
# $BENCH_WORK/src, with this bench/ directory and web/dist copied in), for when files others are
# editing do not compile or should not be measured. BENCH_SRC=<any other commit> does the same
# from that commit and builds its web app too (with web/node_modules linked in), for a before/after
# of a change that reaches the browser.
bench_build() {
  [[ -f $ROOT/web/dist/index.html ]] || die "web/dist is missing: run 'make build' once"
  # media/vips.go is cgo: building anything that imports media needs libvips' headers.
  pkg-config --exists vips 2>/dev/null || die "libvips-dev is missing: run scripts/deps.sh run"
  local src=$ROOT name pkg rev=${BENCH_SRC:-}
  if [[ -n $rev ]]; then
    src=$BENCH_WORK/src
    rm -rf "$src" && mkdir -p "$src"
    git -C "$ROOT" archive "$rev" | tar -x -C "$src"
    rm -rf "$src/bench" "$src/web/dist"
    cp -r "$ROOT/bench" "$src/bench"
    if [[ $rev == HEAD ]]; then
      cp -r "$ROOT/web/dist" "$src/web/dist"
    else
      ln -s "$ROOT/web/node_modules" "$src/web/node_modules"
      # As npm run build does, less the type checks: the landing page drawn ahead too, where $rev has it.
      (cd "$src/web" && npx vite build --logLevel warn >&2 && { [[ ! -f scripts/prerender.mjs ]] || node scripts/prerender.mjs >&2; }) \
        || die "building the web app of $rev failed"
    fi
    say "building from $(git -C "$ROOT" rev-parse --short "$rev") (BENCH_SRC=$rev)"
  fi
  mkdir -p "$ROOT/bench/bin"
  for name in "$@"; do
    case $name in
      api | worker) pkg=./cmd/$name ;;
      *) pkg=./bench/$name ;;
    esac
    (cd "$src" && go build -o "$ROOT/bench/bin/$name" "$pkg") \
      || die "building $pkg failed (if others' unfinished edits are the cause, rerun with BENCH_SRC=HEAD)"
  done
}

# bench_load prints the load averages and the busiest processes, for the record.
bench_load() {
  say "load: $(cut -d' ' -f1-3 /proc/loadavg) (1/5/15 min) on $(nproc) cores"
  # CPU over one second, busiest first (top's second sample: the first is since boot).
  top -b -n 2 -d 1 -w 200 | awk '/^top -/ {n++} n == 2 && /^ *[0-9]+ / && $9 + 0 >= 5 {printf "  %5s%% %s\n", $9, $12}' \
    | head -6 >&2
}

# bench_createdb NAME creates a fresh database and sets BENCH_DB and DATABASE_URL.
bench_createdb() {
  BENCH_DB="llbench_${1}_$$"
  psql "$BENCH_PG/postgres" -qAtX -v ON_ERROR_STOP=1 -c "CREATE DATABASE $BENCH_DB" >/dev/null
  export DATABASE_URL="$BENCH_PG/$BENCH_DB?sslmode=disable"
}

# bench_start_stack MEDIA_DIR LOGDIR starts bench/bin/api and bench/bin/worker on a fresh
# database with the upload limits raised, and waits for the api. BENCH_API_PID is the api's pid.
bench_start_stack() {
  local media=$1 logs=$2
  # Another bench (another engineer's, on this shared machine) on the same port would answer
  # /readyz for us and be measured instead: refuse.
  if curl -fsS -o /dev/null "$BENCH_URL/readyz" 2>/dev/null; then
    die "something already answers on $BENCH_URL: set BENCH_PORT to a free port"
  fi
  mkdir -p "$media" "$logs"
  export MEDIA_DIR=$media MEDIA_MAX_FILE_MB=2048 STORAGE_QUOTA_MB=4096 PORT=$BENCH_PORT \
    APP_URL=$BENCH_URL LOGIN_RATE_LIMIT_PER_IP=1000 REGISTER_RATE_LIMIT_PER_IP=1000
  "$ROOT/bench/bin/api" >"$logs/api.log" 2>&1 &
  BENCH_API_PID=$!
  BENCH_PIDS+=("$BENCH_API_PID")
  "$ROOT/bench/bin/worker" >"$logs/worker.log" 2>&1 &
  BENCH_WORKER_PID=$!
  BENCH_PIDS+=("$BENCH_WORKER_PID")
  for _ in $(seq 1 200); do
    kill -0 "$BENCH_API_PID" 2>/dev/null || { cat "$logs/api.log" >&2; die "the api exited"; }
    if curl -fsS "$BENCH_URL/readyz" >/dev/null 2>&1; then return 0; fi
    sleep 0.1
  done
  die "the api did not become ready on $BENCH_URL (see $logs/api.log)"
}

# bench_signup JAR registers a fresh user (session cookie in JAR), creates their athlete and
# prints the athlete's id.
bench_signup() {
  local jar=$1 email="bench-$$-$RANDOM@example.com"
  curl -fsS -c "$jar" -b "$jar" -H 'Content-Type: application/json' \
    -d "{\"firstName\":\"Bench\",\"lastName\":\"Mark\",\"email\":\"$email\",\"password\":\"Bench-pass-1\"}" \
    "$BENCH_URL/api/register" >/dev/null
  curl -fsS -c "$jar" -b "$jar" -H 'Content-Type: application/json' \
    -d '{"name":"Bench Athlete","sports":"Baseball","position":"Pitcher","graduationYear":2030,"school":"Bench High"}' \
    "$BENCH_URL/api/athletes" | grep -o '"id":[0-9]*' | head -1 | cut -d: -f2
}

# bench_cleanup stops what the script started (by pid) and drops its database.
bench_cleanup() {
  local pid
  for pid in "${BENCH_PIDS[@]}"; do
    kill "$pid" 2>/dev/null || true
  done
  for pid in "${BENCH_PIDS[@]}"; do
    wait "$pid" 2>/dev/null || true
  done
  BENCH_PIDS=()
  if [[ -n $BENCH_DB ]]; then
    psql "$BENCH_PG/postgres" -qAtX -c "DROP DATABASE IF EXISTS $BENCH_DB WITH (FORCE)" >/dev/null || true
    BENCH_DB=""
  fi
}

# median prints the median of the numbers on standard input (one per line).
median() { sort -g | awk '{v[NR]=$1} END {if (NR%2) print v[(NR+1)/2]; else print (v[NR/2]+v[NR/2+1])/2}'; }

# Measuring helpers of the scripts that time uploads and archives.
status_kb() { awk -v k="$2:" '$1 == k {print $2}' "/proc/$1/status"; } # status_kb PID VmRSS
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; } # utime + stime, in clock ticks
HZ=$(getconf CLK_TCK)
mib_s() { awk -v b="$1" -v t="$2" 'BEGIN {printf "%.0f", b / 1048576 / t}'; } # mib_s BYTES SECONDS
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.3f", b - a}'; } # elapsed START END, in seconds

# bench_wait_media JAR ID: polls GET /api/media/ID every POLL seconds (default 25 ms) until its
# status is ready; fails on failed, or after TRIES polls (default 40000). The polling is one
# process on one connection (bench/waitmedia, built by bench_build waitmedia): a loop of curl and
# grep kept most of a core busy beside the job it timed.
bench_wait_media() {
  "$ROOT/bench/bin/waitmedia" -url "$BENCH_URL" -jar "$1" -id "$2" -poll "${POLL:-0.025}s" -tries "${TRIES:-40000}" \
    || die "media $2 was not ready"
}

# sample_rss PID OUT writes the largest VmRSS (kB) seen every 50 ms to OUT until killed.
sample_rss() {
  local pid=$1 out=$2 peak=0 v
  trap 'echo "$peak" >"$out"; exit 0' TERM
  while :; do
    v=$(status_kb "$pid" VmRSS) && ((v > peak)) && peak=$v
    echo "$peak" >"$out"
    sleep 0.05
  done
}

# settle flushes everything and then waits SETTLE seconds (default 10) before a timing: this
# machine's virtual disk takes a burst of 1 GiB in about 1 s after a pause, but a second 1 GiB
# right behind it takes 5–7 s, so without the pause whichever contender goes second loses.
settle() {
  sync
  sleep "${SETTLE:-10}"
}
