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
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

type item struct {
	ID           int64   `json:"id"`
	Status       string  `json:"status"`
	StatusReason string  `json:"statusReason"`
	ThumbnailURL *string `json:"thumbnailUrl"`
}

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

	jar, _ := cookiejar.New(nil)
	c := &client{base: *base, http: &http.Client{Jar: jar, Timeout: time.Minute}}
	email := fmt.Sprintf("ready-%d@example.com", time.Now().UnixNano())
	c.mustJSON("POST", "/api/register", map[string]any{"firstName": "Bench", "lastName": "Ready", "email": email, "password": "Bench-pass-1"}, 201, nil)
	var athlete struct{ ID int64 }
	c.mustJSON("POST", "/api/athletes", map[string]any{"name": "Bench Athlete", "sports": "Baseball", "graduationYear": time.Now().Year() + 2, "school": "Bench High"}, 201, &athlete)

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
		up := c.upload(athlete.ID, p, fmt.Sprintf("Photo %d", i+1))
		accepted := time.Now()
		var ready time.Duration
		for {
			var it item
			c.mustJSON("GET", fmt.Sprintf("/api/media/%d", up.ID), nil, 200, &it)
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

// jobTimes reads the media_process job of a media item: created → attempted, attempted → finalized.
// The poll above has seen the item ready, so the job has finished; its row may lag a little
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

type client struct {
	base string
	http *http.Client
}

func (c *client) mustJSON(method, path string, body any, want int, out any) {
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = strings.NewReader(string(b))
	}
	req, _ := http.NewRequest(method, c.base+path, r)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.http.Do(req)
	if err != nil {
		log.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != want {
		log.Fatalf("%s %s: %d %s", method, path, resp.StatusCode, data)
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			log.Fatalf("%s %s: %v", method, path, err)
		}
	}
}

// upload streams the file as the multipart "file" part, as a browser does, and wants a 202.
func (c *client) upload(athlete int64, path, title string) item {
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		err := func() error {
			if err := mw.WriteField("title", title); err != nil {
				return err
			}
			part, err := mw.CreateFormFile("file", filepath.Base(path))
			if err != nil {
				return err
			}
			f, err := os.Open(path)
			if err != nil {
				return err
			}
			defer f.Close()
			if _, err := io.Copy(part, f); err != nil {
				return err
			}
			return mw.Close()
		}()
		pw.CloseWithError(err)
	}()
	req, _ := http.NewRequest("POST", fmt.Sprintf("%s/api/athletes/%d/media", c.base, athlete), pr)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	resp, err := c.http.Do(req)
	if err != nil {
		log.Fatalf("uploading %s: %v", path, err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusAccepted {
		log.Fatalf("uploading %s: %d %s", path, resp.StatusCode, data)
	}
	var it item
	if err := json.Unmarshal(data, &it); err != nil {
		log.Fatal(err)
	}
	return it
}
