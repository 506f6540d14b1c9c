package media

import (
	"context"
	"crypto/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestProbeAndPosterFrame(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := h264Video(t, 3, 320, 240, true)

	p, err := Probe(ctx, path)
	require.NoError(t, err)
	require.InDelta(t, 3.0, p.Duration, 0.1)
	require.Equal(t, 320, p.Width)
	require.Equal(t, 240, p.Height)
	require.Equal(t, "h264", p.VideoCodec)
	require.Equal(t, "aac", p.AudioCodec)
	require.Equal(t, "yuv420p", p.PixelFormat)
	require.True(t, p.HasVideo)
	require.True(t, p.HasAudio)
	require.Contains(t, p.Container, "mp4")
	require.Zero(t, p.Rotation)
	require.False(t, NeedsRendition(p), "H.264/AAC in MP4 plays as it is")

	for _, maxSide := range []int{480, 160} {
		out := filepath.Join(t.TempDir(), "poster.jpg")
		require.NoError(t, PosterFrame(ctx, path, p.Duration, maxSide, out))
		img := decodeJPEGFile(t, out)
		size := img.Bounds().Size()
		require.LessOrEqual(t, max(size.X, size.Y), maxSide)
		if maxSide == 480 {
			require.Equal(t, [2]int{320, 240}, [2]int{size.X, size.Y}, "never enlarged")
		} else {
			require.Equal(t, [2]int{160, 120}, [2]int{size.X, size.Y})
		}
		require.Equal(t, []string{"poster.jpg"}, dirEntries(t, filepath.Dir(out)), "no temporary file left")
	}
}

func TestProbeAudioOnlyAndCoverArt(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	cover := filepath.Join(dir, "cover.png")
	ffmpegMake(t, cover, "-f", "lavfi", "-i", "testsrc=size=64x64:duration=1", "-frames:v", "1")
	song := filepath.Join(dir, "song.mp3")
	ffmpegMake(t, song, "-f", "lavfi", "-i", "sine=duration=2", "-i", cover,
		"-map", "0:a", "-map", "1:v", "-c:a", "libmp3lame", "-c:v", "png", "-disposition:v", "attached_pic")

	p, err := Probe(ctx, song)
	require.NoError(t, err)
	require.True(t, p.HasAudio)
	require.False(t, p.HasVideo, "cover art is not video")
	require.Equal(t, "mp3", p.AudioCodec)
	require.InDelta(t, 2.0, p.Duration, 0.1)
	require.False(t, NeedsRendition(p))
}

func TestProbeRotatedVideo(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	src := h264Video(t, 1, 320, 240, false)
	rotated := filepath.Join(t.TempDir(), "portrait.mp4")
	// A phone held upright stores landscape pixels and a rotation for the player.
	ffmpegMake(t, rotated, "-i", src, "-c", "copy", "-metadata:s:v:0", "rotate=90")

	p, err := Probe(ctx, rotated)
	require.NoError(t, err)
	require.Contains(t, []int{90, 270}, p.Rotation)
	require.Equal(t, [2]int{240, 320}, [2]int{p.Width, p.Height}, "dimensions as displayed")

	out := filepath.Join(t.TempDir(), "poster.jpg")
	require.NoError(t, PosterFrame(ctx, rotated, p.Duration, 480, out))
	size := decodeJPEGFile(t, out).Bounds().Size()
	require.Equal(t, [2]int{240, 320}, [2]int{size.X, size.Y}, "the poster is upright")

	// The rendition is turned once: upright pixels and no rotation left for the player.
	play := filepath.Join(t.TempDir(), "play.mp4")
	require.NoError(t, Rendition(ctx, rotated, play, p))
	r, err := Probe(ctx, play)
	require.NoError(t, err)
	require.Zero(t, r.Rotation)
	require.Equal(t, [2]int{240, 320}, [2]int{r.Width, r.Height})
}

func TestPosterFrameOfAVeryShortVideo(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := h264Video(t, 0.2, 320, 240, false)
	out := filepath.Join(t.TempDir(), "poster.jpg")
	// A duration that overstates the video (as some files do) still gets a poster: the first frame.
	require.NoError(t, PosterFrame(ctx, path, 30, 480, out))
	decodeJPEGFile(t, out)
}

func TestHEVCNeedsRenditionAndGetsOne(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, name := range []string{"hevc.mp4", "hevc.mov"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			in := testVideo(t, name, 2, 320, 240, true,
				"-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error", "-tag:v", "hvc1",
				"-c:a", "aac")
			p, err := Probe(ctx, in)
			require.NoError(t, err)
			require.Equal(t, "hevc", p.VideoCodec)
			require.True(t, NeedsRendition(p))

			out := filepath.Join(t.TempDir(), "play.mp4")
			require.NoError(t, Rendition(ctx, in, out, p))
			r, err := Probe(ctx, out)
			require.NoError(t, err)
			require.Equal(t, "h264", r.VideoCodec)
			require.Equal(t, "aac", r.AudioCodec)
			require.Equal(t, "yuv420p", r.PixelFormat)
			require.Equal(t, [2]int{320, 240}, [2]int{r.Width, r.Height}, "small videos are not enlarged")
			require.InDelta(t, p.Duration, r.Duration, 0.1)
			require.False(t, NeedsRendition(r), "a rendition needs no rendition")
			require.Equal(t, []string{"play.mp4"}, dirEntries(t, filepath.Dir(out)))
			requireFaststart(t, out)
		})
	}
}

// TestRendition1080pHEVC: a phone's 1080p HEVC video, landscape or held upright (stored
// landscape with a rotation), becomes a 720p H.264 yuv420p rendition, upright, with the phone's
// AAC copied, which ffmpeg decodes to the end without a complaint.
func TestRendition1080pHEVC(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	landscape := testVideo(t, "IMG_0001.mov", 1, 1920, 1080, true,
		"-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error", "-tag:v", "hvc1", "-pix_fmt", "yuv420p",
		"-c:a", "aac", "-shortest")
	portrait := filepath.Join(t.TempDir(), "IMG_0002.mov")
	ffmpegMake(t, portrait, "-i", landscape, "-c", "copy", "-metadata:s:v:0", "rotate=90")

	for path, want := range map[string][2]int{landscape: {1280, 720}, portrait: {720, 1280}} {
		p, err := Probe(ctx, path)
		require.NoError(t, err)
		require.Equal(t, "hevc", p.VideoCodec)
		require.True(t, NeedsRendition(p))

		out := filepath.Join(t.TempDir(), "play.mp4")
		require.NoError(t, Rendition(ctx, path, out, p))
		r, err := Probe(ctx, out)
		require.NoError(t, err)
		require.Equal(t, "h264", r.VideoCodec)
		require.Equal(t, "yuv420p", r.PixelFormat)
		require.Equal(t, want, [2]int{r.Width, r.Height}, path)
		require.Zero(t, r.Rotation, "turned once, in the pixels")
		require.Equal(t, "aac", r.AudioCodec)
		require.InDelta(t, p.Duration, r.Duration, 0.1)
		require.False(t, NeedsRendition(r))
		requireFaststart(t, out)
		complaints, err := exec.Command("ffmpeg", "-nostdin", "-v", "error", "-i", out, "-f", "null", "-").CombinedOutput()
		require.NoError(t, err, "%s", complaints)
		require.Empty(t, string(complaints), "it decodes to the end without an error")
	}
}

// requireFaststart checks the MP4's index (moov) comes before its media data (mdat).
func requireFaststart(t *testing.T, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	moov, mdat := strings.Index(string(data), "moov"), strings.Index(string(data), "mdat")
	require.True(t, moov > 0 && mdat > 0 && moov < mdat, "moov at %d, mdat at %d", moov, mdat)
}

func TestRenditionWithoutAudio(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	in := testVideo(t, "silent.webm", 1, 320, 240, false, "-c:v", "libvpx", "-deadline", "realtime")
	p, err := Probe(ctx, in)
	require.NoError(t, err)
	require.False(t, p.HasAudio)
	require.True(t, NeedsRendition(p), "VP8 in WebM")

	out := filepath.Join(t.TempDir(), "play.mp4")
	require.NoError(t, Rendition(ctx, in, out, p))
	r, err := Probe(ctx, out)
	require.NoError(t, err)
	require.Equal(t, "h264", r.VideoCodec)
	require.False(t, r.HasAudio)
	require.Empty(t, r.AudioCodec)
}

func TestRenditionEvenDimensions(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cases := []struct {
		w, h         int
		wantW, wantH int
	}{
		{301, 199, 300, 198}, // odd sides round down to even
		{199, 301, 198, 300}, // portrait
		{2400, 1350, 1280, 720},
		{1000, 2200, 582, 1280}, // tall: long side 1280, other side even (581.8 rounds up)
	}
	for _, tc := range cases {
		in := testVideo(t, "odd.mkv", 0.4, tc.w, tc.h, false, "-c:v", "mjpeg", "-q:v", "10")
		p, err := Probe(ctx, in)
		require.NoError(t, err)
		out := filepath.Join(t.TempDir(), "play.mp4")
		require.NoError(t, Rendition(ctx, in, out, p))
		r, err := Probe(ctx, out)
		require.NoError(t, err)
		require.Equal(t, [2]int{tc.wantW, tc.wantH}, [2]int{r.Width, r.Height}, "%dx%d", tc.w, tc.h)
		require.Zero(t, r.Width%2)
		require.Zero(t, r.Height%2)
	}
}

func TestCorruptVideo(t *testing.T) {
	t.Parallel()
	ctx := context.Background()

	garbage := make([]byte, 64<<10)
	_, _ = rand.Read(garbage)
	ftyp := []byte("\x00\x00\x00\x20ftypisom\x00\x00\x02\x00isomiso2avc1mp41")
	noise := writeFile(t, "noise.mp4", append(ftyp, garbage...))

	whole, err := os.ReadFile(h264Video(t, 2, 320, 240, true)) // moov at the end: a cut loses it
	require.NoError(t, err)
	truncated := writeFile(t, "truncated.mp4", whole[:len(whole)/2])

	empty := writeFile(t, "empty.mp4", nil)

	for name, path := range map[string]string{"noise after ftyp": noise, "truncated": truncated, "empty": empty} {
		_, err := Probe(ctx, path)
		require.ErrorIs(t, err, ErrCorrupt, name)
		msg := err.Error()
		require.Less(t, len(msg), 240, name)
		require.NotContains(t, msg, path, "no server paths in reasons shown to users")
		require.NotContains(t, msg, "\n")
		reason := msg[strings.LastIndex(msg, ": ")+2:]
		require.NotEmpty(t, reason)
		t.Logf("%s: %s", name, msg)

		out := filepath.Join(t.TempDir(), "x.mp4")
		require.ErrorIs(t, Rendition(ctx, path, out, ProbeResult{HasVideo: true}), ErrCorrupt, name, "ffmpeg itself finds the file damaged")
		require.ErrorIs(t, PosterFrame(ctx, path, 2, 480, filepath.Join(t.TempDir(), "p.jpg")), ErrCorrupt, name)
		require.NoFileExists(t, out)
	}
}

func TestMissingInputIsNotCorrupt(t *testing.T) {
	t.Parallel()
	_, err := Probe(context.Background(), filepath.Join(t.TempDir(), "gone.mp4"))
	require.Error(t, err)
	require.NotErrorIs(t, err, ErrCorrupt, "the machine's fault: the worker retries")
}

func TestRenditionStopsWhenCancelled(t *testing.T) {
	t.Parallel()
	in := testVideo(t, "long.mkv", 8, 1280, 720, false, "-c:v", "mjpeg", "-q:v", "20")
	p, err := Probe(context.Background(), in)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	out := filepath.Join(t.TempDir(), "play.mp4")
	start := time.Now()
	err = Rendition(ctx, in, out, p)
	require.ErrorIs(t, err, context.DeadlineExceeded)
	require.NotErrorIs(t, err, ErrCorrupt)
	require.Less(t, time.Since(start), 10*time.Second)
	require.Empty(t, dirEntries(t, filepath.Dir(out)), "nothing left behind")
}

func TestNeedsRendition(t *testing.T) {
	t.Parallel()
	mp4 := "mov,mp4,m4a,3gp,3g2,mj2"
	playable := ProbeResult{HasVideo: true, HasAudio: true, VideoCodec: "h264", AudioCodec: "aac", PixelFormat: "yuv420p", Container: mp4}
	require.False(t, NeedsRendition(playable))

	silent := playable
	silent.HasAudio, silent.AudioCodec = false, ""
	require.False(t, NeedsRendition(silent))

	for name, change := range map[string]func(*ProbeResult){
		"hevc":        func(p *ProbeResult) { p.VideoCodec = "hevc" },
		"10-bit":      func(p *ProbeResult) { p.PixelFormat = "yuv420p10le" },
		"4:4:4":       func(p *ProbeResult) { p.PixelFormat = "yuv444p" },
		"opus audio":  func(p *ProbeResult) { p.AudioCodec = "opus" },
		"pcm audio":   func(p *ProbeResult) { p.AudioCodec = "pcm_s16le" },
		"matroska":    func(p *ProbeResult) { p.Container = "matroska,webm" },
		"avi":         func(p *ProbeResult) { p.Container = "avi" },
		"mpeg-ts":     func(p *ProbeResult) { p.Container = "mpegts" },
		"vp9 in webm": func(p *ProbeResult) { p.VideoCodec, p.Container = "vp9", "matroska,webm" },
	} {
		p := playable
		change(&p)
		require.True(t, NeedsRendition(p), name)
	}
	require.False(t, NeedsRendition(ProbeResult{HasAudio: true, AudioCodec: "mp3"}), "audio has no picture to render")
}
