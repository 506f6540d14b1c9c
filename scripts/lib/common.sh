# shellcheck shell=bash
# Helpers shared by the scripts in scripts/ and by .ci/run: where things are, logging,
# package installs, local ports and child processes. Sourced, never run.

ROOT=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/../.." && pwd)
# shellcheck disable=SC2034 # used by the scripts that source this file
DATA_DIR=$ROOT/.data

# Progress goes to stderr so that functions can print values on stdout.
log() { printf '==> %s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# as_root CMD...: run CMD with root rights (sudo only when we are not root already).
as_root() {
  if ((EUID == 0)); then
    "$@"
  elif command -v sudo >/dev/null; then
    sudo "$@"
  else
    die "root rights are needed to run: $* (run as root or install sudo)"
  fi
}

# apt_install PKG...: install Debian packages without any prompt. The package index is
# refreshed once per process, and only when something is actually missing.
APT_UPDATED=
apt_install() {
  (($#)) || return 0
  command -v apt-get >/dev/null ||
    die "missing: $* — install them with your system's package manager and try again"
  log "Installing $* (apt-get)"
  if [[ -z $APT_UPDATED ]]; then
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
    APT_UPDATED=1
  fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
    --no-install-recommends -o Dpkg::Use-Pty=0 "$@"
}

# port_in_use PORT: true when something accepts TCP connections on 127.0.0.1:PORT.
# Uses bash's /dev/tcp so that a bare machine needs neither ss nor nc.
port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# free_port FIRST: print the first port from FIRST upward that nothing listens on.
free_port() {
  local port
  for ((port = $1; port < $1 + 200; port++)); do
    port_in_use "$port" || { echo "$port"; return 0; }
  done
  die "no free TCP port in $1..$((port - 1))"
}

# http_status PORT PATH: print the HTTP status of GET http://127.0.0.1:PORT/PATH
# (empty when nothing answers). Plain /dev/tcp again: curl is not on a bare Debian.
http_status() {
  (
    exec 3<>"/dev/tcp/127.0.0.1/$1" || exit 0
    printf 'GET %s HTTP/1.0\r\nHost: 127.0.0.1:%s\r\nConnection: close\r\n\r\n' "$2" "$1" >&3
    IFS=' ' read -r -t 5 _ status _ <&3 || true
    echo "${status:-}"
    # Read the rest, so that closing early does not make the server see a reset.
    while IFS= read -r -t 5 _; do :; done <&3
  ) 2>/dev/null
}

# wait_ready PORT PATH SECONDS [PID]: wait until PATH answers 200; give up after SECONDS,
# or as soon as process PID (the server being waited for) has exited.
wait_ready() {
  local port=$1 path=$2 seconds=$3 pid=${4:-} deadline=$((SECONDS + $3))
  while ((SECONDS < deadline)); do
    [[ $(http_status "$port" "$path") == 200 ]] && return 0
    if [[ -n $pid ]] && ! kill -0 "$pid" 2>/dev/null; then
      log "process $pid exited before $path answered"
      return 1
    fi
    sleep 0.2
  done
  log "GET $path on port $port did not answer 200 within ${seconds}s"
  return 1
}

# stop_pid PID NAME [SECONDS]: ask a child process to stop (SIGTERM), give it SECONDS to
# finish its in-flight work, then kill it.
stop_pid() {
  local pid=$1 name=$2 seconds=${3:-15} i
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid" 2>/dev/null || true
    for ((i = 0; i < seconds * 10; i++)); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    if kill -0 "$pid" 2>/dev/null; then
      log "$name did not stop within ${seconds}s; killing it"
      kill -KILL "$pid" 2>/dev/null || true
    fi
  fi
  wait "$pid" 2>/dev/null || true
}
