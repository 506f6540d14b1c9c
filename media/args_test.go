package media

import (
	"context"
	"errors"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func index(t *testing.T, args []string, flag string) int {
	t.Helper()
	i := slices.Index(args, flag)
	require.GreaterOrEqual(t, i, 0, "%s missing from %v", flag, args)
	return i
}

// value answers what follows flag.
func value(t *testing.T, args []string, flag string) string {
	t.Helper()
	i := index(t, args, flag)
	require.Less(t, i+1, len(args), "%s has no value", flag)
	return args[i+1]
}

func requireCommon(t *testing.T, args []string) {
	t.Helper()
	require.Equal(t, []string{"-nostdin", "-hide_banner", "-loglevel", "error", "-y"}, args[:5])
	require.Equal(t, "file", value(t, args, "-protocol_whitelist"))
	require.Less(t, index(t, args, "-protocol_whitelist"), index(t, args, "-i"), "an input option")
}

func TestPosterFrameArgs(t *testing.T) {
	t.Parallel()
	args := PosterFrameArgs("/data/in.mov", 1, 480, "/tmp/out.jpg")
	requireCommon(t, args)
	require.Less(t, index(t, args, "-ss"), index(t, args, "-i"), "-ss before -i seeks the input fast")
	require.Equal(t, "1.000", value(t, args, "-ss"))
	require.Equal(t, "file:/data/in.mov", value(t, args, "-i"))
	require.Equal(t, "1", value(t, args, "-frames:v"))
	require.Equal(t, "scale=w='min(480,iw)':h='min(480,ih)':force_original_aspect_ratio=decrease", value(t, args, "-vf"))
	require.Equal(t, "file:/tmp/out.jpg", args[len(args)-1])

	require.Equal(t, "0.250", value(t, PosterFrameArgs("in", posterAt(0.5), 480, "out"), "-ss"), "half of a short clip")
	require.Equal(t, "1.000", value(t, PosterFrameArgs("in", posterAt(60), 480, "out"), "-ss"))
	require.Equal(t, "0.000", value(t, PosterFrameArgs("in", posterAt(0), 480, "out"), "-ss"), "unknown duration")
}

func TestRenditionArgs(t *testing.T) {
	t.Parallel()
	withAudio := RenditionArgs("/data/in.mov", "/tmp/out.mp4", ProbeResult{HasVideo: true, HasAudio: true, AudioCodec: "opus"})
	requireCommon(t, withAudio)
	require.Equal(t, "+faststart", value(t, withAudio, "-movflags"))
	require.Equal(t, "libx264", value(t, withAudio, "-c:v"))
	require.Equal(t, "veryfast", value(t, withAudio, "-preset"))
	require.Equal(t, "23", value(t, withAudio, "-crf"))
	require.Equal(t, "yuv420p", value(t, withAudio, "-pix_fmt"))
	require.Equal(t, "expr:gte(t,n_forced*2)", value(t, withAudio, "-force_key_frames"), "a keyframe every 2 s: a clip's rendition is cut from this one")
	require.Equal(t, "aac", value(t, withAudio, "-c:a"), "audio a browser may not play is encoded")
	require.Equal(t, "128k", value(t, withAudio, "-b:a"))
	require.Equal(t, "mp4", value(t, withAudio, "-f"))
	vf := value(t, withAudio, "-vf")
	require.Equal(t, "scale=w='min(1280,iw)':h='min(1280,ih)':force_original_aspect_ratio=decrease:force_divisible_by=2:flags=bilinear", vf, "720p")
	require.Contains(t, vf, "force_divisible_by=2", "even sides for yuv420p H.264")
	require.NotContains(t, withAudio, "-an")
	require.Equal(t, "file:/tmp/out.mp4", withAudio[len(withAudio)-1])

	phone := RenditionArgs("in", "out", ProbeResult{HasVideo: true, HasAudio: true, VideoCodec: "hevc", AudioCodec: "aac"})
	require.Equal(t, "copy", value(t, phone, "-c:a"), "a phone's AAC is copied as it is")
	require.NotContains(t, phone, "-b:a")
	require.Equal(t, "0:a:0", phone[index(t, phone, "-c:v")-1], "the first audio stream is mapped")

	silent := RenditionArgs("in", "out", ProbeResult{HasVideo: true})
	require.Contains(t, silent, "-an")
	require.NotContains(t, silent, "-c:a")
	require.Equal(t, 1, strings.Count(strings.Join(silent, " "), "-map "), "video only")
}

func TestProbeArgs(t *testing.T) {
	t.Parallel()
	args := ProbeArgs("/data/a:b.mp4")
	require.Equal(t, "json", value(t, args, "-print_format"))
	require.Equal(t, "file:/data/a:b.mp4", value(t, args, "-i"), "a colon in a name is not a protocol")
	require.Equal(t, "file", value(t, args, "-protocol_whitelist"))
}

func TestPDFPreviewArgs(t *testing.T) {
	t.Parallel()
	args := PDFPreviewArgs("/data/doc.pdf", 480, "/tmp/out")
	require.Equal(t, "1", value(t, args, "-f"))
	require.Equal(t, "1", value(t, args, "-l"))
	require.Equal(t, "480", value(t, args, "-scale-to"))
	require.Contains(t, args, "-jpeg")
	require.Equal(t, []string{"/data/doc.pdf", "/tmp/out"}, args[len(args)-2:])
	require.Equal(t, "./-x.pdf", PDFPreviewArgs("-x.pdf", 480, "out")[len(args)-2])
}

func TestShortReason(t *testing.T) {
	t.Parallel()
	stderr := "[mov,mp4,m4a,3gp,3g2,mj2 @ 0x55d5c0c0a3c0] moov atom not found\n/srv/media/ab12.mp4: Invalid data found when processing input\n\n"
	require.Equal(t, "Invalid data found when processing input", shortReason(stderr, "/srv/media/ab12.mp4"))
	require.Equal(t, "moov atom not found", shortReason("[mov,mp4,m4a,3gp,3g2,mj2 @ 0x55d5c0c0a3c0] moov atom not found\n", "x"))
	require.Equal(t, "Error opening input", shortReason("file:/srv/a.mp4: Error opening input", "/srv/a.mp4"))
	require.Equal(t, "could not read input", shortReason("could not read /srv/a.mp4", "/srv/a.mp4"))
	long := shortReason(strings.Repeat("é", 200), "")
	require.LessOrEqual(t, len(long), maxReason+len("…"))
	require.True(t, strings.HasSuffix(long, "…"))
	require.NotContains(t, long, "\uFFFD", "not cut inside a character")
	require.Empty(t, shortReason("", "x"))
}

func TestTailBufferKeepsTheEnd(t *testing.T) {
	t.Parallel()
	b := &tailBuffer{max: 10}
	for _, s := range []string{"hello ", "world, ", "this is ", "the end"} {
		n, err := b.Write([]byte(s))
		require.NoError(t, err)
		require.Equal(t, len(s), n)
	}
	require.Equal(t, "is the end", b.String())
	_, _ = b.Write([]byte(strings.Repeat("x", 30) + "0123456789"))
	require.Equal(t, "0123456789", b.String())
}

func TestClassify(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	exitWith := func(code string) error {
		return exec.Command("sh", "-c", "exit "+code).Run()
	}
	err := classify(ctx, "ffmpeg", exitWith("1"), "x.mp4: Invalid data found when processing input\n", "x.mp4")
	require.ErrorIs(t, err, ErrCorrupt)
	require.Equal(t, "media: corrupt or unreadable file: Invalid data found when processing input", err.Error())

	err = classify(ctx, "ffmpeg", exitWith("1"), "out.mp4: No space left on device\n", "x.mp4")
	require.NotErrorIs(t, err, ErrCorrupt, "a full disk is the machine's fault")

	err = classify(ctx, "/usr/bin/pdftoppm", exitWith("2"), "Couldn't open file\n", "x.pdf")
	require.NotErrorIs(t, err, ErrCorrupt)
	err = classify(ctx, "/usr/bin/pdftoppm", exitWith("1"), "Syntax Error: Couldn't find trailer dictionary\n", "x.pdf")
	require.ErrorIs(t, err, ErrCorrupt)

	err = classify(ctx, "ffmpeg", exitWith("1"), "", "x")
	require.ErrorIs(t, err, ErrCorrupt)
	require.Contains(t, err.Error(), "ffmpeg exited with status 1")

	killed := exec.Command("sh", "-c", "kill -9 $$").Run()
	err = classify(ctx, "ffmpeg", killed, "", "x")
	require.NotErrorIs(t, err, ErrCorrupt, "killed from outside (OOM): retry")

	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	err = classify(cancelled, "ffmpeg", exitWith("1"), "whatever", "x")
	require.ErrorIs(t, err, context.Canceled)
	require.NotErrorIs(t, err, ErrCorrupt)

	require.False(t, errors.Is(classify(ctx, "ffmpeg", errors.New("exec: fork failed"), "", "x"), ErrCorrupt))
}
