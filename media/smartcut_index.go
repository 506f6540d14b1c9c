package media

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// What a smart cut reads of its source before planning: the streams and packets around the cut.

// indexMargin is how far past end the packet listing reads: far enough that every frame
// shown before end has been listed, whatever its place in decoding order.
const indexMargin = 1.0

// defaultFrameDuration stands in when too few frames are listed to measure (25 fps).
const defaultFrameDuration = 0.04

// CutIndexArgs builds ffprobe's arguments for everything a cut needs to know, in one pass:
// the format and streams (as ProbeArgs: what Probe answers) and the packets (times, flags)
// from the keyframe at or before from to to. -read_intervals makes ffprobe seek and read
// only that stretch, so a cut near the end of an hour-long video does not list the whole
// hour. Not -show_data for the H.264 extradata: ffprobe then hex-dumps every packet it
// reads, even those it does not print (3.5 s instead of 0.14 s for 30 s of 1080p); the
// avcC is read from the file's index instead (fileAVCConfig).
func CutIndexArgs(in string, from, to float64) []string {
	return []string{
		"-hide_banner", "-loglevel", "error",
		"-protocol_whitelist", "file",
		"-read_intervals", seconds(from) + "%" + seconds(to),
		"-show_format", "-show_streams",
		"-show_entries", "packet=stream_index,pts,dts,flags",
		"-print_format", "json",
		"-i", inputURL(in),
	}
}

// cutPacket is one video packet: its times in the stream's time base, and whether it is a
// keyframe.
type cutPacket struct {
	pts, dts int64
	key      bool
}

// cutStream is what an encoder needs to write frames the source's decoder setup would take.
type cutStream struct {
	codec, tag, profile, pixFmt                      string
	level, width, height                             int
	colorRange, colorSpace, colorPrimaries, colorTRC string
	timeBaseNum, timeBaseDen                         int64
}

// cutIndex is the stretch of the first video stream around a cut.
type cutIndex struct {
	packets   []cutPacket // in decoding order
	stream    cutStream
	startTime float64
}

// indexCut answers in's ProbeResult and the index of the stretch from from to to.
func indexCut(ctx context.Context, in string, from, to float64) (ProbeResult, cutIndex, error) {
	out, err := runOutput(ctx, FFprobePath, CutIndexArgs(in, from, to), in)
	if err != nil {
		return ProbeResult{}, cutIndex{}, fmt.Errorf("probing: %w", err)
	}
	p, err := parseProbe(out)
	if err != nil {
		return p, cutIndex{}, err
	}
	if !p.HasVideo {
		return p, cutIndex{}, corrupt("no video in the file")
	}
	idx, err := parseCutIndex(out)
	return p, idx, err
}

// cutStreamJSON is one of ffprobe's streams, as far as a cut needs it.
type cutStreamJSON struct {
	Index          int    `json:"index"`
	CodecType      string `json:"codec_type"`
	CodecName      string `json:"codec_name"`
	CodecTag       string `json:"codec_tag_string"`
	Profile        string `json:"profile"`
	Level          int    `json:"level"`
	PixFmt         string `json:"pix_fmt"`
	Width          int    `json:"width"`
	Height         int    `json:"height"`
	TimeBase       string `json:"time_base"`
	ColorRange     string `json:"color_range"`
	ColorSpace     string `json:"color_space"`
	ColorPrimaries string `json:"color_primaries"`
	ColorTransfer  string `json:"color_transfer"`
}

func parseCutIndex(out []byte) (cutIndex, error) {
	var raw struct {
		Packets []struct {
			StreamIndex int         `json:"stream_index"`
			Pts         json.Number `json:"pts"`
			Dts         json.Number `json:"dts"`
			Flags       string      `json:"flags"`
		} `json:"packets"`
		Streams []cutStreamJSON `json:"streams"`
		Format  struct {
			StartTime string `json:"start_time"`
		} `json:"format"`
	}
	if err := json.Unmarshal(out, &raw); err != nil {
		return cutIndex{}, fmt.Errorf("indexing the cut: reading ffprobe output: %w", err)
	}
	var idx cutIndex
	// The first video stream, as ffmpeg's -map 0:v:0 picks it.
	video := slices.IndexFunc(raw.Streams, func(s cutStreamJSON) bool {
		return s.CodecType == "video"
	})
	if video < 0 {
		return idx, fmt.Errorf("indexing the cut: %w", corrupt("no video stream"))
	}
	s := raw.Streams[video]
	idx.stream = cutStream{
		codec: s.CodecName, tag: s.CodecTag, profile: s.Profile, pixFmt: s.PixFmt,
		level: s.Level, width: s.Width, height: s.Height,
		colorRange: s.ColorRange, colorSpace: s.ColorSpace, colorPrimaries: s.ColorPrimaries, colorTRC: s.ColorTransfer,
	}
	if num, den, ok := strings.Cut(s.TimeBase, "/"); ok {
		idx.stream.timeBaseNum, _ = strconv.ParseInt(num, 10, 64)
		idx.stream.timeBaseDen, _ = strconv.ParseInt(den, 10, 64)
	}
	if idx.stream.timeBaseNum <= 0 || idx.stream.timeBaseDen <= 0 {
		return idx, fmt.Errorf("indexing the cut: %w", corrupt("no time base"))
	}
	if v, err := strconv.ParseFloat(raw.Format.StartTime, 64); err == nil && !math.IsNaN(v) && !math.IsInf(v, 0) {
		idx.startTime = v
	}
	for _, p := range raw.Packets {
		if p.StreamIndex != s.Index {
			continue
		}
		pts, errP := p.Pts.Int64()
		dts, errD := p.Dts.Int64()
		if errP != nil || errD != nil {
			// A packet without times cannot be placed; planCut will not copy around it.
			idx.packets = append(idx.packets, cutPacket{pts: math.MinInt64, dts: math.MinInt64})
			continue
		}
		idx.packets = append(idx.packets, cutPacket{pts: pts, dts: dts, key: strings.Contains(p.Flags, "K")})
	}
	if len(idx.packets) == 0 {
		return idx, fmt.Errorf("indexing the cut: %w", corrupt("no video packets in the range"))
	}
	return idx, nil
}

// seconds answers a time in the stream's time base as seconds from the start of the file,
// as ffmpeg's -ss counts them.
func (idx cutIndex) seconds(ticks int64) float64 {
	return float64(ticks)*float64(idx.stream.timeBaseNum)/float64(idx.stream.timeBaseDen) - idx.startTime
}
