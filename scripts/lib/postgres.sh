# shellcheck shell=bash disable=SC2034 # PG_* variables are read by the scripts that source this
# The private PostgreSQL cluster that `make run`, `make test` and `make db` use when no
# database URL is given. Sourced after common.sh.
#
# - Data lives in .data/postgres and is kept between runs.
# - It listens on 127.0.0.1 only, on a free port from 54329 upward (the port it had last
#   time is reused while it is still free), so it never clashes with a system server on 5432.
# - Superuser `postgres`, trust auth: it is reachable from this machine only.
# - initdb and postgres refuse to run as root, so as root the cluster runs as the `postgres`
#   OS user (created by Debian's postgresql package; we create it when it is absent).

PG_FIRST_PORT=54329
PG_STARTED=   # set by pg_ensure when it started the cluster (so the caller may stop it)
PG_PORT=      # set by pg_ensure

# pg_locate: find initdb and pg_ctl; sets PG_INITDB, PG_CTL and PG_PSQL. Prefers the
# binaries matching an existing cluster's version, then PATH, then the newest Debian
# /usr/lib/postgresql/N/bin. Returns 1 when there are no server binaries.
pg_locate() {
  local dir='' version=''
  [[ -n ${PG_DATA:-} && -f $PG_DATA/PG_VERSION ]] && version=$(<"$PG_DATA/PG_VERSION")
  if [[ -n $version && -x /usr/lib/postgresql/$version/bin/pg_ctl ]]; then
    dir=/usr/lib/postgresql/$version/bin
  elif command -v initdb >/dev/null && command -v pg_ctl >/dev/null && command -v postgres >/dev/null; then
    PG_INITDB=$(command -v initdb)
    PG_CTL=$(command -v pg_ctl)
  else
    dir=$(printf '%s\n' /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
    [[ -x $dir/initdb && -x $dir/pg_ctl && -x $dir/postgres ]] || return 1
  fi
  if [[ -n $dir ]]; then
    PG_INITDB=$dir/initdb
    PG_CTL=$dir/pg_ctl
  fi
  # psql from the same installation when it has one, else the client package's.
  PG_PSQL=$(dirname -- "$(readlink -f -- "$PG_CTL")")/psql
  [[ -x $PG_PSQL ]] || PG_PSQL=$(command -v psql) || PG_PSQL=
}

# pg_as_owner CMD...: run CMD as the cluster's owner: ourselves, or `postgres` when root.
# From / so that a working directory the postgres user cannot read does not matter.
pg_as_owner() {
  if ((EUID == 0)); then
    (cd / && runuser -u postgres -- "$@")
  else
    (cd / && "$@")
  fi
}

# pg_setup: decide where the cluster lives and find the binaries. Sets PG_HOME, PG_DATA,
# PG_LOG and PG_PORT_FILE. Creates nothing but .data (and, as root, the postgres user).
pg_setup() {
  mkdir -p "$DATA_DIR"
  PG_HOME=$DATA_DIR
  if ((EUID == 0)); then
    if ! id -u postgres >/dev/null 2>&1; then
      log "Creating the postgres system user (initdb and postgres refuse to run as root)"
      useradd --system --user-group --no-create-home --home-dir /var/lib/postgresql \
        --shell /usr/sbin/nologin postgres
    fi
    chmod o+x "$DATA_DIR"
    # A checkout under a private directory (say /root) is out of the postgres user's
    # reach; the cluster then lives in /var/tmp, one per checkout, still kept between runs.
    if ! runuser -u postgres -- test -x "$DATA_DIR"; then
      PG_HOME=/var/tmp/legacylocker-$(printf '%s' "$ROOT" | cksum | cut -d' ' -f1)
      mkdir -p "$PG_HOME"
      chmod 755 "$PG_HOME"
      log "The postgres user cannot reach $DATA_DIR; the cluster lives in $PG_HOME"
    fi
  fi
  PG_DATA=$PG_HOME/postgres
  PG_LOG=$PG_HOME/postgres.log
  PG_PORT_FILE=$PG_HOME/postgres.port
  pg_locate || die "PostgreSQL server binaries not found (Debian: apt-get install postgresql)"
  [[ -n $PG_PSQL ]] || die "psql not found (Debian: apt-get install postgresql-client)"
}

# pg_init: create the cluster unless it exists.
pg_init() {
  mkdir -p "$PG_DATA"
  touch "$PG_LOG"
  if ((EUID == 0)); then
    [[ $(stat -c %U "$PG_DATA") == postgres ]] || chown -R postgres:postgres "$PG_DATA"
    chown postgres:postgres "$PG_LOG"
  elif [[ ! -O $PG_DATA ]]; then
    die "$PG_DATA belongs to $(stat -c %U "$PG_DATA") (made by a run as root?): run as root, or remove it"
  fi
  [[ -f $PG_DATA/PG_VERSION ]] && return 0
  [[ -z $(ls -A "$PG_DATA") ]] || die "$PG_DATA is not empty but holds no PostgreSQL cluster; move it away"

  log "Creating a PostgreSQL cluster in $PG_DATA"
  if ! pg_as_owner "$PG_INITDB" -D "$PG_DATA" -U postgres --auth=trust \
    --encoding=UTF8 --locale=C.UTF-8 >"$PG_HOME/initdb.log" 2>&1; then
    cat "$PG_HOME/initdb.log" >&2
    die "initdb failed"
  fi
  # Appended by root into a file postgres owns: ownership stays as it was.
  cat >>"$PG_DATA/postgresql.conf" <<'CONF'

# Added by scripts/lib/postgres.sh: a private development and test cluster.
listen_addresses = '127.0.0.1'  # this machine only
unix_socket_directories = ''    # TCP only: no socket to share with a system server
fsync = off                     # speed over crash safety: tests create many databases
synchronous_commit = off
full_page_writes = off
max_connections = 200           # parallel Go test packages each open pools
CONF
}

pg_running() { pg_as_owner "$PG_CTL" status -D "$PG_DATA" >/dev/null 2>&1; }

# The running server's port is line 4 of postmaster.pid.
pg_running_port() { sed -n 4p "$PG_DATA/postmaster.pid"; }

# pg_start: start the cluster on the saved port if it is free, else on the first free port
# from PG_FIRST_PORT. A port taken between the check and the start is retried.
pg_start() {
  local port attempt
  for attempt in 1 2 3; do
    port=
    [[ -f $PG_PORT_FILE ]] && port=$(<"$PG_PORT_FILE")
    if [[ ! $port =~ ^[0-9]+$ ]] || port_in_use "$port"; then
      port=$(free_port "$PG_FIRST_PORT")
    fi
    if pg_as_owner "$PG_CTL" start -D "$PG_DATA" -l "$PG_LOG" -w -t 60 -s -o "-p $port"; then
      echo "$port" >"$PG_PORT_FILE"
      PG_PORT=$port
      PG_STARTED=1
      return 0
    fi
    if pg_running; then # another `make` started it meanwhile
      PG_PORT=$(pg_running_port)
      return 0
    fi
    if ! port_in_use "$port"; then
      tail -n 20 "$PG_LOG" >&2
      die "PostgreSQL did not start (log: $PG_LOG)"
    fi
    log "Port $port was taken meanwhile (attempt $attempt); trying another"
    rm -f "$PG_PORT_FILE"
  done
  die "PostgreSQL did not start: no port stayed free"
}

# pg_psql ARGS...: psql as superuser on the cluster's `postgres` database.
pg_psql() { "$PG_PSQL" -X -q -v ON_ERROR_STOP=1 "$(pg_url postgres)" "$@"; }

# pg_url DB: the connection URL of database DB on the private cluster.
pg_url() { echo "postgres://postgres@127.0.0.1:$PG_PORT/$1?sslmode=disable"; }

# pg_ensure: the cluster exists, runs, and has the app's database `legacylocker`.
pg_ensure() {
  pg_setup
  pg_init
  if pg_running; then
    PG_PORT=$(pg_running_port)
    log "PostgreSQL is already running on 127.0.0.1:$PG_PORT ($PG_DATA)"
  else
    pg_start
    log "PostgreSQL started on 127.0.0.1:$PG_PORT ($PG_DATA)"
  fi
  if [[ $(pg_psql -tAc "SELECT 1 FROM pg_database WHERE datname = 'legacylocker'") != 1 ]]; then
    log "Creating database legacylocker"
    pg_psql -c 'CREATE DATABASE legacylocker'
  fi
}

# pg_stop: stop the cluster if it runs (fast: open sessions are cut, data is safe).
pg_stop() {
  [[ -n ${PG_DATA:-} ]] || pg_setup
  pg_running || return 0
  pg_as_owner "$PG_CTL" stop -D "$PG_DATA" -m fast -w -s
  log "PostgreSQL stopped ($PG_DATA)"
}
