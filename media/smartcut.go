package media

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/sync/errgroup"
)

// A smart cut (TrimSmartCut) re-encodes only what a copy cannot give exactly and copies the
// rest of the H.264 or HEVC packets as they are:
//
//	source   …K0 · · · F · · · K ═════════════════ C · · end
//	clip           head: F→K   copied: K→C           tail: C→end
//
// F is the first frame at or after the requested start and K the first keyframe at or after F
// that a copy can start from: a clean start (an IDR picture; for HEVC any IRAP picture, IDR or
// CRA) of a closed GOP (no frame stored after it is shown before it), so nothing copied refers
// to a frame that was not. A keyframe that is neither is passed over for the next that is, as
// long as the head stays under three quarters of the clip (maxHeadShare). The head (frames
// F…K) is decoded from the keyframe before F (from an IDR picture, when some keyframes were
// found not to be) and encoded again, with libx264 or libx265, at the source's size, pixel
// format and bit depth, profile, level and colour description, without B-frames. The copied
// part ends at C, the last point at or before end where the packets copied so far in decoding
// order are exactly the frames K…C in presentation order: with B-frames, the frames just
// before end may need a frame after end to decode, so those few (the tail, C→end) are
// re-encoded like the head. Without B-frames C is end and there is no tail. The three parts
// are made at the same time.
//
// The three parts are written as MP4 files with the source's timescale and joined with
// ffmpeg's concat demuxer without touching their packets. Each encoded part's decoding
// times run behind its presentation times by as much as the copied packets' do at the join
// (setts), so decoding times keep increasing across the joins. The parts' parameter sets
// differ (the copied packets need the source's, the encoded ones the encoder's). For H.264,
// x264 numbers its sets with ids the source does not use and the clip's avcC gets all of them
// (finishJoinedMP4): a conforming avc1 track that every browser decodes with one decoder.
// x265 cannot renumber its sets, so an HEVC clip carries each part's sets in the part's first
// sample instead (pieceEncoderArgs), in an hvc1 track as Apple's players want it.
// The audio of [F, end) is encoded again (AAC), beside the video's parts: a copied AAC frame
// cannot start between its 1024 samples, and the encoder's own priming is trimmed by the edit
// list it writes.
//
// A stream copy of B-frame video from a keyframe (TrimCopy with no head and no tail) goes the
// same way with only the copied part: ffmpeg's -t cuts a copy by decoding time, which with
// B-frames lets in frames shown after the end, so the video is copied by packet count and
// joined with the audio, copied too (AAC frames from a little before K, which the edit list
// ffmpeg writes starts at K).
//
// What is checked before: the source is browser-playable H.264 or HEVC Main/Main 10 in
// MP4/MOV with AAC or no audio (smartCutUnsupported), K exists before end and its GOP is
// closed. While cutting: K is a clean start (else Trim finds out which keyframes are, with
// findKeyframeStarts, and plans again). What is checked after: the clip has exactly the
// frames asked for, its length is within a frame of end-F, its first frame is at 0, audio and
// video start and end together, and ffmpeg decodes the joins without a complaint
// (DecodeCheckArgs says which stretches and why not all). Anything else falls back to a full
// re-encode (to H.264), with the reason.

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
	// fallback says why the plan is a re-encode.
	fallback string
	// headSeek and tailSeek are where decoding starts for the head and the tail: an IDR
	// picture at or before each, when keyframeStarts told which are (else -1: the keyframe
	// ffmpeg's seek lands on).
	headSeek, tailSeek float64
}

// joined reports whether the plan makes the clip from parts (smartCut): a smart cut, or a
// copy of B-frame video.
func (p cutPlan) joined() bool {
	return p.mode == TrimSmartCut || (p.mode == TrimCopy && p.reordered)
}

// frames answers how many video frames the clip will have.
func (p cutPlan) frames() int { return p.headFrames + p.copyFrames + p.tailFrames }

// maxHeadShare is the most of a clip's frames a smart cut re-encodes when it passes over
// keyframes a copy cannot start from: beyond it the cut would cost about what a re-encode does.
const maxHeadShare = 0.75

// keyframeStarts says, for keyframes by presentation time (in the stream's time base), which
// are clean starts (see firstSampleStartsClean); keyframeStartsArgs lists them.
type keyframeStarts map[int64]bool

// before answers the time of the latest clean start at or before pts, or -1.
func (k keyframeStarts) before(idx cutIndex, pts int64) float64 {
	best, found := int64(math.MinInt64), false
	for at, clean := range k {
		if clean && at <= pts && at > best {
			best, found = at, true
		}
	}
	if !found {
		return -1
	}
	return idx.seconds(best)
}

// planCut decides how to cut [start, end) from what the index says. starts, when not nil,
// says which keyframes are clean starts: only those are copied from, and the re-encoded parts
// are decoded from one (otherwise a keyframe is taken for one, and smartCut checks the
// keyframe it copies from).
func planCut(idx cutIndex, p ProbeResult, start, end float64, starts keyframeStarts) (cutPlan, error) {
	// Until the frames are known, a re-encode starts where it was asked.
	plan := cutPlan{mode: TrimReencode, first: start, frame: defaultFrameDuration, headSeek: -1, tailSeek: -1}
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
	if why := smartCutUnsupported(p, idx.stream); why != "" {
		plan.fallback = why
		return plan, nil
	}
	// K: the first keyframe at or after the first frame whose GOP is closed (no frame stored
	// on one side of it is shown on the other) and, when starts says, a clean start. Open-GOP
	// and non-IDR keyframes are passed over for a later one, as long as re-encoding up to it
	// still saves most of a re-encode.
	keyAt, skipped := -1, ""
	for i := firstAt; i < last && keyAt < 0; i++ {
		kDecode := order[i]
		k := idx.packets[kDecode]
		if !k.key {
			continue
		}
		open := false
		for j, pk := range idx.packets {
			if (j < kDecode && pk.pts >= k.pts) || (j > kDecode && pk.pts < k.pts) {
				open = true
				break
			}
		}
		clean, known := starts[k.pts]
		switch {
		case open && skipped == "":
			skipped = fmt.Sprintf("open GOP at the keyframe at %.3f s (frames stored on one side of it are shown on the other)", times[i])
		case starts != nil && !(known && clean) && skipped == "":
			skipped = fmt.Sprintf("the keyframe at %.3f s is not an IDR picture", times[i])
		case !open && (starts == nil || clean):
			keyAt = i
		}
	}
	if keyAt < 0 {
		plan.fallback = skipped
		if skipped == "" {
			plan.fallback = "no keyframe between start and end"
		}
		return plan, nil
	}
	plan.keyframe = times[keyAt]
	plan.headFrames = keyAt - firstAt
	if skipped != "" && float64(plan.headFrames) > maxHeadShare*float64(last-firstAt) {
		plan.fallback = fmt.Sprintf("%s, and re-encoding up to the next clean one, at %.3f s, is most of the clip", skipped, plan.keyframe)
		return plan, nil
	}
	if starts != nil {
		// Decode the head from an IDR picture, not from whatever keyframe ffmpeg's seek finds
		// before the start: one that is not an IDR (a recovery point) need not give whole
		// pictures for a while after it.
		if plan.headSeek = starts.before(idx, idx.packets[order[firstAt]].pts); plan.headSeek < 0 {
			plan.fallback = "no IDR picture before the start to decode from"
			return plan, nil
		}
	}
	want := last - keyAt // frames from K to end
	kDecode := order[keyAt]
	k := idx.packets[kDecode]
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
		plan.tailDelay = c.pts - idx.packets[next].dts
		if plan.tailDelay < 0 {
			plan.fallback = "decoding times run ahead of presentation times before the end"
			return plan, nil
		}
		if starts != nil {
			plan.tailSeek = starts.before(idx, c.pts) // K at the latest
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

// x265Profiles maps ffprobe's HEVC profile names to libx265's, with the one pixel format each
// is written in: an iPhone records Main (SDR) or Main 10 (HDR) in 4:2:0.
var x265Profiles = map[string]struct{ profile, pixFmt string }{
	"Main":    {"main", "yuv420p"},
	"Main 10": {"main10", "yuv420p10le"},
}

// HEVC pieces: libx265's fastest preset costs 1.5 times libx264 veryfast's CPU on 1080p (its
// other presets two to five times), at a CRF that keeps the few re-encoded frames as good as
// the copied ones around them.
const (
	hevcPiecePreset = "ultrafast"
	hevcPieceCRF    = "20"
)

// mp4Container is ffprobe's format name for MP4 and MOV.
const mp4Container = "mov,mp4,m4a,3gp,3g2,mj2"

// smartCutUnsupported says why a smart cut cannot take the source, or "" when it can: H.264 in
// an avc1 track that a browser plays, or HEVC in an hvc1/hev1 track in a profile libx265
// writes, in MP4/MOV with AAC or no audio.
func smartCutUnsupported(p ProbeResult, s cutStream) string {
	if p.Container != mp4Container || (p.HasAudio && p.AudioCodec != "aac") {
		return fmt.Sprintf("the source is not H.264 or HEVC with AAC in MP4 (%s/%s in %s)", p.VideoCodec, orNone(p.AudioCodec), p.Container)
	}
	switch s.codec {
	case "h264":
		switch {
		case s.tag != "avc1":
			return fmt.Sprintf("the video is h264/%s, not H.264 in an avc1 track", s.tag)
		case NeedsRendition(p):
			return fmt.Sprintf("the source is not browser-playable H.264 (%s)", p.PixelFormat)
		case x264Profiles[s.profile] == "":
			return fmt.Sprintf("the source is H.264 %s profile", s.profile)
		}
	case "hevc":
		want, ok := x265Profiles[s.profile]
		switch {
		case s.tag != "hvc1" && s.tag != "hev1":
			return fmt.Sprintf("the video is hevc/%s, not HEVC in an hvc1 or hev1 track", s.tag)
		case !ok || want.pixFmt != s.pixFmt:
			return fmt.Sprintf("the source is HEVC %s profile in %s", s.profile, s.pixFmt)
		}
	default:
		return fmt.Sprintf("the video is %s: a smart cut takes H.264 and HEVC", s.codec)
	}
	return ""
}

// pieceEncoderArgs are the encoder's arguments for a re-encoded part of a smart cut: frames a
// decoder set up for the source's own takes, without reordering (see PieceArgs).
//
// H.264: the source's profile, level and pixel format, parameter sets numbered spsID so they
// sit beside the source's in the clip's avcC (smartCut merges them).
//
// HEVC: x265 numbers its parameter sets 0 whatever it is asked, as a phone's encoder does, so
// they cannot sit beside the source's in the sample entry. Each part carries its own in its
// first sample instead (repeat-headers here; hevc_mp4toannexb on the copied part): a decoder
// takes the sets it meets in the stream over those it had, so each part's frames decode with
// their own. The level is ffprobe's general_level_idc, 30 times the level.
func pieceEncoderArgs(s cutStream, spsID int) []string {
	if s.codec == "hevc" {
		return []string{
			"-c:v", "libx265", "-preset", hevcPiecePreset, "-crf", hevcPieceCRF,
			"-profile:v", x265Profiles[s.profile].profile,
			"-pix_fmt", s.pixFmt,
			"-x265-params", "log-level=error:bframes=0:repeat-headers=1:level-idc=" + strconv.FormatFloat(float64(s.level)/30, 'f', -1, 64),
			"-tag:v", "hvc1",
		}
	}
	return []string{
		"-c:v", "libx264", "-preset", trimPreset, "-crf", trimCRF,
		"-profile:v", x264Profiles[s.profile],
		"-level:v", fmt.Sprintf("%d.%d", s.level/10, s.level%10),
		"-pix_fmt", s.pixFmt,
		"-bf", "0",
		"-x264-params", "sps-id=" + strconv.Itoa(spsID),
	}
}

// PieceArgs builds ffmpeg's arguments for one re-encoded part of a smart cut: frames
// frames from the first at or after from (input -ss: ffmpeg seeks to the keyframe before
// and decodes from there, dropping what comes before from), in the source's codec, made to
// sit between the source's own packets: the stored picture as it is (-noautorotate: same
// size and orientation), the source's pixel format, profile, level and colour description,
// the source's timestamps (passthrough, in its time base and timescale), no B-frames, the
// parameter sets as pieceEncoderArgs says, and decoding times delay ticks behind
// presentation times (setts) to line up with the copied packets.
//
// decodeFrom, when not negative, is the time of an IDR picture at or before from to decode
// from (input -ss to it, then an output -ss drops the frames up to from), instead of the
// keyframe ffmpeg's seek finds.
func PieceArgs(in, out string, from, decodeFrom float64, frames int, s cutStream, spsID int, delay int64) []string {
	seek := []string{"-ss", seconds(max(0, from-cutMargin))}
	var skip []string
	if decodeFrom >= 0 {
		seek = []string{"-ss", floorMicro(decodeFrom)}
		skip = []string{"-ss", seconds(max(0, from-cutMargin-decodeFrom))}
	}
	args := append(commonArgs(), "-noautorotate")
	args = append(args, seek...)
	args = append(args,
		"-protocol_whitelist", "file",
		"-i", inputURL(in),
	)
	args = append(args, skip...)
	args = append(args,
		"-map", "0:v:0",
		"-an", "-sn", "-dn",
		"-frames:v", strconv.Itoa(frames),
		"-fps_mode", "passthrough",
		"-enc_time_base", "-1",
	)
	args = append(args, pieceEncoderArgs(s, spsID)...)
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
//
// HEVC goes through hevc_mp4toannexb, which puts the source's parameter sets in front of each
// keyframe; the MP4 muxer turns the stream back into length-prefixed NAL units and keeps them
// (see pieceEncoderArgs).
func CopyPieceArgs(in, out string, keyframe float64, frames int, s cutStream) []string {
	args := append(commonArgs(),
		"-ss", floorMicro(keyframe),
		"-protocol_whitelist", "file",
		"-i", inputURL(in),
		"-map", "0:v:0",
		"-an", "-sn", "-dn",
		"-c:v", "copy",
		"-frames:v", strconv.Itoa(frames),
	)
	if s.codec == "hevc" {
		args = append(args, "-bsf:v", "hevc_mp4toannexb", "-tag:v", "hvc1")
	}
	return append(args,
		"-video_track_timescale", strconv.FormatInt(s.timeBaseDen, 10),
		"-f", "mp4",
		inputURL(out),
	)
}

// AudioPieceArgs builds ffmpeg's arguments for a smart cut's audio: [from, from+duration) of
// in encoded again as AAC, which starts it on the very sample, into an M4A whose edit list
// trims the encoder's priming. It is made beside the video's parts, on the core their
// encodes leave, and copied by the join.
func AudioPieceArgs(in, out string, from, duration float64) []string {
	return append(commonArgs(),
		"-ss", seconds(max(0, from-cutMargin)),
		"-t", seconds(duration),
		"-protocol_whitelist", "file",
		"-i", inputURL(in),
		"-map", "0:a:0",
		"-vn", "-sn", "-dn",
		"-c:a", "aac", "-b:a", trimAudio,
		"-f", "mp4",
		inputURL(out),
	)
}

// JoinArgs builds ffmpeg's arguments for joining a smart cut's parts (listed in the ffconcat
// file list) into out, with the audio: the M4A audio made by AudioPieceArgs, copied, or when
// audio is empty (a copy from a keyframe, from is then the keyframe's time) the AAC frames of
// in from a little before from, copied, with an edit list that starts playback at from.
// The concat demuxer passes the parts' packets through untouched (-auto_convert 0: no
// conversion to Annex B with parameter sets in the stream). The video has no -frames:v
// limit here: ffmpeg ends every stream of an output when one reaches its limit, which would
// cut the audio short. out's index comes last: finishJoinedMP4 then gives it the merged
// avcC and moves it to the front.
func JoinArgs(list, in, audio, out string, from, duration float64, p ProbeResult, s cutStream) []string {
	args := append(commonArgs(),
		"-f", "concat", "-safe", "0", "-auto_convert", "0",
		"-protocol_whitelist", "file",
		"-i", inputURL(list),
	)
	switch {
	case p.HasAudio && audio != "":
		args = append(args, "-protocol_whitelist", "file", "-i", inputURL(audio))
	case p.HasAudio:
		args = append(args,
			"-ss", floorMicro(from),
			"-t", seconds(duration),
			"-protocol_whitelist", "file",
			"-i", inputURL(in),
		)
	}
	args = append(args, "-map", "0:v:0", "-c:v", "copy")
	if s.codec == "hevc" {
		// What Apple's players ask for; the tag ffmpeg picks by default, hev1, they refuse.
		args = append(args, "-tag:v", "hvc1")
	}
	if p.HasAudio {
		args = append(args, "-map", "1:a:0", "-c:a", "copy")
	} else {
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

// decodeWindow is a stretch of a clip to decode, in seconds from its start: from the
// keyframe at or before from (every frame from there is decoded), until until (or the end
// when until is negative).
type decodeWindow struct{ from, until float64 }

// DecodeCheckArgs builds ffmpeg's arguments for decoding a smart cut's joins and throwing
// the pictures and sound away: any complaint on stderr means a frame did not decode cleanly.
// The video is decoded in the windows smartCut names (the head's first frame, which needs
// the head's parameter sets; the keyframe the copy starts with and the few frames after it;
// the tail); the audio, all encoded by us, all of it. The rest are the source's own packets,
// byte for byte, in the source's order, after a clean start that smartCut checked, or frames
// of our own that refer to nothing the first frame of their part did not: decoding them
// again would say nothing about the cut and cost more than the cut (a 30 s 1080p clip takes
// 7 s of CPU to decode, 5 times its head's encode; the head and the GOP after it, which this
// decoded until issue #34, were a quarter of a 10 s cut's CPU).
func DecodeCheckArgs(in string, windows []decodeWindow, withAudio bool) []string {
	args := []string{"-nostdin", "-hide_banner", "-loglevel", "error"}
	var maps []string
	input := func(stream string, opts ...string) {
		args = append(args, opts...)
		args = append(args, "-protocol_whitelist", "file", "-i", inputURL(in))
		maps = append(maps, "-map", fmt.Sprintf("%d:%s:0", len(maps)/2, stream))
	}
	for _, w := range windows {
		var opts []string
		if w.from > 0 {
			opts = append(opts, "-ss", seconds(w.from))
		}
		if w.until >= 0 {
			opts = append(opts, "-t", seconds(w.until-max(0, w.from)))
		}
		input("v", opts...)
	}
	if withAudio {
		input("a")
	}
	args = append(args, maps...)
	return append(args, "-f", "null", "-")
}

// joinCheckFrames is how many frames past the head's join the decode check reads: more than
// the deepest B-frame pyramid a phone writes (3) delays the keyframe's output.
const joinCheckFrames = 5

// errSmartCut marks a smart cut that did not work out: Trim re-encodes instead and says why.
var errSmartCut = errors.New("smart cut")

// errUncleanKeyframe: the keyframe a smart cut was to copy from is not a clean start (an
// H.264 I-frame that is not an IDR picture, as some Android phones write): Trim looks for a
// later one that is (keyframeStartsArgs).
type errUncleanKeyframe struct{ at float64 }

func (e errUncleanKeyframe) Error() string {
	return fmt.Sprintf("the keyframe at %.3f s is not an IDR picture", e.at)
}

// keyframeLookback is how far before a cut keyframeStartsArgs looks for an IDR picture to
// decode the head from, in seconds, one probe a second.
const keyframeLookback = 30

// keyframeStartsArgs builds ffprobe's arguments for the first video packet at or after each
// seek to times (read_intervals T%+#1: ffprobe seeks to the keyframe at or before T and reads
// one packet), with its bytes (-show_data) to tell an IDR picture from another keyframe. Only
// a packet a time is read: -show_data hex-dumps every packet ffprobe reads.
func keyframeStartsArgs(in string, times []float64) []string {
	intervals := make([]string, len(times))
	for i, t := range times {
		intervals[i] = seconds(max(0, t)) + "%+#1"
	}
	return []string{
		"-hide_banner", "-loglevel", "error",
		"-protocol_whitelist", "file",
		"-select_streams", "v:0",
		"-read_intervals", strings.Join(intervals, ","),
		"-show_data",
		"-show_entries", "packet=pts,flags,data",
		"-print_format", "json",
		"-i", inputURL(in),
	}
}

// findKeyframeStarts tells which keyframes from a second before first to the end of the index
// are clean starts, and which a second apart back to keyframeLookback seconds before it.
func findKeyframeStarts(ctx context.Context, in string, idx cutIndex, first, frame float64, codec string, lengthSize int) (keyframeStarts, error) {
	var times []float64
	for _, pk := range idx.packets {
		if pk.key {
			times = append(times, idx.seconds(pk.pts)+frame/4) // lands on it, not on the one before
		}
	}
	for back := 1.0; back <= keyframeLookback && first-back > -1; back++ {
		times = append(times, first-back)
	}
	out, err := runOutput(ctx, FFprobePath, keyframeStartsArgs(in, times), in)
	if err != nil {
		return nil, fmt.Errorf("reading keyframes: %w", err)
	}
	return parseKeyframeStarts(out, codec, lengthSize)
}

func parseKeyframeStarts(out []byte, codec string, lengthSize int) (keyframeStarts, error) {
	var raw struct {
		Packets []struct {
			Pts   json.Number `json:"pts"`
			Flags string      `json:"flags"`
			Data  string      `json:"data"`
		} `json:"packets"`
	}
	if err := json.Unmarshal(out, &raw); err != nil {
		return nil, fmt.Errorf("reading keyframes: %w", err)
	}
	starts := keyframeStarts{}
	for _, p := range raw.Packets {
		pts, err := p.Pts.Int64()
		if err != nil || !strings.Contains(p.Flags, "K") {
			continue
		}
		data, err := parseHexDump(p.Data)
		if err != nil {
			return nil, fmt.Errorf("reading keyframes: %w", err)
		}
		clean, err := sampleStartsClean(data, codec, lengthSize)
		starts[pts] = err == nil && clean
	}
	return starts, nil
}

// parseHexDump reads ffprobe's -show_data dump: lines of an offset, eight groups of up to
// four hex digits, and the bytes as text.
func parseHexDump(dump string) ([]byte, error) {
	var b []byte
	for line := range strings.SplitSeq(dump, "\n") {
		_, rest, ok := strings.Cut(line, ": ")
		if !ok {
			continue
		}
		hexPart, _, _ := strings.Cut(rest, "  ") // two spaces before the text
		chunk, err := hex.DecodeString(strings.ReplaceAll(hexPart, " ", ""))
		if err != nil {
			return nil, err
		}
		b = append(b, chunk...)
	}
	return b, nil
}

// smartCut makes the clip into tmp as planned (see the top of this file). An error wrapping
// errSmartCut means the cut did not come out right (a re-encode follows); any other error
// is the environment's or the context's.
//
// The parts are made at the same time: the copy takes a moment, and the head and the tail
// are each a short encode that starts by decoding from the keyframe before it, which on two
// cores run side by side instead of one after the other.
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
	headID, tailID := 0, 0
	if s.codec == "h264" {
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
		headID = freeID(-1)
		tailID = freeID(headID)
		if tailID < 0 {
			return ProbeResult{}, fmt.Errorf("%w: no free parameter set id", errSmartCut)
		}
	}

	copyEnd := end
	if plan.tailFrames > 0 {
		copyEnd = plan.tailFrom
	}
	head := smartCutPart{name: "head", path: filepath.Join(dir, "head.mp4"), from: plan.first, until: plan.keyframe}
	copied := smartCutPart{name: "copy", path: filepath.Join(dir, "copy.mp4"), from: plan.keyframe, until: copyEnd}
	tail := smartCutPart{name: "tail", path: filepath.Join(dir, "tail.mp4"), from: plan.tailFrom, until: end}
	g, gctx := errgroup.WithContext(ctx)
	encode := func(part *smartCutPart, decodeFrom float64, frames, id int, delay int64) {
		g.Go(func() error {
			if err := runTool(gctx, FFmpegPath, PieceArgs(in, part.path, part.from, decodeFrom, frames, s, id, delay), nil, in); err != nil {
				return failed("encoding the "+part.name, err)
			}
			if s.codec != "h264" {
				return nil
			}
			c, err := fileAVCConfig(part.path)
			if err != nil {
				return failed("reading the "+part.name, fmt.Errorf("%w: %v", errSmartCut, err))
			}
			part.avcC = &c
			return nil
		})
	}
	if plan.headFrames > 0 {
		encode(&head, plan.headSeek, plan.headFrames, headID, plan.headDelay)
	}
	g.Go(func() error {
		if err := runTool(gctx, FFmpegPath, CopyPieceArgs(in, copied.path, plan.keyframe, plan.copyFrames, s), nil, in); err != nil {
			return failed("copying from the keyframe", err)
		}
		if plan.headFrames == 0 {
			return nil
		}
		// Only a clean random access point (an IDR picture; for HEVC any IRAP picture, whose
		// trailing pictures may not refer past it) keeps the copied frames from referring to
		// frames before it, which the head replaced.
		clean, err := firstSampleStartsClean(copied.path, s.codec, plan.avcC.lengthSize)
		if err != nil {
			return fmt.Errorf("%w: reading the keyframe: %v", errSmartCut, err)
		}
		if !clean {
			return fmt.Errorf("%w: %w", errSmartCut, errUncleanKeyframe{plan.keyframe})
		}
		return nil
	})
	if plan.tailFrames > 0 {
		encode(&tail, plan.tailSeek, plan.tailFrames, tailID, plan.tailDelay)
	}
	audio := ""
	if p.HasAudio && plan.mode != TrimCopy {
		audio = filepath.Join(dir, "audio.m4a")
		g.Go(func() error {
			if err := runTool(gctx, FFmpegPath, AudioPieceArgs(in, audio, plan.first, end-plan.first), nil, in); err != nil {
				return failed("encoding the audio", err)
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return ProbeResult{}, err
	}

	var parts []string
	var durations []float64
	var configs []avcConfig
	for _, part := range []smartCutPart{head, copied, tail} {
		if part.name == "head" && plan.headFrames == 0 || part.name == "tail" && plan.tailFrames == 0 {
			continue
		}
		parts, durations = append(parts, part.path), append(durations, part.until-part.from)
		if part.avcC != nil {
			configs = append(configs, *part.avcC)
		}
	}
	var avcC *avcConfig
	if s.codec == "h264" {
		merged, err := mergeAVCConfigs(plan.avcC, configs...)
		if err != nil {
			return ProbeResult{}, fmt.Errorf("%w: merging parameter sets: %v", errSmartCut, err)
		}
		avcC = &merged
	}
	list := filepath.Join(dir, "parts.ffconcat")
	if err := concatList(list, parts, durations); err != nil {
		return ProbeResult{}, err
	}
	joined := filepath.Join(dir, "joined.mp4")
	if err := runTool(ctx, FFmpegPath, JoinArgs(list, in, audio, joined, plan.first, end-plan.first, p, s), nil, in); err != nil {
		return ProbeResult{}, failed("joining the parts", err)
	}
	if err := finishJoinedMP4(joined, tmp, avcC); err != nil {
		return ProbeResult{}, failed("finishing the clip", fmt.Errorf("%w: %v", errSmartCut, err))
	}
	clip, timing, err := probeClip(ctx, tmp)
	if err != nil {
		return ProbeResult{}, failed("checking the clip", err)
	}
	if why := timing.mismatch(end-plan.first, plan.frame, plan.frames(), p.HasAudio); why != "" {
		return ProbeResult{}, fmt.Errorf("%w: %s", errSmartCut, why)
	}
	if plan.headFrames == 0 && plan.tailFrames == 0 {
		// Nothing was encoded: the packets are the source's own, in its order, and there is
		// no join to check by decoding (a copy is checked as one always was).
		return clip, nil
	}
	// The head's join: its first frame (the head's parameter sets), and the keyframe the copy
	// starts with (the source's) with the few frames after it that B-frames make a decoder
	// read before it shows the keyframe. The tail's: the tail, from its first frame, a
	// keyframe of our own.
	var windows []decodeWindow
	if plan.headFrames > 0 {
		k := plan.keyframe - plan.first
		windows = append(windows, decodeWindow{0, plan.frame}, decodeWindow{k, k + joinCheckFrames*plan.frame})
	}
	if plan.tailFrames > 0 {
		windows = append(windows, decodeWindow{plan.tailFrom - plan.first, -1})
	}
	complaints, err := runToolStderr(ctx, FFmpegPath, DecodeCheckArgs(tmp, windows, p.HasAudio), nil, tmp)
	if err != nil {
		return ProbeResult{}, failed("decoding the clip", err)
	}
	if c := strings.TrimSpace(complaints); c != "" {
		first, _, _ := strings.Cut(c, "\n") // the first complaint: later ones tend to be "Last message repeated"
		return ProbeResult{}, fmt.Errorf("%w: the clip does not decode cleanly: %s", errSmartCut, shortReason(first, tmp))
	}
	return clip, nil
}

// smartCutPart is one of a smart cut's parts: the file it is written to and the stretch of
// the source it shows.
type smartCutPart struct {
	name, path  string
	from, until float64
	// avcC is an encoded H.264 part's decoder configuration, for the clip's merged one.
	avcC *avcConfig
}
