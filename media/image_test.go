package media

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"testing"

	"github.com/stretchr/testify/require"
)

// isReddish and isBluish tell the quadrant marker from the background after JPEG round trips.
func isReddish(c color.Color) bool {
	r, g, b, _ := c.RGBA()
	return r > 0xa000 && g < 0x6000 && b < 0x6000
}

func isBluish(c color.Color) bool {
	r, g, b, _ := c.RGBA()
	return b > 0xa000 && r < 0x6000 && g < 0x6000
}

// quadrantCentre answers the colour in the middle of one quadrant: col and row are 0 or 1.
func quadrantCentre(img image.Image, col, row int) color.Color {
	b := img.Bounds()
	return img.At(b.Min.X+b.Dx()*(2*col+1)/4, b.Min.Y+b.Dy()*(2*row+1)/4)
}

func thumbnail(t *testing.T, path string, maxSide int) (image.Image, int, int) {
	t.Helper()
	var out bytes.Buffer
	w, h, err := ImageThumbnail(context.Background(), path, maxSide, &out)
	require.NoError(t, err)
	img, err := jpeg.Decode(&out)
	require.NoError(t, err, "the thumbnail is a JPEG")
	return img, w, h
}

func TestImageThumbnailScalesDown(t *testing.T) {
	t.Parallel()
	path := writeFile(t, "photo.jpg", encodeJPEG(t, quadrantImage(1200, 800), 90))
	img, w, h := thumbnail(t, path, 480)
	require.Equal(t, 1200, w)
	require.Equal(t, 800, h)
	require.Equal(t, image.Pt(480, 320), img.Bounds().Size())
	require.True(t, isReddish(quadrantCentre(img, 0, 0)))
	require.True(t, isBluish(quadrantCentre(img, 1, 1)))
}

func TestImageThumbnailNeverEnlarges(t *testing.T) {
	t.Parallel()
	path := writeFile(t, "small.jpg", encodeJPEG(t, quadrantImage(200, 100), 90))
	img, w, h := thumbnail(t, path, 480)
	require.Equal(t, 200, w)
	require.Equal(t, 100, h)
	require.Equal(t, image.Pt(200, 100), img.Bounds().Size())
}

// TestImageThumbnailEXIFOrientation stores 800x400 pixels, red top-left, tagged Orientation 6
// ("rotate 90° clockwise to display"): shown, the photo is 400x800 with red at the top right.
func TestImageThumbnailEXIFOrientation(t *testing.T) {
	t.Parallel()
	jpg := withEXIFOrientation(encodeJPEG(t, quadrantImage(800, 400), 90), 6)
	path := writeFile(t, "sideways.jpg", jpg)

	f, err := os.Open(path)
	require.NoError(t, err)
	orientation, err := jpegOrientation(f)
	require.NoError(t, err)
	require.NoError(t, f.Close())
	require.Equal(t, 6, orientation, "the hand-made EXIF block is well formed")

	img, w, h := thumbnail(t, path, 480)
	require.Equal(t, 400, w)
	require.Equal(t, 800, h)
	require.Equal(t, image.Pt(240, 480), img.Bounds().Size(), "portrait")
	require.True(t, isReddish(quadrantCentre(img, 1, 0)), "red moved to the top right")
	require.True(t, isBluish(quadrantCentre(img, 0, 0)))
	require.True(t, isBluish(quadrantCentre(img, 0, 1)))
	require.True(t, isBluish(quadrantCentre(img, 1, 1)))
}

// TestImageThumbnailEXIFOrientationAllEight checks where the red top-left quadrant of the
// stored pixels ends up for every orientation, through the same path as big photos too.
func TestImageThumbnailEXIFOrientationAllEight(t *testing.T) {
	t.Parallel()
	// Where stored top-left lands once displayed: col, row.
	want := map[uint16][2]int{1: {0, 0}, 2: {1, 0}, 3: {1, 1}, 4: {0, 1}, 5: {0, 0}, 6: {1, 0}, 7: {1, 1}, 8: {0, 1}}
	stored := encodeJPEG(t, quadrantImage(600, 300), 90)
	for o := uint16(1); o <= 8; o++ {
		path := writeFile(t, "o.jpg", withEXIFOrientation(stored, o))
		img, w, h := thumbnail(t, path, 480)
		if o >= 5 {
			require.Equal(t, [2]int{300, 600}, [2]int{w, h}, "orientation %d", o)
		} else {
			require.Equal(t, [2]int{600, 300}, [2]int{w, h}, "orientation %d", o)
		}
		require.True(t, isReddish(quadrantCentre(img, want[o][0], want[o][1])), "orientation %d", o)
	}
}

func TestImageThumbnailPNGWithAlpha(t *testing.T) {
	t.Parallel()
	img := image.NewNRGBA(image.Rect(0, 0, 1000, 500))
	for y := 0; y < 500; y++ {
		for x := 0; x < 1000; x++ {
			if x < 500 {
				img.SetNRGBA(x, y, color.NRGBA{255, 0, 0, 255})
			} // the right half stays fully transparent
		}
	}
	var buf bytes.Buffer
	require.NoError(t, png.Encode(&buf, img))
	path := writeFile(t, "logo.png", buf.Bytes())

	thumb, w, h := thumbnail(t, path, 480)
	require.Equal(t, [2]int{1000, 500}, [2]int{w, h})
	require.Equal(t, image.Pt(480, 240), thumb.Bounds().Size())
	require.True(t, isReddish(quadrantCentre(thumb, 0, 0)))
	r, g, b, _ := quadrantCentre(thumb, 1, 1).RGBA()
	require.True(t, r > 0xf000 && g > 0xf000 && b > 0xf000, "transparency becomes white, not black")
}

func TestImageThumbnailOtherFormats(t *testing.T) {
	t.Parallel()
	webp := ffmpegMake(t, t.TempDir()+"/x.webp", "-f", "lavfi", "-i", "testsrc=size=640x360:duration=1", "-frames:v", "1", "-c:v", "libwebp")
	gifPath := ffmpegMake(t, t.TempDir()+"/x.gif", "-f", "lavfi", "-i", "testsrc=size=640x360:duration=1", "-frames:v", "1")
	bmpPath := ffmpegMake(t, t.TempDir()+"/x.bmp", "-f", "lavfi", "-i", "testsrc=size=640x360:duration=1", "-frames:v", "1")
	tiffPath := ffmpegMake(t, t.TempDir()+"/x.tiff", "-f", "lavfi", "-i", "testsrc=size=640x360:duration=1", "-frames:v", "1")
	for _, path := range []string{webp, gifPath, bmpPath, tiffPath} {
		img, w, h := thumbnail(t, path, 480)
		require.Equal(t, [2]int{640, 360}, [2]int{w, h}, path)
		require.Equal(t, image.Pt(480, 270), img.Bounds().Size(), path)
	}
}

func TestImageThumbnailCorrupt(t *testing.T) {
	t.Parallel()
	jpg := encodeJPEG(t, quadrantImage(1200, 800), 90)
	cases := map[string][]byte{
		"truncated jpeg":  jpg[:len(jpg)/2],
		"only the header": jpg[:20],
		"not an image":    []byte("hello, this is text"),
		"empty":           {},
	}
	for name, data := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			path := writeFile(t, "bad", data)
			var out bytes.Buffer
			_, _, err := ImageThumbnail(context.Background(), path, 480, &out)
			require.ErrorIs(t, err, ErrCorrupt)
			require.Less(t, len(err.Error()), 200)
		})
	}
}

func TestImageThumbnailMissingFileIsNotCorrupt(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	_, _, err := ImageThumbnail(context.Background(), t.TempDir()+"/missing.jpg", 480, &out)
	require.Error(t, err)
	require.NotErrorIs(t, err, ErrCorrupt, "the machine's fault: the worker retries")
}

// TestImageThumbnailLargeJPEG goes through the reduced-scale path (ffmpeg -lowres) that large
// photos take, with and without an EXIF orientation, and checks the answers match Go's path.
func TestImageThumbnailLargeJPEG(t *testing.T) {
	t.Parallel()
	requireTool(t, "ffmpeg", "ffmpeg")
	stored := encodeJPEG(t, quadrantImage(3000, 1500), 85) // 4.5 MP: above reducedJPEGMinPixels
	for _, o := range []uint16{1, 6, 8, 3} {
		path := writeFile(t, "big.jpg", withEXIFOrientation(stored, o))

		f, err := os.Open(path)
		require.NoError(t, err)
		cfg, _, err := image.DecodeConfig(f)
		require.NoError(t, err)
		reduced, orientation, err := decodeJPEGReduced(context.Background(), f, path, cfg, 480, true)
		require.NoError(t, f.Close())
		require.NoError(t, err, "the reduced path itself works")
		require.EqualValues(t, o, orientation)
		require.GreaterOrEqual(t, max(reduced.Bounds().Dx(), reduced.Bounds().Dy()), 480)
		require.Less(t, reduced.Bounds().Dx()*reduced.Bounds().Dy(), 3000*1500/4, "decoded at reduced scale")

		var out bytes.Buffer
		w, h, reducedPath, err := imageThumbnail(context.Background(), path, 480, &out, thumbnailOptions{allowReduced: true})
		require.NoError(t, err)
		require.True(t, reducedPath, "a large JPEG takes the reduced path")
		img, err := jpeg.Decode(&out)
		require.NoError(t, err)
		switch o {
		case 6, 8:
			require.Equal(t, [2]int{1500, 3000}, [2]int{w, h})
			require.Equal(t, image.Pt(240, 480), img.Bounds().Size())
		default:
			require.Equal(t, [2]int{3000, 1500}, [2]int{w, h})
			require.Equal(t, image.Pt(480, 240), img.Bounds().Size())
		}
		want := map[uint16][2]int{1: {0, 0}, 6: {1, 0}, 8: {0, 1}, 3: {1, 1}}[o]
		require.True(t, isReddish(quadrantCentre(img, want[0], want[1])), "orientation %d", o)
	}
}

// TestImageThumbnailLargeTruncatedJPEG: ffmpeg draws what it can of a damaged JPEG, but the
// verdict is Go's, as for small ones.
func TestImageThumbnailLargeTruncatedJPEG(t *testing.T) {
	t.Parallel()
	stored := encodeJPEG(t, quadrantImage(3000, 1500), 85)
	path := writeFile(t, "big.jpg", stored[:len(stored)/2])
	var out bytes.Buffer
	_, _, err := ImageThumbnail(context.Background(), path, 480, &out)
	require.ErrorIs(t, err, ErrCorrupt)
}

func TestLowresFor(t *testing.T) {
	t.Parallel()
	require.Equal(t, 3, lowresFor(4000, 480)) // 500 ≥ 480
	require.Equal(t, 2, lowresFor(3000, 480)) // 375 < 480 ≤ 750
	require.Equal(t, 1, lowresFor(1200, 480))
	require.Equal(t, 0, lowresFor(900, 480))
	require.Equal(t, 3, lowresFor(100000, 480)) // never beyond 1/8
}
