package media

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"
)

// ReelFormat is the frame a reel is rendered for.
type ReelFormat string

const (
	// ReelLandscape is 16:9 (or the clips' own landscape frame when they share one) at the clips'
	// resolution up to 1080p: for a coach's laptop and a recruiting link.
	ReelLandscape ReelFormat = "landscape"
	// ReelVertical is 1080×1920 (9:16), for a phone held upright and for stories.
	ReelVertical ReelFormat = "vertical"
)

// Reel settings.
const (
	// ReelLoudnessTarget is the integrated loudness every clip is brought to (EBU R128 measured,
	// LUFS): -16, what streaming platforms and phones play speech-and-crowd video at, where
	// broadcast's -23 would sound quiet next to everything else a coach watches.
	ReelLoudnessTarget = -16.0
	// reelTruePeak caps a clip's gain: a quiet clip with a loud whistle is raised only until the
	// whistle reaches -1.5 dBTP, so nothing clips after the AAC encode.
	reelTruePeak = -1.5
	// reelSilence: a clip quieter than this has no sound worth raising (a phone in a pocket).
	reelSilence = -60.0
	// reelFPS is every encoded reel's frame rate: segments of different rates must meet in one.
	reelFPS     = 30
	reelCRF     = "20"
	reelPreset  = "veryfast"
	reelAudio   = "160k"
	reelRate    = "48000"
	reelMaxSide = 1920
	reelMaxTall = 1080
	// ReelSlideSeconds is how long a title or end slide is shown.
	ReelSlideSeconds = 3.0
	// spotlightShare is the ring's diameter as a share of the clip's shorter side: around one
	// player in a wide shot, not the whole field.
	spotlightShare = 0.22
)

// reelAudioCodec encodes a reel's sound. FFmpeg's own AAC encoder with its "fast" coder: at
// 160 kb/s it sounds as good as the default "twoloop" coder (better, say its authors, who made it
// the default upstream for that reason, https://ffmpeg.org/pipermail/ffmpeg-cvslog/2018-January/112166.html)
// for some 40% less time, and encoding the sound is nearly all of a stream-copy join's work.
var reelAudioCodec = []string{"-c:a", "aac", "-aac_coder", "fast", "-b:a", reelAudio, "-ar", reelRate}

// ReelSpotlight rings the athlete for a few seconds of one clip: At seconds into the clip, for
// Seconds, centred at X, Y (fractions 0–1 of the clip's upright frame).
type ReelSpotlight struct {
	At, Seconds, X, Y float64
}

// ReelClip is one clip of a reel, in order.
type ReelClip struct {
	Path  string
	Title string // its chapter's title
	Probe ProbeResult
	// Loudness is the clip's sound as measured at upload; nil when it is not known yet
	// (LevelClips measures it then). For a cut clip it is the segment's own.
	Loudness *Loudness
	// Spotlights' At count from the start of what the reel plays (Start, for a cut clip).
	Spotlights []ReelSpotlight
	// Cut plays only a segment of the file: from Start seconds into it, for Probe.Duration seconds
	// (the caller sets Probe.Duration to the segment's length, so the reel's length, its chapters
	// and its sound's sync all count the segment). A cut clip is always encoded.
	Cut   bool
	Start float64
}

// gain is the clip's loudness correction in dB: none for a clip without sound.
func (c ReelClip) gain() float64 {
	if c.Loudness == nil || !c.Probe.HasAudio {
		return 0
	}
	return c.Loudness.ReelGain()
}

// Reel is what RenderReel joins: an optional title slide, the clips, an optional end slide. A
// slide is a PNG drawn at the format's frame size (ReelFrame), shown for ReelSlideSeconds.
type Reel struct {
	Title                string
	TitleSlide, EndSlide string
	Clips                []ReelClip
}

// ReelMode says how a reel was made.
type ReelMode string

const (
	// ReelCopy joined the clips' video by stream copy (no frame encoded again) and encoded only
	// the loudness-corrected audio.
	ReelCopy ReelMode = "copy"
	// ReelEncode drew every segment into the reel's frame and encoded it.
	ReelEncode ReelMode = "encode"
)

// ReelResult is what RenderReel made.
type ReelResult struct {
	Mode ReelMode
	// Fallback says why the landscape reel was encoded rather than copied.
	Fallback string
	Probe    ProbeResult
}

// ReelFrame answers the reel's frame size. Vertical is always 1080×1920. Landscape keeps the
// clips' own frame when they all share one landscape size (scaled down to fit 1920×1080 when
// larger), so compatible clips can be joined without encoding; otherwise it is 16:9 at the
// tallest clip's height up to 1080 lines, each clip letterboxed or pillarboxed in it.
func ReelFrame(format ReelFormat, clips []ReelClip) (width, height int) {
	if format == ReelVertical {
		return 1080, 1920
	}
	same := len(clips) > 0
	tallest := 0
	for _, c := range clips {
		same = same && c.Probe.Width == clips[0].Probe.Width && c.Probe.Height == clips[0].Probe.Height
		tallest = max(tallest, min(c.Probe.Width, c.Probe.Height))
	}
	if same {
		w, h := clips[0].Probe.Width, clips[0].Probe.Height
		if w >= h && w > 0 {
			scale := min(1, float64(reelMaxSide)/float64(w), float64(reelMaxTall)/float64(h))
			return even(float64(w) * scale), even(float64(h) * scale)
		}
	}
	h := even(float64(min(max(tallest, 2), reelMaxTall)))
	return even(float64(h) * 16 / 9), h
}

func even(x float64) int { return max(2, int(x)/2*2) }

// reelDuration is the reel's length: the slides and every clip.
func reelDuration(r Reel) float64 {
	d := 0.0
	for _, s := range []string{r.TitleSlide, r.EndSlide} {
		if s != "" {
			d += ReelSlideSeconds
		}
	}
	for _, c := range r.Clips {
		d += c.Probe.Duration
	}
	return d
}

// ReelChapters writes the reel's chapters as an ffmetadata file: the title slide, each clip under
// its title, the end slide, so a player lists the plays and a coach skips to one.
func ReelChapters(r Reel) string {
	var b strings.Builder
	b.WriteString(";FFMETADATA1\n")
	fmt.Fprintf(&b, "title=%s\n", metaEscape(r.Title))
	at := 0.0
	chapter := func(title string, d float64) {
		fmt.Fprintf(&b, "[CHAPTER]\nTIMEBASE=1/1000\nSTART=%d\nEND=%d\ntitle=%s\n",
			int64(math.Round(at*1000)), int64(math.Round((at+d)*1000)), metaEscape(title))
		at += d
	}
	if r.TitleSlide != "" {
		chapter(r.Title, ReelSlideSeconds)
	}
	for i, c := range r.Clips {
		title := strings.TrimSpace(c.Title)
		if title == "" {
			title = "Clip " + strconv.Itoa(i+1)
		}
		chapter(title, c.Probe.Duration)
	}
	if r.EndSlide != "" {
		chapter("The end", ReelSlideSeconds)
	}
	return b.String()
}

// metaEscape escapes what ffmetadata gives a meaning to; a line break becomes a space.
func metaEscape(s string) string {
	s = strings.NewReplacer("\r", " ", "\n", " ").Replace(s)
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`=;#\`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// audioChain is one clip's sound in the reel: resampled to one format, raised or lowered by its
// loudness gain, and made exactly as long as the clip (padded with silence, or silence alone for
// a clip without sound), so the segments after it stay in sync.
func audioChain(input int, c ReelClip, label string) string {
	d := seconds(c.Probe.Duration)
	if !c.Probe.HasAudio {
		return fmt.Sprintf("anullsrc=r=%s:cl=stereo,atrim=duration=%s[%s]", reelRate, d, label)
	}
	return fmt.Sprintf("[%d:a:0]aresample=%s,aformat=sample_fmts=fltp:channel_layouts=stereo,volume=%.2fdB,apad,atrim=duration=%s,asetpts=N/SR/TB[%s]",
		input, reelRate, c.gain(), d, label)
}

// fitChain draws a picture into the reel's frame. Landscape letterboxes it (black bars, nothing
// cut). Vertical puts the whole frame, full width, over a blurred, enlarged copy of itself: a
// centre crop of a 16:9 play to 9:16 keeps only its middle third, and the athlete — a receiver on
// the sideline, a winger, the runner going to first — is as often outside it as in it (we do not
// know where they are), while a coach judging a play wants the whole play. The blurred fill keeps
// all of it and still fills the phone's screen without bare bars. The blur runs on a 270×480
// copy (a sixteenth of the pixels), so it costs little beside the encode.
func fitChain(format ReelFormat, w, h int) string {
	tail := fmt.Sprintf("setsar=1,fps=%d,format=yuv420p", reelFPS)
	if format == ReelVertical {
		return fmt.Sprintf("split[bg][fg];[bg]scale=%d:%d:force_original_aspect_ratio=increase,crop=%d:%d,boxblur=10:2,scale=%d:%d[blur];"+
			"[fg]scale=%d:%d:force_original_aspect_ratio=decrease:force_divisible_by=2[front];[blur][front]overlay=(W-w)/2:(H-h)/2,%s",
			w/4, h/4, w/4, h/4, w, h, w, h, tail)
	}
	return fmt.Sprintf("scale=%d:%d:force_original_aspect_ratio=decrease:force_divisible_by=2,pad=%d:%d:(ow-iw)/2:(oh-ih)/2,%s", w, h, w, h, tail)
}

// ReelEncodeArgs builds ffmpeg's arguments for an encoded reel: each segment drawn into the frame
// (the spotlight's ring laid over its clip first, in the clip's own coordinates), its sound
// levelled, all joined by the concat filter, H.264 and AAC, with chapters from meta and the index
// in front for the browser. ring is the spotlight's PNG (needed only when a clip has one).
// Progress goes to standard output (-progress) for the job's progress bar.
func ReelEncodeArgs(r Reel, format ReelFormat, ring, meta, out string) []string {
	w, h := ReelFrame(format, r.Clips)
	args := append(commonArgs(), "-nostats", "-progress", "pipe:1")
	var graph []string
	var segments []string
	input := 0
	slide := func(path string) {
		args = append(args, "-loop", "1", "-framerate", strconv.Itoa(reelFPS), "-t", seconds(ReelSlideSeconds),
			"-protocol_whitelist", "file", "-i", inputURL(path))
		v, a := fmt.Sprintf("v%d", input), fmt.Sprintf("a%d", input)
		graph = append(graph, fmt.Sprintf("[%d:v:0]%s[%s]", input, fitChain(ReelLandscape, w, h), v),
			audioChain(-1, ReelClip{Probe: ProbeResult{Duration: ReelSlideSeconds}}, a))
		segments = append(segments, "["+v+"]["+a+"]")
		input++
	}
	if r.TitleSlide != "" {
		slide(r.TitleSlide)
	}
	clipInputs := make([]int, len(r.Clips))
	for i, c := range r.Clips {
		if c.Cut {
			// Before -i, the seek is accurate when encoding (ffmpeg decodes from the keyframe before Start
			// and drops what precedes it, picture and sound alike) and the segment's timestamps start at 0.
			args = append(args, "-ss", seconds(c.Start), "-t", seconds(c.Probe.Duration))
		}
		args = append(args, "-protocol_whitelist", "file", "-i", inputURL(c.Path))
		clipInputs[i] = input
		input++
	}
	endInput := -1
	if r.EndSlide != "" {
		endInput = input
		args = append(args, "-loop", "1", "-framerate", strconv.Itoa(reelFPS), "-t", seconds(ReelSlideSeconds),
			"-protocol_whitelist", "file", "-i", inputURL(r.EndSlide))
		input++
	}
	ringInput := -1
	for _, c := range r.Clips {
		if len(c.Spotlights) > 0 {
			ringInput = input
			args = append(args, "-protocol_whitelist", "file", "-i", inputURL(ring))
			input++
			break
		}
	}
	metaInput := input
	args = append(args, "-f", "ffmetadata", "-protocol_whitelist", "file", "-i", inputURL(meta))
	rings := 0
	for _, c := range r.Clips {
		rings += len(c.Spotlights)
	}
	ringLabels := make([]string, rings)
	if rings > 0 {
		split := fmt.Sprintf("[%d:v:0]format=rgba,split=%d", ringInput, rings)
		for i := range ringLabels {
			ringLabels[i] = fmt.Sprintf("ring%d", i)
			split += "[" + ringLabels[i] + "]"
		}
		graph = append(graph, split)
	}
	used := 0
	for i, c := range r.Clips {
		k := clipInputs[i]
		v, a := fmt.Sprintf("v%d", k), fmt.Sprintf("a%d", k)
		cur := fmt.Sprintf("[%d:v:0]", k)
		for j, s := range c.Spotlights {
			side := even(spotlightShare * float64(min(c.Probe.Width, c.Probe.Height)))
			sized, lit := fmt.Sprintf("rs%d", used), fmt.Sprintf("lit%d_%d", k, j)
			graph = append(graph, fmt.Sprintf("[%s]scale=%d:%d[%s]", ringLabels[used], side, side, sized),
				fmt.Sprintf("%s[%s]overlay=x=%d:y=%d:eof_action=repeat:enable='between(t,%s,%s)'[%s]",
					cur, sized, int(s.X*float64(c.Probe.Width))-side/2, int(s.Y*float64(c.Probe.Height))-side/2,
					seconds(s.At), seconds(s.At+s.Seconds), lit))
			cur = "[" + lit + "]"
			used++
		}
		graph = append(graph, cur+fitChain(format, w, h)+"["+v+"]", audioChain(k, c, a))
		segments = append(segments, "["+v+"]["+a+"]")
	}
	if endInput >= 0 {
		v, a := fmt.Sprintf("v%d", endInput), fmt.Sprintf("a%d", endInput)
		graph = append(graph, fmt.Sprintf("[%d:v:0]%s[%s]", endInput, fitChain(ReelLandscape, w, h), v),
			audioChain(-1, ReelClip{Probe: ProbeResult{Duration: ReelSlideSeconds}}, a))
		segments = append(segments, "["+v+"]["+a+"]")
	}
	graph = append(graph, fmt.Sprintf("%sconcat=n=%d:v=1:a=1[v][a]", strings.Join(segments, ""), len(segments)))
	args = append(args, "-filter_complex", strings.Join(graph, ";"),
		"-map", "[v]", "-map", "[a]",
		"-c:v", "libx264", "-preset", reelPreset, "-crf", reelCRF, "-pix_fmt", "yuv420p")
	args = append(args, reelAudioCodec...)
	args = append(args, "-map_metadata", strconv.Itoa(metaInput), "-map_chapters", strconv.Itoa(metaInput),
		"-movflags", "+faststart", "-sn", "-dn", "-f", "mp4", inputURL(out))
	return args
}

// copyParams are what two clips must share for their packets to play on as one stream.
type copyParams struct {
	Codec, Profile, PixFmt, FrameRate, TimeBase, Extradata string
	Level, Width, Height                                   int
}

func reelCopyParamsArgs(in string) []string {
	return []string{"-hide_banner", "-loglevel", "error", "-protocol_whitelist", "file",
		"-select_streams", "v:0", "-show_data_hash", "SHA256",
		"-show_entries", "stream=codec_name,profile,level,width,height,pix_fmt,r_frame_rate,time_base,extradata_hash",
		"-print_format", "json", "-i", inputURL(in)}
}

func reelCopyParams(ctx context.Context, in string) (copyParams, error) {
	out, err := runOutput(ctx, FFprobePath, reelCopyParamsArgs(in), in)
	if err != nil {
		return copyParams{}, fmt.Errorf("probing a clip's stream: %w", err)
	}
	var raw struct {
		Streams []struct {
			CodecName     string `json:"codec_name"`
			Profile       string `json:"profile"`
			Level         int    `json:"level"`
			Width         int    `json:"width"`
			Height        int    `json:"height"`
			PixFmt        string `json:"pix_fmt"`
			RFrameRate    string `json:"r_frame_rate"`
			TimeBase      string `json:"time_base"`
			ExtradataHash string `json:"extradata_hash"`
		} `json:"streams"`
	}
	if err := json.Unmarshal(out, &raw); err != nil || len(raw.Streams) == 0 {
		return copyParams{}, corrupt("no video stream")
	}
	s := raw.Streams[0]
	return copyParams{Codec: s.CodecName, Profile: s.Profile, PixFmt: s.PixFmt, FrameRate: s.RFrameRate, TimeBase: s.TimeBase,
		Extradata: s.ExtradataHash, Level: s.Level, Width: s.Width, Height: s.Height}, nil
}

// ReelCopyFallback answers why the reel cannot be joined by stream copy in format, or "" when it
// can: a landscape reel with no slide and no spotlight (both need drawing) and no clip cut to a
// segment, whose clips are H.264 or HEVC in the reel's own frame, upright, with the same codec
// parameters down to the bytes of their parameter sets (a decoder set up for one clip must decode
// the next).
func ReelCopyFallback(ctx context.Context, r Reel, format ReelFormat) (string, error) {
	switch {
	case format != ReelLandscape:
		return "a vertical reel is drawn into its frame", nil
	case r.TitleSlide != "" || r.EndSlide != "":
		return "a slide is drawn", nil
	case len(r.Clips) == 0:
		return "no clips", nil
	}
	w, h := ReelFrame(format, r.Clips)
	for i, c := range r.Clips {
		switch {
		case c.Cut:
			// A copy would start the segment at the keyframe before it.
			return fmt.Sprintf("clip %d is cut to a segment", i+1), nil
		case len(c.Spotlights) > 0:
			return fmt.Sprintf("clip %d has a spotlight", i+1), nil
		case c.Probe.Rotation != 0:
			return fmt.Sprintf("clip %d is turned", i+1), nil
		case c.Probe.Width != w || c.Probe.Height != h:
			return fmt.Sprintf("clip %d is not %dx%d", i+1, w, h), nil
		case c.Probe.VideoCodec != "h264" && c.Probe.VideoCodec != "hevc":
			return fmt.Sprintf("clip %d is %s", i+1, orNone(c.Probe.VideoCodec)), nil
		case NeedsRendition(c.Probe) && c.Probe.VideoCodec == "h264":
			return fmt.Sprintf("clip %d is not browser-playable H.264", i+1), nil
		}
	}
	// Each file's parameters are read once (a clip may repeat), the files side by side: a probe
	// waits mostly on starting ffprobe and opening the file.
	params := map[string]*copyParams{}
	for _, c := range r.Clips {
		params[c.Path] = new(copyParams)
	}
	probed, pctx := errgroup.WithContext(ctx)
	probed.SetLimit(runtime.NumCPU())
	for path, into := range params {
		probed.Go(func() (err error) {
			*into, err = reelCopyParams(pctx, path)
			return err
		})
	}
	if err := probed.Wait(); err != nil {
		return "", err
	}
	for i, c := range r.Clips {
		if *params[c.Path] != *params[r.Clips[0].Path] {
			return fmt.Sprintf("clip %d was encoded differently from clip 1", i+1), nil
		}
	}
	return "", nil
}

// Loudness is a recording's sound as EBU R128 measures it (loudnorm's analysis): its integrated
// loudness in LUFS and its true peak in dBTP. It is measured once, when the item is processed,
// and kept on the item: a reel levels its clips from it without decoding their sound again.
type Loudness struct {
	Integrated, TruePeak float64
}

// silence is the loudness kept for a recording with no measurable sound: loudnorm says -inf,
// which a database column does not hold; anything under reelSilence counts as silence alike.
const silence = -120.0

// LoudnessArgs builds ffmpeg's arguments measuring a recording's sound (loudnorm's analysis,
// printed as JSON on standard error): the whole file when length is 0, else length seconds from
// start.
func LoudnessArgs(in string, start, length float64) []string {
	args := []string{"-nostdin", "-hide_banner", "-loglevel", "info"}
	if length > 0 {
		args = append(args, "-ss", seconds(start), "-t", seconds(length))
	}
	return append(args, "-protocol_whitelist", "file", "-i", inputURL(in),
		"-vn", "-sn", "-dn", "-af", "loudnorm=I=-16:TP=-1.5:print_format=json", "-f", "null", "-")
}

// MeasureLoudness measures the integrated loudness and true peak of the file's first audio
// stream. Silence answers -120 for both.
func MeasureLoudness(ctx context.Context, path string) (Loudness, error) {
	return measureLoudness(ctx, LoudnessArgs(path, 0, 0), path)
}

func measureLoudness(ctx context.Context, args []string, path string) (Loudness, error) {
	stderr, err := runToolStderr(ctx, FFmpegPath, args, io.Discard, path)
	if err != nil {
		return Loudness{}, fmt.Errorf("measuring loudness: %w", err)
	}
	start := strings.LastIndex(stderr, "{")
	var m struct {
		InputI  string `json:"input_i"`
		InputTP string `json:"input_tp"`
	}
	if start < 0 || json.Unmarshal([]byte(stderr[start:]), &m) != nil {
		return Loudness{}, fmt.Errorf("measuring loudness: no measurement in ffmpeg's output")
	}
	level := func(s string) float64 {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsNaN(v) || v < silence {
			return silence
		}
		return v
	}
	return Loudness{Integrated: level(m.InputI), TruePeak: level(m.InputTP)}, nil
}

// ReelGain answers the gain in dB that brings the recording to ReelLoudnessTarget, less where its
// peak would pass reelTruePeak. A linear gain (what loudnorm's own second pass applies when it
// can) keeps the clip's dynamics, which loudnorm's dynamic mode, with its 3-second window, would
// squeeze in a short clip. Near-silence answers 0: there is nothing worth raising.
func (l Loudness) ReelGain() float64 {
	if l.Integrated < reelSilence {
		return 0
	}
	return math.Round(min(ReelLoudnessTarget-l.Integrated, reelTruePeak-l.TruePeak)*100) / 100
}

// LevelClips measures the loudness of each clip with sound whose Loudness is not known yet, a cut
// clip's over its segment only (a highlight is louder than its game's average). The clips are
// measured side by side: each measurement is one ffmpeg decoding sound alone, and loudnorm's true
// peak (sound upsampled to 192 kHz) is most of a stream-copy join's time when it is measured then
// rather than at upload.
func LevelClips(ctx context.Context, clips []ReelClip) error {
	measured, mctx := errgroup.WithContext(ctx)
	measured.SetLimit(runtime.NumCPU())
	for i := range clips {
		if clips[i].Loudness != nil || !clips[i].Probe.HasAudio {
			continue
		}
		measured.Go(func() error {
			c := clips[i]
			args := LoudnessArgs(c.Path, 0, 0)
			if c.Cut {
				args = LoudnessArgs(c.Path, c.Start, c.Probe.Duration)
			}
			l, err := measureLoudness(mctx, args, c.Path)
			if err != nil {
				return fmt.Errorf("clip %d: %w", i+1, err)
			}
			clips[i].Loudness = &l
			return nil
		})
	}
	return measured.Wait()
}

// RenderReel renders the reel in format into out (an MP4), joining by stream copy when
// ReelCopyFallback allows and encoding otherwise. A clip whose loudness is not known is measured
// first (LevelClips). progress, when not nil, is told the fraction done as ffmpeg goes.
func RenderReel(ctx context.Context, r Reel, format ReelFormat, out string, progress func(float64)) (ReelResult, error) {
	var res ReelResult
	r.Clips = slices.Clone(r.Clips)
	if err := LevelClips(ctx, r.Clips); err != nil {
		return res, err
	}
	dir, err := os.MkdirTemp(filepath.Dir(out), "reel-*")
	if err != nil {
		return res, err
	}
	defer os.RemoveAll(dir)
	meta := filepath.Join(dir, "chapters.txt")
	if err := os.WriteFile(meta, []byte(ReelChapters(r)), 0o600); err != nil {
		return res, err
	}
	fallback, err := ReelCopyFallback(ctx, r, format)
	if err != nil {
		return res, err
	}
	var args []string
	if fallback == "" {
		res.Mode = ReelCopy
		list := filepath.Join(dir, "clips.txt")
		paths, durations := make([]string, len(r.Clips)), make([]float64, len(r.Clips))
		for i, c := range r.Clips {
			paths[i], durations[i] = c.Path, c.Probe.Duration
		}
		if err := concatList(list, paths, durations); err != nil {
			return res, err
		}
		sound := filepath.Join(dir, "sound.aac")
		if err := EncodeReelSound(ctx, r, reelSamples(r), sound); err != nil {
			return res, err
		}
		args = ReelCopyArgs(r, list, sound, meta, out)
	} else {
		res.Mode, res.Fallback = ReelEncode, fallback
		ring := filepath.Join(dir, "ring.png")
		if err := writeSpotlightRing(ring); err != nil {
			return res, err
		}
		args = ReelEncodeArgs(r, format, ring, meta, out)
	}
	total := reelDuration(r)
	var stdout io.Writer = io.Discard
	if progress != nil {
		stdout = &progressWriter{total: total, report: progress}
	}
	if err := runTool(ctx, FFmpegPath, args, stdout, ""); err != nil {
		return res, fmt.Errorf("rendering the %s reel: %w", format, err)
	}
	if res.Probe, err = Probe(ctx, out); err != nil {
		return res, err
	}
	return res, nil
}

// progressWriter reads ffmpeg's -progress lines and reports the fraction done, at most twice a
// second (each report is a database write).
type progressWriter struct {
	total  float64
	report func(float64)
	line   []byte
	last   time.Time
}

func (p *progressWriter) Write(b []byte) (int, error) {
	p.line = append(p.line, b...)
	for {
		end := bytes.IndexByte(p.line, '\n')
		if end < 0 {
			return len(b), nil
		}
		line := string(p.line[:end])
		p.line = p.line[end+1:]
		us, ok := strings.CutPrefix(line, "out_time_us=")
		if !ok || p.total <= 0 || time.Since(p.last) < 500*time.Millisecond {
			continue
		}
		if n, err := strconv.ParseInt(us, 10, 64); err == nil && n > 0 {
			p.last = time.Now()
			p.report(min(0.99, float64(n)/1e6/p.total))
		}
	}
}
