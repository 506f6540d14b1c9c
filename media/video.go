package media

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
)

// Rendition settings: what every current browser plays (H.264 High in 8-bit 4:2:0, AAC, MP4),
// at a size and quality made for watching on a phone or a laptop, fast enough that a phone
// video plays in the library a few seconds after its upload. 720p (a long side of 1280): a
// family watches in a phone's screen or a browser window, and the original, at full
// resolution, stays one click away (Download). Against the 1080p rendition this replaces, it
// halves the CPU of a 1080p HEVC video's transcode (x264 encodes 2.25 times fewer pixels;
// decoding the HEVC is then most of the rest) and makes a file a quarter the size. The preset
// stays veryfast: superfast saves only a few percent more and makes files three times larger.
const (
	renditionMaxSide = 1280
	renditionCRF     = "23"
	renditionPreset  = "veryfast"
	renditionAudio   = "128k"
	// renditionKeyframes puts a keyframe every 2 s (x264's own interval is 250 frames, 8 s at
	// 30 fps): a clip of an HEVC original gets its rendition by a smart cut of this one, which
	// encodes again the frames from the cut to the next keyframe, a second on average instead
	// of four. It costs the rendition about 1% in size; a browser seeks to the second, too.
	renditionKeyframes = "expr:gte(t,n_forced*2)"
	// posterQuality is ffmpeg's JPEG qscale (2 best … 31 worst).
	posterQuality = "3"
)

// commonArgs start every ffmpeg command: never read the terminal (a worker has none, and a
// stray "q" must not stop a transcode), no banner, only errors on stderr (the last line is the
// reason shown to the user), and overwrite the output (it is always our own temporary file).
func commonArgs() []string {
	return []string{"-nostdin", "-hide_banner", "-loglevel", "error", "-y"}
}

// noSourceMetadata keeps the source's tags out of an output: ffmpeg copies a file's global metadata
// by default, and a phone's video carries where it was filmed (©xyz, 3GPP loci, Apple's ISO 6709
// key). What we make from a family's file is shown to the circle and shared by link; the original
// keeps its metadata untouched. The picture's rotation is side data, not a tag, and stays.
var noSourceMetadata = []string{"-map_metadata", "-1"}

// fitFilter scales a picture down, never up, so that its long side is at most maxSide,
// keeping its aspect. even rounds both sides down to even numbers, as H.264 in yuv420p needs.
func fitFilter(maxSide int, even bool) string {
	side := strconv.Itoa(maxSide)
	f := "scale=w='min(" + side + ",iw)':h='min(" + side + ",ih)':force_original_aspect_ratio=decrease"
	if even {
		f += ":force_divisible_by=2"
	}
	return f
}

// posterAt is where the poster frame is taken: one second in (past a fade from black), or
// half way through a shorter clip.
func posterAt(duration float64) float64 {
	if duration <= 0 {
		return 0
	}
	return min(1, duration/2)
}

// PosterFrameArgs builds ffmpeg's arguments for one JPEG frame of in, at seconds, with its long
// side at most maxSide, written to out. -ss comes before -i: ffmpeg then seeks in the input
// to the keyframe before at and decodes only from there, instead of decoding everything up
// to at. ffmpeg turns the frame the way the video's rotation says.
func PosterFrameArgs(in string, at float64, maxSide int, out string) []string {
	args := append(commonArgs(),
		"-ss", strconv.FormatFloat(at, 'f', 3, 64),
		"-protocol_whitelist", "file",
		"-i", inputURL(in),
	)
	return append(args, posterOutput(0, 0, maxSide, out)...)
}

// posterOutput are the output options of a poster: the first frame of input's video that
// reaches the output from skip seconds on (0: the first), its long side at most maxSide, as a
// JPEG at out. The frames before skip are dropped ahead of the scaling (an output -ss drops
// them after the output's filters, so each of them was scaled for nothing).
func posterOutput(input int, skip float64, maxSide int, out string) []string {
	filter := fitFilter(maxSide, false)
	if skip > 0 {
		filter = "trim=start=" + seconds(skip) + "," + filter
	}
	return []string{
		"-map", strconv.Itoa(input) + ":v:0",
		"-frames:v", "1",
		"-an", "-sn", "-dn",
		"-vf", filter,
		"-c:v", "mjpeg", "-q:v", posterQuality,
		// image2 with -update writes exactly this name, never reading "%d" in it as a pattern.
		"-f", "image2", "-update", "1",
		inputURL(out),
	}
}

// PosterFrame writes a JPEG frame from a video to outPath, taken at min(1 s, duration/2) with
// its long side at most maxSide. A video too short or too broken to have a frame there is
// tried again from its very first frame. outPath appears only when complete.
func PosterFrame(ctx context.Context, path string, duration float64, maxSide int, outPath string) error {
	return writeVia(outPath, ".jpg", func(tmp string) error {
		at := posterAt(duration)
		for {
			if err := runTool(ctx, FFmpegPath, PosterFrameArgs(path, at, maxSide, tmp), nil, path); err != nil {
				return fmt.Errorf("making poster frame: %w", err)
			}
			if info, err := os.Stat(tmp); err == nil && info.Size() > 0 {
				return nil
			}
			// ffmpeg succeeds without writing a frame when the seek passes the last one
			// (a duration that overstates the video).
			if at == 0 {
				return fmt.Errorf("making poster frame: %w", corrupt("no video frame could be decoded"))
			}
			at = 0
		}
	})
}

// NeedsRendition reports whether a video needs a browser-playable copy: true unless it is
// H.264 in 8-bit 4:2:0 (yuv420p, or its full-range twin yuvj420p) with AAC or no audio, in
// an MP4/MOV container. A file without video needs none (there is no picture to play).
func NeedsRendition(p ProbeResult) bool {
	if !p.HasVideo {
		return false
	}
	playable := p.VideoCodec == "h264" &&
		(p.PixelFormat == "yuv420p" || p.PixelFormat == "yuvj420p") &&
		(!p.HasAudio || p.AudioCodec == "aac") &&
		p.Container == "mov,mp4,m4a,3gp,3g2,mj2"
	return !playable
}

// RenditionArgs builds ffmpeg's arguments for Rendition: the first video stream as H.264
// (libx264, preset veryfast, CRF 23, yuv420p, a keyframe every 2 s, scaled down so the long
// side is at most 1280 with even sides, by a bilinear filter: for 1080p to 720p the scaling takes 0.9 s of CPU where bicubic's
// took 1.3 s, 6% of the whole rendition, for an SSIM against a Lanczos reference of 0.986
// instead of 0.988), the first audio stream copied when it is AAC already (as a phone's is:
// every browser plays it, and re-encoding would only lose quality and time) or else encoded
// as AAC 128k, no audio when p has none, in an MP4 whose index comes first (+faststart) so a
// browser starts playing before it has it all.
func RenditionArgs(in, out string, p ProbeResult) []string {
	args := commonArgs()
	args = append(args,
		"-protocol_whitelist", "file",
		"-i", inputURL(in),
		"-map", "0:v:0",
	)
	if p.HasAudio {
		args = append(args, "-map", "0:a:0")
	}
	args = append(args,
		"-c:v", "libx264", "-preset", renditionPreset, "-crf", renditionCRF,
		"-pix_fmt", "yuv420p",
		"-vf", fitFilter(renditionMaxSide, true)+":flags=bilinear",
		"-force_key_frames", renditionKeyframes,
	)
	switch {
	case p.HasAudio && p.AudioCodec == "aac":
		args = append(args, "-c:a", "copy")
	case p.HasAudio:
		args = append(args, "-c:a", "aac", "-b:a", renditionAudio)
	default:
		args = append(args, "-an")
	}
	args = append(args, noSourceMetadata...)
	return append(args,
		"-sn", "-dn",
		// Phone videos with sparse audio otherwise stop ffmpeg 5 with "Too many packets
		// buffered for output stream".
		"-max_muxing_queue_size", "4096",
		"-movflags", "+faststart",
		"-f", "mp4",
		inputURL(out),
	)
}

// Rendition transcodes a video into a browser-playable MP4 (see RenditionArgs) at outPath,
// which appears only when complete. p is the video's ProbeResult (the caller has it already).
func Rendition(ctx context.Context, inPath, outPath string, p ProbeResult) error {
	if !p.HasVideo {
		return fmt.Errorf("making rendition: %w", corrupt("no video in the file"))
	}
	return writeVia(outPath, ".mp4", func(tmp string) error {
		if err := runTool(ctx, FFmpegPath, RenditionArgs(inPath, tmp, p), nil, inPath); err != nil {
			return fmt.Errorf("making rendition: %w", err)
		}
		return nil
	})
}

// writeVia has write fill a temporary file beside outPath and renames it to outPath once
// write succeeded, so outPath is never seen half written and a failure leaves nothing behind.
// It does not fsync: every caller writes into a job's scratch directory, whose files live as
// long as the job and are kept only by Storage.Put, which syncs what it stores. Syncing the
// scratch copy too wrote each clip and rendition to the disk twice, and under another
// process's heavy writes waited on them (issue #34).
func writeVia(outPath, ext string, write func(tmp string) error) (err error) {
	f, err := os.CreateTemp(filepath.Dir(outPath), tempName("rendition")+ext)
	if err != nil {
		return err
	}
	tmp := f.Name()
	_ = f.Close()
	defer func() {
		if err != nil {
			_ = os.Remove(tmp)
		}
	}()
	if err = write(tmp); err != nil {
		return err
	}
	return os.Rename(tmp, outPath)
}
