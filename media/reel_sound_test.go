package media

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pcm decodes a file's sound (or, with graph, that filter graph over the inputs) to 48 kHz mono
// float samples.
func pcm(t *testing.T, inputs []string, format, graph string) []float32 {
	t.Helper()
	args := []string{"-nostdin", "-hide_banner", "-loglevel", "error"}
	for _, in := range inputs {
		if format != "" {
			args = append(args, "-f", format)
		}
		args = append(args, "-i", in)
	}
	if graph != "" {
		args = append(args, "-filter_complex", graph, "-map", "[a]")
	}
	args = append(args, "-ac", "1", "-ar", "48000", "-f", "f32le", "-")
	out, err := exec.Command(FFmpegPath, args...).Output()
	require.NoError(t, err)
	samples := make([]float32, len(out)/4)
	require.NoError(t, binary.Read(bytes.NewReader(out), binary.LittleEndian, samples))
	return samples
}

// snr is the signal-to-noise ratio in dB of decoded against reference over [from, to).
func snr(reference, decoded []float32, from, to int) float64 {
	var signal, noise float64
	for i := from; i < to; i++ {
		d := float64(decoded[i] - reference[i])
		signal += float64(reference[i]) * float64(reference[i])
		noise += d * d
	}
	return 10 * math.Log10(signal/math.Max(noise, 1e-20))
}

// TestReelSoundPartsJoinWithoutASeam: a reel's sound encoded in three parts and joined frame by frame
// decodes as the levelled sound, sample for sample in time (no shift, no gap: lined up with the
// pictures), as long as it, and as clean at the seams as the sound encoded whole is there; and a reel
// rendered by stream copy with its sound so made plays as any reel does.
func TestReelSoundPartsJoinWithoutASeam(t *testing.T) {
	t.Parallel()
	requireTool(t, "ffmpeg", "ffmpeg")
	ctx := context.Background()
	dir := t.TempDir()
	var clips []ReelClip
	for i, freq := range []int{440, 660} {
		path := ffmpegMake(t, filepath.Join(dir, fmt.Sprintf("clip%d.mp4", i)), "-f", "lavfi", "-i", "testsrc=size=64x64:rate=30:duration=25",
			"-f", "lavfi", "-i", fmt.Sprintf("sine=frequency=%d:sample_rate=48000:duration=25,volume=-12dB", freq),
			"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "192k")
		p, err := Probe(ctx, path)
		require.NoError(t, err)
		clips = append(clips, ReelClip{Path: path, Title: fmt.Sprint(i), Probe: p})
	}
	require.NoError(t, LevelClips(ctx, clips))
	r := Reel{Title: "Seams", Clips: clips}
	total := reelSamples(r)

	args := ReelSoundArgs(r, 0, total, "-")
	graph := args[slices.Index(args, "-filter_complex")+1]
	require.Contains(t, graph, "concat=n=2")
	reference := pcm(t, []string{clips[0].Path, clips[1].Path}, "", graph)
	require.InDelta(t, total, len(reference), 1)

	whole, parted := filepath.Join(dir, "whole.aac"), filepath.Join(dir, "parted.aac")
	require.NoError(t, encodeReelSound(ctx, r, total, whole, 1))
	require.NoError(t, encodeReelSound(ctx, r, total, parted, 3))
	parts := reelSoundParts(total, 3)
	require.Len(t, parts, 3)
	for _, tc := range []struct {
		name    string
		decoded []float32
	}{{"whole", pcm(t, []string{whole}, "aac", "")}, {"in parts", pcm(t, []string{parted}, "aac", "")}} {
		assert.InDelta(t, total, len(tc.decoded), aacFrameSamples, "%s: as long as the pictures", tc.name)
		require.GreaterOrEqual(t, len(tc.decoded), int(total)-aacFrameSamples)
		// Lined up: the decoded sound matches the reference best with no shift.
		best, bestSNR := 0, math.Inf(-1)
		for shift := -2 * aacFrameSamples; shift <= 2*aacFrameSamples; shift += 256 {
			from := 5 * reelSampleRate
			to := from + reelSampleRate
			if v := snr(reference[from:to], tc.decoded[from+shift:to+shift], 0, reelSampleRate); v > bestSNR {
				best, bestSNR = shift, v
			}
		}
		assert.Zero(t, best, "%s: shifted by %d samples", tc.name, best)
		assert.Greater(t, bestSNR, 20.0, tc.name)
	}
	// Through RenderReel, joined by stream copy with the sound in parts (one per core): as long as its
	// clips, decoding without a complaint, levelled, a chapter per clip.
	out := filepath.Join(dir, "reel.mp4")
	res, err := RenderReel(ctx, r, ReelLandscape, out, nil)
	require.NoError(t, err)
	require.Equal(t, ReelCopy, res.Mode, res.Fallback)
	reelChecks(t, out, 50, 64, 64, 2)

	decodedWhole, decodedParts := pcm(t, []string{whole}, "aac", ""), pcm(t, []string{parted}, "aac", "")
	for _, p := range parts[1:] {
		seam := int(p.keepFrom)
		from, to := seam-2*aacFrameSamples, seam+2*aacFrameSamples
		w, s := snr(reference, decodedWhole, from, to), snr(reference, decodedParts, from, to)
		t.Logf("the seam at sample %d: %.1f dB in parts, %.1f dB whole", seam, s, w)
		assert.Greater(t, s, w-3, "the seam at sample %d", seam)
	}
}
