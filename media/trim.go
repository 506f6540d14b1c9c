package media

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// TrimMode says how Trim cut a clip.
type TrimMode string

const (
	// TrimCopy copied the original's H.264 and AAC packets: fast and lossless, possible only
	// when the cut starts on a keyframe.
	TrimCopy TrimMode = "copy"
	// TrimReencode decoded and encoded the clip again, which cuts on any frame.
	TrimReencode TrimMode = "reencode"
)

// Clip settings: a clip is cut to be kept and shared, so a little better than a rendition.
const (
	trimCRF    = "20"
	trimPreset = "veryfast"
	trimAudio  = "128k"
	// coarseSeek is how far before the cut the re-encode's input seek lands: ffmpeg jumps to
	// the keyframe before start-coarseSeek and decodes (and drops) only from there.
	coarseSeek = 5.0
	// syncTolerance is how far apart a copied clip's audio and video may start or end; more
	// than that and the copy is thrown away for a re-encode.
	syncTolerance = 0.05
	// cutMargin is how far before a frame's time a re-encoded cut starts (see Trim).
	cutMargin = 1e-4
	// defaultFrameDuration stands in when a video has too few frames to measure (25 fps).
	defaultFrameDuration = 0.04
)

// seconds formats a time for ffmpeg: microseconds, ffmpeg's own precision.
func seconds(s float64) string {
	return strconv.FormatFloat(s, 'f', 6, 64)
}

// TrimArgs builds ffmpeg's arguments for cutting [start, end) of in into the MP4 out.
//
// TrimCopy: -ss before -i (ffmpeg seeks to the keyframe at or before start, so start must be
// a keyframe's time for the cut to be where it was asked), -t, and every packet copied as it
// is; -avoid_negative_ts make_zero shifts audio and video together so the clip starts at 0.
//
// TrimReencode: a coarse input seek to max(0, start-5 s), which is fast, then the rest of
// the way as an output option, which decodes and drops frames up to start exactly: the clip
// begins with the first frame whose time is at or after start and holds the frames of
// [start, end). The video is H.264 (libx264 veryfast, CRF 20, yuv420p, turned upright,
// at most 1920 on its long side with even sides) and the audio AAC 128k.
//
// Both write the index first (+faststart) so a browser starts playing at once.
func TrimArgs(in, out string, start, end float64, p ProbeResult, mode TrimMode) []string {
	args := commonArgs()
	if mode == TrimCopy {
		args = append(args,
			"-ss", seconds(start),
			"-protocol_whitelist", "file",
			"-i", inputURL(in),
			"-t", seconds(end-start),
		)
	} else {
		coarse := max(0, start-coarseSeek)
		args = append(args,
			"-ss", seconds(coarse),
			"-protocol_whitelist", "file",
			"-i", inputURL(in),
			"-ss", seconds(start-coarse),
			"-t", seconds(end-start),
		)
	}
	args = append(args, "-map", "0:v:0")
	if p.HasAudio {
		args = append(args, "-map", "0:a:0")
	}
	if mode == TrimCopy {
		args = append(args, "-c", "copy", "-avoid_negative_ts", "make_zero")
	} else {
		args = append(args,
			"-c:v", "libx264", "-preset", trimPreset, "-crf", trimCRF,
			"-pix_fmt", "yuv420p",
			"-vf", fitFilter(renditionMaxSide, true),
		)
		if p.HasAudio {
			args = append(args, "-c:a", "aac", "-b:a", trimAudio)
		}
	}
	if !p.HasAudio {
		args = append(args, "-an")
	}
	return append(args,
		"-sn", "-dn",
		"-max_muxing_queue_size", "4096",
		"-movflags", "+faststart",
		"-f", "mp4",
		inputURL(out),
	)
}

// Trim cuts [start, end) seconds of the video in into out, an MP4 with H.264 video and AAC
// audio (when in has audio) that a browser plays as it is, and answers how it cut. Checking
// the range against the video is the caller's job; Trim still refuses to leave a clip
// without video (ErrCorrupt). p is in's ProbeResult.
//
// A cut is frame-accurate: the clip holds the frames whose times are in [start, end), the
// first of them at 0, and the audio of the same stretch. When in is already browser-playable H.264/AAC in MP4/MOV (see
// NeedsRendition), has no reordered (B-)frames and start is within half a frame of a
// keyframe, the packets are copied from that keyframe (TrimCopy), which takes a moment
// instead of a re-encode. ffmpeg's stream copy cuts B-frame video by decoding order, which
// leaves extra frames at the end and shifts the video against the audio, so such video is
// re-encoded. A copied clip is checked with ffprobe (its length within a frame of end-start,
// audio and video starting and ending together); one that fails the check is re-encoded.
//
// out appears only when complete: a killed job leaves no half clip there.
func Trim(ctx context.Context, in, out string, start, end float64, p ProbeResult) (TrimMode, error) {
	if !p.HasVideo {
		return "", fmt.Errorf("trimming: %w", corrupt("no video in the file"))
	}
	if !(end > start) || start < 0 {
		return "", fmt.Errorf("trimming: %w", corrupt(fmt.Sprintf("nothing to cut from %.3f s to %.3f s", start, end)))
	}
	idx, err := indexVideo(ctx, in)
	if err != nil {
		return "", fmt.Errorf("trimming: %w", err)
	}
	mode, from, until := TrimReencode, start, end
	if f, ok := idx.frameFrom(start); ok {
		// Cut a hair before the first frame to keep, so that ffmpeg, which counts in whole
		// microseconds, neither drops that frame nor starts the clip part way into it
		// (which its constant frame rate output fills by showing a frame twice); the end
		// moves by as much, so that a frame at end is not let in instead.
		from, until = max(0, f-cutMargin), end-cutMargin
	}
	keyframe, onKeyframe := idx.keyframeNear(start)
	if onKeyframe && !idx.reordered && !NeedsRendition(p) {
		mode = TrimCopy
	}
	err = writeVia(out, ".mp4", func(tmp string) error {
		if mode == TrimCopy {
			ok, err := copyClip(ctx, in, tmp, keyframe, start, end, idx.frameDuration, p)
			if err != nil || ok {
				return err
			}
			mode = TrimReencode // the copy was not right: cut again, the slow and sure way
		}
		if err := runTool(ctx, FFmpegPath, TrimArgs(in, tmp, from, until, p, TrimReencode), nil, in); err != nil {
			return err
		}
		timing, err := clipTimingOf(ctx, tmp)
		if err != nil {
			return err
		}
		if timing.video.frames == 0 {
			return corrupt(fmt.Sprintf("no video frames from %.3f s to %.3f s", start, end))
		}
		return nil
	})
	if err != nil {
		return "", fmt.Errorf("trimming: %w", err)
	}
	return mode, nil
}

// copyClip cuts by stream copy from the keyframe at from and answers whether the clip came
// out right. It answers an error only when ctx ended: any other failure is a reason to
// re-encode instead.
func copyClip(ctx context.Context, in, tmp string, from, start, end, frame float64, p ProbeResult) (bool, error) {
	err := runTool(ctx, FFmpegPath, TrimArgs(in, tmp, from, end, p, TrimCopy), nil, in)
	if ctx.Err() != nil {
		return false, ctx.Err()
	}
	if err != nil {
		return false, nil
	}
	timing, err := clipTimingOf(ctx, tmp)
	if ctx.Err() != nil {
		return false, ctx.Err()
	}
	return err == nil && timing.copyMatches(end-start, frame, p.HasAudio), nil
}

// KeyframesArgs builds ffprobe's arguments for Keyframes: the first video stream's packets
// (their times and flags) and the file's start time. Reading packets only demuxes, without
// decoding even the keyframes (a 60 s 720p clip takes under 0.1 s), and the same list tells
// Trim where frames fall and whether any are stored out of order.
func KeyframesArgs(in string) []string {
	return []string{
		"-hide_banner", "-loglevel", "error",
		"-protocol_whitelist", "file",
		"-select_streams", "v:0",
		"-show_entries", "packet=pts_time,dts_time,flags:format=start_time",
		"-print_format", "compact",
		"-i", inputURL(in),
	}
}

// Keyframes answers the times of the keyframes of the first video stream, in seconds from
// the start as ffmpeg's -ss counts them, in order: the points a stream copy can cut at.
func Keyframes(ctx context.Context, path string) ([]float64, error) {
	idx, err := indexVideo(ctx, path)
	if err != nil {
		return nil, err
	}
	return idx.keyframes, nil
}

// videoIndex is what a stream copy needs to know about a video.
type videoIndex struct {
	// frames and keyframes are times in seconds from the start, in order.
	frames, keyframes []float64
	// frameDuration is the average time between frames.
	frameDuration float64
	// reordered is true when frames are stored out of presentation order (B-frames).
	reordered bool
}

func indexVideo(ctx context.Context, path string) (videoIndex, error) {
	out, err := runOutput(ctx, FFprobePath, KeyframesArgs(path), path)
	if err != nil {
		return videoIndex{}, fmt.Errorf("listing keyframes: %w", err)
	}
	idx, ok := parseVideoIndex(out)
	if !ok {
		return videoIndex{}, fmt.Errorf("listing keyframes: %w", corrupt("no video packets in the file"))
	}
	return idx, nil
}

// parseVideoIndex reads ffprobe's compact output: "packet|pts_time=…|dts_time=…|flags=K_"
// lines in decoding order, and a "format|start_time=…" line.
func parseVideoIndex(out []byte) (videoIndex, bool) {
	var idx videoIndex
	var times []float64
	start, latest := 0.0, math.Inf(-1)
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		section, rest, _ := strings.Cut(sc.Text(), "|")
		fields := map[string]string{}
		for _, f := range strings.Split(rest, "|") {
			if k, v, ok := strings.Cut(f, "="); ok {
				fields[k] = v
			}
		}
		switch section {
		case "format":
			if v, err := strconv.ParseFloat(fields["start_time"], 64); err == nil && !math.IsNaN(v) && !math.IsInf(v, 0) {
				start = v
			}
		case "packet":
			at, err := strconv.ParseFloat(fields["pts_time"], 64)
			if err != nil {
				if at, err = strconv.ParseFloat(fields["dts_time"], 64); err != nil {
					continue
				}
			}
			if at < latest {
				idx.reordered = true
			}
			latest = max(latest, at)
			times = append(times, at)
			if strings.Contains(fields["flags"], "K") {
				idx.keyframes = append(idx.keyframes, at)
			}
		}
	}
	if len(times) == 0 {
		return idx, false
	}
	for i := range idx.keyframes {
		idx.keyframes[i] -= start
	}
	for i := range times {
		times[i] -= start
	}
	slices.Sort(idx.keyframes)
	idx.keyframes = slices.Compact(idx.keyframes)
	slices.Sort(times)
	idx.frames = slices.Compact(times)
	idx.frameDuration = defaultFrameDuration
	if n := len(idx.frames); n > 1 {
		idx.frameDuration = (idx.frames[n-1] - idx.frames[0]) / float64(n-1)
	}
	return idx, true
}

// frameFrom answers the time of the first frame at or after at, if there is one.
func (idx videoIndex) frameFrom(at float64) (float64, bool) {
	i, _ := slices.BinarySearch(idx.frames, at-1e-6)
	if i == len(idx.frames) {
		return 0, false
	}
	return idx.frames[i], true
}

// keyframeNear answers the keyframe within half a frame of at, if there is one.
func (idx videoIndex) keyframeNear(at float64) (float64, bool) {
	for _, k := range idx.keyframes {
		if math.Abs(k-at) <= idx.frameDuration/2+1e-6 {
			return k, true
		}
	}
	return 0, false
}

// clipTiming is where a clip's first video and audio streams start and how long they last.
type clipTiming struct {
	video, audio streamTiming
}

type streamTiming struct {
	present         bool
	start, duration float64
	frames          int
}

func (s streamTiming) end() float64 { return s.start + s.duration }

// copyMatches reports whether a copied clip is what was asked: video within a frame of want
// seconds long and, when there is audio, audio that starts and ends with it.
func (c clipTiming) copyMatches(want, frame float64, withAudio bool) bool {
	if !c.video.present || c.video.frames == 0 || math.Abs(c.video.duration-want) > frame+1e-3 {
		return false
	}
	if !withAudio {
		return true
	}
	return c.audio.present &&
		math.Abs(c.audio.start-c.video.start) <= syncTolerance &&
		math.Abs(c.audio.end()-c.video.end()) <= syncTolerance
}

// clipTimingArgs builds ffprobe's arguments for clipTimingOf.
func clipTimingArgs(in string) []string {
	return []string{
		"-hide_banner", "-loglevel", "error",
		"-protocol_whitelist", "file",
		"-show_entries", "stream=codec_type,start_time,duration,nb_frames",
		"-print_format", "json",
		"-i", inputURL(in),
	}
}

func clipTimingOf(ctx context.Context, path string) (clipTiming, error) {
	out, err := runOutput(ctx, FFprobePath, clipTimingArgs(path), path)
	if err != nil {
		return clipTiming{}, fmt.Errorf("checking the clip: %w", err)
	}
	var raw struct {
		Streams []struct {
			CodecType string `json:"codec_type"`
			StartTime string `json:"start_time"`
			Duration  string `json:"duration"`
			NbFrames  string `json:"nb_frames"`
		} `json:"streams"`
	}
	if err := json.Unmarshal(out, &raw); err != nil {
		return clipTiming{}, fmt.Errorf("checking the clip: reading ffprobe output: %w", err)
	}
	var c clipTiming
	for _, s := range raw.Streams {
		t := &c.video
		switch s.CodecType {
		case "video":
		case "audio":
			t = &c.audio
		default:
			continue
		}
		if t.present {
			continue
		}
		frames, _ := strconv.Atoi(s.NbFrames)
		*t = streamTiming{present: true, start: parseSeconds(s.StartTime), duration: parseSeconds(s.Duration), frames: frames}
	}
	return c, nil
}
