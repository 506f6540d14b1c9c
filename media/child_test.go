package media

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"golang.org/x/image/bmp"

	"legacylocker/media/decodertest"
)

// slowPNG is a 6000x6000 PNG of noise with Paeth prediction: about a second of libvips' decoding,
// long enough to crash its decoder in the middle of it.
func slowPNG(t testing.TB) string {
	t.Helper()
	return ffmpegMake(t, filepath.Join(t.TempDir(), "noise.png"), "-f", "lavfi", "-i", "testsrc2=size=6000x6000",
		"-vf", "noise=alls=60:allf=u", "-frames:v", "1", "-pred", "4", "-compression_level", "1")
}

// TestDecoderChildCrashFailsTheItemNotTheCaller crashes a decoder child (SIGSEGV) while libvips is
// decoding a real photo: the thumbnail answers ErrDecoderCrashed, this process goes on, and the
// next photo is made by a fresh child.
func TestDecoderChildCrashFailsTheItemNotTheCaller(t *testing.T) {
	requireTool(t, "ffmpeg", "ffmpeg")
	d := NewDecoders(DecoderLimits{Processes: 1})
	t.Cleanup(d.Close)
	big := slowPNG(t)
	done := make(chan error, 1)
	go func() {
		_, _, err := d.Thumbnail(context.Background(), big, 480, &bytes.Buffer{})
		done <- err
	}()
	child := decodertest.WaitBusy(t, os.Getpid(), 30*time.Second)
	require.NoError(t, syscall.Kill(child, syscall.SIGSEGV))
	err := <-done
	require.ErrorIs(t, err, ErrDecoderCrashed)
	require.NotErrorIs(t, err, ErrCorrupt, "a crash is not (yet) a verdict on the file")
	t.Log(err)

	small := writeFile(t, "small.jpg", encodeJPEG(t, quadrantImage(640, 480), 90))
	var out bytes.Buffer
	w, h, err := d.Thumbnail(context.Background(), small, 480, &out)
	require.NoError(t, err)
	require.Equal(t, [2]int{640, 480}, [2]int{w, h})
	require.Equal(t, 2, d.Started(), "the crashed child was replaced")
	_, err = png.Decode(bytes.NewReader(out.Bytes()))
	require.Error(t, err, "the answer is a JPEG")
}

// TestDecoderChildIsReused: children are long-lived, so a burst of photos costs one start per
// process, not one per photo.
func TestDecoderChildIsReused(t *testing.T) {
	d := NewDecoders(DecoderLimits{Processes: 1})
	t.Cleanup(d.Close)
	small := writeFile(t, "small.jpg", encodeJPEG(t, quadrantImage(320, 240), 90))
	for range 5 {
		_, _, err := d.Thumbnail(context.Background(), small, 100, &bytes.Buffer{})
		require.NoError(t, err)
	}
	require.Equal(t, 1, d.Started())
	require.Len(t, decodertest.Children(os.Getpid()), 1, "one idle child waits for the next photo")
	d.Close()
	require.Eventually(t, func() bool { return len(decodertest.Children(os.Getpid())) == 0 }, 5*time.Second, 10*time.Millisecond)
}

// TestIdleDecoderChildIsStopped: a child that waits IdleTime for work is stopped, its memory with
// it, and the next photo starts a new one.
func TestIdleDecoderChildIsStopped(t *testing.T) {
	d := NewDecoders(DecoderLimits{Processes: 1, IdleTime: 200 * time.Millisecond})
	t.Cleanup(d.Close)
	small := writeFile(t, "small.jpg", encodeJPEG(t, quadrantImage(320, 240), 90))
	_, _, err := d.Thumbnail(context.Background(), small, 100, &bytes.Buffer{})
	require.NoError(t, err)
	require.Len(t, decodertest.Children(os.Getpid()), 1)
	require.Eventually(t, func() bool { return len(decodertest.Children(os.Getpid())) == 0 }, 10*time.Second, 10*time.Millisecond,
		"the idle child is stopped")
	_, _, err = d.Thumbnail(context.Background(), small, 100, &bytes.Buffer{})
	require.NoError(t, err)
	require.Equal(t, 2, d.Started(), "a new child for the next photo")
}

// TestDecompressionBombRefusedBeforeDecoding: a PNG declaring 100,000 × 100,000 pixels (tens of
// gigabytes decoded) is refused from its header, before any decoder sees it, and this process's
// memory stays where it was; handed to a child directly, the child refuses it from the header too.
func TestDecompressionBombRefusedBeforeDecoding(t *testing.T) {
	var small bytes.Buffer
	require.NoError(t, png.Encode(&small, quadrantImage(64, 64)))
	bomb := writeFile(t, "bomb.png", withPNGSize(t, small.Bytes(), 100_000, 100_000))
	before, err := procStatusKB(os.Getpid(), "VmHWM")
	require.NoError(t, err)

	d := NewDecoders(DecoderLimits{Processes: 1})
	t.Cleanup(d.Close)
	_, _, err = d.Thumbnail(context.Background(), bomb, 480, &bytes.Buffer{})
	require.ErrorIs(t, err, ErrCorrupt)
	require.Contains(t, err.Error(), "too large to preview (10000 megapixels)")
	require.Zero(t, d.Started(), "refused from the header, no decoder started")

	resp, err := d.do(context.Background(), decodeRequest{Path: bomb, MaxSide: 480})
	require.NoError(t, err)
	require.True(t, resp.Corrupt)
	require.Contains(t, resp.Err, "too large to preview")
	after, err := procStatusKB(os.Getpid(), "VmHWM")
	require.NoError(t, err)
	require.Less(t, after-before, int64(20<<10), "peak memory grew by %d kB", after-before)
}

// TestDecoderChildMemoryLimit: a child may not grow past its RLIMIT_AS. A 4000x4000 BMP, which Go
// decodes whole (64 MB), in a child allowed 32 MB more than it starts with, kills that child
// and answers ErrDecoderCrashed with the reason.
func TestDecoderChildMemoryLimit(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 4000, 4000))
	for i := range img.Pix {
		img.Pix[i] = uint8(i * 7)
	}
	var raw bytes.Buffer
	require.NoError(t, bmp.Encode(&raw, img))
	path := writeFile(t, "big.bmp", raw.Bytes())

	d := NewDecoders(DecoderLimits{Processes: 1, Memory: 32 << 20})
	t.Cleanup(d.Close)
	_, _, err := d.Thumbnail(context.Background(), path, 480, &bytes.Buffer{})
	require.ErrorIs(t, err, ErrDecoderCrashed)
	require.Contains(t, err.Error(), "ran out of memory")

	roomy := NewDecoders(DecoderLimits{Processes: 1})
	t.Cleanup(roomy.Close)
	w, h, err := roomy.Thumbnail(context.Background(), path, 480, &bytes.Buffer{})
	require.NoError(t, err, "the same file within the default limit")
	require.Equal(t, [2]int{4000, 4000}, [2]int{w, h})
}

// TestDecoderChildWallTimeAndCancel: an item past its wall time kills its child and answers
// ErrDecoderCrashed; the caller's own cancellation kills it too but answers the context's error.
func TestDecoderChildWallTimeAndCancel(t *testing.T) {
	requireTool(t, "ffmpeg", "ffmpeg")
	big := slowPNG(t)
	d := NewDecoders(DecoderLimits{Processes: 1, WallTime: 50 * time.Millisecond})
	t.Cleanup(d.Close)
	_, _, err := d.Thumbnail(context.Background(), big, 480, &bytes.Buffer{})
	require.ErrorIs(t, err, ErrDecoderCrashed)
	require.Contains(t, err.Error(), "took longer than 50ms")

	d2 := NewDecoders(DecoderLimits{Processes: 1})
	t.Cleanup(d2.Close)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, _, err = d2.Thumbnail(ctx, big, 480, &bytes.Buffer{})
	require.ErrorIs(t, err, context.DeadlineExceeded)
	require.False(t, errors.Is(err, ErrDecoderCrashed))
	require.Eventually(t, func() bool { return len(decodertest.Children(os.Getpid())) == 0 }, 5*time.Second, 10*time.Millisecond,
		"the killed children are gone")
}

// TestDecoderChildCPULimit: the CPU limit (RLIMIT_CPU, whole seconds) stops a child that spends
// more than its share on one item: here Go's PNG decoder and Lanczos resize on 36 MP of noise,
// several seconds of CPU, in a child allowed one.
func TestDecoderChildCPULimit(t *testing.T) {
	requireTool(t, "ffmpeg", "ffmpeg")
	big := slowPNG(t)
	d := NewDecoders(DecoderLimits{Processes: 1, CPUTime: time.Second})
	t.Cleanup(d.Close)
	_, err := d.do(context.Background(), decodeRequest{Path: big, MaxSide: 480, GoOnly: true})
	require.ErrorIs(t, err, ErrDecoderCrashed)
	require.Contains(t, err.Error(), "more than its CPU time")
}
