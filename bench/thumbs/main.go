// Command thumbs makes a thumbnail of every *.jpg in -in with media.ImageThumbnail (what the
// worker's media_process job calls), -workers at a time, and prints images per second. It is
// the "ours" side of bench/thumbs.sh; vipsthumbnail is the other.
//
//	go run ./bench/thumbs -in DIR -out DIR [-workers 2] [-size 480] [-cpuprofile FILE]
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"runtime/pprof"
	"slices"
	"strings"
	"sync"
	"time"

	"legacylocker/media"
)

func main() {
	in := flag.String("in", "", "directory of *.jpg inputs")
	out := flag.String("out", "", "directory for the thumbnails (NAME-ours.jpg)")
	workers := flag.Int("workers", 2, "thumbnails made at once")
	size := flag.Int("size", 480, "long side of a thumbnail")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile of this process here")
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
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			log.Fatal(err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			log.Fatal(err)
		}
		defer pprof.StopCPUProfile()
	}

	// Thumbnails are made in decoder children (media/child.go), one per worker; they are stopped
	// (and so reaped) before this process exits, so that a timing tool counts their CPU as ours.
	media.SetDecoderLimits(media.DecoderLimits{Processes: *workers})
	defer media.StopDecoders()
	ctx := context.Background()
	work := make(chan string)
	durations := make([]time.Duration, len(paths))
	index := map[string]int{}
	for i, p := range paths {
		index[p] = i
	}
	var wg sync.WaitGroup
	var failed sync.Map
	start := time.Now()
	for range *workers {
		wg.Go(func() {
			for p := range work {
				t0 := time.Now()
				err := thumbnail(ctx, p, filepath.Join(*out, strings.TrimSuffix(filepath.Base(p), ".jpg")+"-ours.jpg"), *size)
				durations[index[p]] = time.Since(t0)
				if err != nil {
					failed.Store(p, err)
				}
			}
		})
	}
	for _, p := range paths {
		work <- p
	}
	close(work)
	wg.Wait()
	media.StopDecoders()
	elapsed := time.Since(start)

	bad := 0
	failed.Range(func(k, v any) bool {
		log.Printf("%s: %v", k, v)
		bad++
		return true
	})
	if bad > 0 {
		log.Fatalf("%d of %d failed", bad, len(paths))
	}
	slices.Sort(durations)
	pct := func(p float64) time.Duration { return durations[int(p*float64(len(durations)-1)+0.5)] }
	fmt.Printf("ours: %d images, %d workers, %.2f s, %.2f images/s, per image p50 %d ms p95 %d ms\n",
		len(paths), *workers, elapsed.Seconds(), float64(len(paths))/elapsed.Seconds(),
		pct(0.5).Milliseconds(), pct(0.95).Milliseconds())
}

// thumbnail is what jobs.MediaProcessWorker does for an image: ImageThumbnail into a file.
func thumbnail(ctx context.Context, in, out string, size int) error {
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	w, h, err := media.ImageThumbnail(ctx, in, size, f)
	if closeErr := f.Close(); err == nil {
		err = closeErr
	}
	if err != nil {
		return err
	}
	if w <= 0 || h <= 0 {
		return fmt.Errorf("answered %dx%d", w, h)
	}
	return nil
}
