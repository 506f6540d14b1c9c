#!/usr/bin/env bash
# `make test`: no hand-written source file may grow past MAX_LINES lines (750). A file that long
# holds several concerns; split it by concern before adding more. Generated code (sqlc's *_gen.go),
# lock files and test data are not hand-written and are not counted.
set -euo pipefail
source "$(dirname -- "${BASH_SOURCE[0]}")/lib/common.sh"
cd "$ROOT"

max=${MAX_LINES:-750}
too_long=()
while IFS= read -r file; do
  lines=$(wc -l <"$file")
  ((lines <= max)) || too_long+=("$file ($lines lines)")
done < <(git ls-files --cached --others --exclude-standard -- \
  '*.go' '*.ts' '*.tsx' '*.js' '*.mjs' '*.sh' '*.sql' '*.css' '.ci/run' |
  grep -v -e '_gen\.go$' -e '/testdata/' -e '^web/dist/' -e '/node_modules/' || true)

if ((${#too_long[@]})); then
  printf 'over %d lines (split by concern):\n' "$max" >&2
  printf '  %s\n' "${too_long[@]}" >&2
  exit 1
fi
echo "no hand-written source file is over $max lines"
