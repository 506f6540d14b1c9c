package media

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"legacylocker/media/cards"
)

// reelClip makes a 2 s 320×240 H.264/AAC clip of pattern (an lavfi video source) with a 440 Hz
// tone at volume dB, encoded as every test clip of a reel is (same settings, so the same parameter
// sets: clips a stream copy may join). codec adds encoder arguments that make it differ.
func reelClip(t testing.TB, pattern string, volume float64, w, h int, codec ...string) ReelClip {
	t.Helper()
	out := filepath.Join(t.TempDir(), "clip.mp4")
	args := []string{"-f", "lavfi", "-i", fmt.Sprintf("%s=size=%dx%d:rate=30:duration=2", pattern, w, h),
		"-f", "lavfi", "-i", fmt.Sprintf("sine=frequency=440:sample_rate=48000:duration=2,volume=%gdB", volume),
		"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-g", "30", "-c:a", "aac", "-b:a", "96k"}
	ffmpegMake(t, out, append(args, codec...)...)
	p, err := Probe(context.Background(), out)
	require.NoError(t, err)
	return ReelClip{Path: out, Title: pattern, Probe: p}
}

func reelSlide(t testing.TB, format ReelFormat, clips []ReelClip) string {
	t.Helper()
	w, h := ReelFrame(format, clips)
	path := filepath.Join(t.TempDir(), string(format)+"-slide.png")
	f, err := os.Create(path)
	require.NoError(t, err)
	require.NoError(t, cards.RenderSlide(f, cards.Slide{Kicker: "2026 Highlights", Name: "Jo Lee", Number: "12", Position: "Shortstop",
		ClassYear: "2027", School: "Central High", Contact: "jo@example.com"}, w, h))
	require.NoError(t, f.Close())
	return path
}

// reelChecks holds a rendered reel to what a coach and the outside check measure: its length (the
// clips plus the slides, within 0.2 s), its frame, a decode without a single complaint, its loudness
// (within 1 LU of the target, EBU R128 through ebur128) and a chapter per segment.
func reelChecks(t *testing.T, out string, wantSeconds float64, w, h, chapters int) {
	t.Helper()
	p, err := Probe(context.Background(), out)
	require.NoError(t, err)
	assert.InDelta(t, wantSeconds, p.Duration, 0.2, "length")
	assert.Equal(t, [2]int{w, h}, [2]int{p.Width, p.Height}, "frame")
	assert.Equal(t, "h264", p.VideoCodec)
	assert.Equal(t, "aac", p.AudioCodec)
	requireFaststart(t, out)

	decode, err := exec.Command("ffmpeg", "-v", "error", "-i", out, "-f", "null", "-").CombinedOutput()
	require.NoError(t, err)
	assert.Empty(t, string(decode), "a clean decode")

	loud, err := exec.Command("ffmpeg", "-nostats", "-hide_banner", "-i", out, "-vn", "-af", "ebur128", "-f", "null", "-").CombinedOutput()
	require.NoError(t, err, string(loud))
	m := regexp.MustCompile(`(?s)Integrated loudness:\s*I:\s*(-?[\d.]+) LUFS`).FindSubmatch(loud)
	require.NotNil(t, m, string(loud))
	lufs, err := strconv.ParseFloat(string(m[1]), 64)
	require.NoError(t, err)
	assert.InDelta(t, ReelLoudnessTarget, lufs, 1, "integrated loudness")

	raw, err := exec.Command("ffprobe", "-v", "error", "-show_chapters", "-print_format", "json", out).Output()
	require.NoError(t, err)
	var got struct {
		Chapters []struct {
			Tags struct{ Title string } `json:"tags"`
		} `json:"chapters"`
	}
	require.NoError(t, json.Unmarshal(raw, &got))
	assert.Len(t, got.Chapters, chapters)
}

// TestRenderReelBothFormats: three clips, one quiet, one loud, one with a spotlight, behind a title
// slide, become a landscape reel in the clips' own frame; the spotlit one a 1080×1920 vertical one;
// each as long as the slide and its clips, levelled to the target, clean, with a chapter per segment.
func TestRenderReelBothFormats(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	clips := []ReelClip{
		reelClip(t, "testsrc", -32, 320, 240),
		reelClip(t, "testsrc2", -6, 320, 240),
		reelClip(t, "smptebars", -20, 320, 240),
	}
	clips[1].Spotlights = []ReelSpotlight{{At: 0.5, Seconds: 1, X: 0.5, Y: 0.4}}
	// The vertical reel is made of the spotlit clip alone: a 1080×1920 encode is the costly part of a
	// render, and one clip exercises its fill, its ring and its levels as well as three.
	for _, tc := range []struct {
		format ReelFormat
		clips  []ReelClip
		w, h   int
	}{{ReelLandscape, clips, 320, 240}, {ReelVertical, clips[1:2], 1080, 1920}} {
		t.Run(string(tc.format), func(t *testing.T) {
			t.Parallel()
			clipSeconds := 0.0
			for _, c := range tc.clips {
				clipSeconds += c.Probe.Duration
			}
			r := Reel{Title: "Jo's 2026", TitleSlide: reelSlide(t, tc.format, tc.clips), Clips: append([]ReelClip(nil), tc.clips...)}
			out := filepath.Join(t.TempDir(), "reel.mp4")
			var reported []float64
			res, err := RenderReel(ctx, r, tc.format, out, func(f float64) { reported = append(reported, f) })
			require.NoError(t, err)
			assert.Equal(t, ReelEncode, res.Mode)
			assert.NotEmpty(t, res.Fallback)
			reelChecks(t, out, clipSeconds+ReelSlideSeconds, tc.w, tc.h, len(tc.clips)+1)
			for _, f := range reported {
				assert.True(t, f > 0 && f < 1, "progress %v", f)
			}
		})
	}
}

// TestReelCopyJoinChosenOnlyWhenValid: clips encoded alike, with no slide and no spotlight, are joined
// by stream copy (the video's packets untouched) into a reel that passes every check an encoded one
// does; any one thing that needs drawing or differs in encoding makes it an encode, with the reason.
func TestReelCopyJoinChosenOnlyWhenValid(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	alike := []ReelClip{
		reelClip(t, "testsrc", -30, 320, 240),
		reelClip(t, "testsrc2", -8, 320, 240),
		reelClip(t, "smptebars", -18, 320, 240),
	}
	out := filepath.Join(t.TempDir(), "reel.mp4")
	res, err := RenderReel(ctx, Reel{Title: "Copy", Clips: append([]ReelClip(nil), alike...)}, ReelLandscape, out, nil)
	require.NoError(t, err)
	require.Equal(t, ReelCopy, res.Mode, res.Fallback)
	reelChecks(t, out, alike[0].Probe.Duration*3, 320, 240, 3)

	spotlit := append([]ReelClip(nil), alike...)
	spotlit[2].Spotlights = []ReelSpotlight{{At: 0, Seconds: 1, X: 0.5, Y: 0.5}}
	for name, tc := range map[string]struct {
		reel   Reel
		format ReelFormat
		want   string
	}{
		"title slide":      {Reel{TitleSlide: "slide.png", Clips: alike}, ReelLandscape, "a slide is drawn"},
		"end slide":        {Reel{EndSlide: "slide.png", Clips: alike}, ReelLandscape, "a slide is drawn"},
		"spotlight":        {Reel{Clips: spotlit}, ReelLandscape, "clip 3 has a spotlight"},
		"vertical":         {Reel{Clips: alike}, ReelVertical, "a vertical reel is drawn into its frame"},
		"another size":     {Reel{Clips: []ReelClip{alike[0], reelClip(t, "testsrc", -20, 480, 360)}}, ReelLandscape, "clip 1 is not 640x360"},
		"another encoding": {Reel{Clips: []ReelClip{alike[0], reelClip(t, "testsrc", -20, 320, 240, "-preset", "medium")}}, ReelLandscape, "clip 2 was encoded differently from clip 1"},
		"another codec":    {Reel{Clips: []ReelClip{alike[0], reelClip(t, "testsrc", -20, 320, 240, "-c:v", "mpeg4")}}, ReelLandscape, "clip 2 is mpeg4"},
	} {
		got, err := ReelCopyFallback(ctx, tc.reel, tc.format)
		require.NoError(t, err, name)
		assert.Equal(t, tc.want, got, name)
	}
}

// TestReelFrame: landscape keeps the clips' shared frame (down to 1080p), else 16:9 at the tallest
// clip up to 1080 lines; vertical is always 1080×1920.
func TestReelFrame(t *testing.T) {
	t.Parallel()
	clip := func(w, h int) ReelClip { return ReelClip{Probe: ProbeResult{Width: w, Height: h}} }
	for _, tc := range []struct {
		clips  []ReelClip
		format ReelFormat
		w, h   int
	}{
		{[]ReelClip{clip(320, 240), clip(320, 240)}, ReelLandscape, 320, 240},
		{[]ReelClip{clip(3840, 2160)}, ReelLandscape, 1920, 1080},
		{[]ReelClip{clip(1280, 720), clip(1080, 1920)}, ReelLandscape, 1920, 1080},
		{[]ReelClip{clip(640, 360), clip(320, 240)}, ReelLandscape, 640, 360},
		{[]ReelClip{clip(1080, 1920)}, ReelLandscape, 1920, 1080},
		{[]ReelClip{clip(320, 240)}, ReelVertical, 1080, 1920},
	} {
		w, h := ReelFrame(tc.format, tc.clips)
		assert.Equal(t, [2]int{tc.w, tc.h}, [2]int{w, h}, "%+v %s", tc.clips, tc.format)
	}
}

// TestReelCopyJoinOfHEVCClips: a phone's HEVC clips, encoded alike, are joined by copy too, tagged
// hvc1 as Apple's players want even when the clips were hev1 (ffmpeg's default, and some Android
// phones'); the item then gets its H.264 rendition as any HEVC video does.
func TestReelCopyJoinOfHEVCClips(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	hevc := []string{"-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error"}
	clips := []ReelClip{reelClip(t, "testsrc", -20, 320, 240, hevc...), reelClip(t, "testsrc2", -20, 320, 240, hevc...)}
	out := filepath.Join(t.TempDir(), "reel.mp4")
	res, err := RenderReel(ctx, Reel{Title: "HEVC", Clips: clips}, ReelLandscape, out, nil)
	require.NoError(t, err)
	require.Equal(t, ReelCopy, res.Mode, res.Fallback)
	assert.Equal(t, "hevc", res.Probe.VideoCodec)
	tag, err := exec.Command("ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=codec_tag_string", "-of", "csv=p=0", out).Output()
	require.NoError(t, err)
	assert.Equal(t, "hvc1", strings.TrimSpace(string(tag)))
	decode, err := exec.Command("ffmpeg", "-v", "error", "-i", out, "-f", "null", "-").CombinedOutput()
	require.NoError(t, err)
	assert.Empty(t, string(decode))
}

// TestLoudnessReelGain: a clip is raised or lowered to the target, less where its true peak would
// pass the ceiling; near-silence is left alone.
func TestLoudnessReelGain(t *testing.T) {
	for _, c := range []struct {
		name string
		l    Loudness
		want float64
	}{
		{"quiet, room to rise", Loudness{Integrated: -30, TruePeak: -20}, 14},
		{"loud, lowered", Loudness{Integrated: -8, TruePeak: -0.5}, -8},
		{"a whistle's peak limits the rise", Loudness{Integrated: -30, TruePeak: -6}, 4.5},
		{"silence", Loudness{Integrated: silence, TruePeak: silence}, 0},
	} {
		assert.InDelta(t, c.want, c.l.ReelGain(), 1e-9, c.name)
	}
}
