#!/usr/bin/env bash
# Thumbnail CPU with the decoder children (issue 26) against vipsthumbnail: the same 200 phone-size
# (4000x3000) JPEGs as bench/thumbs.sh, 480-pixel thumbnails, two at a time. bench/thumbcpu counts
# CPU with getrusage (the decoder children are stopped and reaped before each count), so no timing
# tool is needed. Target: ≤ 1.2× vipsthumbnail's CPU per image.
#
#   bench/thumbcpu.sh          RUNS=3, COUNT=200, SIZE=4000x3000
set -euo pipefail
source "$(dirname -- "${BASH_SOURCE[0]}")/lib.sh"

RUNS=${RUNS:-3}
COUNT=${COUNT:-200}
SIZE=${SIZE:-4000x3000}
PHOTOS=$BENCH_WORK/photos-$SIZE
OUT=$BENCH_WORK/thumbcpu-out
trap 'rm -rf "$OUT"' EXIT

command -v vipsthumbnail >/dev/null || die "vipsthumbnail is missing: apt-get install -y libvips-tools"
say "photos: $COUNT x $SIZE in $PHOTOS (made once)"
"$BENCH_DIR/photos.sh" "$PHOTOS" "$COUNT" "$SIZE"
bench_build thumbcpu
bench_load
"$ROOT/bench/bin/thumbcpu" -in "$PHOTOS" -out "$OUT" -workers 2 -size 480 -runs "$RUNS" >&2
bench_load
