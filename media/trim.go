package media

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
)

// TrimMode says how Trim cut a clip.
type TrimMode string

const (
	// TrimCopy copied the original's H.264 and AAC packets: fast and lossless, possible only
	// when the cut starts on a keyframe.
	TrimCopy TrimMode = "copy"
	// TrimReencode decoded and encoded the clip again, which cuts on any frame.
	TrimReencode TrimMode = "reencode"
)

// Clip settings: a clip is cut to be kept and shared, so a little better than a rendition.
const (
	trimCRF    = "20"
	trimPreset = "veryfast"
	trimAudio  = "128k"
	// clipMaxSide bounds a re-encoded clip's long side: full HD, where a playback rendition is 720p.
	clipMaxSide = 1920
	// coarseSeek is how far before the cut the re-encode's input seek lands: ffmpeg jumps to
	// the keyframe before start-coarseSeek and decodes (and drops) only from there.
	coarseSeek = 5.0
	// syncTolerance is how far apart a copied clip's audio and video may start or end; more
	// than that and the copy is thrown away for a re-encode.
	syncTolerance = 0.05
	// cutMargin is how far before a frame's time a re-encoded cut starts (see Trim).
	cutMargin = 1e-4
)

// seconds formats a time for ffmpeg: microseconds, ffmpeg's own precision.
func seconds(s float64) string {
	return strconv.FormatFloat(s, 'f', 6, 64)
}

// TrimArgs builds ffmpeg's arguments for re-encoding [start, end) of in into the MP4 out
// (TrimReencode): a coarse input seek to max(0, start-5 s), which is fast, then the rest of
// the way as an output option, which decodes and drops frames up to start exactly: the clip
// begins with the first frame whose time is at or after start and holds the frames of
// [start, end). The video is H.264 (libx264 veryfast, CRF 20, yuv420p, turned upright,
// at most 1920 on its long side with even sides) and the audio AAC 128k. The index comes
// first (+faststart) so a browser starts playing at once.
func TrimArgs(in, out string, start, end float64, p ProbeResult) []string {
	coarse := max(0, start-coarseSeek)
	args := append(commonArgs(),
		"-ss", seconds(coarse),
		"-protocol_whitelist", "file",
		"-i", inputURL(in),
		"-ss", seconds(start-coarse),
		"-t", seconds(end-start),
		"-map", "0:v:0",
	)
	if p.HasAudio {
		args = append(args, "-map", "0:a:0")
	}
	args = append(args,
		"-c:v", "libx264", "-preset", trimPreset, "-crf", trimCRF,
		"-pix_fmt", "yuv420p",
		"-vf", fitFilter(clipMaxSide, true),
	)
	if p.HasAudio {
		args = append(args, "-c:a", "aac", "-b:a", trimAudio)
	} else {
		args = append(args, "-an")
	}
	args = append(args, noSourceMetadata...)
	return append(args,
		"-sn", "-dn",
		"-max_muxing_queue_size", "4096",
		"-movflags", "+faststart",
		"-f", "mp4",
		inputURL(out),
	)
}

// Trim cuts [start, end) seconds of the video in into out, an MP4 with H.264 video and AAC
// audio (when in has audio) that a browser plays as it is, and answers how it cut and what
// the clip is. Checking the range against the video is the caller's job; Trim still refuses
// to leave a clip without video (ErrCorrupt).
//
// A cut is frame-accurate: the clip holds the frames whose times are in [start, end), the
// first of them at 0, and the audio of the same stretch. When in is already browser-playable
// H.264/AAC in MP4/MOV (see NeedsRendition), Trim avoids encoding the whole clip again:
//   - start within half a frame of a keyframe, and the packets from there to end exactly the
//     frames shown from there to end (always so without B-frames): every packet is copied
//     (TrimCopy), which takes a moment;
//   - otherwise, the keyframe after start closed (no frame stored after it shown before it):
//     a smart cut (TrimSmartCut, see smartcut.go) encodes the frames up to that keyframe, and
//     with B-frames the few before end, and copies the rest.
//
// Each is checked (the frames asked for, the length within a frame, audio and video starting
// and ending together, and for a smart cut a clean decode of all of it); one that fails, or a
// source that allows neither, is re-encoded whole (TrimReencode), and TrimResult.Fallback says why.
//
// One ffprobe run both probes in and lists the packets of the stretch around the cut
// (CutIndexArgs); the clip is probed once, and Trim answers that probe.
// out appears only when complete: a killed job leaves no half clip there.
func Trim(ctx context.Context, in, out string, start, end float64) (TrimResult, error) {
	return TrimWith(ctx, in, out, start, end, TrimOptions{})
}

// TrimOptions asks Trim for more than the clip.
type TrimOptions struct {
	// PosterPath, when set, asks for the clip's poster there (PosterFrame, its long side at most
	// PosterSide), made from the cut clip while Trim checks it: the checks leave a core idle, and
	// the clip's few frames before its poster cost less to decode than the source's, so it adds
	// nothing to the wait, where a poster made from the source beside the cut slowed the cut.
	PosterPath string
	PosterSide int
}

// TrimWith is Trim with options.
func TrimWith(ctx context.Context, in, out string, start, end float64, opts TrimOptions) (TrimResult, error) {
	poster := clipPoster{path: opts.PosterPath, maxSide: opts.PosterSide}
	if !(end > start) || start < 0 {
		return TrimResult{}, fmt.Errorf("trimming: %w", corrupt(fmt.Sprintf("nothing to cut from %.3f s to %.3f s", start, end)))
	}
	p, idx, err := indexCut(ctx, in, start, end+indexMargin)
	if err != nil {
		return TrimResult{}, fmt.Errorf("trimming: %w", err)
	}
	plan, err := planCut(idx, p, start, end, nil)
	if err != nil {
		return TrimResult{}, fmt.Errorf("trimming: %w", err)
	}
	if plan.joined() && idx.stream.codec == "h264" {
		// The joined clip's avcC is made from the source's (see smartcut.go).
		if plan.avcC, err = fileAVCConfig(in); err != nil {
			plan.mode, plan.fallback = TrimReencode, "the source's H.264 configuration could not be read: "+err.Error()
		}
	}
	res := TrimResult{Mode: plan.mode, Fallback: plan.fallback}
	err = writeVia(out, ".mp4", func(tmp string) error {
		switch {
		case plan.mode == TrimCopy && !plan.reordered:
			clip, why, err := copyClip(ctx, in, tmp, end, plan, p, poster)
			if err != nil {
				return err
			}
			if why == "" {
				res.Clip = clip
				return nil
			}
			res.Fallback = "the copy did not check out: " + why
		case plan.joined():
			// A copy of B-frame video is a smart cut with nothing to encode (see smartcut.go).
			clip, err := smartCut(ctx, in, tmp, end, plan, idx.stream, p, poster)
			var unclean errUncleanKeyframe
			if errors.As(err, &unclean) && idx.stream.codec == "h264" {
				// Some keyframes are not IDR pictures: find out which are, and cut again from
				// the first that is (decoding the head from the last one before the start).
				// HEVC's keyframes are IRAP pictures, or open GOPs that planCut passed over.
				plan, err = replanFromCleanKeyframes(ctx, in, idx, p, start, end, plan)
				res.Mode = plan.mode
				if err == nil && plan.joined() {
					clip, err = smartCut(ctx, in, tmp, end, plan, idx.stream, p, poster)
				} else if err == nil {
					err = fmt.Errorf("%w: %s", errSmartCut, plan.fallback)
				}
			}
			if err == nil {
				res.Clip = clip
				return nil
			}
			if !errors.Is(err, errSmartCut) {
				return err
			}
			res.Fallback = strings.TrimPrefix(err.Error(), errSmartCut.Error()+": ")
			if plan.mode == TrimCopy {
				res.Fallback = "the copy did not check out: " + res.Fallback
			}
		}
		res.Mode = TrimReencode // the slow and sure way
		from, until := max(0, plan.first-cutMargin), end-cutMargin
		if err := runTool(ctx, FFmpegPath, TrimArgs(in, tmp, from, until, p), nil, in); err != nil {
			return err
		}
		return poster.alongside(ctx, tmp, end-plan.first, func() (bool, error) {
			clip, timing, err := probeClip(ctx, tmp)
			if err != nil {
				return false, err
			}
			if timing.video.frames == 0 {
				return false, corrupt(fmt.Sprintf("no video frames from %.3f s to %.3f s", start, end))
			}
			res.Clip = clip
			return true, nil
		})
	})
	if err != nil {
		return TrimResult{}, fmt.Errorf("trimming: %w", err)
	}
	return res, nil
}

// replanFromCleanKeyframes plans the cut again knowing which keyframes are IDR pictures (only
// H.264 has keyframes that are not clean starts without also having an open GOP, which planCut
// sees). A plan that is not a smart cut or a copy comes back as it is, with its fallback.
func replanFromCleanKeyframes(ctx context.Context, in string, idx cutIndex, p ProbeResult, start, end float64, plan cutPlan) (cutPlan, error) {
	starts, err := findKeyframeStarts(ctx, in, idx, plan.first, plan.frame, idx.stream.codec, plan.avcC.lengthSize)
	if err != nil {
		if ctx.Err() != nil {
			return plan, ctx.Err()
		}
		return plan, fmt.Errorf("%w: %v", errSmartCut, err)
	}
	again, err := planCut(idx, p, start, end, starts)
	if err != nil {
		return plan, fmt.Errorf("%w: %v", errSmartCut, err)
	}
	again.avcC = plan.avcC
	return again, nil
}

// copyClip cuts by stream copy as planned and answers the clip, or why it did not come out
// right (then a re-encode follows). It answers an error only when ctx ended or the
// machine failed.
func copyClip(ctx context.Context, in, tmp string, end float64, plan cutPlan, p ProbeResult, poster clipPoster) (ProbeResult, string, error) {
	err := runTool(ctx, FFmpegPath, CopyArgs(in, tmp, plan.keyframe, end-plan.keyframe, p), nil, in)
	if ctx.Err() != nil {
		return ProbeResult{}, "", ctx.Err()
	}
	if err != nil {
		if !errors.Is(err, ErrCorrupt) {
			return ProbeResult{}, "", err
		}
		return ProbeResult{}, err.Error(), nil
	}
	var clip ProbeResult
	why := ""
	err = poster.alongside(ctx, tmp, end-plan.first, func() (bool, error) {
		var timing clipTiming
		var err error
		clip, timing, err = probeClip(ctx, tmp)
		if ctx.Err() != nil {
			return false, ctx.Err()
		}
		if err != nil {
			why = err.Error()
		} else {
			why = timing.mismatch(end-plan.first, plan.frame, plan.frames(), p.HasAudio)
		}
		return why == "", nil
	})
	return clip, why, err
}

// clipPoster is the poster TrimOptions asks for; the zero value asks for none.
type clipPoster struct {
	path    string
	maxSide int
}

// alongside runs check on the clip at clipPath, lasting duration seconds, and beside it makes
// the clip's poster. check answers whether the clip is the one to keep: when it is not, or
// check fails, the poster is dropped (its error too: a clip cut again gets its poster again).
func (c clipPoster) alongside(ctx context.Context, clipPath string, duration float64, check func() (keep bool, err error)) error {
	if c.path == "" {
		_, err := check()
		return err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	made := make(chan error, 1)
	go func() { made <- PosterFrame(ctx, clipPath, duration, c.maxSide, c.path) }()
	keep, err := check()
	if !keep || err != nil {
		cancel()
		<-made
		return err
	}
	return <-made
}

// made is alongside for a poster already made at frame (by the run that cut the clip): it is
// the clip's poster once check keeps the clip. Should the run have written no frame there, the
// poster is made from the clip beside check, as alongside does.
func (c clipPoster) made(ctx context.Context, frame, clipPath string, duration float64, check func() (keep bool, err error)) error {
	jpeg, err := os.ReadFile(frame)
	if err != nil || len(jpeg) == 0 {
		return c.alongside(ctx, clipPath, duration, check)
	}
	if keep, err := check(); !keep || err != nil {
		return err
	}
	return writeVia(c.path, ".jpg", func(tmp string) error { return os.WriteFile(tmp, jpeg, 0o600) })
}

// clipTiming is where a clip's first video and audio streams start and how long they last.
type clipTiming struct {
	video, audio streamTiming
}

type streamTiming struct {
	present         bool
	start, duration float64
	frames          int
}

func (s streamTiming) end() float64 { return s.start + s.duration }

// mismatch says how a cut clip differs from what was asked: frames video frames lasting
// want seconds (within a frame), starting at 0 and, when there is audio, audio that starts
// and ends with it. Empty when it does not.
func (c clipTiming) mismatch(want, frame float64, frames int, withAudio bool) string {
	switch {
	case !c.video.present || c.video.frames == 0:
		return "no video in the clip"
	case c.video.frames != frames:
		return fmt.Sprintf("%d video frames, not %d", c.video.frames, frames)
	case math.Abs(c.video.duration-want) > frame+1e-3:
		return fmt.Sprintf("the video lasts %.3f s, not %.3f s", c.video.duration, want)
	case math.Abs(c.video.start) > frame/2:
		return fmt.Sprintf("the video starts at %.3f s", c.video.start)
	case !withAudio:
		return ""
	case !c.audio.present:
		return "no audio in the clip"
	case math.Abs(c.audio.start-c.video.start) > syncTolerance:
		return fmt.Sprintf("the audio starts at %.3f s, the video at %.3f s", c.audio.start, c.video.start)
	case math.Abs(c.audio.end()-c.video.end()) > syncTolerance:
		return fmt.Sprintf("the audio ends at %.3f s, the video at %.3f s", c.audio.end(), c.video.end())
	}
	return ""
}

// probeClip answers a clip's ProbeResult and timing from one ffprobe run.
func probeClip(ctx context.Context, path string) (ProbeResult, clipTiming, error) {
	out, err := runOutput(ctx, FFprobePath, ProbeArgs(path), path)
	if err != nil {
		return ProbeResult{}, clipTiming{}, fmt.Errorf("checking the clip: %w", err)
	}
	p, err := parseProbe(out)
	if err != nil {
		return ProbeResult{}, clipTiming{}, fmt.Errorf("checking the clip: %w", err)
	}
	var raw probeJSON
	if err := json.Unmarshal(out, &raw); err != nil {
		return ProbeResult{}, clipTiming{}, fmt.Errorf("checking the clip: reading ffprobe output: %w", err)
	}
	var c clipTiming
	for _, s := range raw.Streams {
		t := &c.video
		switch s.CodecType {
		case "video":
			if s.Disposition.AttachedPic != 0 {
				continue
			}
		case "audio":
			t = &c.audio
		default:
			continue
		}
		if t.present {
			continue
		}
		frames, _ := strconv.Atoi(s.NbFrames)
		*t = streamTiming{present: true, start: parseSignedSeconds(s.StartTime), duration: parseSeconds(s.Duration), frames: frames}
	}
	return p, c, nil
}

// clipTimingOf is probeClip's timing alone.
func clipTimingOf(ctx context.Context, path string) (clipTiming, error) {
	_, c, err := probeClip(ctx, path)
	return c, err
}

// parseSignedSeconds is parseSeconds for a time that may be before 0 (a stream's start).
func parseSignedSeconds(s string) float64 {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0
	}
	return v
}
