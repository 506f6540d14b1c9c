// Command ready measures how long a family waits for a photo's thumbnail: it signs up on a
// running api, uploads the first -n *.jpg files in -dir one after another, and for each times
// from the upload's 202 to the first GET /api/media/{id} (every -poll) that shows status "ready"
// with a thumbnailUrl. With -db (the api's database) it also reads River's job row to split the
// wait into queue time (job inserted → a worker took it) and work time (taken → completed).
// It is the client of bench/ready.sh, which starts the api and worker.
//
//	go run ./bench/ready -url http://127.0.0.1:18500 -dir DIR [-n 40] [-poll 25ms] [-db URL]
package main

import (
	"context"
	"flag"
	"fmt"
	"legacylocker/bench/internal/benchapi"
	"log"
	"path/filepath"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
)

func main() {
	base := flag.String("url", "http://127.0.0.1:18500", "the api")
	dir := flag.String("dir", "", "directory of *.jpg to upload")
	n := flag.Int("n", 40, "how many to upload")
	poll := flag.Duration("poll", 25*time.Millisecond, "interval between GET /api/media/{id}")
	dbURL := flag.String("db", "", "the api's database, to read River's job timestamps (optional)")
	flag.Parse()
	paths, _ := filepath.Glob(filepath.Join(*dir, "*.jpg"))
	slices.Sort(paths)
	if len(paths) < *n {
		log.Fatalf("%d *.jpg in %q, need %d", len(paths), *dir, *n)
	}
	paths = paths[:*n]

	c, athleteID := benchapi.SignUp(*base, "ready")

	var db *pgx.Conn
	if *dbURL != "" {
		var err error
		if db, err = pgx.Connect(context.Background(), *dbURL); err != nil {
			log.Fatal(err)
		}
		defer db.Close(context.Background())
	}

	var waits, queued, worked []time.Duration
	polls := 0
	for i, p := range paths {
		up := c.Upload(athleteID, p, fmt.Sprintf("Photo %d", i+1))
		accepted := time.Now()
		var ready time.Duration
		for {
			var it benchapi.Media
			c.MustJSON("GET", fmt.Sprintf("/api/media/%d", up.ID), nil, 200, &it)
			polls++
			if it.Status == "failed" {
				log.Fatalf("%s: failed: %s", p, it.StatusReason)
			}
			if it.Status == "ready" && it.ThumbnailURL != nil {
				ready = time.Since(accepted)
				break
			}
			if time.Since(accepted) > 2*time.Minute {
				log.Fatalf("%s: not ready after 2 minutes", p)
			}
			time.Sleep(*poll)
		}
		waits = append(waits, ready)
		line := fmt.Sprintf("%3d %s ready %5d ms", i+1, filepath.Base(p), ready.Milliseconds())
		if db != nil {
			q, w := jobTimes(db, up.ID)
			queued, worked = append(queued, q), append(worked, w)
			line += fmt.Sprintf("  (job: queued %4d ms, worked %4d ms)", q.Milliseconds(), w.Milliseconds())
		}
		fmt.Println(line)
	}
	fmt.Printf("upload 202 → ready with thumbnail, %d photos, polled every %s (%d polls): %s\n", len(waits), *poll, polls, summary(waits))
	if db != nil {
		fmt.Printf("  River job inserted → taken by a worker: %s\n", summary(queued))
		fmt.Printf("  taken → completed (thumbnail work + bookkeeping): %s\n", summary(worked))
	}
}

// summary is "p50 X ms, p95 Y ms, min, max" of ds.
func summary(ds []time.Duration) string {
	s := slices.Clone(ds)
	slices.Sort(s)
	pct := func(p float64) int64 { return s[int(p*float64(len(s)-1)+0.5)].Milliseconds() }
	return fmt.Sprintf("p50 %d ms, p95 %d ms, min %d ms, max %d ms", pct(0.5), pct(0.95), s[0].Milliseconds(), s[len(s)-1].Milliseconds())
}

// jobTimes reads the media_process job of a media benchapi.Media: created → attempted, attempted → finalized.
// The poll above has seen the benchapi.Media ready, so the job has finished; its row may lag a little
// (River's completer writes in batches), so wait for finalized_at.
func jobTimes(db *pgx.Conn, mediaID int64) (queued, worked time.Duration) {
	for range 200 {
		var created, attempted time.Time
		var finalized *time.Time
		err := db.QueryRow(context.Background(),
			`SELECT created_at, attempted_at, finalized_at FROM river_job
			 WHERE kind = 'media_process' AND (args->>'media_id')::bigint = $1`, mediaID).Scan(&created, &attempted, &finalized)
		if err != nil {
			log.Fatalf("reading the job of media %d: %v", mediaID, err)
		}
		if finalized != nil {
			return attempted.Sub(created), finalized.Sub(attempted)
		}
		time.Sleep(10 * time.Millisecond)
	}
	log.Fatalf("the job of media %d never finalized", mediaID)
	return 0, 0
}
