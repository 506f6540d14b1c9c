// Command thumbcpu weighs the CPU cost of making thumbnails in decoder child processes (what the
// worker does since issue 26: media.ImageThumbnail, a pool of long-lived children) against
// libvips' own vipsthumbnail, on every *.jpg in -in, -workers at a time. CPU time is read with
// getrusage (this process and its reaped children: the decoder children are stopped, and so
// reaped, before the count), so no timing tool is needed. vipsthumbnail runs as bench/thumbs.sh
// runs it: 20 photos a process, -workers processes at once, each single-threaded.
//
//	go run ./bench/thumbcpu -in DIR -out DIR [-workers 2] [-size 480] [-runs 3]
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"legacylocker/media"
)

func main() {
	in := flag.String("in", "", "directory of *.jpg inputs")
	out := flag.String("out", "", "directory for the thumbnails")
	workers := flag.Int("workers", 2, "thumbnails made at once")
	size := flag.Int("size", 480, "long side of a thumbnail")
	runs := flag.Int("runs", 3, "runs of each contender")
	flag.Parse()
	paths, _ := filepath.Glob(filepath.Join(*in, "*.jpg"))
	slices.Sort(paths)
	if len(paths) == 0 || *out == "" {
		flag.Usage()
		os.Exit(2)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		log.Fatal(err)
	}
	if _, err := exec.LookPath("vipsthumbnail"); err != nil {
		log.Fatal("vipsthumbnail is missing: apt-get install -y libvips-tools")
	}
	media.SetDecoderLimits(media.DecoderLimits{Processes: *workers})

	var ratios, oursPer, vipsPer []float64
	for run := 1; run <= *runs; run++ {
		oursCPU, oursWall := measure(func() { ours(paths, *out, *workers, *size) })
		vipsCPU, vipsWall := measure(func() { vips(paths, *out, *workers, *size) })
		n := float64(len(paths))
		oursPer, vipsPer = append(oursPer, oursCPU.Seconds()*1000/n), append(vipsPer, vipsCPU.Seconds()*1000/n)
		ratios = append(ratios, oursCPU.Seconds()/vipsCPU.Seconds())
		fmt.Printf("run %d: decoder children %.2f s wall, CPU %.2f s (%.1f ms/image); vipsthumbnail %.2f s wall, CPU %.2f s (%.1f ms/image); %.2f× vipsthumbnail's CPU\n",
			run, oursWall.Seconds(), oursCPU.Seconds(), oursPer[run-1], vipsWall.Seconds(), vipsCPU.Seconds(), vipsPer[run-1], ratios[run-1])
	}
	fmt.Printf("median of %d runs, %d images, %d at a time: decoder children %.1f ms CPU/image, vipsthumbnail %.1f ms CPU/image: %.2f×\n",
		*runs, len(paths), *workers, median(oursPer), median(vipsPer), median(ratios))
}

// measure runs f and answers the CPU time this process and its reaped children spent, and the wall time.
func measure(f func()) (cpu, wall time.Duration) {
	before := rusage()
	start := time.Now()
	f()
	return rusage() - before, time.Since(start)
}

func rusage() time.Duration {
	var total time.Duration
	for _, who := range []int{syscall.RUSAGE_SELF, syscall.RUSAGE_CHILDREN} {
		var ru syscall.Rusage
		if err := syscall.Getrusage(who, &ru); err != nil {
			log.Fatal(err)
		}
		total += time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	return total
}

// ours makes every thumbnail with media.ImageThumbnail, workers at a time, then stops the
// decoder children so that their CPU time is counted.
func ours(paths []string, out string, workers, size int) {
	work := make(chan string)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for p := range work {
				f, err := os.Create(filepath.Join(out, strings.TrimSuffix(filepath.Base(p), ".jpg")+"-ours.jpg"))
				if err != nil {
					log.Fatal(err)
				}
				if _, _, err := media.ImageThumbnail(context.Background(), p, size, f); err != nil {
					log.Fatalf("%s: %v", p, err)
				}
				if err := f.Close(); err != nil {
					log.Fatal(err)
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
}

// vips runs vipsthumbnail on batches of 20 photos, workers processes at once.
func vips(paths []string, out string, workers, size int) {
	batches := make(chan []string)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for batch := range batches {
				args := append([]string{"--size", fmt.Sprintf("%dx%d", size, size), "-o", filepath.Join(out, "%s-vips.jpg[Q=82]")}, batch...)
				cmd := exec.Command("vipsthumbnail", args...)
				cmd.Env = append(os.Environ(), "VIPS_CONCURRENCY=1")
				if b, err := cmd.CombinedOutput(); err != nil {
					log.Fatalf("vipsthumbnail: %v: %s", err, b)
				}
			}
		})
	}
	for i := 0; i < len(paths); i += 20 {
		batches <- paths[i:min(i+20, len(paths))]
	}
	close(batches)
	wg.Wait()
}

func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
