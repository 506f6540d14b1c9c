package media

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Segment is one detected highlight, in seconds from the start. Its JSON is what the worker stores
// on the item and what the api answers.
type Segment struct {
	Start float64 `json:"start"`
	End   float64 `json:"end"`
	// Score is higher for more exciting moments; it compares segments of one video only
	// (the audio part is decibels above that video's own loudness threshold).
	Score float64 `json:"score"`
	// Reason is ReasonAudio, ReasonScene or ReasonBoth: what the family is shown as "why".
	Reason string `json:"reason"`

	// at is when the segment's strongest event happened: the moment the loudness crossed the
	// threshold, or the scene change. Tests check it against the truth.
	at float64
}

// The reasons a segment was chosen, as Segment.Reason gives them.
const (
	ReasonAudio = "crowd/audio peak"
	ReasonScene = "scene change"
	ReasonBoth  = "crowd/audio peak and scene change"
)

// SceneChange is a video frame whose picture differs from the one before by Score (ffmpeg's
// scene score, 0 to 1), at Time seconds from the start.
type SceneChange struct {
	Time, Score float64
}

// HighlightOptions tune detection; zero values mean the defaults.
type HighlightOptions struct {
	// Window is the length in seconds of the audio windows whose loudness is measured
	// (default 0.5): short enough to catch a cheer, long enough to ignore a single clap.
	Window float64
	// PadBefore and PadAfter widen each event into a segment (defaults 4 and 2 seconds): the
	// play happens before the crowd reacts to it.
	PadBefore, PadAfter float64
	// MaxSegments caps how many segments are answered, the best ones by score (default 10).
	MaxSegments int
	// SceneThreshold is the scene score above which a frame counts as a scene change (default
	// 0.4, which catches hard cuts and whip pans but not a player running across the frame).
	SceneThreshold float64
}

// Highlight detection defaults and constants.
const (
	defaultWindow         = 0.5
	defaultPadBefore      = 4
	defaultPadAfter       = 2
	defaultMaxSegments    = 10
	defaultSceneThreshold = 0.4

	// madMultiple is k in the adaptive threshold median + k·σ, with σ estimated robustly as
	// 1.4826·MAD (the standard deviation, were the loudness normally distributed). Unlike a
	// mean and standard deviation, the median and MAD are not dragged up by the peaks
	// themselves, so a game full of cheering still has a sensible baseline.
	madMultiple = 3
	madToSigma  = 1.4826
	// minExcessDB keeps the threshold at least this far above the median, so a recording whose
	// loudness hardly varies (silence, a steady hum) yields no peaks from its tiny noise.
	minExcessDB = 6
	// silenceDB is the level below which a window counts as silent, and the floor that digital
	// silence (-inf dB) is raised to; a track that never rises above it is treated as no audio.
	silenceDB = -90

	// audioBaseScore puts every audio peak above every lone scene change (whose score is at
	// most sceneWeight): a crowd's reaction says more about a game than a camera cut does.
	audioBaseScore = 3
	sceneWeight    = 3
	// pairWithin is how close (seconds) a scene change must be to an audio peak for the two to
	// count as one event.
	pairWithin = 1.5
	// maxRise bounds how long before its loudest window an audio event may start, so a long
	// stretch of cheering does not become one endless segment.
	maxRise = 5.0
	// shortVideo is the duration under which a video gets at most one segment.
	shortVideo = 4.0

	// analysisRate is the sample rate the audio is resampled to before measuring: loudness
	// needs no more, and fewer samples are faster.
	analysisRate = 16000
	// sceneWidth x sceneHeight is the picture scene detection compares; DESIGN.md: scene
	// detection on full-resolution frames is slow. The aspect ratio does not matter to a
	// frame difference, so every video is squeezed to the same size.
	sceneWidth, sceneHeight = 160, 90

	loudnessKey = "lavfi.astats.Overall.RMS_level"
	sceneKey    = "lavfi.scene_score"
)

func (o HighlightOptions) withDefaults() HighlightOptions {
	if o.Window <= 0 {
		o.Window = defaultWindow
	}
	if o.PadBefore <= 0 {
		o.PadBefore = defaultPadBefore
	}
	if o.PadAfter <= 0 {
		o.PadAfter = defaultPadAfter
	}
	if o.MaxSegments <= 0 {
		o.MaxSegments = defaultMaxSegments
	}
	if o.SceneThreshold <= 0 {
		o.SceneThreshold = defaultSceneThreshold
	}
	return o
}

// HighlightArgs builds ffmpeg's arguments for DetectHighlights: one pass over in that decodes
// the audio and the video together and prints to standard output, per Window of audio, its
// RMS level (astats, in dB), and for each video frame whose scene score passes
// SceneThreshold, that score. Scene scores are computed on frames scaled down to 160x90,
// decoded without their deblocking filter.
// A file without audio (or without video) gets only the other half of the graph; both
// halves end in the null muxer, which writes nothing.
//
// RMS over fixed windows (asetnsamples + astats with reset) rather than ebur128's momentary
// loudness: each window is exactly [i·Window, (i+1)·Window), one value per window, with no
// 400 ms integration smearing a burst into its neighbours; for finding peaks relative to the
// same recording's own baseline, perceptual weighting adds nothing.
//
// Both metadata printers write to the same standard output; direct=1 makes each line one
// unbuffered write, and the graph runs its filters one at a time, so lines never interleave.
func HighlightArgs(in string, p ProbeResult, opts HighlightOptions) []string {
	opts = opts.withDefaults()
	var chains, maps []string
	if p.HasAudio {
		samples := max(1, int(math.Round(opts.Window*analysisRate)))
		chains = append(chains, fmt.Sprintf(
			"[0:a:0]aformat=sample_fmts=flt:sample_rates=%d:channel_layouts=mono,"+
				"asetnsamples=n=%d:p=0,"+
				"astats=metadata=1:reset=1:measure_perchannel=none:measure_overall=RMS_level,"+
				"ametadata=mode=print:key=%s:file=-:direct=1[loud]",
			analysisRate, samples, loudnessKey))
		maps = append(maps, "-map", "[loud]")
	}
	if p.HasVideo {
		chains = append(chains, fmt.Sprintf(
			"[0:v:0]scale=w=%d:h=%d:flags=fast_bilinear,"+
				"select='gt(scene,%s)',"+
				"metadata=mode=print:key=%s:file=-:direct=1[scenes]",
			sceneWidth, sceneHeight, strconv.FormatFloat(opts.SceneThreshold, 'f', -1, 64), sceneKey))
		maps = append(maps, "-map", "[scenes]")
	}
	args := commonArgs()
	if p.HasVideo {
		// H.264 and HEVC cannot be decoded at a reduced size, but their deblocking can be
		// skipped: some 15% of the decoding time, for blockiness a 160x90 frame difference
		// does not see (scene scores move by under 0.01).
		args = append(args, "-skip_loop_filter", "all")
	}
	args = append(args,
		"-protocol_whitelist", "file",
		"-i", inputURL(in),
		"-filter_complex", strings.Join(chains, ";"),
	)
	args = append(args, maps...)
	return append(args, "-f", "null", "-")
}

// DetectHighlights finds the exciting moments of a game video: crowd and contact noise that
// stands out from the recording's own baseline, and scene changes, in one ffmpeg pass (see
// HighlightArgs and PickSegments). p is the file's ProbeResult. It answers at most
// MaxSegments segments in time order, possibly none; a file ffmpeg cannot read answers
// ErrCorrupt with ffmpeg's reason.
func DetectHighlights(ctx context.Context, path string, p ProbeResult, opts HighlightOptions) ([]Segment, error) {
	opts = opts.withDefaults()
	loudness, scenes, err := analyseHighlights(ctx, path, p, opts)
	if err != nil {
		return nil, err
	}
	return PickSegments(loudness, opts.Window, scenes, p.Duration, opts), nil
}

// analyseHighlights runs HighlightArgs and parses what it printed.
func analyseHighlights(ctx context.Context, path string, p ProbeResult, opts HighlightOptions) ([]float64, []SceneChange, error) {
	opts = opts.withDefaults()
	if !p.HasAudio && !p.HasVideo {
		return nil, nil, fmt.Errorf("detecting highlights: %w", corrupt("no audio or video in the file"))
	}
	out, err := runOutput(ctx, FFmpegPath, HighlightArgs(path, p, opts), path)
	if err != nil {
		return nil, nil, fmt.Errorf("detecting highlights: %w", err)
	}
	loudness, scenes := parseHighlightMetadata(out, opts.Window)
	return loudness, scenes, nil
}

// parseHighlightMetadata reads the metadata filters' output: a "frame:N pts:P pts_time:T"
// line, then one "key=value" line per printed key. Loudness lands in the window its time
// falls in (a window ffmpeg never reported stays NaN: unknown).
func parseHighlightMetadata(out []byte, window float64) ([]float64, []SceneChange) {
	var loudness []float64
	var scenes []SceneChange
	at := math.NaN()
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "frame:") {
			at = math.NaN()
			if _, rest, ok := strings.Cut(line, "pts_time:"); ok {
				if f := strings.Fields(rest); len(f) > 0 {
					if v, err := strconv.ParseFloat(f[0], 64); err == nil {
						at = v
					}
				}
			}
			continue
		}
		key, val, ok := strings.Cut(line, "=")
		if !ok || math.IsNaN(at) {
			continue
		}
		v, err := strconv.ParseFloat(val, 64) // also reads "-inf", astats' level of silence
		if err != nil || math.IsNaN(v) {
			continue
		}
		switch key {
		case loudnessKey:
			i := int(math.Round(at / window))
			if i < 0 {
				continue
			}
			for len(loudness) <= i {
				loudness = append(loudness, math.NaN())
			}
			loudness[i] = v
		case sceneKey:
			scenes = append(scenes, SceneChange{Time: at, Score: v})
		}
	}
	return loudness, scenes
}

// event is a moment worth a segment, before padding.
type event struct {
	start, end float64 // what happened, [start, end] in seconds
	score      float64
	reasons    reasonSet
}

type reasonSet uint8

const (
	byAudio reasonSet = 1 << iota
	byScene
)

func (r reasonSet) String() string {
	switch r {
	case byAudio:
		return ReasonAudio
	case byScene:
		return ReasonScene
	case byAudio | byScene:
		return ReasonBoth
	}
	return ""
}

// PickSegments turns measurements into highlight segments; it is DetectHighlights without
// ffmpeg. loudness holds one level (dB or LUFS) per window of window seconds, window i being
// [i·window, (i+1)·window); NaN marks a window not measured and -Inf digital silence.
// sceneTimes are the frames whose scene score passed the threshold; duration is the video's.
//
// A window is loud when it is above median + max(3·1.4826·MAD, 6 dB) of all windows: the
// recording's own baseline, so a roaring stadium and a quiet practice both work. Adjacent
// loud windows make one audio event, scored by how many dB its loudest window is above the
// threshold (plus a base that ranks it above any lone scene change). A scene change within
// 1.5 s of an audio event joins it (both reasons, scores added); one on its own is an event
// scored 3 × its scene score. Each event becomes [start-PadBefore, end+PadAfter] clamped to
// [0, duration]; overlapping segments merge (highest score, both reasons). The best
// MaxSegments by score are answered in time order. A video shorter than 4 s gets at most
// its one strongest segment. A track that is silent or flat throughout yields no audio
// events, so such a video is judged by its scene changes alone.
func PickSegments(loudness []float64, window float64, sceneTimes []SceneChange, duration float64, opts HighlightOptions) []Segment {
	opts = opts.withDefaults()
	var events []event
	if window > 0 {
		events = audioEvents(loudness, window)
	}
	events = addSceneEvents(events, sceneTimes)
	if len(events) == 0 {
		return nil
	}

	segments := make([]Segment, 0, len(events))
	for _, e := range events {
		s := Segment{
			Start:  max(0, e.start-opts.PadBefore),
			End:    e.end + opts.PadAfter,
			Score:  e.score,
			Reason: e.reasons.String(),
			at:     e.start,
		}
		if duration > 0 {
			s.End = min(s.End, duration)
			s.Start = min(s.Start, duration)
		}
		if s.End > s.Start {
			segments = append(segments, s)
		}
	}
	segments = mergeSegments(segments)

	limit := opts.MaxSegments
	if duration > 0 && duration < shortVideo {
		limit = 1
	}
	if len(segments) > limit {
		// Best first; among equals the earlier one, so the answer does not depend on sorting.
		slices.SortStableFunc(segments, func(a, b Segment) int { return cmp.Compare(b.Score, a.Score) })
		segments = segments[:limit]
		slices.SortFunc(segments, func(a, b Segment) int { return cmp.Compare(a.Start, b.Start) })
	}
	return segments
}

// audioEvents finds runs of windows louder than the adaptive threshold.
func audioEvents(loudness []float64, window float64) []event {
	levels := make([]float64, len(loudness))
	var known []float64
	for i, v := range loudness {
		if math.IsNaN(v) {
			levels[i] = math.NaN()
			continue
		}
		v = max(v, silenceDB) // -Inf (digital silence) and near-silence alike
		levels[i] = v
		known = append(known, v)
	}
	if len(known) == 0 || slices.Max(known) <= silenceDB {
		return nil // no track, or a silent one
	}
	median := medianOf(known)
	deviations := make([]float64, len(known))
	for i, v := range known {
		deviations[i] = math.Abs(v - median)
	}
	threshold := median + max(madMultiple*madToSigma*medianOf(deviations), minExcessDB)

	var events []event
	for i := 0; i < len(levels); {
		if !(levels[i] > threshold) { // NaN is never loud
			i++
			continue
		}
		first, peak := i, i
		for i < len(levels) && levels[i] > threshold {
			if levels[i] > levels[peak] {
				peak = i
			}
			i++
		}
		peakStart := float64(peak) * window
		events = append(events, event{
			start:   max(float64(first)*window, peakStart-maxRise),
			end:     peakStart + window,
			score:   audioBaseScore + levels[peak] - threshold,
			reasons: byAudio,
		})
	}
	return events
}

// addSceneEvents joins each scene change to an audio event within pairWithin seconds of it
// (the strongest scene change of each counts) and makes the others events of their own.
func addSceneEvents(events []event, scenes []SceneChange) []event {
	bestScene := make([]float64, len(events))
	var alone []event
	for _, sc := range scenes {
		if sc.Score <= 0 || math.IsNaN(sc.Time) {
			continue
		}
		joined := false
		for i, e := range events {
			if e.reasons&byAudio != 0 && sc.Time >= e.start-pairWithin && sc.Time <= e.end+pairWithin {
				bestScene[i] = max(bestScene[i], sc.Score)
				joined = true
			}
		}
		if !joined {
			alone = append(alone, event{start: sc.Time, end: sc.Time, score: sceneWeight * sc.Score, reasons: byScene})
		}
	}
	for i := range events {
		if bestScene[i] > 0 {
			events[i].score += sceneWeight * bestScene[i]
			events[i].reasons |= byScene
		}
	}
	return append(events, alone...)
}

// mergeSegments sorts segments by start and merges those that overlap or touch, keeping the
// highest score (and its event time) and the union of the reasons.
func mergeSegments(segments []Segment) []Segment {
	slices.SortFunc(segments, func(a, b Segment) int { return cmp.Compare(a.Start, b.Start) })
	var merged []Segment
	for _, s := range segments {
		if n := len(merged); n > 0 && s.Start <= merged[n-1].End {
			last := &merged[n-1]
			last.End = max(last.End, s.End)
			last.Reason = (reasonsOf(last.Reason) | reasonsOf(s.Reason)).String()
			if s.Score > last.Score {
				last.Score, last.at = s.Score, s.at
			}
			continue
		}
		merged = append(merged, s)
	}
	return merged
}

func reasonsOf(reason string) reasonSet {
	switch reason {
	case ReasonAudio:
		return byAudio
	case ReasonScene:
		return byScene
	case ReasonBoth:
		return byAudio | byScene
	}
	return 0
}

// medianOf answers the median of values (which it reorders).
func medianOf(values []float64) float64 {
	slices.Sort(values)
	n := len(values)
	if n%2 == 1 {
		return values[n/2]
	}
	return (values[n/2-1] + values[n/2]) / 2
}
