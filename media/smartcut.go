package media

import (
	"context"
	"errors"
	"fmt"
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
// re-encoded like the head. Without B-frames C is end and there is no tail. The head is made
// in one ffmpeg run and, at the same time, the copy, the tail and the audio in another.
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
// The audio of [F, end) is the source's own AAC frames, copied beside the video's parts: those
// that start at or after F, until about end. A frame holds 1024 samples (21 ms at 48 kHz), so the
// sound may start up to a frame after the picture and end within a frame of end, in sync
// between. Encoding it again would start it on the very sample, at the price of a second
// generation of the sound and of CPU that the head's encode, beside it, wants.
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

// H.264 pieces: libx264's fastest preset, at the clip's own CRF. On 45 frames of 1080p with grain (a
// head before a keyframe 1.5 s on) it costs 0.55 s of CPU above the decoding where veryfast costs
// 1.8 s, and the frames come out no worse (PSNR against the source 40.9 dB, veryfast's 40.0): it
// spends bits where veryfast spends searching, about twice veryfast's bytes for the second or two
// a cut re-encodes, next to a whole clip's copied bytes. A clip encoded whole keeps veryfast
// (trimPreset), where twice the bytes would be the whole clip's.
const h264PiecePreset = "ultrafast"

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
// decoder set up for the source's own takes, without reordering (see piecePart).
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
		"-c:v", "libx264", "-preset", h264PiecePreset, "-crf", trimCRF,
		"-profile:v", x264Profiles[s.profile],
		"-level:v", fmt.Sprintf("%d.%d", s.level/10, s.level%10),
		"-pix_fmt", s.pixFmt,
		"-bf", "0",
		"-x264-params", "sps-id=" + strconv.Itoa(spsID),
	}
}

// ffmpegPart is an input of an ffmpeg run and the output made from it. Parts that need not wait
// for one another share one run (ffmpegArgs) where each would start ffmpeg for itself: loading
// ffmpeg and opening the source cost about a tenth of a second of CPU a run, as much as a smart
// cut's copy or its audio.
type ffmpegPart struct {
	input []string
	// output answers the output's options, its -map naming the part's input by its index in the
	// run, and the output itself.
	output func(input int) []string
}

// ffmpegArgs builds the arguments of one ffmpeg run making the parts: their inputs, in order,
// then their outputs. ffmpeg ends each output at its own limits (-frames:v, an input's -t).
func ffmpegArgs(parts ...ffmpegPart) []string {
	args := commonArgs()
	for _, p := range parts {
		args = append(args, p.input...)
	}
	for i, p := range parts {
		args = append(args, p.output(i)...)
	}
	return args
}

// piecePart is one re-encoded part of a smart cut: frames frames from the first at or after
// part.from (input -ss: ffmpeg seeks to the keyframe before and decodes from there, dropping what
// comes before from) until part.until, in the source's codec, made to sit between the source's
// own packets: the stored picture as it is (-noautorotate: same size and orientation), the
// source's pixel format, profile, level and colour description, the source's timestamps
// (passthrough, in its time base and timescale), no B-frames, the parameter sets as
// pieceEncoderArgs says, and decoding times delay ticks behind presentation times (setts) to line
// up with the copied packets.
//
// decodeFrom, when not negative, is the time of an IDR picture at or before from to decode
// from (input -ss to it, then an output -ss drops the frames up to from), instead of the
// keyframe ffmpeg's seek finds.
//
// The input is read until the part's end (input -t, a little past until), not only the output
// limited to its frames: in a run with other parts ffmpeg keeps decoding an input whose output
// is done while the others are not, to the end of the source.
//
// still, when set, also takes one of the frames decoded for the part as a JPEG (see partStill).
func piecePart(in string, part smartCutPart, decodeFrom float64, frames int, s cutStream, spsID int, delay int64, still *partStill) ffmpegPart {
	from := part.from
	seekTo := max(0, from-cutMargin)
	seek := []string{"-ss", seconds(seekTo)}
	// skipped is how far the decoded frames run before the part's first: none after ffmpeg's own
	// seek, which drops them.
	var skip []string
	skipped := 0.0
	if decodeFrom >= 0 {
		seekTo = decodeFrom
		seek = []string{"-ss", floorMicro(decodeFrom)}
		skipped = max(0, from-cutMargin-decodeFrom)
		skip = []string{"-ss", seconds(skipped)}
	}
	input := append([]string{"-noautorotate"}, seek...)
	input = append(input, "-t", seconds(part.until+readPast-seekTo), "-protocol_whitelist", "file", "-i", inputURL(in))
	return ffmpegPart{input: input, output: func(i int) []string {
		args := append(slices.Clone(skip),
			"-map", strconv.Itoa(i)+":v:0",
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
		args = append(args,
			"-bsf:v", "setts=dts=DTS-"+strconv.FormatInt(delay, 10),
			"-video_track_timescale", strconv.FormatInt(s.timeBaseDen, 10),
			"-f", "mp4",
			inputURL(part.path),
		)
		if still == nil {
			return args
		}
		// Its own output of the same decoded frames: from the part's first frame on, as the part's.
		return append(args, posterOutput(i, skipped+still.at, still.maxSide, still.path)...)
	}}
}

// partStill is a frame a re-encoded part's run takes beside the part, as the clip's poster: the
// first at or after at seconds into the part, turned upright only as the source stores it (the
// part's input is read with -noautorotate), so it is asked for only of a source stored upright.
type partStill struct {
	at      float64
	maxSide int
	path    string
}

// readPast is how far past a re-encoded part's end its input is read: its last frame starts a
// frame before the end, and the margin keeps the time's rounding from dropping it.
const readPast = 0.05

// copyPart is the copied part of a smart cut: the video packets of frames frames from the
// keyframe at keyframe, as they are, in the source's timescale.
//
// HEVC goes through hevc_mp4toannexb, which puts the source's parameter sets in front of each
// keyframe; the MP4 muxer turns the stream back into length-prefixed NAL units and keeps them
// (see pieceEncoderArgs).
func copyPart(in, out string, keyframe float64, frames int, s cutStream) ffmpegPart {
	return ffmpegPart{input: []string{"-ss", floorMicro(keyframe), "-protocol_whitelist", "file", "-i", inputURL(in)},
		output: func(i int) []string {
			args := []string{
				"-map", strconv.Itoa(i) + ":v:0",
				"-an", "-sn", "-dn",
				"-c:v", "copy",
				"-frames:v", strconv.Itoa(frames),
			}
			if s.codec == "hevc" {
				args = append(args, "-bsf:v", "hevc_mp4toannexb", "-tag:v", "hvc1")
			}
			return append(args,
				"-video_track_timescale", strconv.FormatInt(s.timeBaseDen, 10),
				"-f", "mp4",
				inputURL(out),
			)
		}}
}

// audioPart is a smart cut's audio (AAC: smartCutUnsupported), made beside the video's parts and
// copied by the join, into an M4A: the source's own frames from the first that starts at or after
// from, until about from+duration (ffmpeg's -t ends a copy at a frame's edge; see the top of this file).
func audioPart(in, out string, from, duration float64) ffmpegPart {
	return ffmpegPart{input: []string{"-ss", seconds(max(0, from-cutMargin)), "-t", seconds(duration), "-protocol_whitelist", "file", "-i", inputURL(in)},
		output: func(i int) []string {
			return []string{
				"-map", strconv.Itoa(i) + ":a:0",
				"-vn", "-sn", "-dn",
				// The seek lands on the keyframe before from; without this the copy would keep the
				// sound from there, hidden only by an edit list.
				"-c:a", "copy", "-copypriorss", "0",
				"-f", "mp4",
				inputURL(out),
			}
		}}
}

// cutAudio is a smart cut's audio as audioPart made it: its M4A, and where its first frame
// starts in the clip (mp4StartTime).
type cutAudio struct {
	path string
	at   float64
}

// JoinArgs builds ffmpeg's arguments for joining a smart cut's parts (listed in the ffconcat
// file list) into out, with the audio: the M4A made by audioPart, copied, at its place (ffmpeg
// would move it to 0, a frame early), or when there is none (a copy from a keyframe, from is
// then the keyframe's time) the AAC frames of in from a little before from, copied, with an
// edit list that starts playback at from.
// The concat demuxer passes the parts' packets through untouched (-auto_convert 0: no
// conversion to Annex B with parameter sets in the stream). The video has no -frames:v
// limit here: ffmpeg ends every stream of an output when one reaches its limit, which would
// cut the audio short. out's index comes last: finishJoinedMP4 then gives it the merged
// avcC and moves it to the front.
func JoinArgs(list, in string, audio cutAudio, out string, from, duration float64, p ProbeResult, s cutStream) []string {
	args := append(commonArgs(),
		"-f", "concat", "-safe", "0", "-auto_convert", "0",
		"-protocol_whitelist", "file",
		"-i", inputURL(list),
	)
	switch {
	case p.HasAudio && audio.path != "":
		args = append(args, "-itsoffset", seconds(audio.at), "-protocol_whitelist", "file", "-i", inputURL(audio.path))
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
// the pictures away: any complaint on stderr means a frame did not decode cleanly. The video
// is decoded in the windows smartCut names (the head's first frame, which needs the head's
// parameter sets; the keyframe the copy starts with and the few frames after it; the tail).
// The rest are the source's own packets, byte for byte, in the source's order, after a clean
// start that smartCut checked, or frames of our own that refer to nothing the first frame of
// their part did not: decoding them again would say nothing about the cut and cost more than
// the cut (a 30 s 1080p clip takes 7 s of CPU to decode, 5 times its head's encode; the head
// and the GOP after it, which this decoded until issue #34, were a quarter of a 10 s cut's
// CPU). The sound is the source's own AAC frames too (audioPart), so it is not decoded either.
func DecodeCheckArgs(in string, windows []decodeWindow) []string {
	args := []string{"-nostdin", "-hide_banner", "-loglevel", "error"}
	var maps []string
	for i, w := range windows {
		// One decoding thread: a window is a few frames, and a thread pool for each of them cost
		// more CPU than the decoding.
		args = append(args, "-threads", "1")
		if w.from > 0 {
			args = append(args, "-ss", seconds(w.from))
		}
		if w.until >= 0 {
			args = append(args, "-t", seconds(w.until-max(0, w.from)))
		}
		args = append(args, "-protocol_whitelist", "file", "-i", inputURL(in))
		maps = append(maps, "-map", fmt.Sprintf("%d:v:0", i))
	}
	args = append(args, maps...)
	return append(args, "-f", "null", "-")
}

// joinCheckFrames is how many frames past the head's join the decode check reads: more than
// the deepest B-frame pyramid a phone writes (3) delays the keyframe's output.
const joinCheckFrames = 5

// errSmartCut marks a smart cut that did not work out: Trim re-encodes instead and says why.
var errSmartCut = errors.New("smart cut")

// smartCut makes the clip into tmp as planned (see the top of this file). An error wrapping
// errSmartCut means the cut did not come out right (a re-encode follows); any other error
// is the environment's or the context's.
//
// The parts are made in two ffmpeg runs at the same time: the head, an encode that starts by
// decoding from the keyframe before it, in one; the copy (a moment), the tail (a short encode
// like the head's) and the audio together in the other, on the core the head's leaves, each
// of them costing less than starting ffmpeg for it alone.
func smartCut(ctx context.Context, in, tmp string, end float64, plan cutPlan, s cutStream, p ProbeResult, poster clipPoster) (ProbeResult, error) {
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
	// Two runs side by side: the head, the long one, in its own; the copy, the tail and the audio,
	// each short, together in the other.
	encoded := func(part *smartCutPart) error {
		if s.codec != "h264" {
			return nil
		}
		c, err := fileAVCConfig(part.path)
		if err != nil {
			return failed("reading the "+part.name, fmt.Errorf("%w: %v", errSmartCut, err))
		}
		part.avcC = &c
		return nil
	}
	// The clip's poster, when its frame is one of the head's, comes out of the head's run, which
	// decodes that frame anyway: a run of its own after the join decoded the head again from its
	// start, as much CPU as the decode check beside it (issue 34).
	var headStill *partStill
	clipLength := end - plan.first
	if at := posterAt(clipLength); poster.path != "" && plan.headFrames > 0 && p.Rotation == 0 && at+plan.frame < plan.keyframe-plan.first {
		headStill = &partStill{at: at, maxSide: poster.maxSide, path: filepath.Join(dir, "poster.jpg")}
	}
	g, gctx := errgroup.WithContext(ctx)
	if plan.headFrames > 0 {
		g.Go(func() error {
			run := piecePart(in, head, plan.headSeek, plan.headFrames, s, headID, plan.headDelay, headStill)
			if err := runTool(gctx, FFmpegPath, ffmpegArgs(run), nil, in); err != nil {
				return failed("encoding the head", err)
			}
			return encoded(&head)
		})
	}
	run := []ffmpegPart{copyPart(in, copied.path, plan.keyframe, plan.copyFrames, s)}
	if plan.tailFrames > 0 {
		run = append(run, piecePart(in, tail, plan.tailSeek, plan.tailFrames, s, tailID, plan.tailDelay, nil))
	}
	var audio cutAudio
	if p.HasAudio && plan.mode != TrimCopy {
		audio.path = filepath.Join(dir, "audio.m4a")
		run = append(run, audioPart(in, audio.path, plan.first, end-plan.first))
	}
	g.Go(func() error {
		if err := runTool(gctx, FFmpegPath, ffmpegArgs(run...), nil, in); err != nil {
			return failed("copying from the keyframe (with the tail and the audio)", err)
		}
		if audio.path != "" {
			var err error
			if audio.at, err = mp4StartTime(audio.path); err != nil {
				return failed("reading the audio", fmt.Errorf("%w: %v", errSmartCut, err))
			}
		}
		if plan.tailFrames > 0 {
			if err := encoded(&tail); err != nil {
				return err
			}
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
	// The checks, side by side: the clip's probe (its frames and timing), and the decode of its
	// joins. The head's join: its first frame (the head's parameter sets), and the keyframe the
	// copy starts with (the source's) with the few frames after it that B-frames make a decoder
	// read before it shows the keyframe. The tail's: the tail, from its first frame, a keyframe of
	// our own. Nothing was encoded when there is neither: the packets are the source's own, in its
	// order, and there is no join to decode (a copy is checked as one always was). Each join is
	// decoded in a run of its own, side by side with the other and the probe.
	var runs [][]decodeWindow
	if plan.headFrames > 0 {
		k := plan.keyframe - plan.first
		runs = append(runs, []decodeWindow{{0, plan.frame}, {k, k + joinCheckFrames*plan.frame}})
	}
	if plan.tailFrames > 0 {
		runs = append(runs, []decodeWindow{{plan.tailFrom - plan.first, -1}})
	}
	var clip ProbeResult
	check := func() (bool, error) {
		var timing clipTiming
		complaints := make([]string, len(runs))
		checks, cctx := errgroup.WithContext(ctx)
		checks.Go(func() (err error) {
			if clip, timing, err = probeClip(cctx, tmp); err != nil {
				return failed("checking the clip", err)
			}
			return nil
		})
		for i, windows := range runs {
			checks.Go(func() (err error) {
				if complaints[i], err = runToolStderr(cctx, FFmpegPath, DecodeCheckArgs(tmp, windows), nil, tmp); err != nil {
					return failed("decoding the clip", err)
				}
				return nil
			})
		}
		if err := checks.Wait(); err != nil {
			return false, err
		}
		if why := timing.mismatch(end-plan.first, plan.frame, plan.frames(), p.HasAudio); why != "" {
			return false, fmt.Errorf("%w: %s", errSmartCut, why)
		}
		if c := strings.TrimSpace(strings.Join(complaints, "\n")); c != "" {
			first, _, _ := strings.Cut(c, "\n") // the first complaint: later ones tend to be "Last message repeated"
			return false, fmt.Errorf("%w: the clip does not decode cleanly: %s", errSmartCut, shortReason(first, tmp))
		}
		return true, nil
	}
	if headStill != nil {
		err = poster.made(ctx, headStill.path, tmp, clipLength, check)
	} else {
		err = poster.alongside(ctx, tmp, clipLength, check)
	}
	if err != nil {
		return ProbeResult{}, err
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
