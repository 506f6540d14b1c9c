package media

import (
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// longReelClip makes a seconds-long 320×240 H.264/AAC clip of pattern with a 440 Hz tone at -20 dB,
// keyframes every 2 s, so a segment starts between keyframes as a phone's clip would.
func longReelClip(t *testing.T, pattern string, seconds int) ReelClip {
	t.Helper()
	out := filepath.Join(t.TempDir(), "clip.mp4")
	ffmpegMake(t, out, "-f", "lavfi", "-i", fmt.Sprintf("%s=size=320x240:rate=30:duration=%d", pattern, seconds),
		"-f", "lavfi", "-i", fmt.Sprintf("sine=frequency=440:sample_rate=48000:duration=%d,volume=-20dB", seconds),
		"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-g", "60", "-c:a", "aac", "-b:a", "96k")
	p, err := Probe(context.Background(), out)
	require.NoError(t, err)
	return ReelClip{Path: out, Title: pattern, Probe: p}
}

// cut answers c cut to [start, end).
func cut(c ReelClip, start, end float64) ReelClip {
	c.Cut, c.Start, c.Probe.Duration = true, start, end-start
	return c
}

// streamSeconds answers the duration of each of the file's streams, by codec type.
func streamSeconds(t *testing.T, path string) map[string]float64 {
	t.Helper()
	raw, err := exec.Command("ffprobe", "-v", "error", "-show_entries", "stream=codec_type,duration", "-print_format", "json", path).Output()
	require.NoError(t, err)
	var got struct {
		Streams []struct {
			Type     string `json:"codec_type"`
			Duration string `json:"duration"`
		} `json:"streams"`
	}
	require.NoError(t, json.Unmarshal(raw, &got))
	out := map[string]float64{}
	for _, s := range got.Streams {
		d, err := strconv.ParseFloat(s.Duration, 64)
		require.NoError(t, err, s.Type)
		out[s.Type] = d
	}
	return out
}

// TestRenderReelOfCutSegments: segments cut between keyframes of two clips (one twice, one of them
// spotlit), behind a title and an end slide, make a reel as long as the segments and the slides,
// its picture and sound the same length, clean, levelled, with a chapter per segment; a reel of cut
// clips is never joined by stream copy.
func TestRenderReelOfCutSegments(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	a, b := longReelClip(t, "testsrc", 6), longReelClip(t, "smptebars", 5)
	spotlit := cut(a, 3.3, 5.1)
	spotlit.Spotlights = []ReelSpotlight{{At: 0.4, Seconds: 1, X: 0.5, Y: 0.5}}
	clips := []ReelClip{cut(a, 0.7, 2.2), cut(b, 1.1, 3.6), spotlit}
	segments := 1.5 + 2.5 + 1.8

	got, err := ReelCopyFallback(ctx, Reel{Clips: clips}, ReelLandscape)
	require.NoError(t, err)
	assert.Equal(t, "clip 1 is cut to a segment", got)

	r := Reel{Title: "Jo's season", TitleSlide: reelSlide(t, ReelLandscape, clips), EndSlide: reelSlide(t, ReelLandscape, clips), Clips: clips}
	out := filepath.Join(t.TempDir(), "film.mp4")
	res, err := RenderReel(ctx, r, ReelLandscape, out, nil)
	require.NoError(t, err)
	assert.Equal(t, ReelEncode, res.Mode)
	reelChecks(t, out, segments+2*ReelSlideSeconds, 320, 240, len(clips)+2)
	streams := streamSeconds(t, out)
	assert.InDelta(t, streams["video"], streams["audio"], 0.1, "picture and sound end together")
}

// TestReelEncodeArgsSeekEachCutClip: a cut clip's input is sought and bounded before it is opened,
// a whole clip's is not.
func TestReelEncodeArgsSeekEachCutClip(t *testing.T) {
	t.Parallel()
	whole := ReelClip{Path: "/clips/whole.mp4", Probe: ProbeResult{Duration: 4, Width: 320, Height: 240}}
	part := cut(ReelClip{Path: "/clips/part.mp4", Probe: ProbeResult{Duration: 9, Width: 320, Height: 240}}, 2.5, 4)
	args := ReelEncodeArgs(Reel{Clips: []ReelClip{whole, part}}, ReelLandscape, "/ring.png", "/meta.txt", "/out.mp4")
	inputs := map[string][]string{}
	for i, a := range args {
		if a == "-i" {
			inputs[args[i+1]] = args[max(0, i-6):i]
		}
	}
	assert.Equal(t, []string{"-ss", "2.500000", "-t", "1.500000", "-protocol_whitelist", "file"}, inputs[inputURL(part.Path)])
	assert.NotContains(t, inputs[inputURL(whole.Path)], "-ss")
}
