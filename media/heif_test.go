package media

import (
	"bytes"
	"context"
	"image"
	"image/jpeg"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// brokenHEIC has an iPhone photo's ftyp box and nothing that follows it.
const brokenHEIC = "\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic\x00\x00\x00\x00meta"

// requireHEIFTools fails the test when heif-enc, which makes the test photos, is missing
// (scripts/deps.sh test installs it; libvips decodes them in the package itself).
func requireHEIFTools(t *testing.T) {
	t.Helper()
	requireTool(t, "heif-enc", "libheif-examples")
}

func TestImageThumbnailHEIC(t *testing.T) {
	t.Parallel()
	requireHEIFTools(t)
	jpg := writeFile(t, "photo.jpg", encodeJPEG(t, quadrantImage(800, 400), 95))
	heic := filepath.Join(t.TempDir(), "photo.heic")
	out, err := exec.Command("heif-enc", "-q", "80", "-o", heic, jpg).CombinedOutput()
	require.NoError(t, err, "%s", out)

	thumb, w, h := thumbnail(t, heic, 480)
	require.Equal(t, [2]int{800, 400}, [2]int{w, h})
	require.Equal(t, image.Pt(480, 240), thumb.Bounds().Size())
	require.True(t, isReddish(quadrantCentre(thumb, 0, 0)))
	require.True(t, isBluish(quadrantCentre(thumb, 1, 1)))
}

func TestImageThumbnailBrokenHEIC(t *testing.T) {
	t.Parallel()
	requireHEIFTools(t)
	var out bytes.Buffer
	_, _, err := ImageThumbnail(context.Background(), writeFile(t, "bad.heic", []byte(brokenHEIC)), 480, &out)
	require.ErrorIs(t, err, ErrCorrupt)
	require.Zero(t, out.Len())
}

// TestImageThumbnailHEICIgnoresEXIFOrientation: libheif applies a HEIF file's own rotation
// (irot, imir), which the standard makes normative; the EXIF orientation beside it is only
// descriptive (on an iPhone photo it repeats the rotation) and must not turn the picture again.
func TestImageThumbnailHEICIgnoresEXIFOrientation(t *testing.T) {
	t.Parallel()
	requireHEIFTools(t)
	jpg := writeFile(t, "photo.jpg", withEXIFOrientation(encodeJPEG(t, quadrantImage(800, 400), 95), 6))
	heic := filepath.Join(t.TempDir(), "photo.heic")
	out, err := exec.Command("heif-enc", "-q", "80", "-o", heic, jpg).CombinedOutput()
	require.NoError(t, err, "%s", out)

	var buf bytes.Buffer
	w, h, used, err := imageThumbnail(context.Background(), heic, 480, &buf, thumbnailOptions{})
	require.NoError(t, err)
	require.Equal(t, decoderVips, used)
	require.Equal(t, [2]int{800, 400}, [2]int{w, h})
	thumb, err := jpeg.Decode(&buf)
	require.NoError(t, err)
	require.Equal(t, image.Pt(480, 240), thumb.Bounds().Size())
	require.True(t, isReddish(quadrantCentre(thumb, 0, 0)))
}
