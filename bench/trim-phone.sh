#!/usr/bin/env bash
# Issue #34's trims, each against plain ffmpeg re-encoding the same range, in the same run:
#
#   (a) ours, HEVC: a 30 s clip from START (default 10.5 s, between keyframes) of a 42 s 1080p30
#       HEVC/AAC video made like an iPhone's (libx265 with B-frames, closed GOPs, a keyframe every
#       2 s, hvc1, AAC 48 kHz stereo): POST /api/media/{id}/trim, then GET /api/media/{clip} every
#       POLL until it is "ready": the HEVC clip and its 720p H.264 rendition cut, checked, stored,
#       poster made — both versions, what the family waits for;
#   (b) ffmpeg -ss START -i hevc -t 30 -c:v libx264 -preset veryfast -c:a aac: a plain re-encode
#       of the same range (one browser-playable version, what a trim cost before);
#   (c) ours, H.264: a 10 s clip from START of the 60 s 1080p H.264 video of bench/trim.sh;
#   (d) ffmpeg -ss START -i h264 -t 10 -c:v libx264 -preset veryfast -c:a aac.
#
# Odd runs time ours first, even runs plain ffmpeg first, so neither always meets the other's
# leftovers; the 1-minute load average is printed beside every pair (other sessions share the
# machine). The ratios are a÷b and c÷d per run, and their medians. Beside each time is the CPU
# it took (ours: the api's and the worker's, with the ffmpeg and ffprobe runs they waited for;
# plain: ffmpeg's), which a loaded machine changes far less than the wall clock.
#
#   bench/trim-phone.sh     RUNS=3, START=10.5, POLL=25ms; see bench/lib.sh for BENCH_*
#
# The two source videos are made once (a few minutes of encoding) and kept in $BENCH_WORK; the
# H.264 one is the same file bench/trim.sh makes.
set -euo pipefail
source "$(dirname -- "${BASH_SOURCE[0]}")/lib.sh"

RUNS=${RUNS:-3}
START=${START:-10.5}
POLL=${POLL:-0.025}
HEVC=$BENCH_WORK/trim-hevc-1080p-42s.mp4
H264=$BENCH_WORK/trim-1080p-60s.mp4
MEDIA=$BENCH_WORK/trim-phone-media
LOGS=$BENCH_WORK/trim-phone-logs
JAR=$BENCH_WORK/trim-phone-cookies
OUT=$BENCH_WORK/trim-phone-out

cleanup() {
  bench_cleanup
  rm -rf "$MEDIA" "$OUT" "$JAR"
}
trap cleanup EXIT

mkdir -p "$BENCH_WORK" "$OUT"
if [[ ! -f $HEVC ]]; then
  say "making $HEVC (42 s, 1920x1080, 30 fps, HEVC Main with B-frames, a keyframe every 2 s, AAC)"
  ffmpeg -nostdin -hide_banner -loglevel error -y \
    -f lavfi -i "testsrc2=size=1920x1080:rate=30:duration=42,noise=alls=8:allf=t" \
    -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=42" \
    -c:v libx265 -preset ultrafast -b:v 8M -pix_fmt yuv420p -tag:v hvc1 \
    -x265-params log-level=error:keyint=60:min-keyint=60:scenecut=0:open-gop=0:bframes=3 \
    -c:a aac -ac 2 -b:a 128k -movflags +faststart "$HEVC.tmp.mp4"
  mv "$HEVC.tmp.mp4" "$HEVC"
fi
if [[ ! -f $H264 ]]; then
  say "making $H264 (60 s, 1920x1080, 30 fps, H.264 High with B-frames, a keyframe every 2 s, AAC)"
  ffmpeg -nostdin -hide_banner -loglevel error -y \
    -f lavfi -i "testsrc2=size=1920x1080:rate=30:duration=60,noise=alls=8:allf=t" \
    -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=60" \
    -c:v libx264 -preset veryfast -profile:v high -pix_fmt yuv420p -bf 3 -g 60 -keyint_min 60 -sc_threshold 0 \
    -b:v 12M -maxrate 16M -bufsize 24M -c:a aac -ac 2 -b:a 128k -movflags +faststart "$H264.tmp.mp4"
  mv "$H264.tmp.mp4" "$H264"
fi
for f in "$HEVC" "$H264"; do
  say "source: $(ffprobe -v error -select_streams v:0 -show_entries stream=codec_name,profile,width,height,r_frame_rate,has_b_frames,bit_rate -of compact=p=0 "$f")"
done

bench_build api worker waitmedia
bench_createdb trimphone
rm -rf "$MEDIA"
bench_start_stack "$MEDIA" "$LOGS"
ATHLETE=$(bench_signup "$JAR")
say "api pid $BENCH_API_PID, worker pid $BENCH_WORKER_PID, athlete $ATHLETE, database $BENCH_DB"

load1() { cut -d' ' -f1 /proc/loadavg; }
# all_ticks PID: the process's CPU and that of the children it waited for, in clock ticks.
all_ticks() { awk '{print $14 + $15 + $16 + $17}' "/proc/$1/stat"; }
ours_ticks() { echo $(($(all_ticks "$BENCH_API_PID") + $(all_ticks "$BENCH_WORKER_PID"))); }
cpu_s() { awk -v t="$1" -v hz="$HZ" 'BEGIN {printf "%.2f", t / hz}'; }

wait_ready() { bench_wait_media "$JAR" "$1"; }

# upload FILE: prints the new item's id once it is ready (for HEVC: with its rendition).
upload() {
  local resp id
  resp=$(curl -fsS -b "$JAR" -F "file=@$1;type=video/mp4" -F "title=Bench game" "$BENCH_URL/api/athletes/$ATHLETE/media")
  id=$(grep -o '"id":[0-9]*' <<<"$resp" | head -1 | cut -d: -f2)
  wait_ready "$id"
  echo "$id"
}

say "uploading the sources (the HEVC one gets its 720p rendition)"
HEVC_ID=$(upload "$HEVC")
H264_ID=$(upload "$H264")
sleep 2 # the worker's queues settle

# ours VIDEO FROM LENGTH: POST the trim, wait for the clip; sets t_ours and mode (the job's output).
ours() {
  local video=$1 from=$2 to t0 t1 clip c0
  to=$(awk -v s="$from" -v l="$3" 'BEGIN {print s + l}')
  c0=$(ours_ticks)
  t0=$(now)
  resp=$(curl -fsS -b "$JAR" -H 'Content-Type: application/json' \
    -d "{\"startTime\":$from,\"endTime\":$to,\"title\":\"Bench clip $from\"}" "$BENCH_URL/api/media/$video/trim")
  clip=$(grep -o '"id":[0-9]*' <<<"$resp" | head -1 | cut -d: -f2)
  wait_ready "$clip"
  t1=$(now)
  t_ours=$(elapsed "$t0" "$t1")
  cpu_ours=$(cpu_s $(($(ours_ticks) - c0)))
  # The clip is ready a moment before River stores the job's output with its completion.
  for _ in $(seq 1 100); do
    mode=$(psql "$DATABASE_URL" -qAtX -c \
      "SELECT metadata->'output'->>'mode' || ' (cut ' || (metadata->'output'->>'cut_seconds') || ' s)'
              || coalesce(': ' || (metadata->'output'->>'fallback'), '')
              || coalesce('; rendition ' || (metadata->'output'->>'rendition_mode'), '')
              || coalesce(': ' || (metadata->'output'->>'rendition_fallback'), '')
       FROM river_job WHERE kind = 'media_trim' AND args->>'clip_id' = '$clip' AND state = 'completed'")
    [[ -n $mode ]] && break
    sleep 0.05
  done
}

# plain SOURCE FROM LENGTH: times ffmpeg re-encoding the range; sets t_plain and cpu_plain
# (ffmpeg runs in this shell, which waits for it: its CPU is added to the shell's children's).
plain() {
  local t0 t1 c0
  c0=$(all_ticks $$)
  t0=$(now)
  ffmpeg -nostdin -hide_banner -loglevel error -y -ss "$2" -i "$1" -t "$3" -map 0:v:0 -map 0:a:0 \
    -c:v libx264 -preset veryfast -c:a aac -f mp4 "$OUT/plain.mp4"
  t1=$(now)
  t_plain=$(elapsed "$t0" "$t1")
  cpu_plain=$(cpu_s $(($(all_ticks $$) - c0)))
}

# pair VIDEO SOURCE LENGTH RUN: ours and plain, in an order that alternates with RUN.
pair() {
  if (($4 % 2)); then
    ours "$1" "$START" "$3"; plain "$2" "$START" "$3"
  else
    plain "$2" "$START" "$3"; ours "$1" "$START" "$3"
  fi
}

bench_load
printf '%-4s %6s %16s %16s %6s %6s | %6s %16s %16s %6s %6s\n' run load 'hevc30 s (cpu)' 'reenc s (cpu)' ratio cpu÷ load 'h264_10 s (cpu)' 'reenc s (cpu)' ratio cpu÷ >&2
: >"$BENCH_WORK/trim-phone-results"
ratio() { awk -v x="$1" -v y="$2" 'BEGIN {printf "%.2f", x / y}'; }
for run in $(seq 1 "$RUNS"); do
  la=$(load1); pair "$HEVC_ID" "$HEVC" 30 "$run"; a=$t_ours b=$t_plain mode_a=$mode cpu_a=$cpu_ours cpu_b=$cpu_plain
  lc=$(load1); pair "$H264_ID" "$H264" 10 "$run"; c=$t_ours d=$t_plain mode_c=$mode cpu_c=$cpu_ours cpu_d=$cpu_plain
  ra=$(ratio "$a" "$b") rca=$(ratio "$cpu_a" "$cpu_b") rc=$(ratio "$c" "$d") rcc=$(ratio "$cpu_c" "$cpu_d")
  printf '%-4s %6s %16s %16s %6s %6s | %6s %16s %16s %6s %6s\n' "$run" "$la" "$a ($cpu_a)" "$b ($cpu_b)" "$ra" "$rca" \
    "$lc" "$c ($cpu_c)" "$d ($cpu_d)" "$rc" "$rcc" >&2
  say "     HEVC 30 s: $mode_a"
  say "     H.264 10 s: $mode_c"
  echo "$a $b $ra $c $d $rc $cpu_a $cpu_b $rca $cpu_c $cpu_d $rcc" >>"$BENCH_WORK/trim-phone-results"
done

col() { awk -v c="$1" '{print $c}' "$BENCH_WORK/trim-phone-results" | median; }
say ""
say "median of $RUNS runs:"
say "  (a) ours, 30 s of 1080p HEVC from $START s, POST → clip and rendition ready   $(col 1) s"
say "  (b) ffmpeg libx264 veryfast re-encode of the same range                   $(col 2) s"
say "      a ÷ b (median of the per-run ratios)                                  $(col 3)×   target ≤ 0.5×"
say "  (c) ours, 10 s of 1080p H.264 from $START s, POST → clip ready              $(col 4) s"
say "  (d) ffmpeg libx264 veryfast re-encode of the same range                   $(col 5) s"
say "      c ÷ d (median of the per-run ratios)                                  $(col 6)×   target ≤ 0.25×"
say "  CPU: (a) $(col 7) s against (b) $(col 8) s: $(col 9)×; (c) $(col 10) s against (d) $(col 11) s: $(col 12)×"
bench_load
