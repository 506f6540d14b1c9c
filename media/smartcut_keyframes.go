package media

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
)

// Finding keyframes a smart cut may copy from: IDR pictures among H.264 I-frames.

// errUncleanKeyframe: the keyframe a smart cut was to copy from is not a clean start (an
// H.264 I-frame that is not an IDR picture, as some Android phones write): Trim looks for a
// later one that is (keyframeStartsArgs).
type errUncleanKeyframe struct{ at float64 }

func (e errUncleanKeyframe) Error() string {
	return fmt.Sprintf("the keyframe at %.3f s is not an IDR picture", e.at)
}

// keyframeLookback is how far before a cut keyframeStartsArgs looks for an IDR picture to
// decode the head from, in seconds, one probe a second.
const keyframeLookback = 30

// keyframeStartsArgs builds ffprobe's arguments for the first video packet at or after each
// seek to times (read_intervals T%+#1: ffprobe seeks to the keyframe at or before T and reads
// one packet), with its bytes (-show_data) to tell an IDR picture from another keyframe. Only
// a packet a time is read: -show_data hex-dumps every packet ffprobe reads.
func keyframeStartsArgs(in string, times []float64) []string {
	intervals := make([]string, len(times))
	for i, t := range times {
		intervals[i] = seconds(max(0, t)) + "%+#1"
	}
	return []string{
		"-hide_banner", "-loglevel", "error",
		"-protocol_whitelist", "file",
		"-select_streams", "v:0",
		"-read_intervals", strings.Join(intervals, ","),
		"-show_data",
		"-show_entries", "packet=pts,flags,data",
		"-print_format", "json",
		"-i", inputURL(in),
	}
}

// findKeyframeStarts tells which keyframes from a second before first to the end of the index
// are clean starts, and which a second apart back to keyframeLookback seconds before it.
func findKeyframeStarts(ctx context.Context, in string, idx cutIndex, first, frame float64, codec string, lengthSize int) (keyframeStarts, error) {
	var times []float64
	for _, pk := range idx.packets {
		if pk.key {
			times = append(times, idx.seconds(pk.pts)+frame/4) // lands on it, not on the one before
		}
	}
	for back := 1.0; back <= keyframeLookback && first-back > -1; back++ {
		times = append(times, first-back)
	}
	out, err := runOutput(ctx, FFprobePath, keyframeStartsArgs(in, times), in)
	if err != nil {
		return nil, fmt.Errorf("reading keyframes: %w", err)
	}
	return parseKeyframeStarts(out, codec, lengthSize)
}

func parseKeyframeStarts(out []byte, codec string, lengthSize int) (keyframeStarts, error) {
	var raw struct {
		Packets []struct {
			Pts   json.Number `json:"pts"`
			Flags string      `json:"flags"`
			Data  string      `json:"data"`
		} `json:"packets"`
	}
	if err := json.Unmarshal(out, &raw); err != nil {
		return nil, fmt.Errorf("reading keyframes: %w", err)
	}
	starts := keyframeStarts{}
	for _, p := range raw.Packets {
		pts, err := p.Pts.Int64()
		if err != nil || !strings.Contains(p.Flags, "K") {
			continue
		}
		data, err := parseHexDump(p.Data)
		if err != nil {
			return nil, fmt.Errorf("reading keyframes: %w", err)
		}
		clean, err := sampleStartsClean(data, codec, lengthSize)
		starts[pts] = err == nil && clean
	}
	return starts, nil
}

// parseHexDump reads ffprobe's -show_data dump: lines of an offset, eight groups of up to
// four hex digits, and the bytes as text.
func parseHexDump(dump string) ([]byte, error) {
	var b []byte
	for line := range strings.SplitSeq(dump, "\n") {
		_, rest, ok := strings.Cut(line, ": ")
		if !ok {
			continue
		}
		hexPart, _, _ := strings.Cut(rest, "  ") // two spaces before the text
		chunk, err := hex.DecodeString(strings.ReplaceAll(hexPart, " ", ""))
		if err != nil {
			return nil, err
		}
		b = append(b, chunk...)
	}
	return b, nil
}
