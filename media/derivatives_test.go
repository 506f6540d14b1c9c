package media

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"legacylocker/media/capturetest"
)

// requireNoCapture reads a derivative's bytes as ReadCapture reads an upload (EXIF, HEIF items,
// mvhd, loci, ©xyz, Apple keys) and asserts it says nothing of where, or when, it was taken.
func requireNoCapture(t *testing.T, b []byte, what string) {
	t.Helper()
	c, err := ReadCapture(bytes.NewReader(b), int64(len(b)))
	require.NoError(t, err)
	require.False(t, c.HasPlace, "%s carries a position", what)
	require.False(t, c.HasTaken, "%s carries the time it was taken", what)
	require.NotContains(t, string(b), "Exif\x00\x00", "%s carries an EXIF block", what)
}

var gpsEXIF = capturetest.EXIF{DateTimeOriginal: "2024:05:04 18:30:00", OffsetTimeOriginal: "-05:00", HasGPS: true, Latitude: 30.2672, Longitude: -97.7431}

// TestPhotoDerivativesHaveNoPosition: the thumbnails of a photo with GPS (JPEG, and HEIC as an
// iPhone takes it) and its square profile crop keep none of its metadata, while the original
// still has it all.
func TestPhotoDerivativesHaveNoPosition(t *testing.T) {
	t.Parallel()
	requireHEIFTools(t)
	jpg := writeFile(t, "photo.jpg", capturetest.WithEXIF(encodeJPEG(t, quadrantImage(640, 480), 90), gpsEXIF))
	heic := filepath.Join(t.TempDir(), "photo.heic")
	out, err := exec.Command("heif-enc", "-q", "60", "-o", heic, jpg).CombinedOutput()
	require.NoError(t, err, "%s", out)
	for _, original := range []string{jpg, heic} {
		c := readCaptureFile(t, original)
		require.True(t, c.HasPlace, "the test's original has its position")

		var thumb bytes.Buffer
		_, _, err := ImageThumbnail(context.Background(), original, 480, &thumb)
		require.NoError(t, err)
		requireNoCapture(t, thumb.Bytes(), "the thumbnail of "+filepath.Base(original))

		var square bytes.Buffer
		_, _, err = SquarePhoto(context.Background(), original, 128, &square)
		require.NoError(t, err)
		requireNoCapture(t, square.Bytes(), "the square crop of "+filepath.Base(original))
	}
}

// TestVideoDerivativesHaveNoPosition: a phone video's rendition, poster and clips (re-encoded and
// copied) carry neither its location nor its creation time: ffmpeg would copy both by default.
func TestVideoDerivativesHaveNoPosition(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	// HEVC, so the rendition is made; keyframes every 10 frames, so a clip can be copied.
	video := ffmpegMake(t, filepath.Join(dir, "phone.mov"), "-f", "lavfi", "-i", "testsrc=size=160x120:rate=10:duration=3",
		"-c:v", "libx265", "-x265-params", "keyint=10:log-level=error", "-pix_fmt", "yuv420p",
		"-movflags", "use_metadata_tags",
		"-metadata", "creation_time=2024-05-05T01:30:00Z",
		"-metadata", "location=+30.2672-097.7431/",
		"-metadata", "com.apple.quicktime.creationdate=2024-05-04T18:30:00-0500",
		"-metadata", "com.apple.quicktime.location.ISO6709=+30.2672-097.7431+150.000/")
	c := readCaptureFile(t, video)
	require.True(t, c.HasPlace && c.HasTaken, "the test's original has its position and time")
	probe, err := Probe(context.Background(), video)
	require.NoError(t, err)

	outputs := map[string]string{}
	rendition := filepath.Join(dir, "play.mp4")
	require.NoError(t, Rendition(context.Background(), video, rendition, probe))
	outputs["the rendition"] = rendition
	poster := filepath.Join(dir, "poster.jpg")
	require.NoError(t, PosterFrame(context.Background(), video, probe.Duration, 480, poster))
	outputs["the poster"] = poster
	for name, cut := range map[string][2]float64{"a clip copied from a keyframe": {1, 2.5}, "a clip cut between keyframes": {0.35, 2.2}} {
		clip := filepath.Join(dir, filepath.Base(name)+".mp4")
		_, err := Trim(context.Background(), rendition, clip, cut[0], cut[1])
		require.NoError(t, err, name)
		outputs[name+" of the rendition"] = clip
		fromOriginal := filepath.Join(dir, "original "+filepath.Base(name)+".mp4")
		_, err = Trim(context.Background(), video, fromOriginal, cut[0], cut[1])
		require.NoError(t, err, name)
		outputs[name+" of the original"] = fromOriginal
	}
	for what, path := range outputs {
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		requireNoCapture(t, b, what)
		tags, err := exec.Command("ffprobe", "-v", "error", "-show_entries", "format_tags:stream_tags", "-of", "default", path).CombinedOutput()
		require.NoError(t, err, "%s", tags)
		require.NotContains(t, string(tags), "location", what)
		require.NotContains(t, string(tags), "creation", what)
	}
}
