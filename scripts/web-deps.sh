#!/usr/bin/env bash
# Installs web/node_modules at the versions web/package-lock.json pins.
#
# `npm ci` first. The npm registry reachable from our machines and CI serves only this
# platform's optional packages (rollup's and esbuild's binaries for other systems answer
# 404), so a lock file made here lacks their entries and `npm ci` may refuse it as "out of
# sync". `npm install` then installs the same pinned versions. If it has to rewrite the lock
# file, the lock really was behind package.json: a warning locally, a failure in CI.
#
# Quiet when nothing is wrong: that expected refusal, and npm's engine warnings for the four
# packages that declare Node >= 22 (README, "Run it": they run in the browser, not in Node), are
# not problems, so npm's output is shown only when an install fails.
set -euo pipefail
source "$(dirname -- "${BASH_SOURCE[0]}")/lib/common.sh"
cd "$ROOT/web"

ci_log=$(mktemp)
install_log=$(mktemp)
lock_before=$(mktemp)
trap 'rm -f "$ci_log" "$install_log" "$lock_before"' EXIT

rm -f node_modules/.installed # make's stamp: written again only after a successful install
log "installing web/node_modules"
if npm ci --no-audit --no-fund >"$ci_log" 2>&1; then
  exit 0
fi
if ! grep -q 'can only install packages when your package.json and package-lock.json' "$ci_log"; then
  # Not the expected refusal: say what npm said before trying npm install.
  grep -m 5 '^npm error' "$ci_log" >&2 || tail -n 5 "$ci_log" >&2
  log "npm ci failed; installing the pinned versions with npm install"
fi

cp package-lock.json "$lock_before"
if ! npm install --no-audit --no-fund >"$install_log" 2>&1; then
  cat "$install_log" >&2
  die "npm install failed in web/"
fi
if ! cmp -s package-lock.json "$lock_before"; then
  if [[ ${CI:-} == true ]]; then
    cp "$lock_before" package-lock.json
    die "web/package-lock.json is out of date with web/package.json: run 'make web' and commit web/package-lock.json"
  fi
  log "npm updated web/package-lock.json to match web/package.json: commit it"
fi
