// Command burst measures a burst of uploads against the work it makes: one family posts -n small
// photos at once (-concurrency uploads in flight), and while they are being worked a second family
// posts one photo. It prints
//
//   - first job inserted → last job finished, against the sum of the jobs' work time divided by the
//     media workers (the ideal wall time with the queue never idle), and against the worker's CPU
//     time (its decoder children included) divided by -workers;
//   - the second family's photo, upload's 202 → GET /api/media/{id} shows it ready (every -poll).
//
// Times come from this program's clock and River's job rows; CPU from /proc/<worker>/stat (the
// worker's and its reaped children's) plus its live children's, so no timing tool is needed. It is
// the client of bench/burst.sh, which starts the api and worker.
//
//	go run ./bench/burst -url URL -dir DIR -db URL -worker-pid PID [-n 200] [-concurrency 16] [-workers 2]
package main

import (
	"context"
	"flag"
	"fmt"
	"legacylocker/bench/internal/benchapi"
	"log"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
)

func main() {
	base := flag.String("url", "http://127.0.0.1:18500", "the api")
	dir := flag.String("dir", "", "directory of *.jpg to upload")
	n := flag.Int("n", 200, "photos in the burst")
	concurrency := flag.Int("concurrency", 16, "uploads in flight at once")
	poll := flag.Duration("poll", 25*time.Millisecond, "interval between GET /api/media/{id} of the second family's photo")
	dbURL := flag.String("db", "", "the api's database")
	workerPid := flag.Int("worker-pid", 0, "the worker's pid, to read its CPU time")
	workers := flag.Int("workers", 2, "the worker's media queue concurrency")
	flag.Parse()
	paths, _ := filepath.Glob(filepath.Join(*dir, "*.jpg"))
	slices.Sort(paths)
	if len(paths) == 0 || *dbURL == "" || *workerPid == 0 {
		flag.Usage()
		os.Exit(2)
	}
	ctx := context.Background()
	db, err := pgx.Connect(ctx, *dbURL)
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close(ctx)

	burstFamily, burstAthlete := benchapi.SignUp(*base, "burst-burst")
	otherFamily, otherAthlete := benchapi.SignUp(*base, "burst-other")
	cpuBefore := treeCPU(*workerPid)

	var accepted atomic.Int64
	var ids sync.Map
	start := time.Now()
	work := make(chan int)
	var wg sync.WaitGroup
	for range *concurrency {
		wg.Go(func() {
			for i := range work {
				it := burstFamily.Upload(burstAthlete, paths[i%len(paths)], fmt.Sprintf("Burst %d", i+1))
				ids.Store(it.ID, true)
				accepted.Add(1)
			}
		})
	}
	otherDone := make(chan string, 1)
	go func() {
		for accepted.Load() < int64(*n/4) { // well into the burst
			time.Sleep(time.Millisecond)
		}
		otherDone <- otherPhoto(ctx, db, otherFamily, otherAthlete, paths[0], *poll)
	}()
	for i := range *n {
		work <- i
	}
	close(work)
	wg.Wait()
	uploaded := time.Since(start)
	other := <-otherDone

	var mediaIDs []int64
	ids.Range(func(k, _ any) bool { mediaIDs = append(mediaIDs, k.(int64)); return true })
	var first, last time.Time
	var workSum time.Duration
	for deadline := time.Now().Add(5 * time.Minute); ; {
		var done, failed int
		var workSeconds float64
		err := db.QueryRow(ctx, `
			SELECT count(*) FILTER (WHERE j.state = 'completed'), count(*) FILTER (WHERE j.state IN ('cancelled', 'discarded')),
				min(j.created_at), coalesce(max(j.finalized_at), now()),
				coalesce(sum(extract(epoch FROM j.finalized_at - j.attempted_at)), 0)
			FROM river_job j WHERE j.kind = 'media_process' AND (j.args->>'media_id')::bigint = ANY($1)`, mediaIDs).
			Scan(&done, &failed, &first, &last, &workSeconds)
		if err != nil {
			log.Fatal(err)
		}
		if failed > 0 {
			log.Fatalf("%d photos of the burst failed", failed)
		}
		if done == len(mediaIDs) {
			workSum = time.Duration(workSeconds * float64(time.Second))
			break
		}
		if time.Now().After(deadline) {
			log.Fatalf("%d of %d photos ready after 5 minutes", done, len(mediaIDs))
		}
		time.Sleep(20 * time.Millisecond)
	}
	cpu := treeCPU(*workerPid) - cpuBefore
	span := last.Sub(first)
	ideal := workSum / time.Duration(*workers)
	fmt.Printf("burst: %d photos posted %d at a time (uploads took %.2f s)\n", *n, *concurrency, uploaded.Seconds())
	fmt.Printf("  first insert → last ready %.2f s; sum of the jobs' work %.2f s / %d workers = %.2f s: %.2f×\n",
		span.Seconds(), workSum.Seconds(), *workers, ideal.Seconds(), span.Seconds()/ideal.Seconds())
	fmt.Printf("  worker CPU (decoder children included) %.2f s / %d = %.2f s: %.2f×\n",
		cpu.Seconds(), *workers, cpu.Seconds()/float64(*workers), span.Seconds()/(cpu.Seconds()/float64(*workers)))
	fmt.Println("  " + other)
}

// otherPhoto uploads one photo for the second family and waits for it: the line to print.
func otherPhoto(ctx context.Context, db *pgx.Conn, c *benchapi.Client, athlete int64, path string, poll time.Duration) string {
	it := c.Upload(athlete, path, "The other family's photo")
	accepted := time.Now()
	for {
		var got benchapi.Media
		c.MustJSON("GET", fmt.Sprintf("/api/media/%d", it.ID), nil, 200, &got)
		if got.Status == "failed" {
			log.Fatalf("the other family's photo failed: %s", got.StatusReason)
		}
		if got.Status == "ready" && got.ThumbnailURL != nil {
			break
		}
		if time.Since(accepted) > 2*time.Minute {
			log.Fatal("the other family's photo: not ready after 2 minutes")
		}
		time.Sleep(poll)
	}
	ready := time.Since(accepted)
	var created, attempted time.Time
	if err := db.QueryRow(ctx, `SELECT created_at, attempted_at FROM river_job WHERE kind = 'media_process' AND (args->>'media_id')::bigint = $1`,
		it.ID).Scan(&created, &attempted); err != nil {
		log.Fatal(err)
	}
	return fmt.Sprintf("the other family's photo during the burst: upload 202 → ready %d ms (its job waited %d ms for a worker)",
		ready.Milliseconds(), attempted.Sub(created).Milliseconds())
}

// treeCPU answers the CPU time of pid and of its children, live (its decoder children) or reaped.
func treeCPU(pid int) time.Duration {
	ticks := statTicks(pid, true)
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	for _, d := range dirs {
		child, err := strconv.Atoi(filepath.Base(d))
		if err != nil || child == pid {
			continue
		}
		if f := statFields(child); len(f) > 1 && f[1] == strconv.Itoa(pid) {
			ticks += statTicks(child, false)
		}
	}
	return time.Duration(ticks) * time.Second / 100 // USER_HZ
}

// statFields answers /proc/<pid>/stat's fields after the command name ([0] state, [1] parent).
func statFields(pid int) []string {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return nil
	}
	return strings.Fields(string(raw[strings.LastIndexByte(string(raw), ')')+1:]))
}

// statTicks answers utime + stime (and the reaped children's, with reaped) in clock ticks.
func statTicks(pid int, reaped bool) int64 {
	f := statFields(pid)
	if len(f) < 15 {
		return 0
	}
	var sum int64
	fields := []int{11, 12}
	if reaped {
		fields = append(fields, 13, 14)
	}
	for _, i := range fields {
		v, _ := strconv.ParseInt(f[i], 10, 64)
		sum += v
	}
	return sum
}
