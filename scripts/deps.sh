#!/usr/bin/env bash
# Installs the system packages that a bare Debian machine (one with only Go and Node) lacks.
# Nothing is installed, and apt-get is not even updated, when everything is there already.
#
#   scripts/deps.sh db    PostgreSQL server binaries (for the private cluster)
#   scripts/deps.sh run   + ffmpeg, poppler-utils, libvips-dev, a C compiler, pg_dump (server binaries only without DATABASE_URL)
#   scripts/deps.sh test  + chromium, psql, zbarimg, heif-enc, stripe-mock, versitygw (server binaries only without TEST_DATABASE_URL)
#   scripts/deps.sh ci    + make                    (.ci/run: before make itself can run)
set -euo pipefail
source "$(dirname -- "${BASH_SOURCE[0]}")/lib/common.sh"
source "$ROOT/scripts/lib/postgres.sh"

mode=${1:-run}
case $mode in db | run | test | ci) ;; *) die "usage: $0 db|run|test|ci" ;; esac

# Go and Node are the two things we expect and do not install.
if [[ $mode != db ]]; then
  command -v go >/dev/null || die "Go is not installed (or not on PATH)"
  command -v npm >/dev/null || die "Node.js and npm are not installed (or not on PATH)"
  # Vite 7's floor (^20.19 || >=22.12); older versions fail in the web build with a less clear error.
  node -e '
    const [major, minor] = process.versions.node.split(".").map(Number);
    process.exit((major === 20 && minor >= 19) || (major === 22 && minor >= 12) || major > 22 ? 0 : 1);
  ' || die "Node.js $(node --version) is too old: install Node.js 22 LTS (at least 20.19 or 22.12)"
fi

# A given database URL means no private cluster, so no server binaries.
db_url=
case $mode in
  run) db_url=${DATABASE_URL:-} ;;
  test | ci) db_url=${TEST_DATABASE_URL:-} ;;
esac

missing=()
if [[ -z $db_url ]] && ! pg_locate; then
  missing+=(postgresql)
fi

if [[ $mode != db ]]; then
  # The worker runs ffmpeg/ffprobe for video; Go tests run them on media they generate.
  if ! command -v ffmpeg >/dev/null || ! command -v ffprobe >/dev/null; then
    missing+=(ffmpeg)
  fi
  # pdftoppm renders the first page of an uploaded PDF as its preview.
  if ! command -v pdftoppm >/dev/null; then
    missing+=(poppler-utils)
  fi
  # libvips makes image thumbnails inside the worker (media/vips.go, cgo): building the api and
  # the worker needs its headers (libvips-dev), pkg-config and a C compiler.
  if ! pkg-config --exists vips 2>/dev/null; then
    missing+=(libvips-dev)
  fi
  if ! command -v pkg-config >/dev/null; then
    missing+=(pkgconf)
  fi
  if ! command -v gcc >/dev/null; then
    missing+=(gcc libc6-dev)
  fi
  # The worker's backup job runs pg_dump and the drill pg_restore (store/backup/pgtools.go looks in
  # /usr/lib/postgresql/N/bin for the server's version N, then PATH). The server package brings its
  # own version's; with a DATABASE_URL of its own, the client package must.
  if ! command -v pg_dump >/dev/null && ! ls /usr/lib/postgresql/*/bin/pg_dump >/dev/null 2>&1; then
    missing+=(postgresql-client)
  fi
fi

if [[ $mode == test || $mode == ci ]]; then
  # scripts/e2e.sh creates its database with psql, also on a TEST_DATABASE_URL server.
  if ! command -v psql >/dev/null && ! { pg_locate && [[ -n $PG_PSQL ]]; }; then
    missing+=(postgresql-client)
  fi
  if ! command -v chromium >/dev/null; then
    missing+=(chromium)
  fi
  # Reactions and a few labels are emoji: without a colour emoji font Chromium draws them as boxes
  # in the browser tests' screenshots, where a phone shows them.
  if [[ ! -e /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ]]; then
    missing+=(fonts-noto-color-emoji)
  fi
  # The QR tests read the worker's codes back the way a phone would.
  if ! command -v zbarimg >/dev/null; then
    missing+=(zbar-tools)
  fi
  # The HEIC thumbnail tests make their iPhone-like photos with heif-enc.
  if ! command -v heif-enc >/dev/null; then
    missing+=(libheif-examples)
  fi
fi

if [[ $mode == ci ]]; then
  if ! command -v make >/dev/null; then
    missing+=(make)
  fi
fi

apt_install "${missing[@]}"

# The billing tests talk to stripe-mock (Stripe's own API fake) on loopback; built once with go
# install and kept in GOPATH/bin between runs, like versitygw below.
if [[ $mode == test || $mode == ci ]]; then
  stripe_mock_version=v0.203.0
  if ! command -v stripe-mock >/dev/null && [[ ! -x "$(go env GOPATH)/bin/stripe-mock" ]]; then
    log "installing stripe-mock $stripe_mock_version (go install)"
    go install "github.com/stripe/stripe-mock@$stripe_mock_version"
  fi
  # The storage contract tests run S3Storage against versitygw, a real S3 server on loopback (it
  # checks signatures, unlike in-process fakes). The first build takes a few minutes.
  versitygw_version=v1.8.0
  if ! command -v versitygw >/dev/null && [[ ! -x "$(go env GOPATH)/bin/versitygw" ]]; then
    log "installing versitygw $versitygw_version (go install, a few minutes the first time)"
    go install "github.com/versity/versitygw/cmd/versitygw@$versitygw_version"
  fi
fi
