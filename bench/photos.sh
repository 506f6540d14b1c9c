#!/usr/bin/env bash
# photos.sh DIR COUNT WIDTHxHEIGHT writes COUNT phone-like JPEGs to DIR (photo-0000.jpg …),
# unless DIR already holds exactly that set (a stamp file records what was asked for).
#
# Each picture comes from one of five lavfi sources (testsrc2, mandelbrot, gradients of four
# kinds, smptehdbars, a zoomed gradient), its hue turned by a different angle, with
# temporal+uniform noise (seeded per picture) so that it compresses like a sensor's output
# rather than a flat test card: a 12 MP one is 2–5 MB, like a phone's. Quality alternates
# between ffmpeg's -q:v 2 and 3 (roughly libjpeg quality 90 and 85), 4:2:0 like a camera.
# Every fourth picture carries an EXIF Orientation tag (6, 8, 3 in turn), inserted after SOI
# as an APP1 segment, as phones store portrait shots sideways.
set -euo pipefail

dir=$1 count=$2 size=$3
stamp="$dir/.made-$count-$size"
[[ -f $stamp ]] && exit 0
rm -rf "$dir"
mkdir -p "$dir"

# exif_app1 ORIENTATION prints an APP1 segment with a minimal big-endian EXIF block: the TIFF
# header and IFD0 with the single tag Orientation (0x0112, SHORT, count 1).
exif_app1() {
  printf '\xff\xe1\x00\x22Exif\x00\x00MM\x00\x2a\x00\x00\x00\x08\x00\x01\x01\x12\x00\x03\x00\x00\x00\x01\x00'
  printf '%b' "\\x$(printf %02x "$1")"
  printf '\x00\x00\x00\x00\x00\x00'
}

orientations=(6 8 3)
for ((i = 0; i < count; i++)); do
  case $((i % 5)) in
    0) src="testsrc2=s=$size" ;;
    1) src="mandelbrot=s=$size:maxiter=256:start_scale=$(awk -v i="$i" 'BEGIN {print 0.5 + (i % 7) * 0.4}')" ;;
    2) src="gradients=s=$size:n=5:seed=$i:type=$(((i / 5) % 4))" ;;
    3) src="smptehdbars=s=$size" ;;
    4) src="gradients=s=$size:n=8:seed=$((i * 31)):type=2" ;;
  esac
  out=$(printf '%s/photo-%04d.jpg' "$dir" "$i")
  ffmpeg -nostdin -hide_banner -loglevel error -y -f lavfi -i "$src" \
    -vf "hue=h=$(((i * 37) % 360)),noise=alls=18:allf=t+u:all_seed=$((i + 1)),format=yuvj420p" \
    -frames:v 1 -q:v $((2 + i % 2)) "$out.tmp.jpg"
  if ((i % 4 == 3)); then
    { head -c 2 "$out.tmp.jpg"; exif_app1 "${orientations[$(((i / 4) % 3))]}"; tail -c +3 "$out.tmp.jpg"; } >"$out"
    rm "$out.tmp.jpg"
  else
    mv "$out.tmp.jpg" "$out"
  fi
done
touch "$stamp"
