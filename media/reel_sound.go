package media

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"golang.org/x/sync/errgroup"
)

// A reel joined by stream copy still encodes its sound again (each clip levelled to the same
// loudness), and FFmpeg's AAC encoder runs on one core: for five 20 s clips it was nearly all of the
// join's time. So the levelled sound is encoded in parts, one per core, and the parts' AAC frames
// are joined. AAC frames overlap: each is the transform of 2048 samples, half shared with the frame
// before, and a decoder adds the halves together. Each part is therefore encoded with a frame of
// the real sound before and after it (not silence), so that the frames on either side of a seam
// were both made from the sound that is really there, as two neighbouring frames of one encode
// are; the encoder's first frame (its priming) and the extra frames are dropped. The joined frames
// play without a gap or a shift, and the seam sounds as any frame boundary does
// (TestReelSoundPartsJoinWithoutASeam).

const (
	aacFrameSamples = 1024
	// soundPartLead is the real sound a part is encoded with before and after the samples it keeps:
	// four frames, so that where the encoder's input starts and ends (a jump from silence, which it
	// meets with short windows) is far enough from the seam that the frames on either side of it
	// are the long windows of steady sound and fit together as two of one encode do.
	soundPartLead  = 4 * aacFrameSamples
	reelSampleRate = 48000
	// reelSoundPartSeconds is the least sound worth a part of its own: below it, starting another
	// ffmpeg costs more than it saves.
	reelSoundPartSeconds = 15.0
)

// ReelSoundArgs builds ffmpeg's arguments encoding samples [from, to) of the reel's levelled sound
// (every clip's sound through audioChain, joined) as AAC in ADTS frames, one frame per 1024
// samples, which ReelSoundParts' frames are cut from.
func ReelSoundArgs(r Reel, from, to int64, out string) []string {
	args := commonArgs()
	var graph, parts []string
	for i, c := range r.Clips {
		args = append(args, "-protocol_whitelist", "file", "-i", inputURL(c.Path))
		label := fmt.Sprintf("a%d", i)
		graph = append(graph, audioChain(i, c, label))
		parts = append(parts, "["+label+"]")
	}
	graph = append(graph, fmt.Sprintf("%sconcat=n=%d:v=0:a=1,atrim=start_sample=%d:end_sample=%d,asetpts=N/SR/TB[a]",
		strings.Join(parts, ""), len(parts), from, to))
	args = append(args, "-filter_complex", strings.Join(graph, ";"), "-map", "[a]")
	args = append(args, reelAudioCodec...)
	return append(args, "-f", "adts", inputURL(out))
}

// soundPart is one part of a reel's sound: the samples it keeps, [keepFrom, keepTo), and the
// samples encoded for them, [from, to), a frame more on each side where there is sound.
type soundPart struct {
	from, to, keepFrom, keepTo int64
}

// reelSoundParts splits total samples into parts at frame boundaries, at most n of them.
func reelSoundParts(total int64, n int) []soundPart {
	n = max(1, min(n, int(float64(total)/reelSampleRate/reelSoundPartSeconds)))
	frames := (total + aacFrameSamples - 1) / aacFrameSamples
	parts := make([]soundPart, n)
	for i := range parts {
		keepFrom := frames * int64(i) / int64(n) * aacFrameSamples
		keepTo := frames * int64(i+1) / int64(n) * aacFrameSamples
		if i == n-1 {
			keepTo = total
		}
		parts[i] = soundPart{from: max(0, keepFrom-soundPartLead), to: min(total, keepTo+soundPartLead), keepFrom: keepFrom, keepTo: keepTo}
	}
	return parts
}

// EncodeReelSound encodes the reel's levelled sound, total samples at 48 kHz, into out as ADTS
// frames, in parts side by side (one per core).
func EncodeReelSound(ctx context.Context, r Reel, total int64, out string) error {
	return encodeReelSound(ctx, r, total, out, runtime.NumCPU())
}

func encodeReelSound(ctx context.Context, r Reel, total int64, out string, cores int) error {
	parts := reelSoundParts(total, cores)
	dir := filepath.Dir(out)
	frames := make([][][]byte, len(parts))
	encoded, ectx := errgroup.WithContext(ctx)
	for i, p := range parts {
		encoded.Go(func() error {
			path := filepath.Join(dir, fmt.Sprintf("sound-%d.aac", i))
			if err := runTool(ectx, FFmpegPath, ReelSoundArgs(r, p.from, p.to, path), io.Discard, ""); err != nil {
				return fmt.Errorf("encoding the reel's sound: %w", err)
			}
			all, err := adtsFrames(path)
			if err != nil {
				return err
			}
			frames[i], err = p.kept(all)
			return err
		})
	}
	if err := encoded.Wait(); err != nil {
		return err
	}
	var joined bytes.Buffer
	for _, part := range frames {
		for _, f := range part {
			joined.Write(f)
		}
	}
	return os.WriteFile(out, joined.Bytes(), 0o600)
}

// kept answers the frames of the part's encode that carry its own samples. The encoder's frame 0
// is its priming (1024 samples before its input); frame k, k ≥ 1, carries input samples from
// (k-1)·1024. The last part keeps everything after its start, the encoder's last, padded frame too.
func (p soundPart) kept(frames [][]byte) ([][]byte, error) {
	first := 1 + (p.keepFrom-p.from)/aacFrameSamples
	last := int64(len(frames))
	if p.to != p.keepTo { // not the last part
		last = first + (p.keepTo-p.keepFrom)/aacFrameSamples
	}
	if first > last || last > int64(len(frames)) {
		return nil, fmt.Errorf("encoding the reel's sound: %d frames for samples %d to %d", len(frames), p.from, p.to)
	}
	return frames[first:last], nil
}

// adtsFrames reads an ADTS file's frames (each a 7- or 9-byte header and one raw AAC block, as
// FFmpeg writes them).
func adtsFrames(path string) ([][]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var frames [][]byte
	for len(data) > 0 {
		if len(data) < 7 || data[0] != 0xFF || data[1]&0xF0 != 0xF0 {
			return nil, fmt.Errorf("reading the reel's sound: not an ADTS frame after %d frames", len(frames))
		}
		size := int(data[3]&0x03)<<11 | int(data[4])<<3 | int(data[5])>>5
		if blocks := data[6] & 0x03; blocks != 0 || size < 7 || size > len(data) {
			return nil, fmt.Errorf("reading the reel's sound: frame %d of %d bytes, %d blocks", len(frames), size, blocks+1)
		}
		frames = append(frames, data[:size])
		data = data[size:]
	}
	return frames, nil
}

// reelSamples is the reel's length in samples at 48 kHz.
func reelSamples(r Reel) int64 {
	return int64(reelDuration(r)*reelSampleRate + 0.5)
}

// ReelCopyArgs builds ffmpeg's arguments for a reel joined by stream copy: the clips' video
// packets through the concat demuxer untouched (list, from concatList), and the sound as
// EncodeReelSound made it (sound), copied too.
func ReelCopyArgs(r Reel, list, sound, meta, out string) []string {
	args := append(commonArgs(), "-nostats", "-progress", "pipe:1",
		"-f", "concat", "-safe", "0", "-auto_convert", "0", "-protocol_whitelist", "file", "-i", inputURL(list),
		"-f", "aac", "-protocol_whitelist", "file", "-i", inputURL(sound),
		"-f", "ffmetadata", "-protocol_whitelist", "file", "-i", inputURL(meta),
		"-map", "0:v:0", "-c:v", "copy")
	if len(r.Clips) > 0 && r.Clips[0].Probe.VideoCodec == "hevc" {
		args = append(args, "-tag:v", "hvc1") // what Apple's players ask for, as a smart cut writes it
	}
	return append(args, "-map", "1:a:0", "-c:a", "copy", "-map_metadata", "2", "-map_chapters", "2", // input 2: the chapters
		"-movflags", "+faststart", "-sn", "-dn", "-f", "mp4", inputURL(out))
}
