#!/usr/bin/env bash
# Trim speed: a 30 s clip of a 60 s 1080p30 H.264/AAC video made like a phone's (High profile,
# B-frames, a keyframe every 2 s, closed GOPs, AAC 48 kHz stereo), cut through a fresh api +
# worker, against plain ffmpeg doing the same cut, in the same run:
#
#   (a) ours, off a keyframe: POST /api/media/{id}/trim from START (default 10.5 s, half way
#       between two keyframes) for 30 s, then GET /api/media/{clip} every POLL until it is
#       "ready" (cut, checked, stored, poster made): the time the family waits;
#   (b) ffmpeg -ss START -i video -t 30 -c:v libx264 -preset veryfast -c:a aac: a re-encode of
#       the same range, what a frame-accurate cut costs without a smart cut;
#   (c) ours, on a keyframe: the same from KEYFRAME (default 10 s) for 30 s;
#   (d) ffmpeg -ss KEYFRAME -i video -t 30 -c copy: a plain stream copy of that range.
#
# Each run does all four; the script prints every run, the medians, the ratios a÷b and
# c−d, how the worker cut each clip (the media_trim job's recorded output) and the load.
#
#   bench/trim.sh        RUNS=3, START=10.5, KEYFRAME=10, POLL=25ms; see bench/lib.sh for BENCH_*
#
# The source video is made once (about a minute of encoding) and kept in $BENCH_WORK.
set -euo pipefail
source "$(dirname -- "${BASH_SOURCE[0]}")/lib.sh"

RUNS=${RUNS:-3}
START=${START:-10.5}
KEYFRAME=${KEYFRAME:-10}
LENGTH=30
POLL=${POLL:-0.025}
SRC=$BENCH_WORK/trim-1080p-60s.mp4
MEDIA=$BENCH_WORK/trim-media
LOGS=$BENCH_WORK/trim-logs
JAR=$BENCH_WORK/trim-cookies
OUT=$BENCH_WORK/trim-out

cleanup() {
  bench_cleanup
  rm -rf "$MEDIA" "$OUT" "$JAR"
}
trap cleanup EXIT

mkdir -p "$BENCH_WORK" "$OUT"
if [[ ! -f $SRC ]]; then
  say "making $SRC (60 s, 1920x1080, 30 fps, High profile with B-frames, a keyframe every 2 s, AAC)"
  # testsrc2 with moving grain, so the encoder works about as hard as on a real scene.
  ffmpeg -nostdin -hide_banner -loglevel error -y \
    -f lavfi -i "testsrc2=size=1920x1080:rate=30:duration=60,noise=alls=8:allf=t" \
    -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=60" \
    -c:v libx264 -preset veryfast -profile:v high -pix_fmt yuv420p -bf 3 -g 60 -keyint_min 60 -sc_threshold 0 \
    -b:v 12M -maxrate 16M -bufsize 24M -c:a aac -ac 2 -b:a 128k -movflags +faststart "$SRC.tmp.mp4"
  mv "$SRC.tmp.mp4" "$SRC"
fi
say "source: $(ffprobe -v error -select_streams v:0 -show_entries stream=codec_name,profile,width,height,r_frame_rate,has_b_frames,bit_rate -of compact=p=0 "$SRC")"

bench_build api worker waitmedia
bench_createdb trim
rm -rf "$MEDIA"
bench_start_stack "$MEDIA" "$LOGS"
ATHLETE=$(bench_signup "$JAR")
say "api pid $BENCH_API_PID, worker pid $BENCH_WORKER_PID, athlete $ATHLETE, database $BENCH_DB"

wait_ready() { bench_wait_media "$JAR" "$1"; }

say "uploading the source"
resp=$(curl -fsS -b "$JAR" -F "file=@$SRC;type=video/mp4" -F "title=Bench game" "$BENCH_URL/api/athletes/$ATHLETE/media")
VIDEO=$(grep -o '"id":[0-9]*' <<<"$resp" | head -1 | cut -d: -f2)
wait_ready "$VIDEO"
sleep 2 # the worker's queues settle

# ours FROM: POST the trim, wait for the clip; sets t_ours and mode (the job's output).
ours() {
  local from=$1 to t0 t1 clip
  to=$(awk -v s="$from" -v l="$LENGTH" 'BEGIN {print s + l}')
  t0=$(now)
  resp=$(curl -fsS -b "$JAR" -H 'Content-Type: application/json' \
    -d "{\"startTime\":$from,\"endTime\":$to,\"title\":\"Bench clip $from\"}" "$BENCH_URL/api/media/$VIDEO/trim")
  clip=$(grep -o '"id":[0-9]*' <<<"$resp" | head -1 | cut -d: -f2)
  wait_ready "$clip"
  t1=$(now)
  t_ours=$(elapsed "$t0" "$t1")
  # The clip is ready a moment before River stores the job's output with its completion.
  for _ in $(seq 1 100); do
    mode=$(psql "$DATABASE_URL" -qAtX -c \
      "SELECT metadata->'output'->>'mode' || ' (cut ' || (metadata->'output'->>'cut_seconds') || ' s)' || coalesce(': ' || (metadata->'output'->>'fallback'), '')
       FROM river_job WHERE kind = 'media_trim' AND args->>'clip_id' = '$clip' AND state = 'completed'")
    [[ -n $mode ]] && break
    sleep 0.05
  done
}

# plain ARGS…: times ffmpeg with ARGS, writing $OUT/plain.mp4; sets t_plain.
plain() {
  local t0 t1
  t0=$(now)
  ffmpeg -nostdin -hide_banner -loglevel error -y "$@" -f mp4 "$OUT/plain.mp4"
  t1=$(now)
  t_plain=$(elapsed "$t0" "$t1")
}

bench_load
printf '%-4s %12s %12s %8s %14s %12s %9s\n' run ours_off_s reencode_s ours÷re ours_on_key_s copy_s ours−copy >&2
: >"$BENCH_WORK/trim-results"
for run in $(seq 1 "$RUNS"); do
  ours "$START"; a=$t_ours; mode_a=$mode
  plain -ss "$START" -i "$SRC" -t "$LENGTH" -map 0:v:0 -map 0:a:0 -c:v libx264 -preset veryfast -c:a aac; b=$t_plain
  ours "$KEYFRAME"; c=$t_ours; mode_c=$mode
  plain -ss "$KEYFRAME" -i "$SRC" -t "$LENGTH" -map 0:v:0 -map 0:a:0 -c copy; d=$t_plain
  ratio=$(awk -v a="$a" -v b="$b" 'BEGIN {printf "%.2f", a / b}')
  diff=$(awk -v c="$c" -v d="$d" 'BEGIN {printf "%.2f", c - d}')
  printf '%-4s %12s %12s %8s %14s %12s %9s\n' "$run" "$a" "$b" "$ratio" "$c" "$d" "$diff" >&2
  say "     off a keyframe: $mode_a; on a keyframe: $mode_c"
  echo "$a $b $c $d $ratio $diff" >>"$BENCH_WORK/trim-results"
done

col() { awk -v c="$1" '{print $c}' "$BENCH_WORK/trim-results" | median; }
say ""
say "median of $RUNS runs, a ${LENGTH} s clip of $(basename "$SRC"):"
say "  (a) ours from $START s (off a keyframe), POST → ready   $(col 1) s"
say "  (b) ffmpeg re-encode of the same range (veryfast)   $(col 2) s"
say "      a ÷ b                                          $(col 5)× (median of the per-run ratios)"
say "  (c) ours from $KEYFRAME s (on a keyframe), POST → ready     $(col 3) s"
say "  (d) ffmpeg -c copy of the same range                $(col 4) s"
say "      c − d                                          $(col 6) s"
bench_load
