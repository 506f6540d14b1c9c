package media

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"os"
	"strconv"

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
	// maxDecodePixels bounds an image decoded whole in memory (about 4 bytes a pixel, and
	// more while resizing); a larger one is refused as input we cannot handle. Large JPEGs
	// need not be decoded whole (see reducedJPEGMinPixels) and may be larger.
	maxDecodePixels = 100_000_000
	// maxReducedPixels bounds a JPEG decoded at reduced scale by ffmpeg.
	maxReducedPixels = 400_000_000
	// reducedJPEGMinPixels is the size from which a JPEG is decoded by ffmpeg at 1/2, 1/4 or
	// 1/8 scale (libjpeg-style DCT scaling, ffmpeg's -lowres) instead of whole by Go, which
	// for a 12 MP photo is several times faster and needs a fraction of the memory.
	reducedJPEGMinPixels = 4_000_000
)

// ImageThumbnail decodes an image (JPEG, PNG, GIF, WebP, BMP, TIFF), turns it the way its EXIF
// orientation says (phone photos are stored sideways), and writes to w a JPEG whose long side
// is at most maxSide (never enlarged; transparency becomes white). It answers the width and
// height of the original as displayed, that is after orientation. An image that cannot be
// decoded answers ErrCorrupt.
func ImageThumbnail(ctx context.Context, path string, maxSide int, w io.Writer) (width, height int, err error) {
	width, height, _, err = imageThumbnail(ctx, path, maxSide, w, thumbnailOptions{allowReduced: true})
	return width, height, err
}

type thumbnailOptions struct {
	// allowReduced lets a large JPEG take the reduced-scale path (off to benchmark Go's).
	allowReduced bool
	// ignoreEXIF keeps the stored orientation: for HEIF, whose own transforms libheif has
	// already applied, its EXIF orientation is only descriptive.
	ignoreEXIF bool
}

// imageThumbnail is ImageThumbnail with options, answering also whether it took the
// reduced-scale path (for tests and the benchmark).
func imageThumbnail(ctx context.Context, path string, maxSide int, w io.Writer, opts thumbnailOptions) (width, height int, reduced bool, err error) {
	if maxSide <= 0 {
		return 0, 0, false, fmt.Errorf("thumbnail: invalid size %d", maxSide)
	}
	f, err := os.Open(path)
	if err != nil {
		return 0, 0, false, fmt.Errorf("thumbnail: %w", err)
	}
	defer f.Close()
	cfg, format, err := image.DecodeConfig(f)
	if errors.Is(err, image.ErrFormat) && isHEIF(f) {
		width, height, err = heifThumbnail(ctx, path, maxSide, w, opts)
		return width, height, false, err
	}
	if err != nil {
		return 0, 0, false, fmt.Errorf("thumbnail: %w", decodeFailure(err))
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return 0, 0, false, fmt.Errorf("thumbnail: %w", corrupt("the image has no pixels"))
	}
	if err := ctx.Err(); err != nil {
		return 0, 0, false, err
	}
	pixels := int64(cfg.Width) * int64(cfg.Height)

	var img image.Image
	width, height = cfg.Width, cfg.Height
	if opts.allowReduced && format == "jpeg" && pixels >= reducedJPEGMinPixels && pixels <= maxReducedPixels &&
		(cfg.ColorModel == color.YCbCrModel || cfg.ColorModel == color.GrayModel) {
		var orientation int
		img, orientation, err = decodeJPEGReduced(ctx, f, path, cfg, maxSide, !opts.ignoreEXIF)
		if orientation >= 5 { // the four orientations that swap width and height
			width, height = height, width
		}
		if ctxErr := ctx.Err(); ctxErr != nil {
			return 0, 0, false, ctxErr
		}
		reduced = err == nil
		// Any other failure falls through to Go's decoder, whose verdict on the file stands.
	}
	if img == nil {
		if pixels > maxDecodePixels {
			return 0, 0, false, fmt.Errorf("thumbnail: %w", corrupt(fmt.Sprintf("the image is too large to preview (%d megapixels)", pixels/1_000_000)))
		}
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return 0, 0, false, fmt.Errorf("thumbnail: %w", err)
		}
		img, err = imaging.Decode(f, imaging.AutoOrientation(!opts.ignoreEXIF))
		if err != nil {
			return 0, 0, false, fmt.Errorf("thumbnail: %w", decodeFailure(err))
		}
		width, height = img.Bounds().Dx(), img.Bounds().Dy()
	}
	thumb := imaging.Fit(img, maxSide, maxSide, imaging.Lanczos)
	if !thumb.Opaque() {
		thumb = imaging.Overlay(imaging.New(thumb.Rect.Dx(), thumb.Rect.Dy(), color.White), thumb, image.Point{}, 1)
	}
	// An opaque NRGBA has the same bytes as an RGBA (premultiplying by 255 changes nothing),
	// and image/jpeg encodes an *image.RGBA directly instead of one boxed pixel at a time.
	opaque := &image.RGBA{Pix: thumb.Pix, Stride: thumb.Stride, Rect: thumb.Rect}
	if err := jpeg.Encode(w, opaque, &jpeg.Options{Quality: thumbnailQuality}); err != nil {
		return 0, 0, false, fmt.Errorf("thumbnail: writing: %w", err)
	}
	return width, height, reduced, nil
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

// ReducedJPEGArgs builds ffmpeg's arguments to decode a JPEG at 1/2^lowres scale with its DCT
// (never materialising the full picture) and write it as one BMP to standard output.
func ReducedJPEGArgs(in string, lowres int) []string {
	args := commonArgs()
	return append(args,
		"-lowres", strconv.Itoa(lowres),
		// ffmpeg 5 turns JPEGs by their EXIF orientation and older versions do not: keep the
		// stored pixels and turn them ourselves, exactly as imaging does on the other path.
		"-noautorotate",
		"-protocol_whitelist", "file",
		"-f", "jpeg_pipe",
		"-i", inputURL(in),
		"-frames:v", "1",
		"-c:v", "bmp", "-pix_fmt", "bgr24",
		"-f", "image2pipe",
		"pipe:1",
	)
}

// lowresFor picks the largest DCT reduction (at most 1/8) that leaves the long side at least
// maxSide, so the final resize only ever shrinks.
func lowresFor(longSide, maxSide int) int {
	lowres := 0
	for lowres < 3 && (longSide+(1<<(lowres+1))-1)>>(lowres+1) >= maxSide {
		lowres++
	}
	return lowres
}

// decodeJPEGReduced decodes a large JPEG at reduced scale with ffmpeg and applies its EXIF
// orientation the way imaging.AutoOrientation does. It answers the orientation applied too.
func decodeJPEGReduced(ctx context.Context, f *os.File, path string, cfg image.Config, maxSide int, useEXIF bool) (image.Image, int, error) {
	orientation := 1
	if useEXIF {
		var err error
		if orientation, err = jpegOrientation(f); err != nil {
			return nil, 1, err
		}
	}
	lowres := lowresFor(max(cfg.Width, cfg.Height), maxSide)
	if lowres == 0 {
		return nil, 1, errors.New("no reduction possible")
	}
	var out bytes.Buffer
	complaint, err := runToolStderr(ctx, FFmpegPath, ReducedJPEGArgs(path, lowres), &out, path)
	if err != nil {
		return nil, 1, err
	}
	if complaint != "" {
		// ffmpeg draws what it can of a damaged JPEG and says so; Go's decoder, which the
		// caller falls back to, gives the verdict on such a file instead.
		return nil, 1, fmt.Errorf("ffmpeg: %s", shortReason(complaint, path))
	}
	img, _, err := image.Decode(&out)
	if err != nil {
		return nil, 1, fmt.Errorf("reading ffmpeg's picture: %w", err)
	}
	return orient(img, orientation), orientation, nil
}

// orient applies an EXIF orientation (1–8) as imaging.AutoOrientation does.
func orient(img image.Image, orientation int) image.Image {
	switch orientation {
	case 2:
		return imaging.FlipH(img)
	case 3:
		return imaging.Rotate180(img)
	case 4:
		return imaging.FlipV(img)
	case 5:
		return imaging.Transpose(img)
	case 6:
		return imaging.Rotate270(img)
	case 7:
		return imaging.Transverse(img)
	case 8:
		return imaging.Rotate90(img)
	}
	return img
}

// jpegOrientation reads the EXIF Orientation tag (1–8) of a JPEG from the start of f: the
// first APP1 "Exif" segment before the image data, IFD0, tag 0x0112. 1 (as stored) when there
// is none or it cannot be read.
func jpegOrientation(f io.ReadSeeker) (int, error) {
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return 1, err
	}
	r := io.LimitReader(f, 1<<20) // EXIF lives in the first 64 KB; never read far.
	var soi [2]byte
	if _, err := io.ReadFull(r, soi[:]); err != nil || soi != [2]byte{0xFF, 0xD8} {
		return 1, nil
	}
	for {
		var hdr [4]byte
		if _, err := io.ReadFull(r, hdr[:]); err != nil {
			return 1, nil
		}
		if hdr[0] != 0xFF {
			return 1, nil
		}
		marker := hdr[1]
		if marker == 0xDA || marker == 0xD9 { // start of scan, end of image
			return 1, nil
		}
		size := int(binary.BigEndian.Uint16(hdr[2:4]))
		if size < 2 {
			return 1, nil
		}
		data := make([]byte, size-2)
		if _, err := io.ReadFull(r, data); err != nil {
			return 1, nil
		}
		if marker == 0xE1 && bytes.HasPrefix(data, []byte("Exif\x00\x00")) {
			return exifOrientation(data[6:]), nil
		}
	}
}

// exifOrientation finds the Orientation tag in IFD0 of a TIFF structure.
func exifOrientation(tiff []byte) int {
	if len(tiff) < 8 {
		return 1
	}
	var order binary.ByteOrder
	switch string(tiff[:4]) {
	case "II*\x00":
		order = binary.LittleEndian
	case "MM\x00*":
		order = binary.BigEndian
	default:
		return 1
	}
	ifd := int(order.Uint32(tiff[4:8]))
	if ifd < 8 || ifd+2 > len(tiff) {
		return 1
	}
	n := int(order.Uint16(tiff[ifd:]))
	for i := 0; i < n; i++ {
		e := ifd + 2 + 12*i
		if e+12 > len(tiff) {
			return 1
		}
		if order.Uint16(tiff[e:]) != 0x0112 {
			continue
		}
		if order.Uint16(tiff[e+2:]) != 3 { // SHORT
			return 1
		}
		if v := int(order.Uint16(tiff[e+8:])); v >= 1 && v <= 8 {
			return v
		}
		return 1
	}
	return 1
}
