package media

import (
	"context"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// frameCodedVideo makes a 10 s, 25 fps video (a 440 Hz tone on its audio track) whose frames
// show their own number: eight vertical bars, bar k white when bit k of the frame number
// is set. Bars survive compression where a one-step change of brightness would not.
// Encoded with a keyframe every 50 frames (2 s) and the given codec arguments.
func frameCodedVideo(t testing.TB, name string, codecArgs ...string) string {
	t.Helper()
	args := []string{
		"-f", "lavfi", "-i", "color=c=black:s=160x64:r=25:d=10,format=gray," +
			"geq=lum='255*mod(floor(N/pow(2,floor(X/20))),2)',format=yuv420p",
		"-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=10",
		"-g", "50", "-keyint_min", "50",
	}
	args = append(args, codecArgs...)
	return ffmpegMake(t, filepath.Join(t.TempDir(), name), args...)
}

// phoneLike is how phones' hardware encoders write H.264: no B-frames.
var phoneLike = []string{"-c:v", "libx264", "-preset", "veryfast", "-bf", "0", "-sc_threshold", "0", "-c:a", "aac", "-b:a", "96k"}

// frameNumbers answers the numbers shown by the first and the last frame of a frame-coded
// video (see frameCodedVideo).
func frameNumbers(t *testing.T, path string) (first, last int) {
	t.Helper()
	cmd := exec.Command("ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-i", path,
		"-map", "0:v:0", "-vf", "scale=8:1:flags=area", "-f", "rawvideo", "-pix_fmt", "gray", "-")
	out, err := cmd.Output()
	require.NoError(t, err)
	require.NotEmpty(t, out)
	require.Zero(t, len(out)%8)
	number := func(bars []byte) int {
		n := 0
		for k, b := range bars {
			if b > 128 {
				n |= 1 << k
			}
		}
		return n
	}
	return number(out[:8]), number(out[len(out)-8:])
}

// requireClip checks a clip is a browser-playable MP4 of want seconds (within a frame) with
// audio and video in step, and answers its first and last frame numbers.
func requireClip(t *testing.T, path string, want float64) (first, last int) {
	t.Helper()
	p := probeFile(t, path)
	require.Equal(t, "h264", p.VideoCodec)
	require.Equal(t, "aac", p.AudioCodec)
	require.False(t, NeedsRendition(p))
	require.InDelta(t, want, p.Duration, 0.04, "within one frame")
	requireFaststart(t, path)

	timing, err := clipTimingOf(context.Background(), path)
	require.NoError(t, err)
	require.InDelta(t, want, timing.video.duration, 0.04, "video within one frame")
	require.InDelta(t, timing.video.duration, timing.audio.duration, 0.05, "audio as long as video")
	require.InDelta(t, timing.video.start, timing.audio.start, 0.05, "audio starts with video")
	require.Equal(t, []string{filepath.Base(path)}, dirEntries(t, filepath.Dir(path)), "no temporary file left")
	require.InDelta(t, 0, timing.video.start, 0.02, "the first frame at 0")
	requireDecodesCleanly(t, path)
	first, last = frameNumbers(t, path)
	require.Equal(t, last-first+1, timing.video.frames, "every frame once, none shown twice")
	return first, last
}

// requireDecodesCleanly decodes all of a clip, pictures and sound, and fails on any complaint.
func requireDecodesCleanly(t *testing.T, path string) {
	t.Helper()
	out, err := exec.Command("ffmpeg", "-nostdin", "-hide_banner", "-v", "error", "-i", path, "-map", "0", "-f", "null", "-").CombinedOutput()
	require.NoError(t, err, string(out))
	require.Empty(t, string(out), "ffmpeg decodes the clip without a complaint")
}

func TestTrim(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	phone := frameCodedVideo(t, "phone.mp4", phoneLike...)
	// libx264's defaults, like an iPhone: B-frames (3, with a pyramid), closed GOPs.
	bframes := frameCodedVideo(t, "bframes.mp4", "-c:v", "libx264", "-preset", "veryfast", "-sc_threshold", "0", "-c:a", "aac")

	cases := []struct {
		name        string
		source      string
		start, end  float64
		mode        TrimMode
		first, last int // frame numbers: frame n is shown from n/25 s
	}{
		// 3.3 s falls inside frame 82 (3.28–3.32 s); the clip holds the frames whose times
		// are in [3.3, 6.1): 83 (3.32 s) to 152 (6.08 s), 70 frames or 2.8 s.
		{"between keyframes", phone, 3.3, 6.1, TrimSmartCut, 83, 152},
		{"on a keyframe", phone, 4, 8, TrimCopy, 100, 199},
		{"within half a frame of a keyframe", phone, 3.99, 6, TrimCopy, 100, 149},
		{"from the very start", phone, 0, 1.5, TrimCopy, 0, 37},
		{"B-frames on keyframes", bframes, 4, 8, TrimCopy, 100, 199},
		{"B-frames between keyframes", bframes, 3.3, 6.1, TrimSmartCut, 83, 152},
		// From 2 s, the packets up to 5.5 s in decoding order are exactly the frames to
		// 5.48 s: a copy. To 5.44 s, frames 5.36 and 5.40 s need 5.44 s to decode: a
		// smart cut with a tail of two frames and no head.
		{"B-frames from a keyframe to a clean end", bframes, 2, 5.5, TrimCopy, 50, 137},
		{"B-frames from a keyframe", bframes, 2, 5.44, TrimSmartCut, 50, 135},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			out := filepath.Join(t.TempDir(), "clip.mp4")
			res, err := Trim(ctx, tc.source, out, tc.start, tc.end)
			require.NoError(t, err)
			require.Equal(t, tc.mode, res.Mode, res.Fallback)
			require.Equal(t, probeFile(t, out), res.Clip, "Trim answers the clip's probe")
			first, last := requireClip(t, out, tc.end-tc.start)
			require.Equal(t, tc.first, first, "first frame")
			require.Equal(t, tc.last, last, "last frame")
			// In time: frame n is shown from n/25 s for 1/25 s.
			firstShown, lastEnds := float64(first)/25, float64(last+1)/25
			t.Logf("%s: asked %.3f–%.3f s, frames shown %.3f–%.3f s", tc.name, tc.start, tc.end, firstShown, lastEnds)
			require.InDelta(t, tc.start, firstShown, 0.04, "the first frame within a frame of start")
			require.InDelta(t, tc.end, lastEnds, 0.04, "the last frame within a frame of end")
			if tc.mode == TrimSmartCut {
				// The sound is the source's own AAC frames, not encoded again, each where it was
				// beside the pictures: a frame's time in the clip is its time in the source less
				// the first frame's.
				source, clip := audioPackets(t, tc.source), audioPackets(t, out)
				k := slices.IndexFunc(source, func(p audioPacket) bool { return p.hash == clip[0].hash })
				require.GreaterOrEqual(t, k, 0, "the clip's first audio frame is not one of the source's")
				require.GreaterOrEqual(t, clip[0].at, 0.0, "no sound before the cut")
				for i, packet := range clip {
					require.Less(t, k+i, len(source))
					require.Equal(t, source[k+i].hash, packet.hash, "the clip's audio frame %d is not the source's next", i)
					require.InDelta(t, source[k+i].at-firstShown, packet.at, 0.0015, "the clip's audio frame %d in sync", i)
				}
			}
		})
	}
}

// audioPacket is an audio packet of a file: when it is presented, and the MD5 of its bytes.
type audioPacket struct {
	at   float64
	hash string
}

// audioPackets answers the audio packets of a file, in order.
func audioPackets(t *testing.T, path string) []audioPacket {
	t.Helper()
	out, err := exec.Command("ffprobe", "-v", "error", "-select_streams", "a:0", "-show_data_hash", "MD5",
		"-show_entries", "packet=pts_time,data_hash", "-of", "csv=p=0", path).Output()
	require.NoError(t, err)
	var packets []audioPacket
	for _, m := range regexp.MustCompile(`(-?[0-9.]+),(MD5:[0-9a-f]{32})`).FindAllStringSubmatch(string(out), -1) {
		at, err := strconv.ParseFloat(m[1], 64)
		require.NoError(t, err)
		packets = append(packets, audioPacket{at, m[2]})
	}
	require.NotEmpty(t, packets)
	return packets
}

func TestTrimWithoutAudio(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	phone := frameCodedVideo(t, "silent.mp4", append([]string{"-an"}, phoneLike...)...)
	bframes := frameCodedVideo(t, "silent-bframes.mp4", "-an", "-c:v", "libx264", "-preset", "veryfast", "-sc_threshold", "0")
	cases := []struct {
		name        string
		source      string
		start, end  float64
		mode        TrimMode
		first, last int
	}{
		{"on a keyframe", phone, 2, 3, TrimCopy, 50, 74},
		{"between keyframes", phone, 2.5, 4.5, TrimSmartCut, 63, 112},
		{"B-frames between keyframes", bframes, 2.5, 4.5, TrimSmartCut, 63, 112},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := probeFile(t, tc.source)
			require.False(t, p.HasAudio)
			out := filepath.Join(t.TempDir(), "clip.mp4")
			res, err := Trim(ctx, tc.source, out, tc.start, tc.end)
			require.NoError(t, err)
			require.Equal(t, tc.mode, res.Mode, res.Fallback)
			r := probeFile(t, out)
			require.False(t, r.HasAudio)
			require.Equal(t, r, res.Clip, "Trim answers the clip's probe")
			require.InDelta(t, tc.end-tc.start, r.Duration, 0.04)
			requireDecodesCleanly(t, out)
			first, last := frameNumbers(t, out)
			require.Equal(t, tc.first, first, "first frame")
			require.Equal(t, tc.last, last, "last frame")
		})
	}
}

// TestTrimFallsBack: a source a smart cut cannot take is re-encoded, and the result says why.
func TestTrimFallsBack(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	mpeg4 := frameCodedVideo(t, "mpeg4.mp4", "-c:v", "mpeg4", "-q:v", "2", "-c:a", "aac")
	// x265's default open GOP: CRA keyframes, some with leading pictures that refer to the GOP
	// before (the one at 2 s: the keyframe at 4 s has none, and a copy may start there).
	hevcOpenGOP := frameCodedVideo(t, "hevc-open-gop.mp4", "-c:v", "libx265", "-preset", "ultrafast", "-tag:v", "hvc1",
		"-x265-params", "log-level=error:scenecut=0:open-gop=1:bframes=3", "-c:a", "aac")
	// x264's open GOP: the keyframes are I-frames, not IDR, and the B-frames stored after
	// each are shown before it, referring to the GOP before.
	openGOP := frameCodedVideo(t, "open-gop.mp4", "-c:v", "libx264", "-preset", "veryfast", "-sc_threshold", "0",
		"-x264-params", "open-gop=1", "-c:a", "aac")
	cases := []struct {
		name, source, why string
		start, end        float64
		first, last       int
	}{
		{"MPEG-4 Part 2", mpeg4, "the video is mpeg4: a smart cut takes H.264 and HEVC", 3.3, 6.1, 83, 152},
		{"open GOP", openGOP, "open GOP at the keyframe at 4.000 s", 3.3, 6.1, 83, 152},
		{"HEVC open GOP", hevcOpenGOP, "open GOP at the keyframe at 2.000 s", 1.3, 3.9, 33, 97},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			out := filepath.Join(t.TempDir(), "clip.mp4")
			res, err := Trim(ctx, tc.source, out, tc.start, tc.end)
			require.NoError(t, err)
			require.Equal(t, TrimReencode, res.Mode)
			require.Contains(t, res.Fallback, tc.why)
			first, last := requireClip(t, out, tc.end-tc.start)
			require.Equal(t, tc.first, first)
			require.Equal(t, tc.last, last)
		})
	}
}

func TestTrimNeverLeavesAnEmptyClip(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	src := frameCodedVideo(t, "phone.mp4", phoneLike...)
	dir := t.TempDir()
	out := filepath.Join(dir, "clip.mp4")

	for name, r := range map[string][2]float64{
		"past the end": {20, 22},
		"backwards":    {5, 4},
		"negative":     {-1, 2},
	} {
		_, err := Trim(ctx, src, out, r[0], r[1])
		require.ErrorIs(t, err, ErrCorrupt, name)
		require.NotContains(t, err.Error(), src)
		t.Logf("%s: %v", name, err)
	}
	require.Empty(t, dirEntries(t, dir), "no clip and no temporary file")

	garbage := writeFile(t, "garbage.mp4", []byte("\x00\x00\x00\x20ftypisom\x00\x00\x02\x00isomiso2avc1mp41 and then nothing"))
	_, err := Trim(ctx, garbage, out, 1, 2)
	require.ErrorIs(t, err, ErrCorrupt)
	song := ffmpegMake(t, filepath.Join(t.TempDir(), "song.m4a"), "-f", "lavfi", "-i", "sine=duration=3", "-c:a", "aac")
	_, err = Trim(ctx, song, out, 1, 2)
	require.ErrorIs(t, err, ErrCorrupt, "no video")
	require.Empty(t, dirEntries(t, dir))
}

// gopIndex is a 25 fps H.264 stream in time base 1/25 (a tick is a frame) with a keyframe
// every 6 frames, closed GOPs and B-frames stored after the P-frame they precede, as pts/dts
// pairs in decoding order: I0 P3 B1 B2 P5 B4 | I6 P9 B7 B8 P11 B10 | I12 …
func gopIndex(reordered bool) cutIndex {
	idx := cutIndex{stream: cutStream{codec: "h264", tag: "avc1", profile: "High", pixFmt: "yuv420p", timeBaseNum: 1, timeBaseDen: 25}}
	order := []int64{0, 3, 1, 2, 5, 4}
	if !reordered {
		order = []int64{0, 1, 2, 3, 4, 5}
	}
	delay := int64(2)
	if !reordered {
		delay = 0
	}
	for gop := int64(0); gop < 4; gop++ {
		for i, f := range order {
			idx.packets = append(idx.packets, cutPacket{pts: gop*6 + f, dts: gop*6 + int64(i) - delay, key: i == 0})
		}
	}
	return idx
}

func TestPlanCut(t *testing.T) {
	t.Parallel()
	playable := ProbeResult{HasVideo: true, HasAudio: true, VideoCodec: "h264", AudioCodec: "aac", PixelFormat: "yuv420p", Container: "mov,mp4,m4a,3gp,3g2,mj2"}

	// Frames 2–10: a head of 2–5, then from I6 the packets I6 P9 B7 B8 are frames 6–9 (a
	// clean end), but frame 10 is stored after P11, which the clip does not hold: a tail.
	plan, err := planCut(gopIndex(true), playable, 0.08, 0.44, nil)
	require.NoError(t, err)
	require.Equal(t, TrimSmartCut, plan.mode, plan.fallback)
	require.InDelta(t, 0.08, plan.first, 1e-9)
	require.InDelta(t, 0.24, plan.keyframe, 1e-9)
	require.Equal(t, 4, plan.headFrames)
	require.Equal(t, 4, plan.copyFrames)
	require.Equal(t, 1, plan.tailFrames)
	require.InDelta(t, 0.40, plan.tailFrom, 1e-9)
	require.Equal(t, int64(2), plan.headDelay, "I6 is decoded 2 ticks before it is shown")
	require.Equal(t, int64(2), plan.tailDelay, "frame 10 after P11's decoding time, 8")
	require.True(t, plan.reordered)
	require.Equal(t, 9, plan.frames())

	// From a keyframe to a clean end: every packet copied.
	plan, err = planCut(gopIndex(true), playable, 0.24, 0.40, nil)
	require.NoError(t, err)
	require.Equal(t, TrimCopy, plan.mode)
	require.Equal(t, 4, plan.copyFrames)
	require.True(t, plan.joined(), "B-frames: copied by packet count and joined with the audio")

	// Without B-frames every point is clean: no tail, and a copy is ffmpeg's plain one.
	plan, err = planCut(gopIndex(false), playable, 0.24, 0.44, nil)
	require.NoError(t, err)
	require.Equal(t, TrimCopy, plan.mode)
	require.Equal(t, 5, plan.copyFrames)
	require.False(t, plan.joined())
	plan, err = planCut(gopIndex(false), playable, 0.3, 0.7, nil)
	require.NoError(t, err)
	require.Equal(t, TrimSmartCut, plan.mode)
	require.Equal(t, []int{4, 6, 0}, []int{plan.headFrames, plan.copyFrames, plan.tailFrames}, "frames 8–17: 8–11 encoded, 12–17 copied")

	// Within half a frame of a keyframe: copied from it.
	plan, err = planCut(gopIndex(false), playable, 0.235, 0.44, nil)
	require.NoError(t, err)
	require.Equal(t, TrimCopy, plan.mode)
	require.InDelta(t, 0.24, plan.first, 1e-9)

	for name, tc := range map[string]struct {
		idx        cutIndex
		p          ProbeResult
		start, end float64
		why        string
	}{
		"not playable": {gopIndex(true), ProbeResult{HasVideo: true, VideoCodec: "h264", PixelFormat: "yuv422p", Container: "mov,mp4,m4a,3gp,3g2,mj2"}, 0.08, 0.44, "not browser-playable H.264 (yuv422p)"},
		"not MP4":      {gopIndex(true), ProbeResult{HasVideo: true, VideoCodec: "h264", PixelFormat: "yuv420p", Container: "matroska,webm"}, 0.08, 0.44, "not H.264 or HEVC with AAC in MP4"},
		"HEVC 4:2:2": {func() cutIndex {
			idx := gopIndex(true)
			idx.stream.codec, idx.stream.tag, idx.stream.profile, idx.stream.pixFmt = "hevc", "hvc1", "Rext", "yuv422p10le"
			return idx
		}(), playable, 0.08, 0.44, "HEVC Rext profile in yuv422p10le"},
		"no keyframe": {gopIndex(true), playable, 0.28, 0.44, "no keyframe between start and end"},
		"open GOP": {func() cutIndex {
			idx := gopIndex(true)
			idx.packets[7].pts = 5 // a frame stored after I6 but shown before it
			idx.packets[4].pts = 7
			return idx
		}(), playable, 0.08, 0.44, "open GOP at the keyframe at 0.240 s"},
	} {
		plan, err := planCut(tc.idx, tc.p, tc.start, tc.end, nil)
		require.NoError(t, err, name)
		require.Equal(t, TrimReencode, plan.mode, name)
		require.Contains(t, plan.fallback, tc.why, name)
	}

	_, err = planCut(gopIndex(true), playable, 2, 3, nil)
	require.ErrorIs(t, err, ErrCorrupt, "past the end")

	// Keyframes that are not IDR pictures (I6) are passed over for the next that is (I12),
	// the head decoded from the last IDR before the start (I0), the tail from I12.
	starts := keyframeStarts{0: true, 6: false, 12: true, 18: false}
	plan, err = planCut(gopIndex(true), playable, 0.08, 0.68, starts)
	require.NoError(t, err)
	require.Equal(t, TrimSmartCut, plan.mode, plan.fallback)
	require.InDelta(t, 0.48, plan.keyframe, 1e-9)
	require.Equal(t, []int{10, 4, 1}, []int{plan.headFrames, plan.copyFrames, plan.tailFrames}, "frames 2–11 encoded, 12–15 copied, 16 encoded")
	require.InDelta(t, 0, plan.headSeek, 1e-9)
	require.InDelta(t, 0.48, plan.tailSeek, 1e-9)
	// … unless the head would be most of the clip.
	plan, err = planCut(gopIndex(true), playable, 0.08, 0.56, starts)
	require.NoError(t, err)
	require.Equal(t, TrimReencode, plan.mode)
	require.Equal(t, "the keyframe at 0.240 s is not an IDR picture, and re-encoding up to the next clean one, at 0.480 s, is most of the clip", plan.fallback)
	// No IDR picture before the start to decode the head from.
	plan, err = planCut(gopIndex(true), playable, 0.32, 0.8, keyframeStarts{0: false, 6: false, 12: true})
	require.NoError(t, err)
	require.Equal(t, TrimReencode, plan.mode)
	require.Equal(t, "no IDR picture before the start to decode from", plan.fallback)
}

// TestTrimFindsAnIDRPicture: an H.264 stream whose keyframes are mostly recovery points, not
// IDR pictures (x264's intra refresh, as some Android phones write), with an IDR picture at
// 6 s: the cut copies from 6 s and re-encodes up to it, decoding from the IDR picture at 0 s.
func TestTrimFindsAnIDRPicture(t *testing.T) {
	t.Parallel()
	src := frameCodedVideo(t, "android.mp4", "-c:v", "libx264", "-preset", "veryfast", "-bf", "0",
		"-x264-params", "intra-refresh=1:scenecut=0", "-force_key_frames", "6", "-forced-idr", "1", "-c:a", "aac")
	out := filepath.Join(t.TempDir(), "clip.mp4")
	res, err := Trim(context.Background(), src, out, 3.3, 8.5)
	require.NoError(t, err)
	require.Equal(t, TrimSmartCut, res.Mode, res.Fallback)
	first, last := requireClip(t, out, 5.2)
	require.Equal(t, 83, first)
	require.Equal(t, 212, last)
	require.Greater(t, framePSNR(t, out, 0, src, 83), 40.0, "the first frame is the source's")
	require.Greater(t, framePSNR(t, out, 129, src, 212), 40.0, "the last frame is the source's")

	// The keyframe at 8 s is not an IDR either, and there is none later: re-encoded whole.
	res, err = Trim(context.Background(), src, out, 7.3, 9.5)
	require.NoError(t, err)
	require.Equal(t, TrimReencode, res.Mode)
	require.Equal(t, "the keyframe at 8.000 s is not an IDR picture", res.Fallback)
}

func TestParseHexDump(t *testing.T) {
	t.Parallel()
	dump := "\n00000000: 0000 0006 0606 0213 1080 0000 0003 419a  ..............A.\n00000010: 21                                       !\n"
	b, err := parseHexDump(dump)
	require.NoError(t, err)
	require.Equal(t, []byte{0, 0, 0, 6, 6, 6, 2, 0x13, 0x10, 0x80, 0, 0, 0, 3, 0x41, 0x9a, 0x21}, b)
	clean, err := sampleStartsClean(b, "h264", 4)
	require.NoError(t, err)
	require.False(t, clean, "an SEI, then a non-IDR slice")
}

func TestParseCutIndex(t *testing.T) {
	t.Parallel()
	out := `{"packets": [
		{"stream_index": 1, "pts": 0, "dts": 0, "flags": "K_"},
		{"stream_index": 0, "pts": 1024, "dts": 0, "flags": "K_"},
		{"stream_index": 0, "pts": 2560, "dts": 512, "flags": "__"},
		{"stream_index": 0, "dts": 1024, "flags": "__"}],
	 "streams": [
		{"index": 0, "codec_type": "video", "codec_name": "h264", "codec_tag_string": "avc1", "profile": "High", "level": 40,
		 "pix_fmt": "yuv420p", "width": 1920, "height": 1080, "time_base": "1/12800", "color_range": "tv"},
		{"index": 1, "codec_type": "audio", "codec_name": "aac", "time_base": "1/44100"}],
	 "format": {"start_time": "0.080000"}}`
	idx, err := parseCutIndex([]byte(out))
	require.NoError(t, err)
	require.Equal(t, cutStream{codec: "h264", tag: "avc1", profile: "High", pixFmt: "yuv420p", level: 40, width: 1920, height: 1080,
		colorRange: "tv", timeBaseNum: 1, timeBaseDen: 12800}, idx.stream)
	require.Len(t, idx.packets, 3, "the video's packets only")
	require.Equal(t, cutPacket{pts: 1024, dts: 0, key: true}, idx.packets[0])
	require.Equal(t, int64(math.MinInt64), idx.packets[2].pts, "no pts: marked")
	require.InDelta(t, 0.12, idx.seconds(2560), 1e-9, "less the file's start time")

	plan, err := planCut(idx, ProbeResult{HasVideo: true, VideoCodec: "h264", PixelFormat: "yuv420p", Container: "mov,mp4,m4a,3gp,3g2,mj2"}, 0, 0.1, nil)
	require.NoError(t, err)
	require.Equal(t, "a video packet without timestamps near the cut", plan.fallback)

	_, err = parseCutIndex([]byte(`{"streams": [{"index": 0, "codec_type": "audio"}]}`))
	require.ErrorIs(t, err, ErrCorrupt)
}

func TestTrimArgs(t *testing.T) {
	t.Parallel()
	p := ProbeResult{HasVideo: true, HasAudio: true, VideoCodec: "h264", AudioCodec: "aac"}

	re := TrimArgs("/data/game.mp4", "/tmp/clip.mp4", 13.3, 16.1, p)
	requireCommon(t, re)
	inputAt := index(t, re, "-i")
	require.Equal(t, "8.300000", re[index(t, re, "-ss")+1], "coarse seek 5 s early, before -i")
	require.Less(t, index(t, re, "-ss"), inputAt)
	fine := inputAt + 2
	require.Equal(t, []string{"-ss", "5.000000", "-t", "2.800000"}, re[fine:fine+4], "the rest after -i, frame-accurate")
	require.Equal(t, "libx264", value(t, re, "-c:v"))
	require.Equal(t, "veryfast", value(t, re, "-preset"))
	require.Equal(t, "20", value(t, re, "-crf"))
	require.Equal(t, "aac", value(t, re, "-c:a"))
	require.Equal(t, "yuv420p", value(t, re, "-pix_fmt"))
	require.Equal(t, "scale=w='min(1920,iw)':h='min(1920,ih)':force_original_aspect_ratio=decrease:force_divisible_by=2",
		value(t, re, "-vf"), "a clip keeps full HD, a playback rendition's 720p is not for keeping")
	require.Equal(t, "+faststart", value(t, re, "-movflags"))
	require.Equal(t, "mp4", value(t, re, "-f"))

	early := TrimArgs("in", "out", 2, 3, p)
	require.Equal(t, "0.000000", value(t, early, "-ss"), "never before the start")
	require.Equal(t, "2.000000", early[index(t, early, "-i")+3])

	silent := TrimArgs("in", "out", 2, 3, ProbeResult{HasVideo: true})
	require.Contains(t, silent, "-an")
	require.NotContains(t, silent, "0:a:0")
	require.NotContains(t, silent, "-c:a")
}

func TestCopyArgs(t *testing.T) {
	t.Parallel()
	p := ProbeResult{HasVideo: true, HasAudio: true, VideoCodec: "h264", AudioCodec: "aac"}
	args := CopyArgs("/data/game.mp4", "/tmp/clip.mp4", 2.0666667, 4.5, p)
	requireCommon(t, args)
	require.Less(t, index(t, args, "-ss"), index(t, args, "-i"), "-ss before -i: seek to the keyframe")
	require.Equal(t, 1, strings.Count(strings.Join(args, " "), "-ss "))
	require.Equal(t, "2.066666", value(t, args, "-ss"), "rounded down, never past the keyframe")
	require.Equal(t, "4.500000", value(t, args, "-t"))
	require.NotContains(t, args, "-frames:v", "it would end the audio with the video's last packet")
	require.Greater(t, index(t, args, "-t"), index(t, args, "-i"))
	require.Equal(t, "copy", value(t, args, "-c"))
	require.Equal(t, "make_zero", value(t, args, "-avoid_negative_ts"))
	require.Equal(t, "+faststart", value(t, args, "-movflags"))
	require.Equal(t, "0:a:0", args[index(t, args, "-map")+3])
	require.Equal(t, "file:/tmp/clip.mp4", args[len(args)-1])

	silent := CopyArgs("in", "out", 2, 3, ProbeResult{HasVideo: true})
	require.Contains(t, silent, "-an")
	require.NotContains(t, silent, "0:a:0")
}

func TestSmartCutArgs(t *testing.T) {
	t.Parallel()
	s := cutStream{codec: "h264", profile: "High", level: 40, pixFmt: "yuv420p", timeBaseNum: 1, timeBaseDen: 600,
		colorRange: "tv", colorSpace: "bt709", colorPrimaries: "unknown"}

	head := ffmpegArgs(piecePart("/data/game.mp4", smartCutPart{path: "/tmp/head.mp4", from: 13.32, until: 14}, -1, 17, s, 1, 40, nil))
	requireCommon(t, head)
	require.Less(t, index(t, head, "-noautorotate"), index(t, head, "-i"), "the stored picture, not turned")
	require.Less(t, index(t, head, "-ss"), index(t, head, "-i"), "input seek: decode from the keyframe before")
	require.Equal(t, "13.319900", value(t, head, "-ss"), "a hair before the first frame")
	require.Less(t, index(t, head, "-t"), index(t, head, "-i"), "the input read only so far")
	require.Equal(t, "0.730100", value(t, head, "-t"), "to a little past the part's end")
	require.Equal(t, "17", value(t, head, "-frames:v"))
	require.Equal(t, "libx264", value(t, head, "-c:v"))
	require.Equal(t, "high", value(t, head, "-profile:v"))
	require.Equal(t, "4.0", value(t, head, "-level:v"))
	require.Equal(t, "yuv420p", value(t, head, "-pix_fmt"))
	require.Equal(t, "0", value(t, head, "-bf"), "no reordering inside the encoded part")
	require.Equal(t, "sps-id=1", value(t, head, "-x264-params"))
	require.Equal(t, "passthrough", value(t, head, "-fps_mode"), "the source's frame times")
	require.Equal(t, "-1", value(t, head, "-enc_time_base"), "in the source's time base")
	require.Equal(t, "600", value(t, head, "-video_track_timescale"))
	require.Equal(t, "setts=dts=DTS-40", value(t, head, "-bsf:v"))
	require.Equal(t, "tv", value(t, head, "-color_range"))
	require.Equal(t, "bt709", value(t, head, "-colorspace"))
	require.NotContains(t, head, "-color_primaries", "unknown is left out")
	require.Contains(t, head, "-an")

	// The poster taken beside the head: a second output of the same input, after the head's, from
	// the part's first frame on (past the frames the head skips when it decodes from an IDR before).
	still := &partStill{at: 0.5, maxSide: 720, path: "/tmp/poster.jpg"}
	withStill := ffmpegArgs(piecePart("/data/game.mp4", smartCutPart{path: "/tmp/head.mp4", from: 13.32, until: 14.5}, 12, 35, s, 1, 40, still))
	require.Equal(t, 1, strings.Count(strings.Join(withStill, " "), " -i "), "one decode for both")
	stillOut := withStill[slices.Index(withStill, "file:/tmp/head.mp4")+1:]
	require.Equal(t, "0:v:0", value(t, stillOut, "-map"))
	require.NotContains(t, stillOut, "-ss", "an output's -ss drops frames after its filters: each would be scaled")
	require.True(t, strings.HasPrefix(value(t, stillOut, "-vf"), "trim=start=1.819900,scale="),
		"1.3199 s skipped to the head's first frame, then 0.5 s, before the scaling: %s", value(t, stillOut, "-vf"))
	require.Equal(t, "1", value(t, stillOut, "-frames:v"))
	require.Equal(t, "mjpeg", value(t, stillOut, "-c:v"))
	require.Equal(t, "file:/tmp/poster.jpg", stillOut[len(stillOut)-1])

	cp := ffmpegArgs(copyPart("/data/game.mp4", "/tmp/copy.mp4", 14, 300, s))
	requireCommon(t, cp)
	require.Less(t, index(t, cp, "-ss"), index(t, cp, "-i"))
	require.Equal(t, "14.000000", value(t, cp, "-ss"))
	require.Equal(t, "copy", value(t, cp, "-c:v"))
	require.Equal(t, "300", value(t, cp, "-frames:v"))
	require.Equal(t, "600", value(t, cp, "-video_track_timescale"))

	audio := ffmpegArgs(audioPart("/data/game.mp4", "/tmp/audio.m4a", 13.32, 30))
	requireCommon(t, audio)
	require.Less(t, index(t, audio, "-ss"), index(t, audio, "-i"))
	require.Equal(t, "13.319900", value(t, audio, "-ss"), "a hair before the first frame")
	require.Equal(t, "30.000000", value(t, audio, "-t"))
	require.Contains(t, audio, "-vn")
	// The source's own frames, from the first that starts at or after the clip's first frame.
	require.Equal(t, "copy", value(t, audio, "-c:a"))
	require.Equal(t, "0", value(t, audio, "-copypriorss"), "no frame from before the cut")

	// The copy, the tail and the audio in one run: the inputs in order, then each output mapping
	// its own input.
	together := ffmpegArgs(
		copyPart("/data/game.mp4", "/tmp/copy.mp4", 14, 300, s),
		piecePart("/data/game.mp4", smartCutPart{path: "/tmp/tail.mp4", from: 43.9, until: 44}, -1, 2, s, 2, 40, nil),
		audioPart("/data/game.mp4", "/tmp/audio.m4a", 13.32, 30),
	)
	requireCommon(t, together)
	require.Equal(t, 3, strings.Count(strings.Join(together, " "), " -i "))
	outputs := together[slices.Index(together, "-map"):]
	require.NotContains(t, outputs, "-i", "every input before the first output")
	require.Equal(t, []string{"0:v:0", "1:v:0", "2:a:0"}, []string{
		value(t, outputs, "-map"),
		value(t, outputs[slices.Index(outputs, "file:/tmp/copy.mp4"):], "-map"),
		value(t, outputs[slices.Index(outputs, "file:/tmp/tail.mp4"):], "-map"),
	})
	require.Equal(t, "copy", value(t, outputs, "-c:v"))
	require.Equal(t, "libx264", value(t, outputs[slices.Index(outputs, "file:/tmp/copy.mp4"):], "-c:v"))
	require.Equal(t, "file:/tmp/audio.m4a", outputs[len(outputs)-1])

	p := ProbeResult{HasVideo: true, HasAudio: true}
	join := JoinArgs("/tmp/parts.ffconcat", "/data/game.mp4", cutAudio{"/tmp/audio.m4a", 0.017}, "/tmp/joined.mp4", 13.32, 30, p, s)
	requireCommon(t, join)
	require.Equal(t, "concat", value(t, join, "-f"))
	require.Equal(t, "0", value(t, join, "-auto_convert"), "packets untouched")
	require.Equal(t, "file:/tmp/parts.ffconcat", value(t, join, "-i"))
	second := join[index(t, join, "-i")+2:]
	require.Equal(t, "file:/tmp/audio.m4a", value(t, second, "-i"), "the audio made beside the parts")
	require.Equal(t, "0.017000", value(t, second, "-itsoffset"), "the audio's first frame where it starts, not at 0")
	require.NotContains(t, second, "-ss")
	require.Equal(t, "copy", value(t, join, "-c:v"))
	require.Equal(t, "copy", value(t, join, "-c:a"))
	require.NotContains(t, join, "-movflags", "the index is moved to the front afterwards")

	copied := JoinArgs("/tmp/parts.ffconcat", "/data/game.mp4", cutAudio{}, "/tmp/joined.mp4", 14, 30, p, s)
	require.Equal(t, "copy", value(t, copied, "-c:a"), "a copy from a keyframe copies the audio too")
	require.Equal(t, "14.000000", value(t, copied[index(t, copied, "-i")+2:], "-ss"))
	require.Equal(t, "file:/data/game.mp4", value(t, copied[index(t, copied, "-i")+2:], "-i"))

	silent := JoinArgs("/tmp/parts.ffconcat", "/data/game.mp4", cutAudio{}, "/tmp/joined.mp4", 13.32, 30, ProbeResult{HasVideo: true}, s)
	require.Equal(t, 1, strings.Count(strings.Join(silent, " "), "-i "), "no audio input")
	require.Contains(t, silent, "-an")

	check := DecodeCheckArgs("/tmp/clip.mp4", []decodeWindow{{0, 0.04}, {1.2, 1.4}, {28, -1}})
	require.Equal(t, "null", value(t, check, "-f"))
	require.Equal(t, "error", value(t, check, "-loglevel"))
	require.Equal(t, []string{
		"-threads", "1", "-t", "0.040000", "-protocol_whitelist", "file", "-i", "file:/tmp/clip.mp4",
		"-threads", "1", "-ss", "1.200000", "-t", "0.200000", "-protocol_whitelist", "file", "-i", "file:/tmp/clip.mp4",
		"-threads", "1", "-ss", "28.000000", "-protocol_whitelist", "file", "-i", "file:/tmp/clip.mp4",
		"-map", "0:v:0", "-map", "1:v:0", "-map", "2:v:0",
	}, check[4:len(check)-3], "the head's first frame, the copy's first frames, the tail; not the sound, the source's own")
}

// TestTrimKeepsRotation: a phone's portrait video is stored sideways with a display matrix;
// the smart cut's parts are the stored picture, and the clip keeps the matrix.
func TestTrimKeepsRotation(t *testing.T) {
	t.Parallel()
	stored := frameCodedVideo(t, "stored.mp4", phoneLike...)
	src := ffmpegMake(t, filepath.Join(t.TempDir(), "portrait.mp4"), "-i", stored, "-c", "copy", "-metadata:s:v:0", "rotate=90")
	p := probeFile(t, src)
	require.NotZero(t, p.Rotation, "test source")
	out := filepath.Join(t.TempDir(), "clip.mp4")
	res, err := Trim(context.Background(), src, out, 3.3, 6.1)
	require.NoError(t, err)
	require.Equal(t, TrimSmartCut, res.Mode, res.Fallback)
	r := probeFile(t, out)
	require.Equal(t, p.Rotation, r.Rotation)
	require.Equal(t, p.Width, r.Width)
	require.Equal(t, p.Height, r.Height)
	requireDecodesCleanly(t, out)
}

// TestDecodeCheckSeesAMissingParameterSet: the copied and the encoded frames need different
// parameter sets, all in the clip's avcC. A clip whose avcC lists only the source's PPS fails
// the decode check of the head's join (and a player would show garbage there).
func TestDecodeCheckSeesAMissingParameterSet(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	src := frameCodedVideo(t, "phone.mp4", phoneLike...)
	out := filepath.Join(t.TempDir(), "clip.mp4")
	res, err := Trim(ctx, src, out, 3.3, 6.1)
	require.NoError(t, err)
	require.Equal(t, TrimSmartCut, res.Mode, res.Fallback)
	check := DecodeCheckArgs(out, []decodeWindow{{0, 0.04}, {0.7, 0.9}})
	complaints, err := runToolStderr(ctx, FFmpegPath, check, nil, out)
	require.NoError(t, err)
	require.Empty(t, complaints, "the clip as cut decodes cleanly")

	// Drop the last PPS (the head's) from the list, keeping the avcC's size so nothing moves.
	raw, err := os.ReadFile(out)
	require.NoError(t, err)
	f, err := os.Open(out)
	require.NoError(t, err)
	top, moov, err := readMoov(f)
	require.NoError(t, f.Close())
	require.NoError(t, err)
	var before avcConfig
	broken, n, err := rewriteBoxes(moov, 0, int64(len(moov)), avcCPath, func(p []byte) ([]byte, error) {
		c, err := parseAVCConfig(p)
		if err != nil {
			return nil, err
		}
		before = c
		at := 6
		for _, s := range c.sps {
			at += 2 + len(s)
		}
		p = slices.Clone(p)
		p[at]-- // numOfPictureParameterSets
		return p, nil
	})
	require.NoError(t, err)
	require.Equal(t, 1, n)
	require.Len(t, before.pps, 2, "the source's PPS and the head's")
	require.Len(t, broken, len(moov))
	moovAt := slices.IndexFunc(top, func(b mp4Box) bool { return b.typ == "moov" })
	copy(raw[top[moovAt].start:], broken)
	require.NoError(t, os.WriteFile(out, raw, 0o600))

	complaints, err = runToolStderr(ctx, FFmpegPath, check, nil, out)
	require.NoError(t, err)
	require.NotEmpty(t, complaints, "the head's frames refer to a PPS the clip lacks")
	require.Contains(t, complaints, "non-existing PPS 1 referenced")
}

// TestTrimMakesTheClipsPoster: asked for it, Trim makes the clip's poster, its frame at 1 s, from
// the clip it cut, however it cut it, and leaves nothing else behind.
func TestTrimMakesTheClipsPoster(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	phone := frameCodedVideo(t, "phone.mp4", phoneLike...)
	silent := frameCodedVideo(t, "silent.mp4", append([]string{"-an"}, phoneLike...)...)
	mpeg4 := frameCodedVideo(t, "mpeg4.mp4", "-c:v", "mpeg4", "-q:v", "2", "-c:a", "aac")
	cases := []struct {
		name, source string
		start, end   float64
		mode         TrimMode
		poster       int
	}{
		// Frame 75 (3.00 s), 25 frames after the clip's first (50, the keyframe at 2 s).
		{"copy", phone, 2, 5, TrimCopy, 75},
		// Frame 108 (4.32 s), 25 frames after the clip's first (83, at 3.32 s).
		{"smart cut", phone, 3.3, 6.1, TrimSmartCut, 108},
		{"re-encode", mpeg4, 3.3, 6.1, TrimReencode, 108},
		// Half way through a clip shorter than 2 s: frame 83 + 15, in the head (taken by its run).
		{"short", phone, 3.3, 4.5, TrimSmartCut, 98},
		// Frame 88 (3.52 s), 25 after the clip's first (63, at 2.52 s), in the head (to the keyframe at 4 s).
		{"poster in the head", phone, 2.5, 5.5, TrimSmartCut, 88},
		{"without sound", silent, 3.3, 6.1, TrimSmartCut, 108},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			out, poster := filepath.Join(dir, "clip.mp4"), filepath.Join(dir, "poster.jpg")
			res, err := TrimWith(ctx, tc.source, out, tc.start, tc.end, TrimOptions{PosterPath: poster, PosterSide: 480})
			require.NoError(t, err)
			require.Equal(t, tc.mode, res.Mode, res.Fallback)
			img := decodeJPEGFile(t, poster)
			require.Equal(t, 160, img.Bounds().Dx(), "never scaled up")
			number := 0
			for k := range 8 {
				r, _, _, _ := img.At(k*20+10, 32).RGBA()
				if r>>8 > 128 {
					number |= 1 << k
				}
			}
			require.Equal(t, tc.poster, number)
			require.ElementsMatch(t, []string{"clip.mp4", "poster.jpg"}, dirEntries(t, dir), "no scratch left behind")
		})
	}
}
