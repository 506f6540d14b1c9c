// Command govips is bench/thumbs.sh's "govips" contender: the same thumbnails as bench/thumbs
// (480-pixel long side, never enlarged, EXIF orientation applied, JPEG quality 82, metadata
// stripped), made with github.com/davidbyttow/govips/v2, the Go binding of libvips we weighed
// against our own cgo wrapper (media/vips.go). It is a module of its own so that the
// application's go.mod does not carry a binding it does not use.
//
//	go run . -in DIR -out DIR [-workers 2] [-size 480]
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/davidbyttow/govips/v2/vips"
)

func main() {
	in := flag.String("in", "", "directory of *.jpg inputs")
	out := flag.String("out", "", "directory for the thumbnails (NAME-govips.jpg)")
	workers := flag.Int("workers", 2, "thumbnails made at once")
	size := flag.Int("size", 480, "long side of a thumbnail")
	flag.Parse()
	if *in == "" || *out == "" {
		flag.Usage()
		os.Exit(2)
	}
	paths, err := filepath.Glob(filepath.Join(*in, "*.jpg"))
	if err != nil || len(paths) == 0 {
		log.Fatalf("no *.jpg in %s", *in)
	}
	slices.Sort(paths)
	if err := os.MkdirAll(*out, 0o755); err != nil {
		log.Fatal(err)
	}
	vips.LoggingSettings(nil, vips.LogLevelWarning)
	// As media/vips.go: one thread per image, no operation cache.
	vips.Startup(&vips.Config{ConcurrencyLevel: 1, MaxCacheSize: 0})
	defer vips.Shutdown()

	work := make(chan string)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var failed []error
	start := time.Now()
	for range *workers {
		wg.Go(func() {
			for p := range work {
				if err := thumbnail(p, filepath.Join(*out, strings.TrimSuffix(filepath.Base(p), ".jpg")+"-govips.jpg"), *size); err != nil {
					mu.Lock()
					failed = append(failed, fmt.Errorf("%s: %w", p, err))
					mu.Unlock()
				}
			}
		})
	}
	for _, p := range paths {
		work <- p
	}
	close(work)
	wg.Wait()
	elapsed := time.Since(start)
	if len(failed) > 0 {
		log.Fatalf("%d of %d failed, first: %v", len(failed), len(paths), failed[0])
	}
	fmt.Printf("govips: %d images, %d workers, %.2f s, %.2f images/s\n",
		len(paths), *workers, elapsed.Seconds(), float64(len(paths))/elapsed.Seconds())
}

func thumbnail(in, out string, size int) error {
	img, err := vips.LoadThumbnailFromFile(in, size, size, vips.InterestingNone, vips.SizeDown, vips.NewImportParams())
	if err != nil {
		return err
	}
	defer img.Close()
	jpg, _, err := img.ExportJpeg(&vips.JpegExportParams{Quality: 82, StripMetadata: true})
	if err != nil {
		return err
	}
	return os.WriteFile(out, jpg, 0o644)
}
