package media

import (
	"bytes"
	"context"
	"image"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// brokenHEIC has an iPhone photo's ftyp box and nothing that follows it.
const brokenHEIC = "\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic\x00\x00\x00\x00meta"

// requireHEIFTools skips HEIF tests on a developer's machine without libheif's tools (HEIC
// thumbnails are an extra the rest of the package does not depend on); CI installs them
// (scripts/deps.sh), so there a missing tool fails the test instead of hiding it.
func requireHEIFTools(t *testing.T) {
	t.Helper()
	for _, tool := range []string{"heif-enc", "heif-convert"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") != "" {
				t.Fatalf("%s is not installed, and CI must run the HEIF tests (scripts/deps.sh installs libheif-examples)", tool)
			}
			t.Skipf("%s is not installed (apt-get install -y libheif-examples)", tool)
		}
	}
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

func TestHEIFConvertArgs(t *testing.T) {
	t.Parallel()
	require.Equal(t, []string{"-q", "92", "/data/a.heic", "/tmp/x/image.jpg"}, HEIFConvertArgs("/data/a.heic", "/tmp/x/image.jpg"))
	require.Equal(t, "./-a.heic", HEIFConvertArgs("-a.heic", "out.jpg")[2])
}
