#!/usr/bin/env bash
# Installs web/node_modules at the versions web/package-lock.json pins.
#
# `npm ci` first. The npm registry reachable from our machines and CI serves only this
# platform's optional packages (rollup's and esbuild's binaries for other systems answer
# 404), so a lock file made here lacks their entries and `npm ci` may refuse it as "out of
# sync". `npm install` then installs the same pinned versions. If it has to rewrite the lock
# file, the lock really was behind package.json: a warning locally, a failure in CI.
set -euo pipefail
source "$(dirname -- "${BASH_SOURCE[0]}")/lib/common.sh"
cd "$ROOT/web"

ci_log=$(mktemp)
lock_before=$(mktemp)
trap 'rm -f "$ci_log" "$lock_before"' EXIT

rm -f node_modules/.installed # make's stamp: written again only after a successful install
if npm ci --no-audit --no-fund >"$ci_log" 2>&1; then
  cat "$ci_log"
  exit 0
fi
grep -m 5 '^npm error' "$ci_log" >&2 || tail -n 5 "$ci_log" >&2
log "npm ci refused web/package-lock.json; installing its pinned versions with npm install"

cp package-lock.json "$lock_before"
npm install --no-audit --no-fund
if ! cmp -s package-lock.json "$lock_before"; then
  if [[ ${CI:-} == true ]]; then
    cp "$lock_before" package-lock.json
    die "web/package-lock.json is out of date with web/package.json: run 'make web' and commit web/package-lock.json"
  fi
  log "npm updated web/package-lock.json to match web/package.json: commit it"
fi
