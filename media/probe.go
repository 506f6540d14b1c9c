package media

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// ProbeResult is what the product needs to know about an audio or video file.
type ProbeResult struct {
	// Duration in seconds: the container's, else the longest stream's.
	Duration float64
	// Width and Height of the first video stream as displayed, that is after Rotation (a
	// portrait phone video stored as 1920x1080 with Rotation 90 answers 1080x1920).
	Width, Height int
	// VideoCodec and AudioCodec are ffprobe's codec names ("h264", "hevc", "aac", "opus") of the
	// first video and audio stream; empty when there is none.
	VideoCodec, AudioCodec string
	// Container is ffprobe's format name, e.g. "mov,mp4,m4a,3gp,3g2,mj2" or "matroska,webm".
	Container string
	// PixelFormat of the first video stream, e.g. "yuv420p" (which every browser plays) or
	// "yuv420p10le" (10-bit HDR from phones, which most do not).
	PixelFormat string
	// HasVideo and HasAudio say whether there is a real video or audio stream; the cover art
	// of a song (an attached picture) is not video.
	HasVideo, HasAudio bool
	// Rotation is how many degrees clockwise (0, 90, 180, 270) a player turns the picture.
	Rotation int
}

// ProbeArgs builds ffprobe's arguments for Probe.
func ProbeArgs(in string) []string {
	return []string{
		"-hide_banner", "-loglevel", "error",
		// Only local files: a crafted playlist cannot make ffprobe fetch URLs.
		"-protocol_whitelist", "file",
		"-print_format", "json",
		"-show_format", "-show_streams",
		"-i", inputURL(in),
	}
}

// inputURL names a local file so ffmpeg reads it as a file whatever characters it has (a
// "name:with:colons" would otherwise be taken for a protocol).
func inputURL(path string) string {
	return "file:" + path
}

type probeSideData struct {
	SideDataType string  `json:"side_data_type"`
	Rotation     float64 `json:"rotation"`
}

type probeJSON struct {
	Streams []struct {
		CodecType   string `json:"codec_type"`
		CodecName   string `json:"codec_name"`
		Width       int    `json:"width"`
		Height      int    `json:"height"`
		PixFmt      string `json:"pix_fmt"`
		Duration    string `json:"duration"`
		StartTime   string `json:"start_time"`
		NbFrames    string `json:"nb_frames"`
		Disposition struct {
			AttachedPic int `json:"attached_pic"`
		} `json:"disposition"`
		Tags struct {
			Rotate string `json:"rotate"`
		} `json:"tags"`
		SideDataList []probeSideData `json:"side_data_list"`
	} `json:"streams"`
	Format struct {
		FormatName string `json:"format_name"`
		Duration   string `json:"duration"`
	} `json:"format"`
}

// Probe runs ffprobe on a local file. A file ffprobe cannot read, or one with neither audio
// nor video in it, answers ErrCorrupt.
func Probe(ctx context.Context, path string) (ProbeResult, error) {
	out, err := runOutput(ctx, FFprobePath, ProbeArgs(path), path)
	if err != nil {
		return ProbeResult{}, fmt.Errorf("probing: %w", err)
	}
	return parseProbe(out)
}

func parseProbe(out []byte) (ProbeResult, error) {
	var raw probeJSON
	if err := json.Unmarshal(out, &raw); err != nil {
		return ProbeResult{}, fmt.Errorf("probing: reading ffprobe output: %w", err)
	}
	var p ProbeResult
	p.Container = raw.Format.FormatName
	p.Duration = parseSeconds(raw.Format.Duration)
	longestStream := 0.0
	for _, s := range raw.Streams {
		longestStream = max(longestStream, parseSeconds(s.Duration))
		switch s.CodecType {
		case "video":
			if p.HasVideo || s.Disposition.AttachedPic != 0 {
				continue
			}
			p.HasVideo = true
			p.VideoCodec, p.PixelFormat = s.CodecName, s.PixFmt
			p.Width, p.Height = s.Width, s.Height
			p.Rotation = streamRotation(s.Tags.Rotate, s.SideDataList)
			if p.Rotation == 90 || p.Rotation == 270 {
				p.Width, p.Height = p.Height, p.Width
			}
		case "audio":
			if !p.HasAudio {
				p.HasAudio = true
				p.AudioCodec = s.CodecName
			}
		}
	}
	if p.Duration == 0 {
		p.Duration = longestStream
	}
	if !p.HasVideo && !p.HasAudio {
		return p, fmt.Errorf("probing: %w", corrupt("no audio or video in the file"))
	}
	return p, nil
}

// streamRotation answers the clockwise rotation a player applies, from the display matrix
// (whose angle ffprobe gives counter-clockwise, as ffmpeg's own autorotate reads it) or from
// the "rotate" tag older ffprobe versions report (clockwise already).
func streamRotation(tag string, sideData []probeSideData) int {
	for _, sd := range sideData {
		if strings.EqualFold(sd.SideDataType, "Display Matrix") {
			return normalizeRotation(-sd.Rotation)
		}
	}
	if tag != "" {
		if deg, err := strconv.ParseFloat(tag, 64); err == nil {
			return normalizeRotation(deg)
		}
	}
	return 0
}

// normalizeRotation rounds to the nearest quarter turn in [0, 360).
func normalizeRotation(deg float64) int {
	r := int(math.Round(deg/90)) * 90 % 360
	if r < 0 {
		r += 360
	}
	return r
}

func parseSeconds(s string) float64 {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
		return 0
	}
	return v
}
