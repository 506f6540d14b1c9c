#!/usr/bin/env bash
# Thumbnails per second: 200 phone-size (4000x3000) JPEGs, a quarter of them with an EXIF
# orientation, to 480-pixel JPEG thumbnails (quality 82, as ours), two at a time (the core count).
# The ways of making them that we weighed, in one run:
#
#   ours      bench/bin/thumbs: media.ImageThumbnail as shipped, 2 goroutines (libvips in the
#             process through our cgo wrapper, media/vips.go: vips_thumbnail_source, shrink-on-load)
#   govips    bench/bin/govips: the same through github.com/davidbyttow/govips/v2 (bench/govips,
#             a module of its own), 2 goroutines
#   old       bench/bin/thumbs-old: media.ImageThumbnail before libvips (OLD_REV, default
#             81613ae): an ffmpeg process per photo decoding at 1/8 scale, then Go turns, resizes
#             and encodes; OLD_REV= (empty) leaves it out
#   ffstream  one long-lived ffmpeg decoding all the photos from one pipe at 1/8 scale (-lowres 3),
#             two such processes on half the photos each, frames thrown away: what a long-lived
#             ffmpeg decoder would cost at least (no resize, no encode, no orientation)
#   vips      libvips' vipsthumbnail (apt-get install -y libvips-tools), xargs -P2 -n20, each
#             process single-threaded (VIPS_CONCURRENCY=1) so that two images are worked at once
#             as with ours; it applies EXIF orientation by default (--no-rotate turns that off).
#             At 20 photos a process it is also what a long-lived libvips decoder process costs.
#   vips1     the same with one vipsthumbnail process per image (-n1)
#
#   bench/thumbs.sh            RUNS=3, COUNT=200, SIZE=4000x3000; PROFILE=1 adds a CPU profile
#
# Wall time and CPU time (user+sys, children included) per run, medians, the ratios to vips, and
# a check that every contender made thumbnails of the same dimensions as vips (orientation applied).
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
bench_build thumbs
(cd "$BENCH_DIR/govips" && go build -o "$ROOT/bench/bin/govips" .) || die "building bench/govips failed"
OLD_REV=${OLD_REV-81613ae}
if [[ -n $OLD_REV ]]; then
  old_src=$BENCH_WORK/src-old
  rm -rf "$old_src" && mkdir -p "$old_src"
  git -C "$ROOT" archive "$OLD_REV" | tar -x -C "$old_src"
  (cd "$old_src" && go build -o "$ROOT/bench/bin/thumbs-old" ./bench/thumbs) || die "building bench/thumbs at $OLD_REV failed"
  say "old: media.ImageThumbnail at $(git -C "$ROOT" rev-parse --short "$OLD_REV")"
fi
CONTENDERS=(ours govips ${OLD_REV:+old} ffstream vips vips1)
HALF=$((COUNT / 2))

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
  timed govips "$ROOT/bench/bin/govips" -in "$PHOTOS" -out "$OUT" -workers 2 -size 480
  if [[ -n $OLD_REV ]]; then
    # Its output names are NAME-ours.jpg too: kept apart so the check below sees each.
    mkdir -p "$OUT/old"
    timed old "$ROOT/bench/bin/thumbs-old" -in "$PHOTOS" -out "$OUT/old" -workers 2 -size 480
  fi
  # Every photo here is 4000x3000, so one -lowres suits them all (1/8: 500x375 ≥ 480 wide).
  timed ffstream sh -c "
    ls \"$PHOTOS\"/*.jpg | head -n $HALF | xargs cat | ffmpeg -nostdin -loglevel error -lowres 3 -f jpeg_pipe -i pipe:0 -f null - &
    ls \"$PHOTOS\"/*.jpg | tail -n +$((HALF + 1)) | xargs cat | ffmpeg -nostdin -loglevel error -lowres 3 -f jpeg_pipe -i pipe:0 -f null - &
    wait"
  # %s is the input's name without extension; [Q=82] the JPEG quality.
  timed vips env VIPS_CONCURRENCY=1 sh -c \
    "ls \"$PHOTOS\"/*.jpg | xargs -P2 -n20 vipsthumbnail --size 480x480 -o \"$OUT/%s-vips.jpg[Q=82]\""
  timed vips1 env VIPS_CONCURRENCY=1 sh -c \
    "ls \"$PHOTOS\"/*.jpg | xargs -P2 -n1 vipsthumbnail --size 480x480 -o \"$OUT/%s-vips.jpg[Q=82]\""
  tail -n "${#CONTENDERS[@]}" "$RESULTS" | awk -v n="$COUNT" -v r="$run" \
    '{printf "run %s  %-8s %6.2f s  %6.2f images/s  CPU %6.2f s (%.0f ms/image)\n", r, $1, $2, n / $2, $3 + $4, ($3 + $4) * 1000 / n}' >&2
done

# Did they make the same pictures? Dimensions of every one against vips', orientation included.
dims() { [[ -f $1 ]] && echo "$(vipsheader -f width "$1")x$(vipsheader -f height "$1")" || echo missing; }
for k in ours govips ${OLD_REV:+old}; do
  mismatch=0
  for f in "$PHOTOS"/*.jpg; do
    b=$(basename "$f" .jpg)
    case $k in ours) t=$OUT/$b-ours.jpg ;; govips) t=$OUT/$b-govips.jpg ;; old) t=$OUT/old/$b-ours.jpg ;; esac
    [[ $(dims "$t") == "$(dims "$OUT/$b-vips.jpg")" ]] || { mismatch=$((mismatch + 1)); say "  $k $b: $(dims "$t"), vips $(dims "$OUT/$b-vips.jpg")"; }
  done
  say "dimension check, $k against vips: $mismatch of $COUNT differ"
done
say "e.g. photo-0003 (orientation 6): ours $(dims "$OUT/photo-0003-ours.jpg"), vips $(dims "$OUT/photo-0003-vips.jpg")"

med() { awk -v k="$1" -v c="$2" '$1 == k {print $c}' "$RESULTS" | median; }
cpu_of() { awk -v k="$1" '$1 == k {print $3 + $4}' "$RESULTS" | median; }
say ""
say "median of $RUNS runs, $COUNT images, 2 at a time:"
for k in "${CONTENDERS[@]}"; do
  w=$(med "$k" 2)
  say "  $(printf '%-8s' "$k") $(awk -v n="$COUNT" -v w="$w" -v c="$(cpu_of "$k")" -v v="$(cpu_of vips)" \
    'BEGIN {printf "%6.2f s  %6.2f images/s  CPU %3.0f ms/image  %.2f× vips CPU", w, n / w, c * 1000 / n, c / v}')"
done
# Each run's contenders ran back to back, so the per-run ratio is the fairer wall-clock one.
wall_ratio=$(awk '$1 == "ours" {o = $2} $1 == "vips" {print o / $2}' "$RESULTS" | median)
say "  ours ÷ vips: $(printf '%.2f' "$wall_ratio")× the wall time (median of the per-run ratios), $(awk -v a="$(cpu_of ours)" -v b="$(cpu_of vips)" 'BEGIN {printf "%.2f", a / b}')× the CPU per image"
bench_load

if [[ ${PROFILE:-0} == 1 ]]; then
  rm -rf "$OUT" && mkdir -p "$OUT"
  "$ROOT/bench/bin/thumbs" -in "$PHOTOS" -out "$OUT" -workers 2 -cpuprofile "$BENCH_WORK/thumbs.pprof" >&2
  say "CPU profile of bench/thumbs (libvips' own threads included): $BENCH_WORK/thumbs.pprof"
  (cd "$ROOT" && go tool pprof -top -nodecount=25 bench/bin/thumbs "$BENCH_WORK/thumbs.pprof" 2>/dev/null) >&2
fi
