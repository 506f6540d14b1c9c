#!/usr/bin/env bash
# Thumbnails per second: 200 phone-size (4000x3000) JPEGs, a quarter of them with an EXIF
# orientation, to 480-pixel JPEG thumbnails (quality 82, as ours), two at a time (the core count):
#
#   ours    bench/bin/thumbs: media.ImageThumbnail, 2 goroutines (each large JPEG is decoded at
#           1/8 scale by an ffmpeg process, then turned and resized with imaging in Go)
#   ffmpeg  the same ffmpeg runs alone, output discarded: the part of "ours" spent in ffmpeg
#   start   the same ffmpeg command on COUNT tiny (64x48) JPEGs: what starting ffmpeg costs alone
#   vips    libvips' vipsthumbnail (apt-get install -y libvips-tools), xargs -P2 -n20, each
#           process single-threaded (VIPS_CONCURRENCY=1) so that two images are worked at once
#           as with ours; it applies EXIF orientation by default (--no-rotate turns that off)
#   vips1   the same with one vipsthumbnail process per image (-n1), as ours starts one ffmpeg
#
#   bench/thumbs.sh            RUNS=3, COUNT=200, SIZE=4000x3000; PROFILE=1 adds a CPU profile
#
# Wall time and CPU time (user+sys, ffmpeg children included) per run, medians, the ratio, and a
# check that both made thumbnails of the same dimensions (orientation applied).
set -euo pipefail
source "$(dirname -- "${BASH_SOURCE[0]}")/lib.sh"

RUNS=${RUNS:-3}
COUNT=${COUNT:-200}
SIZE=${SIZE:-4000x3000}
PHOTOS=$BENCH_WORK/photos-$SIZE
OUT=$BENCH_WORK/thumbs-out
RESULTS=$BENCH_WORK/thumbs-results

command -v vipsthumbnail >/dev/null || die "vipsthumbnail is missing: apt-get install -y libvips-tools"
trap 'rm -rf "$OUT"' EXIT

say "photos: $COUNT x $SIZE in $PHOTOS (made once)"
"$BENCH_DIR/photos.sh" "$PHOTOS" "$COUNT" "$SIZE"
say "  $(du -sh "$PHOTOS" | cut -f1) in all; $(vipsheader -f orientation "$PHOTOS"/*.jpg 2>/dev/null | grep -c '^[2-8]$') with an EXIF orientation"
TINY=$BENCH_WORK/photos-tiny-$COUNT
if [[ ! -f $TINY/.made ]]; then
  rm -rf "$TINY" && mkdir -p "$TINY"
  ffmpeg -nostdin -hide_banner -loglevel error -y -f lavfi -i testsrc2=s=64x48 -frames:v 1 -pix_fmt yuvj420p "$TINY/tiny.jpg"
  for ((i = 0; i < COUNT; i++)); do cp "$TINY/tiny.jpg" "$(printf '%s/tiny-%04d.jpg' "$TINY" "$i")"; done
  rm "$TINY/tiny.jpg" && touch "$TINY/.made"
fi
bench_build thumbs

# timed NAME CMD… runs CMD once and appends "NAME wall user sys" to $RESULTS.
timed() {
  local name=$1
  shift
  sync
  /usr/bin/time -f "$name %e %U %S" -a -o "$RESULTS" "$@" >/dev/null
}

: >"$RESULTS"
bench_load
for run in $(seq 1 "$RUNS"); do
  rm -rf "$OUT" && mkdir -p "$OUT"
  timed ours "$ROOT/bench/bin/thumbs" -in "$PHOTOS" -out "$OUT" -workers 2 -size 480
  timed ffmpeg "$ROOT/bench/bin/thumbs" -in "$PHOTOS" -out "$OUT" -workers 2 -size 480 -mode ffmpeg
  timed start "$ROOT/bench/bin/thumbs" -in "$TINY" -out "$OUT" -workers 2 -mode ffmpeg
  # %s is the input's name without extension; [Q=82] the JPEG quality.
  timed vips env VIPS_CONCURRENCY=1 sh -c \
    "ls \"$PHOTOS\"/*.jpg | xargs -P2 -n20 vipsthumbnail --size 480x480 -o \"$OUT/%s-vips.jpg[Q=82]\""
  timed vips1 env VIPS_CONCURRENCY=1 sh -c \
    "ls \"$PHOTOS\"/*.jpg | xargs -P2 -n1 vipsthumbnail --size 480x480 -o \"$OUT/%s-vips.jpg[Q=82]\""
  tail -n 5 "$RESULTS" | awk -v n="$COUNT" -v r="$run" \
    '{printf "run %s  %-6s %6.2f s  %6.2f images/s  CPU %6.2f s (%.0f ms/image)\n", r, $1, $2, n / $2, $3 + $4, ($3 + $4) * 1000 / n}' >&2
done

# Both made the same pictures? Dimensions of every pair, orientation included.
mismatch=0
for f in "$PHOTOS"/*.jpg; do
  b=$(basename "$f" .jpg)
  ours=$(vipsheader -f width "$OUT/$b-ours.jpg")x$(vipsheader -f height "$OUT/$b-ours.jpg")
  vips=$(vipsheader -f width "$OUT/$b-vips.jpg")x$(vipsheader -f height "$OUT/$b-vips.jpg")
  [[ $ours == "$vips" ]] || { mismatch=$((mismatch + 1)); say "  $b: ours $ours, vips $vips"; }
done
say "dimension check: $mismatch of $COUNT pairs differ; e.g. photo-0003 (orientation 6): ours $(vipsheader "$OUT/photo-0003-ours.jpg" | cut -d' ' -f2) vips $(vipsheader "$OUT/photo-0003-vips.jpg" | cut -d' ' -f2)"

med() { awk -v k="$1" -v c="$2" '$1 == k {print $c}' "$RESULTS" | median; }
say ""
say "median of $RUNS runs, $COUNT images, 2 at a time:"
for k in ours ffmpeg start vips vips1; do
  w=$(med "$k" 2)
  cpu=$(awk -v k="$k" '$1 == k {print $3 + $4}' "$RESULTS" | median)
  say "  $(printf '%-6s' "$k") $(awk -v n="$COUNT" -v w="$w" -v c="$cpu" 'BEGIN {printf "%6.2f s  %6.2f images/s  CPU %.0f ms/image", w, n / w, c * 1000 / n}')"
done
cpu_of() { awk -v k="$1" '$1 == k {print $3 + $4}' "$RESULTS" | median; }
# Each run's contenders ran back to back, so the per-run ratio is the fairer wall-clock one.
wall_ratio=$(awk '$1 == "ours" {o = $2} $1 == "vips" {print o / $2}' "$RESULTS" | median)
say "  vips ÷ ours: $(printf '%.1f' "$wall_ratio")× the images/s (wall, median of the per-run ratios), $(awk -v a="$(cpu_of ours)" -v b="$(cpu_of vips)" 'BEGIN {printf "%.1f", a / b}')× less CPU per image"
bench_load

if [[ ${PROFILE:-0} == 1 ]]; then
  rm -rf "$OUT" && mkdir -p "$OUT"
  "$ROOT/bench/bin/thumbs" -in "$PHOTOS" -out "$OUT" -workers 2 -cpuprofile "$BENCH_WORK/thumbs.pprof" >&2
  say "CPU profile of the Go process (ffmpeg children not included): $BENCH_WORK/thumbs.pprof"
  (cd "$ROOT" && go tool pprof -top -nodecount=25 bench/bin/thumbs "$BENCH_WORK/thumbs.pprof" 2>/dev/null) >&2
fi
