package media

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// pdfQuality is the preview's JPEG quality.
const pdfQuality = 85

// PDFPreviewArgs builds pdftoppm's arguments: page 1 only, as one JPEG named outPrefix+".jpg",
// scaled so its long side is maxSide.
func PDFPreviewArgs(in string, maxSide int, outPrefix string) []string {
	return []string{
		"-f", "1", "-l", "1", "-singlefile",
		"-jpeg", "-jpegopt", "quality=" + strconv.Itoa(pdfQuality),
		"-scale-to", strconv.Itoa(maxSide),
		notAnOption(in), notAnOption(outPrefix),
	}
}

// notAnOption keeps a relative path that starts with "-" from being read as an option.
func notAnOption(path string) string {
	if strings.HasPrefix(path, "-") {
		return "./" + path
	}
	return path
}

// PDFPreview renders the first page of a PDF to a JPEG at outPath with its long side maxSide,
// using pdftoppm (Debian package poppler-utils). ErrToolMissing when pdftoppm is not
// installed: a PDF is still worth keeping without a preview.
func PDFPreview(ctx context.Context, path string, maxSide int, outPath string) error {
	return writeVia(outPath, ".jpg", func(tmp string) error {
		prefix := strings.TrimSuffix(tmp, ".jpg") // pdftoppm adds ".jpg" itself
		if err := runTool(ctx, PDFToPPMPath, PDFPreviewArgs(path, maxSide, prefix), nil, path); err != nil {
			return fmt.Errorf("making PDF preview: %w", err)
		}
		if info, err := os.Stat(tmp); err != nil || info.Size() == 0 {
			return fmt.Errorf("making PDF preview: %w", corrupt("the first page could not be rendered"))
		}
		return nil
	})
}
