package media

import (
	"context"
	"encoding/json"
	"math"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

// iPhoneLike is how an iPhone writes HEVC, as far as a smart cut cares: B-frames (x265's
// pyramid) and closed GOPs, in an hvc1 track, with AAC.
var iPhoneLike = []string{"-c:v", "libx265", "-preset", "ultrafast", "-tag:v", "hvc1",
	"-x265-params", "log-level=error:scenecut=0:open-gop=0:bframes=3", "-c:a", "aac"}

// iPhoneHDRLike is an iPhone's HDR video: Main 10 with HLG colour tags, no B-frames here.
var iPhoneHDRLike = []string{"-c:v", "libx265", "-preset", "ultrafast", "-tag:v", "hvc1", "-pix_fmt", "yuv420p10le",
	"-color_primaries", "bt2020", "-color_trc", "arib-std-b67", "-colorspace", "bt2020nc",
	"-x265-params", "log-level=error:scenecut=0:open-gop=0:bframes=0", "-c:a", "aac"}

// probeVideoStream answers what a smart cut must keep of a file's first video stream.
func probeVideoStream(t *testing.T, path string) cutStreamJSON {
	t.Helper()
	out, err := exec.Command("ffprobe", "-v", "error", "-select_streams", "v:0", "-print_format", "json", "-show_streams", path).Output()
	require.NoError(t, err)
	var raw struct{ Streams []cutStreamJSON }
	require.NoError(t, json.Unmarshal(out, &raw))
	require.Len(t, raw.Streams, 1)
	s := raw.Streams[0]
	s.Index, s.TimeBase = 0, "" // where the stream sits in the file, not what it is
	return s
}

// framePSNR answers the PSNR (dB, luma and chroma, 8-bit) of frame a of video x against frame b
// of video y: how closely a cut's frame matches the source's frame it stands for.
func framePSNR(t *testing.T, x string, a int, y string, b int) float64 {
	t.Helper()
	frame := func(path string, n int) []byte {
		out, err := exec.Command("ffmpeg", "-nostdin", "-v", "error", "-i", path, "-map", "0:v:0",
			"-vf", "select=eq(n\\,"+strconv.Itoa(n)+")", "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "yuv420p", "-").Output()
		require.NoError(t, err)
		require.NotEmpty(t, out, "frame %d of %s", n, path)
		return out
	}
	p, q := frame(x, a), frame(y, b)
	require.Len(t, p, len(q))
	var sum float64
	for i := range p {
		d := float64(p[i]) - float64(q[i])
		sum += d * d
	}
	if sum == 0 {
		return math.Inf(1)
	}
	return 10 * math.Log10(255*255/(sum/float64(len(p))))
}

// TestTrimHEVC: an iPhone's HEVC is smart-cut like H.264: the clip is HEVC with the source's
// profile, pixel format, level, size and colour description, holds exactly the frames asked
// for, each as the source shows it, and decodes without a complaint.
func TestTrimHEVC(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	sdr := frameCodedVideo(t, "iphone.mov", iPhoneLike...)
	hdr := frameCodedVideo(t, "iphone-hdr.mov", iPhoneHDRLike...)
	// x265's own default, open GOPs: CRA keyframes; the one at 4 s has no leading pictures.
	openGOP := frameCodedVideo(t, "open-gop.mp4", "-c:v", "libx265", "-preset", "ultrafast", "-tag:v", "hvc1",
		"-x265-params", "log-level=error:scenecut=0:open-gop=1:bframes=3", "-c:a", "aac")
	cases := []struct {
		name        string
		source      string
		start, end  float64
		mode        TrimMode
		first, last int
	}{
		{"B-frames between keyframes", sdr, 3.3, 6.1, TrimSmartCut, 83, 152},
		{"B-frames from a keyframe to mid-GOP", sdr, 2, 5.44, TrimSmartCut, 50, 135},
		{"on keyframes", sdr, 4, 8, TrimCopy, 100, 199},
		{"Main 10 HLG between keyframes", hdr, 3.3, 6.1, TrimSmartCut, 83, 152},
		{"copied from a CRA keyframe", openGOP, 3.3, 6.1, TrimSmartCut, 83, 152},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			out := filepath.Join(t.TempDir(), "clip.mp4")
			res, err := Trim(ctx, tc.source, out, tc.start, tc.end)
			require.NoError(t, err)
			require.Equal(t, tc.mode, res.Mode, res.Fallback)
			require.Equal(t, probeFile(t, out), res.Clip, "Trim answers the clip's probe")
			require.Equal(t, "hevc", res.Clip.VideoCodec, "the full-quality clip stays HEVC")
			require.True(t, NeedsRendition(res.Clip), "a browser plays the clip's H.264 rendition")
			want := probeVideoStream(t, tc.source)
			want.CodecTag = "hvc1"
			require.Equal(t, want, probeVideoStream(t, out), "the source's profile, level, pixel format, size and colours")

			requireDecodesCleanly(t, out)
			timing, err := clipTimingOf(ctx, out)
			require.NoError(t, err)
			require.Equal(t, tc.last-tc.first+1, timing.video.frames, "every frame of the range once")
			require.InDelta(t, tc.end-tc.start, timing.video.duration, 0.04)
			require.InDelta(t, timing.video.duration, timing.audio.duration, 0.05, "audio as long as video")
			first, last := frameNumbers(t, out)
			require.Equal(t, tc.first, first, "first frame")
			require.Equal(t, tc.last, last, "last frame")
			// The bars are black and white: a frame that is the source's (re-encoded or copied) is
			// far above 30 dB; a neighbour or a frame decoded against the wrong references is not.
			firstPSNR := framePSNR(t, out, 0, tc.source, tc.first)
			lastPSNR := framePSNR(t, out, timing.video.frames-1, tc.source, tc.last)
			t.Logf("%s: PSNR of the first frame %.1f dB, of the last %.1f dB", tc.name, firstPSNR, lastPSNR)
			require.Greater(t, firstPSNR, 40.0)
			require.Greater(t, lastPSNR, 40.0)
			require.Less(t, framePSNR(t, out, 0, tc.source, tc.first+1), 30.0, "the check tells neighbours apart")
		})
	}
}
