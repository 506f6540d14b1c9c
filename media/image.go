package media

import (
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"os"
	"strings"

	"github.com/disintegration/imaging"

	// Decoders for image.Decode beyond the standard library's JPEG, PNG and GIF.
	_ "image/gif"
	_ "image/png"

	_ "golang.org/x/image/bmp"
	_ "golang.org/x/image/tiff"
	_ "golang.org/x/image/webp"
)

const (
	// thumbnailQuality is the JPEG quality of thumbnails: small files, no visible blocks.
	thumbnailQuality = 82
	// maxDecodePixels bounds an image whose every pixel must be decoded to make its thumbnail
	// (PNG, GIF, WebP, TIFF, HEIF, and BMP in Go): a larger one is refused as input we cannot
	// handle, because decoding it would take seconds of CPU and, for HEIF and Go's decoders,
	// memory for the whole picture (3–4 bytes a pixel).
	maxDecodePixels = 100_000_000
	// maxJPEGPixels bounds a JPEG, which libvips decodes at 1/8 scale straight from its DCT
	// coefficients (shrink-on-load): a 400 MP JPEG costs what a 6 MP one decoded whole would.
	maxJPEGPixels = 400_000_000
)

// decoder says which code made a thumbnail, for tests and the benchmark.
type decoder string

const (
	decoderVips decoder = "libvips"
	decoderGo   decoder = "go"
)

// ImageThumbnail decodes an image (JPEG, PNG, GIF, WebP, TIFF, HEIC/HEIF, BMP), turns it the
// way its orientation says (phone photos are stored sideways), and writes to w a JPEG whose long
// side is at most maxSide (never enlarged; transparency becomes white). It answers the width and
// height of the original as displayed, that is after orientation. An image that cannot be
// decoded, or is too large to decode, answers ErrCorrupt. The decoding happens in a decoder
// child process (child.go, limits from SetDecoderLimits): a decoder that dies on the file answers
// ErrDecoderCrashed and the caller lives on.
func ImageThumbnail(ctx context.Context, path string, maxSide int, w io.Writer) (width, height int, err error) {
	return sharedDecoders().Thumbnail(ctx, path, maxSide, w)
}

type thumbnailOptions struct {
	// goOnly makes every format take Go's decoders (to benchmark them against libvips).
	goOnly bool
	// square crops the thumbnail to maxSide × maxSide around what matters (SquarePhoto).
	square bool
}

// SquarePhoto writes to w a JPEG of side × side cut from the image around what draws the eye
// (libvips' attention crop), turned upright, in sRGB, with every piece of metadata (EXIF, GPS,
// XMP, the colour profile) left out: a profile photo. A smaller image is enlarged to the
// square. It answers the original's displayed size; errors as ImageThumbnail, and it too runs
// in a decoder child.
func SquarePhoto(ctx context.Context, path string, side int, w io.Writer) (width, height int, err error) {
	return sharedDecoders().SquarePhoto(ctx, path, side, w)
}

// imageThumbnail is ImageThumbnail with options, answering also which decoder made it, in this
// process: what a decoder child runs (and the benchmark, to weigh the child's cost).
func imageThumbnail(ctx context.Context, path string, maxSide int, w io.Writer, opts thumbnailOptions) (width, height int, used decoder, err error) {
	if maxSide <= 0 {
		return 0, 0, "", fmt.Errorf("thumbnail: invalid size %d", maxSide)
	}
	f, err := os.Open(path)
	if err != nil {
		return 0, 0, "", fmt.Errorf("thumbnail: %w", err)
	}
	defer f.Close()
	head := make([]byte, SniffLen)
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return 0, 0, "", fmt.Errorf("thumbnail: %w", err)
	}
	_, mime, _, _ := Sniff(head[:n])
	if !opts.goOnly && vipsDecodes(mime) {
		width, height, err = vipsImageThumbnail(ctx, f, mime, maxSide, opts.square, w)
		return width, height, decoderVips, err
	}
	width, height, err = goImageThumbnail(ctx, f, maxSide, opts.square, w)
	return width, height, decoderGo, err
}

// vipsDecodes reports whether libvips makes the thumbnail of an image of this MIME type: every
// format its allowed loaders read (see ll_allowed_loaders in vips.go). BMP, which libvips reads
// only through ImageMagick (blocked), stays with Go's decoder.
func vipsDecodes(mime string) bool {
	switch mime {
	case "image/jpeg", "image/png", "image/gif", "image/webp", "image/tiff":
		return true
	}
	return strings.HasPrefix(mime, "image/hei")
}

// vipsImageThumbnail reads the image's header, refuses one too large to decode, and has libvips
// make the thumbnail (see vipsThumbnail).
func vipsImageThumbnail(ctx context.Context, f *os.File, mime string, maxSide int, square bool, w io.Writer) (width, height int, err error) {
	header, err := vipsHeader(f)
	if err != nil {
		return 0, 0, fmt.Errorf("thumbnail: %w", err)
	}
	width, height = header.Width, header.Height
	if width <= 0 || height <= 0 {
		return 0, 0, fmt.Errorf("thumbnail: %w", corrupt("the image has no pixels"))
	}
	limit := int64(maxDecodePixels)
	if mime == "image/jpeg" {
		limit = maxJPEGPixels
	}
	if err := refuseHuge(int64(width)*int64(height), limit); err != nil {
		return 0, 0, err
	}
	if header.Orientation >= 5 { // the four orientations that swap width and height
		width, height = height, width
	}
	if err := ctx.Err(); err != nil {
		return 0, 0, err
	}
	jpg, err := vipsThumbnail(f, maxSide, thumbnailQuality, header.HasProfile, square)
	if err != nil {
		return 0, 0, fmt.Errorf("thumbnail: %w", err)
	}
	if _, err := w.Write(jpg); err != nil {
		return 0, 0, fmt.Errorf("thumbnail: writing: %w", err)
	}
	return width, height, nil
}

// refuseHuge answers ErrCorrupt for an image of more than limit pixels.
func refuseHuge(pixels, limit int64) error {
	if pixels > limit {
		return fmt.Errorf("thumbnail: %w", corrupt(fmt.Sprintf("the image is too large to preview (%d megapixels)", pixels/1_000_000)))
	}
	return nil
}

// goImageThumbnail decodes the whole image with Go's decoders, turns it by its EXIF orientation
// and resizes it with imaging's Lanczos filter: for BMP, which libvips does not read safely.
// square takes the centre square (Go has no attention crop; photos are never BMP).
func goImageThumbnail(ctx context.Context, f *os.File, maxSide int, square bool, w io.Writer) (width, height int, err error) {
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return 0, 0, fmt.Errorf("thumbnail: %w", err)
	}
	cfg, _, err := image.DecodeConfig(f)
	if err != nil {
		return 0, 0, fmt.Errorf("thumbnail: %w", decodeFailure(err))
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return 0, 0, fmt.Errorf("thumbnail: %w", corrupt("the image has no pixels"))
	}
	if err := refuseHuge(int64(cfg.Width)*int64(cfg.Height), maxDecodePixels); err != nil {
		return 0, 0, err
	}
	if err := ctx.Err(); err != nil {
		return 0, 0, err
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return 0, 0, fmt.Errorf("thumbnail: %w", err)
	}
	img, err := imaging.Decode(f, imaging.AutoOrientation(true))
	if err != nil {
		return 0, 0, fmt.Errorf("thumbnail: %w", decodeFailure(err))
	}
	thumb := imaging.Fit(img, maxSide, maxSide, imaging.Lanczos)
	if square {
		thumb = imaging.Fill(img, maxSide, maxSide, imaging.Center, imaging.Lanczos)
	}
	if !thumb.Opaque() {
		thumb = imaging.Overlay(imaging.New(thumb.Rect.Dx(), thumb.Rect.Dy(), color.White), thumb, image.Point{}, 1)
	}
	// An opaque NRGBA has the same bytes as an RGBA (premultiplying by 255 changes nothing),
	// and image/jpeg encodes an *image.RGBA directly instead of one boxed pixel at a time.
	opaque := &image.RGBA{Pix: thumb.Pix, Stride: thumb.Stride, Rect: thumb.Rect}
	if err := jpeg.Encode(w, opaque, &jpeg.Options{Quality: thumbnailQuality}); err != nil {
		return 0, 0, fmt.Errorf("thumbnail: writing: %w", err)
	}
	return img.Bounds().Dx(), img.Bounds().Dy(), nil
}

// decodeFailure turns a decoder's error into ErrCorrupt with a reason a person understands.
func decodeFailure(err error) error {
	switch {
	case errors.Is(err, image.ErrFormat):
		return corrupt("not an image format we can read")
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return corrupt("the image is truncated")
	}
	var pathErr *os.PathError
	if errors.As(err, &pathErr) {
		return err // reading the file failed: the machine's fault
	}
	return corrupt(err.Error())
}
