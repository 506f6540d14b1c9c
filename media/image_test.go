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
	"time"

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
	header, err := vipsHeader(f)
	require.NoError(t, err)
	require.NoError(t, f.Close())
	require.Equal(t, 6, header.Orientation, "the hand-made EXIF block is well formed")

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

// TestImageThumbnailPNGWithAlpha: transparency becomes white, not black, in 8-bit and 16-bit PNGs.
func TestImageThumbnailPNGWithAlpha(t *testing.T) {
	t.Parallel()
	eight := image.NewNRGBA(image.Rect(0, 0, 1000, 500))
	sixteen := image.NewNRGBA64(image.Rect(0, 0, 1000, 500))
	for y := 0; y < 500; y++ {
		for x := 0; x < 500; x++ { // the right half stays fully transparent
			eight.SetNRGBA(x, y, color.NRGBA{255, 0, 0, 255})
			sixteen.SetNRGBA64(x, y, color.NRGBA64{0xffff, 0, 0, 0xffff})
		}
	}
	for name, img := range map[string]image.Image{"8-bit": eight, "16-bit": sixteen} {
		var buf bytes.Buffer
		require.NoError(t, png.Encode(&buf, img))
		path := writeFile(t, "logo.png", buf.Bytes())

		thumb, w, h := thumbnail(t, path, 480)
		require.Equal(t, [2]int{1000, 500}, [2]int{w, h}, name)
		require.Equal(t, image.Pt(480, 240), thumb.Bounds().Size(), name)
		require.True(t, isReddish(quadrantCentre(thumb, 0, 0)), name)
		r, g, b, _ := quadrantCentre(thumb, 1, 1).RGBA()
		require.True(t, r > 0xf000 && g > 0xf000 && b > 0xf000, "%s: transparency becomes white, not black", name)
	}
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
			require.NotContains(t, err.Error(), path, "no server paths in reasons shown to users")
			t.Logf("%s: %v", name, err)
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

// TestImageThumbnailLargeJPEG: a photo-sized JPEG is shrunk by libvips on load, turned by its
// EXIF orientation, and comes out as Go's decoder would make it (same size, same corners).
func TestImageThumbnailLargeJPEG(t *testing.T) {
	t.Parallel()
	stored := encodeJPEG(t, quadrantImage(3000, 1500), 85)
	for _, o := range []uint16{1, 6, 8, 3} {
		path := writeFile(t, "big.jpg", withEXIFOrientation(stored, o))
		want := map[uint16][2]int{1: {0, 0}, 6: {1, 0}, 8: {0, 1}, 3: {1, 1}}[o]
		for _, opts := range []thumbnailOptions{{}, {goOnly: true}} {
			var out bytes.Buffer
			w, h, used, err := imageThumbnail(context.Background(), path, 480, &out, opts)
			require.NoError(t, err)
			if opts.goOnly {
				require.Equal(t, decoderGo, used)
			} else {
				require.Equal(t, decoderVips, used, "a JPEG is libvips' work")
			}
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
			require.True(t, isReddish(quadrantCentre(img, want[0], want[1])), "orientation %d, %s", o, used)
		}
	}
}

// TestImageThumbnailDecoders: libvips makes the thumbnails of every format its allowed loaders
// read; BMP, which it would read only through ImageMagick, stays with Go.
func TestImageThumbnailDecoders(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	src := []string{"-f", "lavfi", "-i", "testsrc=size=640x360:duration=1", "-frames:v", "1"}
	cases := map[string]decoder{
		ffmpegMake(t, dir+"/x.jpg", src...):                             decoderVips,
		ffmpegMake(t, dir+"/x.png", src...):                             decoderVips,
		ffmpegMake(t, dir+"/x.gif", src...):                             decoderVips,
		ffmpegMake(t, dir+"/x.webp", append(src, "-c:v", "libwebp")...): decoderVips,
		ffmpegMake(t, dir+"/x.tiff", src...):                            decoderVips,
		ffmpegMake(t, dir+"/x.bmp", src...):                             decoderGo,
	}
	for path, want := range cases {
		var out bytes.Buffer
		w, h, used, err := imageThumbnail(context.Background(), path, 480, &out, thumbnailOptions{})
		require.NoError(t, err, path)
		require.Equal(t, want, used, path)
		require.Equal(t, [2]int{640, 360}, [2]int{w, h}, path)
		img, err := jpeg.Decode(&out)
		require.NoError(t, err, path)
		require.Equal(t, image.Pt(480, 270), img.Bounds().Size(), path)
	}
}

// TestImageThumbnailGreyAnd16Bit: a greyscale JPEG and a 16-bit PNG come out as ordinary 8-bit
// JPEGs any browser shows.
func TestImageThumbnailGreyAnd16Bit(t *testing.T) {
	t.Parallel()
	grey := image.NewGray(image.Rect(0, 0, 900, 600))
	for i := range grey.Pix {
		grey.Pix[i] = uint8(i % 251)
	}
	deep := image.NewNRGBA64(image.Rect(0, 0, 900, 600))
	for y := 0; y < 600; y++ {
		for x := 0; x < 900; x++ {
			deep.SetNRGBA64(x, y, color.NRGBA64{R: 0xffff, G: uint16(x * 70), B: 0, A: 0xffff})
		}
	}
	var png16 bytes.Buffer
	require.NoError(t, png.Encode(&png16, deep))
	for name, data := range map[string][]byte{"grey.jpg": encodeJPEG(t, grey, 90), "deep.png": png16.Bytes()} {
		img, w, h := thumbnail(t, writeFile(t, name, data), 480)
		require.Equal(t, [2]int{900, 600}, [2]int{w, h}, name)
		require.Equal(t, image.Pt(480, 320), img.Bounds().Size(), name)
		if name == "deep.png" {
			r, _, b, _ := img.At(10, 300).RGBA()
			require.True(t, r > 0xe000 && b < 0x2000, "red stays red: %x %x", r, b)
		}
	}
}

// TestImageThumbnailEmbeddedProfile: a photo with an ICC profile (an iPhone's are Display P3)
// is converted through it to sRGB, which is what a browser takes a thumbnail without one to be.
// The profile here swaps red and blue, so the conversion cannot go unnoticed.
func TestImageThumbnailEmbeddedProfile(t *testing.T) {
	t.Parallel()
	plain := encodeJPEG(t, quadrantImage(1200, 800), 90)
	img, _, _ := thumbnail(t, writeFile(t, "plain.jpg", plain), 480)
	require.True(t, isReddish(quadrantCentre(img, 0, 0)), "no profile: the pixels as stored")

	img, w, h := thumbnail(t, writeFile(t, "profiled.jpg", withICCProfile(plain, swappedPrimariesICC())), 480)
	require.Equal(t, [2]int{1200, 800}, [2]int{w, h})
	require.True(t, isBluish(quadrantCentre(img, 0, 0)), "stored red is blue through the profile: %v", color.RGBAModel.Convert(quadrantCentre(img, 0, 0)))
	require.True(t, isReddish(quadrantCentre(img, 1, 1)), "and stored blue is red: %v", color.RGBAModel.Convert(quadrantCentre(img, 1, 1)))
}

// TestImageThumbnailRefusesHugeDimensions: a small file whose header claims a picture too large
// to decode is refused from its header, before any pixel is decoded.
func TestImageThumbnailRefusesHugeDimensions(t *testing.T) {
	t.Parallel()
	var small bytes.Buffer
	require.NoError(t, png.Encode(&small, quadrantImage(8, 8)))
	hugePNG := withPNGSize(t, small.Bytes(), 20_000, 20_000)                              // 400 MP, above maxDecodePixels
	hugeJPEG := withJPEGSize(t, encodeJPEG(t, quadrantImage(16, 16), 90), 30_000, 30_000) // 900 MP
	for name, data := range map[string][]byte{"huge.png": hugePNG, "huge.jpg": hugeJPEG} {
		var out bytes.Buffer
		start := time.Now()
		_, _, err := ImageThumbnail(context.Background(), writeFile(t, name, data), 480, &out)
		require.ErrorIs(t, err, ErrCorrupt, name)
		require.Contains(t, err.Error(), "too large to preview", name)
		require.Zero(t, out.Len(), name)
		require.Less(t, time.Since(start), 2*time.Second, "refused from the header, not decoded")
	}
}

// TestVipsLoadersAreBlocked: formats that can make a decoder read other files or URLs (SVG,
// PDF, and ImageMagick behind them) or that no family uploads (PPM, matrix text) are refused by
// libvips itself, whatever the file's name or the path it takes.
func TestVipsLoadersAreBlocked(t *testing.T) {
	t.Parallel()
	secret := writeFile(t, "secret.png", encodeJPEG(t, quadrantImage(64, 64), 90))
	cases := map[string][]byte{
		"link.svg": []byte(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="64" height="64">` +
			`<image xlink:href="file://` + secret + `" width="64" height="64"/></svg>`),
		"doc.pdf":    minimalPDF(),
		"pixels.ppm": append([]byte("P6\n2 2\n255\n"), make([]byte, 12)...),
		"grid.mat":   []byte("2 2\n1 2\n3 4\n"),
	}
	for name, data := range cases {
		f, err := os.Open(writeFile(t, name, data))
		require.NoError(t, err)
		_, err = vipsHeader(f)
		require.ErrorIs(t, err, ErrCorrupt, name)
		require.NoError(t, f.Close())
		var out bytes.Buffer
		_, _, err = ImageThumbnail(context.Background(), f.Name(), 480, &out)
		require.ErrorIs(t, err, ErrCorrupt, name)
		t.Logf("%s: %v", name, err)
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
