package media

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestPDFPreview(t *testing.T) {
	t.Parallel()
	requireTool(t, "pdftoppm", "poppler-utils")
	ctx := context.Background()
	in := writeFile(t, "doc.pdf", minimalPDF())
	for _, maxSide := range []int{480, 200} {
		out := filepath.Join(t.TempDir(), "preview.jpg")
		require.NoError(t, PDFPreview(ctx, in, maxSide, out))
		img := decodeJPEGFile(t, out)
		size := img.Bounds().Size()
		require.Equal(t, maxSide, max(size.X, size.Y), "long side")
		require.InDelta(t, 612.0/792.0, float64(size.X)/float64(size.Y), 0.01, "a portrait Letter page")
		// The page is white with a blue rectangle near the bottom left.
		r, g, b, _ := img.At(size.X-5, 5).RGBA()
		require.True(t, r > 0xf000 && g > 0xf000 && b > 0xf000, "white top right")
		require.True(t, isBluish(img.At(size.X*150/612, size.Y*(792-200)/792)), "the blue rectangle")
		require.Equal(t, []string{"preview.jpg"}, dirEntries(t, filepath.Dir(out)))
	}
}

func TestPDFPreviewCorrupt(t *testing.T) {
	t.Parallel()
	requireTool(t, "pdftoppm", "poppler-utils")
	in := writeFile(t, "bad.pdf", []byte("%PDF-1.4\nthis is not really a PDF at all\n"))
	out := filepath.Join(t.TempDir(), "preview.jpg")
	err := PDFPreview(context.Background(), in, 480, out)
	require.ErrorIs(t, err, ErrCorrupt)
	require.NotContains(t, err.Error(), in)
	require.NoFileExists(t, out)
	require.Empty(t, dirEntries(t, filepath.Dir(out)))
}

// TestPDFPreviewWithoutPdftoppm changes package variables and PATH, so it does not run in
// parallel (parallel tests start only after the sequential ones are done).
func TestPDFPreviewWithoutPdftoppm(t *testing.T) {
	in := writeFile(t, "doc.pdf", minimalPDF())
	out := filepath.Join(t.TempDir(), "preview.jpg")

	saved := PDFToPPMPath
	t.Cleanup(func() { PDFToPPMPath = saved })

	PDFToPPMPath = filepath.Join(t.TempDir(), "no-such-pdftoppm")
	require.ErrorIs(t, PDFPreview(context.Background(), in, 480, out), ErrToolMissing)

	PDFToPPMPath = "pdftoppm"
	t.Setenv("PATH", t.TempDir())
	require.ErrorIs(t, PDFPreview(context.Background(), in, 480, out), ErrToolMissing)
	_, err := os.Stat(out)
	require.ErrorIs(t, err, os.ErrNotExist)
	require.Empty(t, dirEntries(t, filepath.Dir(out)))

	_, err = Probe(context.Background(), in)
	require.ErrorIs(t, err, ErrToolMissing, "ffprobe is not in PATH either")

	// HEIC photos need no tool: libvips decodes them in the process, and says a broken one is.
	heic := writeFile(t, "photo.heic", []byte(brokenHEIC))
	_, _, err = ImageThumbnail(context.Background(), heic, 480, io.Discard)
	require.ErrorIs(t, err, ErrCorrupt)
}
