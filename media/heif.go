package media

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// HeifConvertPath names libheif's heif-convert (Debian package libheif-examples), which turns
// the HEIC photos iPhones take into JPEG for thumbnails: neither Go nor Debian 12's ffmpeg
// decodes HEIF.
var HeifConvertPath = "heif-convert"

// heifQuality is the JPEG quality of heif-convert's intermediate picture.
const heifQuality = 92

// HEIFConvertArgs builds heif-convert's arguments: in to a JPEG at out.
func HEIFConvertArgs(in, out string) []string {
	return []string{"-q", fmt.Sprint(heifQuality), notAnOption(in), notAnOption(out)}
}

// isHEIF reports whether the file at the start of f is HEIF (HEIC and its relatives).
func isHEIF(f io.ReadSeeker) bool {
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return false
	}
	head := make([]byte, 256)
	n, _ := io.ReadFull(f, head)
	_, mime, _, ok := Sniff(head[:n])
	return ok && strings.HasPrefix(mime, "image/hei")
}

// heifThumbnail converts a HEIF image to JPEG with heif-convert and thumbnails that. libheif
// applies the file's own rotation and mirroring (irot, imir), which the HEIF standard makes
// normative; the EXIF orientation it copies into the JPEG is then only descriptive (on an
// iPhone photo it repeats the rotation already applied) and is ignored.
func heifThumbnail(ctx context.Context, path string, maxSide int, w io.Writer, opts thumbnailOptions) (int, int, error) {
	dir, err := ScratchDir("heif")
	if err != nil {
		return 0, 0, fmt.Errorf("thumbnail: %w", err)
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "image.jpg")
	if err := runTool(ctx, HeifConvertPath, HEIFConvertArgs(path, out), nil, path); err != nil {
		return 0, 0, fmt.Errorf("thumbnail: converting HEIF: %w", err)
	}
	// A file with several top-level images (a burst) is written as image-1.jpg, image-2.jpg…
	written, _ := filepath.Glob(filepath.Join(dir, "image*.jpg"))
	slices.Sort(written)
	if len(written) == 0 {
		return 0, 0, fmt.Errorf("thumbnail: %w", corrupt("the HEIF file holds no image"))
	}
	opts.ignoreEXIF = true
	width, height, _, err := imageThumbnail(ctx, written[0], maxSide, w, opts)
	return width, height, err
}
