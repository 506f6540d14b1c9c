package media

import (
	"cmp"
	"context"
	"crypto/rand"
	"fmt"
	"math"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// gameClip describes a video made for highlight tests: a bed of white noise at bed amplitude
// with bursts (1 s each unless burstLen says) of burst amplitude, and hard cuts between visibly different
// pictures (testsrc2, a red screen, a Mandelbrot set) at cuts.
type gameClip struct {
	seconds    float64
	w, h       int
	audio      string // "noise" (bed and bursts), "silent" (an all-zero track) or "" (none)
	bed, burst float64
	bursts     []float64
	burstLen   float64 // seconds; 1 when zero
	preset     string  // libx264's; ultrafast when empty
	cuts       []float64
}

// make writes the clip as an H.264/AAC MP4 with one ffmpeg command.
func (c gameClip) make(t testing.TB) string {
	t.Helper()
	sources := []string{"testsrc2=s=%dx%d:r=25", "color=c=red:s=%dx%d:r=25", "mandelbrot=s=%dx%d:r=25"}
	var args []string
	bounds := append(append([]float64{0}, c.cuts...), c.seconds)
	for i := range len(bounds) - 1 {
		src := fmt.Sprintf(sources[i%len(sources)], c.w, c.h)
		args = append(args, "-f", "lavfi", "-t", fmt.Sprint(bounds[i+1]-bounds[i]), "-i", src)
	}
	pieces := len(bounds) - 1
	var video strings.Builder
	for i := range pieces {
		fmt.Fprintf(&video, "[%d:v]", i)
	}
	fmt.Fprintf(&video, "concat=n=%d:v=1:a=0,format=yuv420p[v]", pieces)

	switch c.audio {
	case "noise":
		loud, length := "0", cmp.Or(c.burstLen, 1)
		for _, at := range c.bursts {
			loud += fmt.Sprintf("+between(t,%g,%g)", at, at+length)
		}
		expr := fmt.Sprintf("if(%s,%g,%g)*(2*random(0)-1)", loud, c.burst, c.bed)
		args = append(args, "-f", "lavfi", "-i", fmt.Sprintf("aevalsrc='%s':s=16000:d=%g", expr, c.seconds))
	case "silent":
		args = append(args, "-f", "lavfi", "-i", fmt.Sprintf("anullsrc=r=44100:cl=stereo,atrim=duration=%g", c.seconds))
	}
	args = append(args, "-filter_complex", video.String(), "-map", "[v]")
	if c.audio != "" {
		args = append(args, "-map", fmt.Sprintf("%d:a", pieces), "-c:a", "aac", "-b:a", "96k")
	}
	args = append(args, "-c:v", "libx264", "-preset", cmp.Or(c.preset, "ultrafast"), "-t", fmt.Sprint(c.seconds))
	return ffmpegMake(t, filepath.Join(t.TempDir(), "game.mp4"), args...)
}

func probeFile(t testing.TB, path string) ProbeResult {
	t.Helper()
	p, err := Probe(context.Background(), path)
	require.NoError(t, err)
	return p
}

// segmentAt answers the segment that contains at.
func segmentAt(segments []Segment, at float64) (Segment, bool) {
	for _, s := range segments {
		if s.Start <= at && at <= s.End {
			return s, true
		}
	}
	return Segment{}, false
}

// requireWellFormed checks what every answer of DetectHighlights must be.
func requireWellFormed(t *testing.T, segments []Segment, duration float64, opts HighlightOptions) {
	t.Helper()
	opts = opts.withDefaults()
	require.LessOrEqual(t, len(segments), opts.MaxSegments)
	for i, s := range segments {
		require.GreaterOrEqual(t, s.Start, 0.0)
		require.LessOrEqual(t, s.End, duration)
		require.Less(t, s.Start, s.End)
		require.Contains(t, []string{ReasonAudio, ReasonScene, ReasonBoth}, s.Reason)
		if i > 0 {
			require.Greater(t, s.Start, segments[i-1].End, "in time order, not overlapping")
		}
	}
}

// requireQuiet checks that no segment overlaps [from, to].
func requireQuiet(t *testing.T, segments []Segment, from, to float64) {
	t.Helper()
	for _, s := range segments {
		require.False(t, s.Start < to && s.End > from, "segment %+v overlaps the quiet stretch %g–%g", s, from, to)
	}
}

func logSegments(t *testing.T, name string, segments []Segment) {
	t.Helper()
	var b strings.Builder
	for _, s := range segments {
		fmt.Fprintf(&b, "\n  %6.2f–%6.2f event %6.2f score %5.2f %s", s.Start, s.End, s.at, s.Score, s.Reason)
	}
	t.Logf("%s:%s", name, b.String())
}

func TestDetectHighlightsFindsBurstsAndCuts(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	bursts, cuts := []float64{8, 19, 31}, []float64{13, 26}
	path := gameClip{seconds: 40, w: 320, h: 240, audio: "noise", bed: 0.02, burst: 0.8, bursts: bursts, cuts: cuts}.make(t)
	p := probeFile(t, path)

	// One ffmpeg pass; the segments are then picked with two sets of options.
	loudness, scenes, err := analyseHighlights(ctx, path, p, HighlightOptions{})
	require.NoError(t, err)
	require.InDelta(t, 80, len(loudness), 2, "one level per half second")
	t.Logf("scene changes: %+v", scenes)

	// Narrow padding keeps every event a segment of its own, to check each one's time.
	narrow := HighlightOptions{PadBefore: 2, PadAfter: 1}
	segments := PickSegments(loudness, 0.5, scenes, p.Duration, narrow)
	logSegments(t, "narrow padding", segments)
	requireWellFormed(t, segments, p.Duration, narrow)
	require.Len(t, segments, len(bursts)+len(cuts))
	for _, at := range bursts {
		s, ok := segmentAt(segments, at)
		require.True(t, ok, "burst at %g found", at)
		require.InDelta(t, at, s.at, 1, "burst at %g", at)
		require.Equal(t, ReasonAudio, s.Reason)
	}
	for _, at := range cuts {
		s, ok := segmentAt(segments, at)
		require.True(t, ok, "cut at %g found", at)
		require.InDelta(t, at, s.at, 0.1, "cut at %g", at)
		require.Equal(t, ReasonScene, s.Reason)
	}
	for _, s := range segments {
		if s.Reason == ReasonScene {
			for _, a := range segments {
				if a.Reason == ReasonAudio {
					require.Greater(t, a.Score, s.Score, "a lone cut ranks below every crowd peak")
				}
			}
		}
	}

	// The defaults, end to end: events 5 to 6 s apart merge into longer segments, and the
	// quiet stretches stay out of all of them.
	segments, err = DetectHighlights(ctx, path, p, HighlightOptions{})
	require.NoError(t, err)
	logSegments(t, "defaults", segments)
	requireWellFormed(t, segments, p.Duration, HighlightOptions{})
	for _, at := range append(slices.Clone(bursts), cuts...) {
		_, ok := segmentAt(segments, at)
		require.True(t, ok, "event at %g in a segment", at)
	}
	for _, at := range cuts {
		s, _ := segmentAt(segments, at)
		require.Contains(t, s.Reason, ReasonScene)
	}
	requireQuiet(t, segments, 0, 3.5)
	requireQuiet(t, segments, 34, 40)
	require.InDelta(t, bursts[0], segments[0].Start+defaultPadBefore, 1, "padding before the first burst")
}

func TestDetectHighlightsLoudStadium(t *testing.T) {
	t.Parallel()
	bursts := []float64{8, 19, 31}
	path := gameClip{seconds: 40, w: 160, h: 120, audio: "noise", bed: 0.3, burst: 1, bursts: bursts}.make(t)
	p := probeFile(t, path)

	segments, err := DetectHighlights(context.Background(), path, p, HighlightOptions{})
	require.NoError(t, err)
	logSegments(t, "stadium", segments)
	requireWellFormed(t, segments, p.Duration, HighlightOptions{})
	require.Len(t, segments, len(bursts), "the loud bed is the baseline, not a highlight")
	for i, at := range bursts {
		require.InDelta(t, at, segments[i].at, 1)
		require.InDelta(t, at, segments[i].Start+defaultPadBefore, 1)
		require.Equal(t, ReasonAudio, segments[i].Reason)
	}
}

func TestDetectHighlightsSceneChangesAlone(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cuts := []float64{5, 10}
	silent := gameClip{seconds: 15, w: 160, h: 120, audio: "silent", cuts: cuts}.make(t)
	noAudio := filepath.Join(t.TempDir(), "no-audio.mp4")
	ffmpegMake(t, noAudio, "-i", silent, "-map", "0:v", "-c", "copy")

	for name, path := range map[string]string{"silent track": silent, "no audio track": noAudio} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			p := probeFile(t, path)
			require.Equal(t, name == "silent track", p.HasAudio)
			if !p.HasAudio {
				args := strings.Join(HighlightArgs(path, p, HighlightOptions{}), " ")
				require.NotContains(t, args, "astats")
				require.NotContains(t, args, "0:a")
			}
			opts := HighlightOptions{PadBefore: 1, PadAfter: 1}
			segments, err := DetectHighlights(ctx, path, p, opts)
			require.NoError(t, err)
			logSegments(t, name, segments)
			requireWellFormed(t, segments, p.Duration, opts)
			require.Len(t, segments, len(cuts))
			for i, at := range cuts {
				require.Equal(t, ReasonScene, segments[i].Reason)
				require.InDelta(t, at, segments[i].at, 0.1)
			}
		})
	}
}

func TestDetectHighlightsShortVideo(t *testing.T) {
	t.Parallel()
	path := gameClip{seconds: 2, w: 160, h: 120, audio: "noise", bed: 0.02, burst: 0.8,
		bursts: []float64{1}, burstLen: 0.5, cuts: []float64{0.6}}.make(t)
	p := probeFile(t, path)
	segments, err := DetectHighlights(context.Background(), path, p, HighlightOptions{PadBefore: 0.2, PadAfter: 0.2})
	require.NoError(t, err)
	logSegments(t, "2 s", segments)
	require.Len(t, segments, 1, "a short video gets one segment")
	require.InDelta(t, 1, segments[0].at, 0.5)
	require.LessOrEqual(t, segments[0].End, p.Duration)
}

func TestDetectHighlightsCorruptFile(t *testing.T) {
	t.Parallel()
	garbage := make([]byte, 64<<10)
	_, _ = rand.Read(garbage)
	path := writeFile(t, "game.mp4", append([]byte("\x00\x00\x00\x20ftypisom\x00\x00\x02\x00isomiso2avc1mp41"), garbage...))
	p := ProbeResult{Duration: 40, HasAudio: true, HasVideo: true, VideoCodec: "h264", AudioCodec: "aac"}

	_, err := DetectHighlights(context.Background(), path, p, HighlightOptions{})
	require.ErrorIs(t, err, ErrCorrupt)
	require.NotContains(t, err.Error(), path)
	t.Log(err)

	_, err = DetectHighlights(context.Background(), path, ProbeResult{Duration: 40}, HighlightOptions{})
	require.ErrorIs(t, err, ErrCorrupt, "nothing to analyse")
}

func TestHighlightArgs(t *testing.T) {
	t.Parallel()
	p := ProbeResult{HasAudio: true, HasVideo: true, Duration: 60}
	args := HighlightArgs("/data/game.mov", p, HighlightOptions{SceneThreshold: 0.3, Window: 0.25})
	requireCommon(t, args)
	require.Equal(t, "file:/data/game.mov", value(t, args, "-i"))
	require.Equal(t, "all", value(t, args, "-skip_loop_filter"))
	require.Less(t, index(t, args, "-skip_loop_filter"), index(t, args, "-i"), "a decoder option")
	graph := value(t, args, "-filter_complex")
	audio, video, ok := strings.Cut(graph, ";")
	require.True(t, ok, "two chains: %s", graph)

	require.True(t, strings.HasPrefix(audio, "[0:a:0]"))
	require.Contains(t, audio, "asetnsamples=n=4000:", "0.25 s at 16 kHz")
	require.Contains(t, audio, "astats=metadata=1:reset=1")
	require.Contains(t, audio, "file=-:direct=1")

	require.True(t, strings.HasPrefix(video, "[0:v:0]scale=w=160:h=90"), "scaled down before scene detection: %s", video)
	require.Less(t, strings.Index(video, "scale="), strings.Index(video, "select="))
	require.Contains(t, video, "select='gt(scene,0.3)'")
	require.Contains(t, video, "file=-:direct=1")

	require.Equal(t, []string{"-map", "[loud]", "-map", "[scenes]", "-f", "null", "-"}, args[len(args)-7:])

	onlyVideo := HighlightArgs("in", ProbeResult{HasVideo: true}, HighlightOptions{})
	require.NotContains(t, value(t, onlyVideo, "-filter_complex"), "0:a")
	require.Contains(t, value(t, onlyVideo, "-filter_complex"), "gt(scene,0.4)", "the default threshold")
	require.NotContains(t, onlyVideo, "[loud]")

	onlyAudio := HighlightArgs("in", ProbeResult{HasAudio: true}, HighlightOptions{})
	require.NotContains(t, onlyAudio, "-skip_loop_filter")
	require.NotContains(t, value(t, onlyAudio, "-filter_complex"), "scene")
	require.Contains(t, value(t, onlyAudio, "-filter_complex"), "asetnsamples=n=8000:", "the default window")
}

func TestParseHighlightMetadata(t *testing.T) {
	t.Parallel()
	out := "frame:0    pts:0       pts_time:0\nlavfi.astats.Overall.RMS_level=-39.01\n" +
		"frame:0    pts:166400  pts_time:13\nlavfi.scene_score=0.549229\n" +
		"frame:1    pts:8000    pts_time:0.5\nlavfi.astats.Overall.RMS_level=-inf\n" +
		"frame:3    pts:24000   pts_time:1.5\nlavfi.astats.Overall.RMS_level=-6.5\n" +
		"garbage line\nlavfi.other=1\nframe:9 pts:1 pts_time:\nlavfi.scene_score=0.9\n"
	loudness, scenes := parseHighlightMetadata([]byte(out), 0.5)
	require.Len(t, loudness, 4)
	require.Equal(t, -39.01, loudness[0])
	require.True(t, math.IsInf(loudness[1], -1))
	require.True(t, math.IsNaN(loudness[2]), "a window never reported is unknown")
	require.Equal(t, -6.5, loudness[3])
	require.Equal(t, []SceneChange{{Time: 13, Score: 0.549229}}, scenes)
}

// quietBed is n windows of a -40 dB bed with ±0.5 dB of deterministic ripple.
func quietBed(n int) []float64 {
	levels := make([]float64, n)
	for i := range levels {
		levels[i] = -40 + 0.5*math.Sin(float64(i)*1.7)
	}
	return levels
}

func TestPickSegments(t *testing.T) {
	t.Parallel()
	narrow := HighlightOptions{PadBefore: 1, PadAfter: 1}

	t.Run("a burst becomes a padded segment", func(t *testing.T) {
		t.Parallel()
		levels := quietBed(120) // 60 s
		levels[40], levels[41] = -10, -8
		segments := PickSegments(levels, 0.5, nil, 60, HighlightOptions{})
		require.Len(t, segments, 1)
		s := segments[0]
		require.Equal(t, ReasonAudio, s.Reason)
		require.InDelta(t, 20-4, s.Start, 1e-9, "from 4 s before the crowd got loud")
		require.InDelta(t, 21+2, s.End, 1e-9, "to 2 s after its loudest window")
		require.Equal(t, 20.0, s.at)
		require.Greater(t, s.Score, float64(audioBaseScore))
	})

	t.Run("overlapping segments merge", func(t *testing.T) {
		t.Parallel()
		levels := quietBed(120)
		levels[40] = -10                                // 20 s: [16, 22.5]
		levels[46] = -5                                 // 23 s: [19, 25.5], louder
		scenes := []SceneChange{{Time: 27, Score: 0.5}} // [23, 29], no audio within 1.5 s
		segments := PickSegments(levels, 0.5, scenes, 60, HighlightOptions{})
		require.Len(t, segments, 1)
		s := segments[0]
		require.InDelta(t, 16, s.Start, 1e-9)
		require.InDelta(t, 29, s.End, 1e-9)
		require.Equal(t, ReasonBoth, s.Reason, "the union of the reasons")
		require.Equal(t, 23.0, s.at, "the strongest event's time")
		alone := PickSegments(levels, 0.5, nil, 60, HighlightOptions{})
		require.Equal(t, alone[0].Score, s.Score, "the highest score, not a sum")
	})

	t.Run("a cut during a cheer adds to it", func(t *testing.T) {
		t.Parallel()
		levels := quietBed(120)
		levels[40] = -10
		without := PickSegments(levels, 0.5, nil, 60, narrow)
		with := PickSegments(levels, 0.5, []SceneChange{{Time: 21.2, Score: 0.8}}, 60, narrow)
		require.Len(t, with, 1)
		require.Equal(t, ReasonBoth, with[0].Reason)
		require.InDelta(t, without[0].Score+sceneWeight*0.8, with[0].Score, 1e-9)
	})

	t.Run("top ten by score, in time order", func(t *testing.T) {
		t.Parallel()
		levels := quietBed(15 * 20) // 150 s, a burst every 10 s
		for i := range 15 {
			levels[i*20+10] = -30 + float64((i*7)%15) // 15 different loudnesses
		}
		segments := PickSegments(levels, 0.5, nil, 150, narrow)
		require.Len(t, segments, 10)
		var kept []int
		for i, s := range segments {
			if i > 0 {
				require.Greater(t, s.Start, segments[i-1].Start)
			}
			burst := int(math.Round((s.at - 5) / 10))
			kept = append(kept, (burst*7)%15)
		}
		slices.Sort(kept)
		require.Equal(t, []int{5, 6, 7, 8, 9, 10, 11, 12, 13, 14}, kept, "the ten loudest")

		three := PickSegments(levels, 0.5, nil, 150, HighlightOptions{PadBefore: 1, PadAfter: 1, MaxSegments: 3})
		require.Len(t, three, 3)
	})

	t.Run("padding is clamped to the video", func(t *testing.T) {
		t.Parallel()
		levels := quietBed(20) // 10 s
		levels[1], levels[19] = -5, -5
		segments := PickSegments(levels, 0.5, nil, 10, HighlightOptions{})
		require.Len(t, segments, 2)
		require.Equal(t, 0.0, segments[0].Start)
		require.InDelta(t, 3, segments[0].End, 1e-9)
		require.InDelta(t, 5.5, segments[1].Start, 1e-9)
		require.Equal(t, 10.0, segments[1].End)
	})

	t.Run("silence and flat noise give nothing", func(t *testing.T) {
		t.Parallel()
		silent := make([]float64, 100)
		for i := range silent {
			silent[i] = math.Inf(-1)
		}
		require.Empty(t, PickSegments(silent, 0.5, nil, 50, HighlightOptions{}))
		require.Empty(t, PickSegments(quietBed(100), 0.5, nil, 50, HighlightOptions{}))
		unknown := []float64{math.NaN(), math.NaN()}
		require.Empty(t, PickSegments(unknown, 0.5, nil, 1, HighlightOptions{}))
		require.Empty(t, PickSegments(nil, 0.5, nil, 50, HighlightOptions{}))

		// A near-silent track (dither at -100 dB) with one click at -95 dB is still silent.
		dither := quietBed(100)
		for i := range dither {
			dither[i] -= 60
		}
		dither[50] = -95
		require.Empty(t, PickSegments(dither, 0.5, nil, 50, HighlightOptions{}))

		// Silence with a scene change: the scene change alone.
		segments := PickSegments(silent, 0.5, []SceneChange{{Time: 20, Score: 0.6}}, 50, HighlightOptions{})
		require.Len(t, segments, 1)
		require.Equal(t, ReasonScene, segments[0].Reason)
		require.InDelta(t, sceneWeight*0.6, segments[0].Score, 1e-9)
	})

	t.Run("a short video keeps its strongest event", func(t *testing.T) {
		t.Parallel()
		levels := quietBed(6) // 3 s
		levels[4] = -10
		scenes := []SceneChange{{Time: 0.2, Score: 0.9}}
		segments := PickSegments(levels, 0.5, scenes, 3, HighlightOptions{PadBefore: 0.1, PadAfter: 0.1})
		require.Len(t, segments, 1)
		require.Equal(t, ReasonAudio, segments[0].Reason)
		require.Equal(t, 2.0, segments[0].at)
		require.Empty(t, PickSegments(quietBed(6), 0.5, nil, 3, HighlightOptions{}))
	})

	t.Run("adaptive to the baseline", func(t *testing.T) {
		t.Parallel()
		// A bed that varies by ±4 dB: a 6 dB bump is part of it, a 20 dB one is not.
		levels := make([]float64, 200)
		for i := range levels {
			levels[i] = -20 + 4*math.Sin(float64(i)*0.9)
		}
		levels[50] = -20 + 6
		levels[150] = -20 + 20
		segments := PickSegments(levels, 0.5, nil, 100, narrow)
		require.Len(t, segments, 1)
		require.Equal(t, 75.0, segments[0].at)
	})
}

// BenchmarkDetectHighlights analyses a 60 s 1280x720 25 fps H.264/AAC game clip (noise bed,
// bursts, cuts; libx264 veryfast, so with B-frames and deblocking like a camera's) and
// reports seconds of video analysed per second of wall time. decode-only is ffmpeg decoding
// the same file and doing nothing else: the floor under any single-pass analysis.
func BenchmarkDetectHighlights(b *testing.B) {
	clip := gameClip{seconds: 60, w: 1280, h: 720, audio: "noise", bed: 0.05, burst: 0.8,
		bursts: []float64{10, 30, 50}, cuts: []float64{20, 40}, preset: "veryfast"}
	path := clip.make(b)
	p, err := Probe(context.Background(), path)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("detect", func(b *testing.B) {
		start := time.Now()
		for b.Loop() {
			segments, err := DetectHighlights(context.Background(), path, p, HighlightOptions{})
			if err != nil {
				b.Fatal(err)
			}
			if len(segments) == 0 {
				b.Fatal("nothing found")
			}
		}
		b.ReportMetric(p.Duration*float64(b.N)/time.Since(start).Seconds(), "video-s/s")
	})
	b.Run("decode-only", func(b *testing.B) {
		start := time.Now()
		for b.Loop() {
			out, err := exec.Command("ffmpeg", "-nostdin", "-loglevel", "error", "-i", path, "-f", "null", "-").CombinedOutput()
			if err != nil {
				b.Fatalf("%v: %s", err, out)
			}
		}
		b.ReportMetric(p.Duration*float64(b.N)/time.Since(start).Seconds(), "video-s/s")
	})
}
