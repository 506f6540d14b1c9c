#!/usr/bin/env bash
# Browser end-to-end tests (web/e2e, `npm run e2e`) against the real api and worker on a
# fresh database, which is dropped again afterwards. Expects bin/api, bin/worker and
# web/node_modules built (make does that first). Uses TEST_DATABASE_URL's server when set,
# else the private cluster. Logs of the api and worker: .data/e2e-logs/. With arguments only
# those test files run (`scripts/e2e.sh e2e/legacy.test.mjs`, paths relative to web/).
set -euo pipefail
source "$(dirname -- "${BASH_SOURCE[0]}")/lib/common.sh"
source "$ROOT/scripts/lib/postgres.sh"
cd "$ROOT"

if ! find web/e2e -type f ! -path 'web/e2e/artifacts/*' 2>/dev/null | grep -q .; then
  log "e2e: web/e2e has no tests yet; nothing to run"
  exit 0
fi
[[ -x bin/api && -x bin/worker ]] || die "bin/api and bin/worker are missing: run 'make build'"
[[ -d web/node_modules ]] || die "web/node_modules is missing: run 'make web'"

if [[ -z ${TEST_DATABASE_URL:-} ]]; then
  pg_ensure
  TEST_DATABASE_URL=$(pg_url postgres)
else
  pg_locate || true # only for psql
  [[ -n ${PG_PSQL:-} ]] || PG_PSQL=$(command -v psql) || die "psql not found"
fi
psql_admin() { "$PG_PSQL" -X -q -v ON_ERROR_STOP=1 "$TEST_DATABASE_URL" "$@"; }

# The same server, another database: swap the path of the URL, keep its query.
db=ll_e2e_$$
base=${TEST_DATABASE_URL%%\?*}
export DATABASE_URL=${base%/*}/$db${TEST_DATABASE_URL#"$base"}

logs=$DATA_DIR/e2e-logs
mkdir -p "$logs"
# The run's uploads go to a directory of its own, removed afterwards with its database.
export MEDIA_DIR
MEDIA_DIR=$(mktemp -d "${TMPDIR:-/tmp}/ll-e2e-media.XXXXXX")
# A run that spans 3 a.m. would otherwise back its throwaway database up into .data/backups.
export BACKUP_SCHEDULE=off BACKUP_DRILL_SCHEDULE=off
api_pid='' worker_pid='' stripe_pid='' smtp_pid=''
# shellcheck disable=SC2317 # called from the EXIT trap
cleanup() {
  local status=$?
  trap - EXIT INT TERM
  [[ -n $api_pid ]] && stop_pid "$api_pid" api 10
  [[ -n $worker_pid ]] && stop_pid "$worker_pid" worker 10
  [[ -n $stripe_pid ]] && stop_pid "$stripe_pid" stripe-mock 5
  [[ -n $smtp_pid ]] && stop_pid "$smtp_pid" smtp-sink 5
  psql_admin -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" || log "could not drop database $db"
  rm -rf "$MEDIA_DIR"
  # Only a cluster this script started; `make test` and `make db` stop their own.
  if [[ -n $PG_STARTED ]]; then
    pg_stop
  fi
  if ((status != 0)); then
    for name in api worker; do
      printf '\n----- last lines of %s -----\n' "$logs/$name.log"
      tail -n 40 "$logs/$name.log" 2>/dev/null || true
    done
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

log "e2e: creating database $db"
psql_admin -c "CREATE DATABASE $db"
bin/api migrate >"$logs/api.log" 2>&1

# Every test registers from 127.0.0.1: lift the per-IP limits so they are not throttled.
export LOGIN_RATE_LIMIT_PER_IP=1000 REGISTER_RATE_LIMIT_PER_IP=1000
# Ports are looked for from a random start: two runs at once (a developer's and CI's, say) that both
# started at the same fixed port could each find it free before either had bound it.
ports_from=$((20000 + RANDOM % 30000))
PORT=$(free_port "$ports_from")
export PORT BASE_URL=http://127.0.0.1:$PORT
export APP_URL=$BASE_URL # links in e-mails point at the server under test
# Billing is configured against stripe-mock (scripts/deps.sh installs it): the subscription page
# is tested with a publishable key whose Stripe.js cannot load (no internet here), as a family
# behind a blocker would see it. js.stripe.com stays unreachable.
stripe_mock=$(command -v stripe-mock || echo "$(go env GOPATH)/bin/stripe-mock")
[[ -x $stripe_mock ]] || die "stripe-mock is missing: run scripts/deps.sh test"
stripe_port=$(free_port $((PORT + 1)))
stripe_tls_port=$(free_port $((stripe_port + 1)))
# Without PORT in its environment (it would listen there too, on the api's port), and its HTTPS
# listener on a free port of its own instead of the default :12112.
env -u PORT "$stripe_mock" -http-addr "127.0.0.1:$stripe_port" -https-addr "127.0.0.1:$stripe_tls_port" >"$logs/stripe-mock.log" 2>&1 &
stripe_pid=$!
export STRIPE_API_URL=http://127.0.0.1:$stripe_port STRIPE_SECRET_KEY=sk_test_e2e STRIPE_PUBLISHABLE_KEY=pk_test_e2e STRIPE_WEBHOOK_SECRET=whsec_e2e
# It answers 401 without a key: any answer means it is up.
for _ in $(seq 100); do
  [[ -n $(http_status "$stripe_port" /v1/customers) ]] && break
  sleep 0.2
done
# A mailbox on loopback: the worker sends every e-mail over SMTP, as in production, and the tests
# read what arrived (web/e2e/mailbox.mjs). A password reset link, for one, is never in the log.
export E2E_MAIL_DIR=$MEDIA_DIR/mailbox
mkdir -p "$E2E_MAIL_DIR"
smtp_port=$(free_port $((stripe_tls_port + 1)))
node web/e2e/smtp-sink.mjs "$smtp_port" "$E2E_MAIL_DIR" >"$logs/smtp.log" 2>&1 &
smtp_pid=$!
export SMTP_URL=smtp://127.0.0.1:$smtp_port
# Contact messages are copied to support's mailbox there too.
export SUPPORT_EMAIL=support@legacylocker.test
bin/api >>"$logs/api.log" 2>&1 &
api_pid=$!
bin/worker >"$logs/worker.log" 2>&1 &
worker_pid=$!
wait_ready "$PORT" /readyz 30 "$api_pid" || die "e2e: the api did not become ready"
# Ready, but ours? An api that lost the port to another run exits at once, while that run's answers.
sleep 0.5
kill -0 "$api_pid" 2>/dev/null || die "e2e: the api exited (port $PORT taken?)"

# Debian's chromium, for playwright-core's executablePath.
CHROMIUM_PATH=${CHROMIUM_PATH:-$(command -v chromium || true)}
export CHROMIUM_PATH
if (($#)); then
  # scripts/e2e.sh e2e/legacy.test.mjs …: only those files (paths relative to web/).
  log "e2e: running $* against $BASE_URL"
  (cd web && node --test --test-concurrency=1 "$@")
else
  log "e2e: running npm run e2e against $BASE_URL"
  (cd web && npm run e2e)
fi
