#!/usr/bin/env bash
# From upload to playable: a 20 s 1080p HEVC phone video (libx265, yuv420p, 30 fps, with AAC
# audio, in a MOV as an iPhone writes it; made once) uploaded to a fresh api + worker, timed from
# the upload's 202 to the first GET /api/media/{id} (every 100 ms, by bench/waitmedia) that shows a poster
# (thumbnailUrl, while still processing) and to the one that shows "ready" (the rendition is made).
# In the same run, plain ffmpeg transcodes of the same file, one at a time:
#
#   old  the rendition settings before this change (81613ae): libx264 veryfast CRF 23 at up to
#        1920 pixels, audio re-encoded to AAC 128k
#   new  exactly what the worker runs now (media.RenditionArgs, printed by bench/rendition)
#
# Each prints seconds, the real-time factor (video seconds ÷ seconds taken), CPU seconds and the
# load average; the medians close the run.
#
#   bench/rendition.sh         RUNS=3, SECONDS_LONG=20; see bench/lib.sh for BENCH_*
set -euo pipefail
source "$(dirname -- "${BASH_SOURCE[0]}")/lib.sh"

RUNS=${RUNS:-3}
LENGTH=${SECONDS_LONG:-20}
VIDEO=$BENCH_WORK/hevc-1080p-${LENGTH}s.mov
MEDIA=$BENCH_WORK/rendition-media
LOGS=$BENCH_WORK/rendition-logs
RESULTS=$BENCH_WORK/rendition-results
OUT=$BENCH_WORK/rendition-out

cleanup() {
  bench_cleanup
  rm -rf "$MEDIA" "$OUT"
}
trap cleanup EXIT

if [[ ! -f $VIDEO ]]; then
  say "making $VIDEO (libx265, once; a minute or two)"
  # Moving test pattern with temporal noise (a sensor's grain), 8 Mb/s like a phone's 1080p30 HEVC.
  ffmpeg -nostdin -hide_banner -loglevel error -y \
    -f lavfi -i "testsrc2=size=1920x1080:rate=30:duration=$LENGTH,noise=alls=10:allf=t+u" \
    -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=$LENGTH" \
    -c:v libx265 -preset veryfast -b:v 8M -pix_fmt yuv420p -tag:v hvc1 -x265-params log-level=error \
    -c:a aac -b:a 128k -shortest -movflags +faststart "$VIDEO.tmp.mov"
  mv "$VIDEO.tmp.mov" "$VIDEO"
fi
say "video: $(ffprobe -v error -select_streams v:0 -show_entries stream=codec_name,width,height,pix_fmt,r_frame_rate -of csv=p=0 "$VIDEO"), $(du -h "$VIDEO" | cut -f1)"

bench_build api worker rendition waitmedia
bench_createdb rendition
rm -rf "$MEDIA"
bench_start_stack "$MEDIA" "$LOGS"
say "api pid $BENCH_API_PID, worker pid $BENCH_WORKER_PID, database $BENCH_DB"
JAR=$BENCH_WORK/rendition-cookies
rm -f "$JAR"
ATHLETE=$(bench_signup "$JAR")
sleep 2 # let the worker elect a leader and start its queues

worker_cpu() { awk '{print $14 + $15 + $16 + $17}' "/proc/$BENCH_WORKER_PID/stat"; } # clock ticks, children included
TICK=$(getconf CLK_TCK)

# upload_once RUN: upload, then poll until ready; appends "pipeline SECONDS_TO_READY SECONDS_TO_POSTER CPU".
upload_once() {
  local response id t0 waited cpu0 cpu1
  cpu0=$(worker_cpu)
  response=$(curl -fsS -b "$JAR" -F "file=@$VIDEO;type=video/quicktime" -F "title=Rendition bench $1" \
    "$BENCH_URL/api/athletes/$ATHLETE/media")
  t0=$(now)
  id=$(grep -o '"id":[0-9]*' <<<"$response" | head -1 | cut -d: -f2)
  [[ -n $id ]] || die "upload failed: $response"
  # "poster P ready R", seconds from t0 (bench/waitmedia: one process polling, not a loop of curl).
  waited=$("$ROOT/bench/bin/waitmedia" -url "$BENCH_URL" -jar "$JAR" -id "$id" -poll 0.1s -tries 3000 -since "$t0") \
    || die "item $id was not ready"
  sleep 0.2 # the job's process has been reaped by now
  cpu1=$(worker_cpu)
  awk -v w="$waited" -v c="$(((cpu1 - cpu0)))" -v tick="$TICK" \
    'BEGIN {split(w, f, " "); printf "pipeline %.2f %s %.2f\n", f[4], f[2], c / tick}' >>"$RESULTS"
  curl -fsS -o /dev/null -b "$JAR" -X DELETE "$BENCH_URL/api/media/$id"
}

# ffmpeg_once NAME ARGS…: one plain transcode, appends "NAME SECONDS - CPU".
ffmpeg_once() {
  local name=$1
  shift
  /usr/bin/time -f "$name %e - %U %S" -a -o "$RESULTS.raw" ffmpeg "$@" >/dev/null
  tail -n 1 "$RESULTS.raw" | awk '{printf "%s %s - %.2f\n", $1, $2, $4 + $5}' >>"$RESULTS"
}

mkdir -p "$OUT"
mapfile -t NEW_ARGS < <("$ROOT/bench/bin/rendition" "$VIDEO" "$OUT/new.mp4")
OLD_ARGS=(-nostdin -hide_banner -loglevel error -y -protocol_whitelist file -i "file:$VIDEO"
  -map 0:v:0 -map 0:a:0 -c:v libx264 -preset veryfast -crf 23 -pix_fmt yuv420p
  -vf "scale=w='min(1920,iw)':h='min(1920,ih)':force_original_aspect_ratio=decrease:force_divisible_by=2"
  -c:a aac -b:a 128k -sn -dn -max_muxing_queue_size 4096 -movflags +faststart -f mp4 "file:$OUT/old.mp4")
say "new: ffmpeg ${NEW_ARGS[*]}"

: >"$RESULTS"
: >"$RESULTS.raw"
report() {
  tail -n 3 "$RESULTS" | awk -v len="$LENGTH" -v r="$1" -v ld="$2" '{
    poster = ($3 == "-") ? "" : sprintf(", poster after %.2f s", $3)
    printf "run %s  %-8s %6.2f s  %4.1f× real time  CPU %5.2f s%s   (load %s)\n", r, $1, $2, len / $2, $4, poster, ld
  }' >&2
}
for run in $(seq 1 "$RUNS"); do
  load=$(cut -d' ' -f1 /proc/loadavg)
  upload_once "$run"
  ffmpeg_once old "${OLD_ARGS[@]}"
  ffmpeg_once new "${NEW_ARGS[@]}"
  report "$run" "$load"
done
bench_load

say ""
say "what the new rendition is: $(ffprobe -v error -select_streams v:0 -show_entries stream=codec_name,profile,width,height,pix_fmt -of csv=p=0 "$OUT/new.mp4"), audio $(ffprobe -v error -select_streams a:0 -show_entries stream=codec_name -of csv=p=0 "$OUT/new.mp4"), $(du -h "$OUT/new.mp4" | cut -f1) (old settings: $(ffprobe -v error -select_streams v:0 -show_entries stream=width,height -of csv=p=0:s=x "$OUT/old.mp4"), $(du -h "$OUT/old.mp4" | cut -f1))"
med() { awk -v k="$1" -v c="$2" '$1 == k {print $c}' "$RESULTS" | median; }
say "median of $RUNS runs, a ${LENGTH} s 1080p HEVC video:"
for k in pipeline old new; do
  s=$(med "$k" 2)
  extra=""
  [[ $k == pipeline ]] && extra="  poster after $(med pipeline 3) s"
  say "  $(printf '%-8s' "$k") $(awk -v s="$s" -v len="$LENGTH" -v c="$(med "$k" 4)" 'BEGIN {printf "%6.2f s  %4.1f× real time  CPU %5.2f s", s, len / s, c}')$extra"
done
