package media

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// A smart cut (TrimSmartCut) re-encodes only what a copy cannot give exactly and copies the
// rest of the H.264 packets as they are:
//
//	source   …K0 · · · F · · · K ═════════════════ C · · end
//	clip           head: F→K   copied: K→C           tail: C→end
//
// F is the first frame at or after the requested start and K the first keyframe at or after F.
// The head (frames F…K) is decoded from the keyframe before F and encoded again with libx264
// at the source's size, pixel format, profile and level, without B-frames. The copied part
// starts at K, which must be an IDR picture of a closed GOP: no frame stored after it is
// shown before it, so nothing copied refers to a frame that was not. It ends at C, the last
// point at or before end where the packets copied so far in decoding order are exactly the
// frames K…C in presentation order: with B-frames, the frames just before end may need a
// frame after end to decode, so those few (the tail, C→end) are re-encoded like the head.
// Without B-frames C is end and there is no tail.
//
// The three parts are written as MP4 files with the source's timescale and joined with
// ffmpeg's concat demuxer without touching their packets. Each encoded part's decoding
// times run behind its presentation times by as much as the copied packets' do at the join
// (setts), so decoding times keep increasing across the joins. The parts' parameter sets
// differ (the copied packets need the source's SPS/PPS, the encoded ones x264's), so x264
// numbers its sets with ids the source does not use and the clip's avcC gets all of them
// (finishJoinedMP4): a conforming avc1 track that every browser decodes with one decoder.
// The audio of [F, end) is encoded again (AAC): a copied AAC frame cannot start between
// its 1024 samples, and the encoder's own priming is trimmed by the edit list it writes.
//
// A stream copy of B-frame video from a keyframe (TrimCopy with no head and no tail) goes the
// same way with only the copied part: ffmpeg's -t cuts a copy by decoding time, which with
// B-frames lets in frames shown after the end, so the video is copied by packet count and
// joined with the audio, copied too (AAC frames from a little before K, which the edit list
// ffmpeg writes starts at K).
//
// What is checked before: the source is H.264 in MP4/MOV with AAC or no audio (what a browser
// plays, see NeedsRendition), K exists before end, K is an IDR picture and its GOP is closed.
// What is checked after: the clip has exactly the frames asked for, its length is within a
// frame of end-F, its first frame is at 0, audio and video start and end together, and
// ffmpeg decodes the joins without a complaint (DecodeCheckArgs says which stretches and
// why not all). Anything else falls back to a full re-encode, with the reason.

// TrimSmartCut re-encoded the frames from the start to the next keyframe (and, with
// B-frames, the last few before the end) and copied the rest: frame-accurate at a fraction
// of a re-encode's cost.
const TrimSmartCut TrimMode = "smartcut"

// TrimResult says how Trim cut a clip and what the clip is.
type TrimResult struct {
	Mode TrimMode
	// Fallback says why a faster way was not taken (empty when the copy or smart cut
	// worked, or when the cut did not need one), for operators reading the job's output.
	Fallback string
	// Clip is the clip's own ProbeResult, so the caller need not probe it again.
	Clip ProbeResult
}

// indexMargin is how far past end the packet listing reads: far enough that every frame
// shown before end has been listed, whatever its place in decoding order.
const indexMargin = 1.0

// defaultFrameDuration stands in when too few frames are listed to measure (25 fps).
const defaultFrameDuration = 0.04

// CutIndexArgs builds ffprobe's arguments for everything a cut needs to know, in one pass:
// the format and streams (as ProbeArgs: what Probe answers) and the packets (times, flags)
// from the keyframe at or before from to to. -read_intervals makes ffprobe seek and read
// only that stretch, so a cut near the end of an hour-long video does not list the whole
// hour. Not -show_data for the H.264 extradata: ffprobe then hex-dumps every packet it
// reads, even those it does not print (3.5 s instead of 0.14 s for 30 s of 1080p); the
// avcC is read from the file's index instead (fileAVCConfig).
func CutIndexArgs(in string, from, to float64) []string {
	return []string{
		"-hide_banner", "-loglevel", "error",
		"-protocol_whitelist", "file",
		"-read_intervals", seconds(from) + "%" + seconds(to),
		"-show_format", "-show_streams",
		"-show_entries", "packet=stream_index,pts,dts,flags",
		"-print_format", "json",
		"-i", inputURL(in),
	}
}

// cutPacket is one video packet: its times in the stream's time base, and whether it is a
// keyframe.
type cutPacket struct {
	pts, dts int64
	key      bool
}

// cutStream is what an encoder needs to write frames the source's decoder setup would take.
type cutStream struct {
	codec, tag, profile, pixFmt                      string
	level, width, height                             int
	colorRange, colorSpace, colorPrimaries, colorTRC string
	timeBaseNum, timeBaseDen                         int64
}

// cutIndex is the stretch of the first video stream around a cut.
type cutIndex struct {
	packets   []cutPacket // in decoding order
	stream    cutStream
	startTime float64
}

// indexCut answers in's ProbeResult and the index of the stretch from from to to.
func indexCut(ctx context.Context, in string, from, to float64) (ProbeResult, cutIndex, error) {
	out, err := runOutput(ctx, FFprobePath, CutIndexArgs(in, from, to), in)
	if err != nil {
		return ProbeResult{}, cutIndex{}, fmt.Errorf("probing: %w", err)
	}
	p, err := parseProbe(out)
	if err != nil {
		return p, cutIndex{}, err
	}
	if !p.HasVideo {
		return p, cutIndex{}, corrupt("no video in the file")
	}
	idx, err := parseCutIndex(out)
	return p, idx, err
}

// cutStreamJSON is one of ffprobe's streams, as far as a cut needs it.
type cutStreamJSON struct {
	Index          int    `json:"index"`
	CodecType      string `json:"codec_type"`
	CodecName      string `json:"codec_name"`
	CodecTag       string `json:"codec_tag_string"`
	Profile        string `json:"profile"`
	Level          int    `json:"level"`
	PixFmt         string `json:"pix_fmt"`
	Width          int    `json:"width"`
	Height         int    `json:"height"`
	TimeBase       string `json:"time_base"`
	ColorRange     string `json:"color_range"`
	ColorSpace     string `json:"color_space"`
	ColorPrimaries string `json:"color_primaries"`
	ColorTransfer  string `json:"color_transfer"`
}

func parseCutIndex(out []byte) (cutIndex, error) {
	var raw struct {
		Packets []struct {
			StreamIndex int         `json:"stream_index"`
			Pts         json.Number `json:"pts"`
			Dts         json.Number `json:"dts"`
			Flags       string      `json:"flags"`
		} `json:"packets"`
		Streams []cutStreamJSON `json:"streams"`
		Format  struct {
			StartTime string `json:"start_time"`
		} `json:"format"`
	}
	if err := json.Unmarshal(out, &raw); err != nil {
		return cutIndex{}, fmt.Errorf("indexing the cut: reading ffprobe output: %w", err)
	}
	var idx cutIndex
	// The first video stream, as ffmpeg's -map 0:v:0 picks it.
	video := slices.IndexFunc(raw.Streams, func(s cutStreamJSON) bool {
		return s.CodecType == "video"
	})
	if video < 0 {
		return idx, fmt.Errorf("indexing the cut: %w", corrupt("no video stream"))
	}
	s := raw.Streams[video]
	idx.stream = cutStream{
		codec: s.CodecName, tag: s.CodecTag, profile: s.Profile, pixFmt: s.PixFmt,
		level: s.Level, width: s.Width, height: s.Height,
		colorRange: s.ColorRange, colorSpace: s.ColorSpace, colorPrimaries: s.ColorPrimaries, colorTRC: s.ColorTransfer,
	}
	if num, den, ok := strings.Cut(s.TimeBase, "/"); ok {
		idx.stream.timeBaseNum, _ = strconv.ParseInt(num, 10, 64)
		idx.stream.timeBaseDen, _ = strconv.ParseInt(den, 10, 64)
	}
	if idx.stream.timeBaseNum <= 0 || idx.stream.timeBaseDen <= 0 {
		return idx, fmt.Errorf("indexing the cut: %w", corrupt("no time base"))
	}
	if v, err := strconv.ParseFloat(raw.Format.StartTime, 64); err == nil && !math.IsNaN(v) && !math.IsInf(v, 0) {
		idx.startTime = v
	}
	for _, p := range raw.Packets {
		if p.StreamIndex != s.Index {
			continue
		}
		pts, errP := p.Pts.Int64()
		dts, errD := p.Dts.Int64()
		if errP != nil || errD != nil {
			// A packet without times cannot be placed; planCut will not copy around it.
			idx.packets = append(idx.packets, cutPacket{pts: math.MinInt64, dts: math.MinInt64})
			continue
		}
		idx.packets = append(idx.packets, cutPacket{pts: pts, dts: dts, key: strings.Contains(p.Flags, "K")})
	}
	if len(idx.packets) == 0 {
		return idx, fmt.Errorf("indexing the cut: %w", corrupt("no video packets in the range"))
	}
	return idx, nil
}

// seconds answers a time in the stream's time base as seconds from the start of the file,
// as ffmpeg's -ss counts them.
func (idx cutIndex) seconds(ticks int64) float64 {
	return float64(ticks)*float64(idx.stream.timeBaseNum)/float64(idx.stream.timeBaseDen) - idx.startTime
}

// cutPlan is how a clip will be cut: which frames are encoded again and which copied.
type cutPlan struct {
	mode TrimMode
	// first is the time of the clip's first frame, keyframe that of the first copied one.
	first, keyframe float64
	// headFrames are encoded from first, copyFrames copied from keyframe (in decoding order),
	// tailFrames encoded from tailFrom.
	headFrames, copyFrames, tailFrames int
	tailFrom                           float64
	// headDelay and tailDelay (in the stream's time base) are how far the copied packets'
	// decoding times run behind their presentation times at each join.
	headDelay, tailDelay int64
	frame                float64
	avcC                 avcConfig
	// reordered is true when frames are stored out of presentation order (B-frames).
	reordered bool
	// nextKeyframe is the keyframe after keyframe (or the end), tailKeyframe the last one
	// before tailFrom: where decoding checks the joins (DecodeCheckArgs).
	nextKeyframe, tailKeyframe float64
	// fallback says why the plan is a re-encode.
	fallback string
}

// joined reports whether the plan makes the clip from parts (smartCut): a smart cut, or a
// copy of B-frame video.
func (p cutPlan) joined() bool {
	return p.mode == TrimSmartCut || (p.mode == TrimCopy && p.reordered)
}

// frames answers how many video frames the clip will have.
func (p cutPlan) frames() int { return p.headFrames + p.copyFrames + p.tailFrames }

// planCut decides how to cut [start, end) from what the index says.
func planCut(idx cutIndex, p ProbeResult, start, end float64) (cutPlan, error) {
	// Until the frames are known, a re-encode starts where it was asked.
	plan := cutPlan{mode: TrimReencode, first: start, frame: defaultFrameDuration}
	for _, pk := range idx.packets {
		if pk.pts == math.MinInt64 {
			plan.fallback = "a video packet without timestamps near the cut"
			return plan, nil
		}
	}
	latest := int64(math.MinInt64)
	for _, pk := range idx.packets {
		plan.reordered = plan.reordered || pk.pts < latest
		latest = max(latest, pk.pts)
	}
	// Frames in presentation order, and keyframes.
	order := make([]int, len(idx.packets)) // packet indexes by presentation time
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		return cmpInt64(idx.packets[a].pts, idx.packets[b].pts)
	})
	times := make([]float64, len(order))
	for i, pi := range order {
		times[i] = idx.seconds(idx.packets[pi].pts)
	}
	if n := len(times); n > 1 {
		plan.frame = (times[n-1] - times[0]) / float64(n-1)
	}
	// The first frame: at or after start, or a keyframe within half a frame of it (which
	// a copy can start from: the clip then starts at most half a frame early or late).
	firstAt := slices.IndexFunc(times, func(t float64) bool { return t >= start-1e-6 })
	for i, pi := range order {
		if idx.packets[pi].key && math.Abs(times[i]-start) <= plan.frame/2+1e-6 {
			firstAt = i
			break
		}
	}
	last := slices.IndexFunc(times, func(t float64) bool { return t >= end-1e-6 }) // first frame not in the clip
	if last < 0 {
		last = len(times)
	}
	if firstAt < 0 || firstAt >= last {
		return plan, corrupt(fmt.Sprintf("no video frames from %.3f s to %.3f s", start, end))
	}
	plan.first = times[firstAt]
	if start > 0 && times[0] > start+plan.frame/2 {
		// The listing began after start: ffprobe's seek did not land before it.
		plan.fallback = "the keyframe index does not reach back to the start"
		return plan, nil
	}
	if NeedsRendition(p) || p.VideoCodec != "h264" {
		plan.fallback = fmt.Sprintf("the source is not browser-playable H.264/AAC in MP4 (%s/%s, %s)", p.VideoCodec, orNone(p.AudioCodec), p.PixelFormat)
		return plan, nil
	}
	if idx.stream.codec != "h264" || idx.stream.tag != "avc1" {
		plan.fallback = fmt.Sprintf("the video is %s/%s, not H.264 in an avc1 track", idx.stream.codec, idx.stream.tag)
		return plan, nil
	}
	// K: the first keyframe at or after the first frame.
	keyAt := -1
	for i := firstAt; i < last; i++ {
		if idx.packets[order[i]].key {
			keyAt = i
			break
		}
	}
	if keyAt < 0 {
		plan.fallback = "no keyframe between start and end"
		return plan, nil
	}
	plan.keyframe = times[keyAt]
	plan.headFrames = keyAt - firstAt
	plan.nextKeyframe = times[last-1] + plan.frame // the end, unless a keyframe comes first
	for i := keyAt + 1; i < last; i++ {
		if idx.packets[order[i]].key {
			plan.nextKeyframe = times[i]
			break
		}
	}
	want := last - keyAt // frames from K to end
	kDecode := order[keyAt]
	k := idx.packets[kDecode]
	for i, pk := range idx.packets {
		if (i < kDecode && pk.pts >= k.pts) || (i > kDecode && pk.pts < k.pts) {
			plan.fallback = fmt.Sprintf("open GOP at the keyframe at %.3f s (frames stored on one side of it are shown on the other)", plan.keyframe)
			return plan, nil
		}
	}
	plan.headDelay = k.pts - k.dts
	if plan.headDelay < 0 {
		plan.fallback = "the keyframe is decoded after it is shown"
		return plan, nil
	}
	// The longest prefix of the packets from K, in decoding order, that holds exactly the
	// first frames from K in presentation order: copying it needs nothing that is not copied.
	maxPts := int64(math.MinInt64)
	for c := 1; c <= want && kDecode+c-1 < len(idx.packets); c++ {
		maxPts = max(maxPts, idx.packets[kDecode+c-1].pts)
		if maxPts == idx.packets[order[keyAt+c-1]].pts {
			plan.copyFrames = c
		}
	}
	plan.tailFrames = want - plan.copyFrames
	if plan.tailFrames > 0 {
		next := kDecode + plan.copyFrames // the first packet not copied
		c := idx.packets[order[keyAt+plan.copyFrames]]
		plan.tailFrom = times[keyAt+plan.copyFrames]
		for i := keyAt; i < keyAt+plan.copyFrames; i++ {
			if idx.packets[order[i]].key {
				plan.tailKeyframe = times[i]
			}
		}
		plan.tailDelay = c.pts - idx.packets[next].dts
		if plan.tailDelay < 0 {
			plan.fallback = "decoding times run ahead of presentation times before the end"
			return plan, nil
		}
	}
	if plan.headFrames == 0 && plan.tailFrames == 0 {
		plan.mode = TrimCopy
	} else {
		plan.mode = TrimSmartCut
	}
	return plan, nil
}

func cmpInt64(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func orNone(s string) string {
	if s == "" {
		return "no audio"
	}
	return s
}

// floorMicro rounds a time down to ffmpeg's microseconds: an input -ss of a keyframe's time
// must not land after the keyframe, or a stream copy drops it as "before the start".
func floorMicro(s float64) string {
	return strconv.FormatFloat(math.Floor(s*1e6+1e-3)/1e6, 'f', 6, 64)
}

// CopyArgs builds ffmpeg's arguments for TrimCopy of a video without B-frames: every
// packet copied from the keyframe at keyframe (input -ss, rounded down so the keyframe is
// not skipped) for duration seconds. -t cuts by decoding time, which is presentation time
// only without B-frames (with them, see copyJoined). -avoid_negative_ts make_zero shifts
// audio and video together so the clip starts at 0.
func CopyArgs(in, out string, keyframe, duration float64, p ProbeResult) []string {
	args := append(commonArgs(),
		"-ss", floorMicro(keyframe),
		"-protocol_whitelist", "file",
		"-i", inputURL(in),
		"-map", "0:v:0",
	)
	if p.HasAudio {
		args = append(args, "-map", "0:a:0")
	} else {
		args = append(args, "-an")
	}
	args = append(args, noSourceMetadata...)
	return append(args,
		"-c", "copy",
		"-t", seconds(duration),
		"-avoid_negative_ts", "make_zero",
		"-sn", "-dn",
		"-max_muxing_queue_size", "4096",
		"-movflags", "+faststart",
		"-f", "mp4",
		inputURL(out),
	)
}

// x264Profiles maps ffprobe's H.264 profile names to libx264's.
var x264Profiles = map[string]string{
	"Constrained Baseline": "baseline",
	"Baseline":             "baseline",
	"Main":                 "main",
	"High":                 "high",
}

// PieceArgs builds ffmpeg's arguments for one re-encoded part of a smart cut: frames
// frames from the first at or after from (input -ss: ffmpeg seeks to the keyframe before
// and decodes from there, dropping what comes before from), as H.264 that can sit between
// the source's own packets: the stored picture as it is (-noautorotate: same size and
// orientation), the source's pixel format, profile, level and colour description, the source's
// timestamps (passthrough, in its time base and timescale), no B-frames, parameter sets
// numbered spsID, and decoding times delay ticks behind presentation times (setts) to line
// up with the copied packets.
func PieceArgs(in, out string, from float64, frames int, s cutStream, spsID int, delay int64) []string {
	args := append(commonArgs(),
		"-noautorotate",
		"-ss", seconds(max(0, from-cutMargin)),
		"-protocol_whitelist", "file",
		"-i", inputURL(in),
		"-map", "0:v:0",
		"-an", "-sn", "-dn",
		"-frames:v", strconv.Itoa(frames),
		"-fps_mode", "passthrough",
		"-enc_time_base", "-1",
		"-c:v", "libx264", "-preset", trimPreset, "-crf", trimCRF,
		"-profile:v", x264Profiles[s.profile],
		"-level:v", fmt.Sprintf("%d.%d", s.level/10, s.level%10),
		"-pix_fmt", s.pixFmt,
		"-bf", "0",
		"-x264-params", "sps-id="+strconv.Itoa(spsID),
	)
	for _, c := range []struct{ flag, value string }{
		{"-color_range", s.colorRange}, {"-colorspace", s.colorSpace},
		{"-color_primaries", s.colorPrimaries}, {"-color_trc", s.colorTRC},
	} {
		if c.value != "" && c.value != "unknown" && c.value != "reserved" {
			args = append(args, c.flag, c.value)
		}
	}
	return append(args,
		"-bsf:v", "setts=dts=DTS-"+strconv.FormatInt(delay, 10),
		"-video_track_timescale", strconv.FormatInt(s.timeBaseDen, 10),
		"-f", "mp4",
		inputURL(out),
	)
}

// CopyPieceArgs builds ffmpeg's arguments for the copied part of a smart cut: the video
// packets of frames frames from the keyframe at keyframe, as they are, in the source's
// timescale.
func CopyPieceArgs(in, out string, keyframe float64, frames int, s cutStream) []string {
	return append(commonArgs(),
		"-ss", floorMicro(keyframe),
		"-protocol_whitelist", "file",
		"-i", inputURL(in),
		"-map", "0:v:0",
		"-an", "-sn", "-dn",
		"-c:v", "copy",
		"-frames:v", strconv.Itoa(frames),
		"-video_track_timescale", strconv.FormatInt(s.timeBaseDen, 10),
		"-f", "mp4",
		inputURL(out),
	)
}

// JoinArgs builds ffmpeg's arguments for joining a smart cut's parts (listed in the ffconcat
// file list) into out, with the audio of [from, from+duration) of in: encoded again as AAC,
// which starts it on the very sample, or when copyAudio (from is then a keyframe's time)
// copied, AAC frames from a little before from with an edit list that starts playback at
// from. The concat demuxer passes the parts' packets through untouched (-auto_convert 0: no
// conversion to Annex B with parameter sets in the stream). The video has no -frames:v
// limit here: ffmpeg ends every stream of an output when one reaches its limit, which would
// cut the audio short. out's index comes last: finishJoinedMP4 then gives it the merged
// avcC and moves it to the front.
func JoinArgs(list, in, out string, from, duration float64, copyAudio bool, p ProbeResult, s cutStream) []string {
	args := append(commonArgs(),
		"-f", "concat", "-safe", "0", "-auto_convert", "0",
		"-protocol_whitelist", "file",
		"-i", inputURL(list),
	)
	if p.HasAudio {
		seek := seconds(max(0, from-cutMargin))
		if copyAudio {
			seek = floorMicro(from)
		}
		args = append(args,
			"-ss", seek,
			"-t", seconds(duration),
			"-protocol_whitelist", "file",
			"-i", inputURL(in),
		)
	}
	args = append(args, "-map", "0:v:0", "-c:v", "copy")
	switch {
	case p.HasAudio && copyAudio:
		args = append(args, "-map", "1:a:0", "-c:a", "copy")
	case p.HasAudio:
		args = append(args, "-map", "1:a:0", "-c:a", "aac", "-b:a", trimAudio)
	default:
		args = append(args, "-an")
	}
	args = append(args, noSourceMetadata...)
	return append(args,
		"-sn", "-dn",
		"-video_track_timescale", strconv.FormatInt(s.timeBaseDen, 10),
		"-max_muxing_queue_size", "4096",
		"-f", "mp4",
		inputURL(out),
	)
}

// concatList writes an ffconcat list of the parts with their durations: the concat demuxer
// places each part at the sum of the durations before it, which must be the presentation
// times of the frames, not the parts' last decoding times.
func concatList(path string, parts []string, durations []float64) error {
	var b strings.Builder
	b.WriteString("ffconcat version 1.0\n")
	for i, part := range parts {
		// ffconcat quotes with '…'; a quote inside is written '\''.
		fmt.Fprintf(&b, "file '%s'\nduration %s\n", strings.ReplaceAll(inputURL(part), "'", `'\''`), seconds(durations[i]))
	}
	return os.WriteFile(path, []byte(b.String()), 0o600)
}

// DecodeCheckArgs builds ffmpeg's arguments for decoding a smart cut's joins and throwing
// the pictures and sound away: any complaint on stderr means a frame did not decode cleanly.
// The video is decoded from the start to firstUntil seconds (the head and the copied GOP
// after it, when firstUntil > 0) and from the keyframe at lastFrom to the end (the copied
// GOP before the tail and the tail, when lastFrom >= 0); the audio, all encoded by us,
// all of it. Between the windows the packets are the source's own, byte for byte, in the
// source's order: decoding them again would say nothing about the cut and cost far more
// than the cut (a 30 s 1080p clip takes 7 s of CPU to decode, 5 times its head's encode).
// A window that reaches the other makes one: all of the clip.
func DecodeCheckArgs(in string, firstUntil, lastFrom float64, withAudio bool) []string {
	args := []string{"-nostdin", "-hide_banner", "-loglevel", "error"}
	input := func(opts ...string) {
		args = append(args, opts...)
		args = append(args, "-protocol_whitelist", "file", "-i", inputURL(in))
	}
	var maps []string
	if lastFrom >= 0 && firstUntil > 0 && lastFrom <= firstUntil {
		firstUntil, lastFrom = -1, 0 // the windows meet: decode everything from the start
	}
	if firstUntil > 0 {
		input("-t", seconds(firstUntil))
		maps = append(maps, "-map", fmt.Sprintf("%d:v:0", len(maps)/2))
	}
	if lastFrom >= 0 {
		input("-ss", seconds(lastFrom))
		maps = append(maps, "-map", fmt.Sprintf("%d:v:0", len(maps)/2))
	}
	if withAudio {
		input()
		maps = append(maps, "-map", fmt.Sprintf("%d:a:0", len(maps)/2))
	}
	args = append(args, maps...)
	return append(args, "-f", "null", "-")
}

// errSmartCut marks a smart cut that did not work out: Trim re-encodes instead and says why.
var errSmartCut = errors.New("smart cut")

// smartCut makes the clip into tmp as planned (see the top of this file). An error wrapping
// errSmartCut means the cut did not come out right (a re-encode follows); any other error
// is the environment's or the context's.
func smartCut(ctx context.Context, in, tmp string, end float64, plan cutPlan, s cutStream, p ProbeResult) (ProbeResult, error) {
	dir, err := os.MkdirTemp(filepath.Dir(tmp), tempName("smartcut"))
	if err != nil {
		return ProbeResult{}, err
	}
	defer os.RemoveAll(dir)
	failed := func(what string, err error) error {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if errors.Is(err, ErrCorrupt) || errors.Is(err, errSmartCut) {
			return fmt.Errorf("%w: %s: %v", errSmartCut, what, err)
		}
		return fmt.Errorf("%s: %w", what, err)
	}
	spsIDs, ppsIDs, err := plan.avcC.parameterSetIDs()
	if err != nil {
		return ProbeResult{}, failed("reading the source's parameter sets", fmt.Errorf("%w: %v", errSmartCut, err))
	}
	freeID := func(after int) int {
		for id := after + 1; id < 32; id++ {
			if !slices.Contains(spsIDs, uint(id)) && !slices.Contains(ppsIDs, uint(id)) {
				return id
			}
		}
		return -1
	}
	headID := freeID(-1)
	tailID := freeID(headID)
	if tailID < 0 {
		return ProbeResult{}, fmt.Errorf("%w: no free parameter set id", errSmartCut)
	}

	var parts []string
	var durations []float64
	var configs []avcConfig
	encode := func(name string, from float64, frames, id int, delay int64, until float64) error {
		path := filepath.Join(dir, name)
		if err := runTool(ctx, FFmpegPath, PieceArgs(in, path, from, frames, s, id, delay), nil, in); err != nil {
			return failed("encoding the "+strings.TrimSuffix(name, ".mp4"), err)
		}
		c, err := fileAVCConfig(path)
		if err != nil {
			return failed("reading the "+strings.TrimSuffix(name, ".mp4"), fmt.Errorf("%w: %v", errSmartCut, err))
		}
		parts, durations, configs = append(parts, path), append(durations, until-from), append(configs, c)
		return nil
	}
	if plan.headFrames > 0 {
		if err := encode("head.mp4", plan.first, plan.headFrames, headID, plan.headDelay, plan.keyframe); err != nil {
			return ProbeResult{}, err
		}
	}
	copied := filepath.Join(dir, "copy.mp4")
	if err := runTool(ctx, FFmpegPath, CopyPieceArgs(in, copied, plan.keyframe, plan.copyFrames, s), nil, in); err != nil {
		return ProbeResult{}, failed("copying from the keyframe", err)
	}
	if plan.headFrames > 0 {
		// Only an IDR picture keeps the copied frames from referring to frames before it,
		// which the head replaced (a non-IDR I-frame would let them pick up the head's).
		idr, err := firstSampleIsIDR(copied, plan.avcC.lengthSize)
		if err != nil {
			return ProbeResult{}, fmt.Errorf("%w: reading the keyframe: %v", errSmartCut, err)
		}
		if !idr {
			return ProbeResult{}, fmt.Errorf("%w: the keyframe at %.3f s is not an IDR picture", errSmartCut, plan.keyframe)
		}
	}
	copyEnd := end
	if plan.tailFrames > 0 {
		copyEnd = plan.tailFrom
	}
	parts, durations = append(parts, copied), append(durations, copyEnd-plan.keyframe)
	if plan.tailFrames > 0 {
		if err := encode("tail.mp4", plan.tailFrom, plan.tailFrames, tailID, plan.tailDelay, end); err != nil {
			return ProbeResult{}, err
		}
	}
	merged, err := mergeAVCConfigs(plan.avcC, configs...)
	if err != nil {
		return ProbeResult{}, fmt.Errorf("%w: merging parameter sets: %v", errSmartCut, err)
	}
	list := filepath.Join(dir, "parts.ffconcat")
	if err := concatList(list, parts, durations); err != nil {
		return ProbeResult{}, err
	}
	joined := filepath.Join(dir, "joined.mp4")
	copyAudio := plan.mode == TrimCopy
	if err := runTool(ctx, FFmpegPath, JoinArgs(list, in, joined, plan.first, end-plan.first, copyAudio, p, s), nil, in); err != nil {
		return ProbeResult{}, failed("joining the parts", err)
	}
	if err := finishJoinedMP4(joined, tmp, merged); err != nil {
		return ProbeResult{}, failed("finishing the clip", fmt.Errorf("%w: %v", errSmartCut, err))
	}
	clip, timing, err := probeClip(ctx, tmp)
	if err != nil {
		return ProbeResult{}, failed("checking the clip", err)
	}
	if why := timing.mismatch(end-plan.first, plan.frame, plan.frames(), p.HasAudio); why != "" {
		return ProbeResult{}, fmt.Errorf("%w: %s", errSmartCut, why)
	}
	if len(configs) == 0 {
		// Nothing was encoded: the packets are the source's own, in its order, and there is
		// no join to check by decoding (a copy is checked as one always was).
		return clip, nil
	}
	firstUntil, lastFrom := -1.0, -1.0
	if plan.headFrames > 0 {
		firstUntil = plan.nextKeyframe - plan.first + plan.frame
	}
	if plan.tailFrames > 0 {
		lastFrom = plan.tailKeyframe - plan.first
	}
	complaints, err := runToolStderr(ctx, FFmpegPath, DecodeCheckArgs(tmp, firstUntil, lastFrom, p.HasAudio), nil, tmp)
	if err != nil {
		return ProbeResult{}, failed("decoding the clip", err)
	}
	if c := strings.TrimSpace(complaints); c != "" {
		first, _, _ := strings.Cut(c, "\n") // the first complaint: later ones tend to be "Last message repeated"
		return ProbeResult{}, fmt.Errorf("%w: the clip does not decode cleanly: %s", errSmartCut, shortReason(first, tmp))
	}
	return clip, nil
}
