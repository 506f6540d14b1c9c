// Command waitmedia waits for a media item to be ready: GET /api/media/{id} every -poll, on one
// kept-alive connection, signed in with the cookies of a curl cookie jar, until its status is
// "ready" (exit 0) or "failed" (exit 1, with the reason). It is bench/lib.sh's bench_wait_media.
//
// With -since (a start, in seconds since the epoch, as `date +%s.%N` prints it) it prints, in
// seconds from then, when a poll first showed a poster (thumbnailUrl; "-" when none did before
// "ready") and when one showed "ready": "poster P ready R".
//
// A shell loop of curl, grep and sleep polling every 25 ms started six processes a poll: on two
// cores it kept most of one busy (14 s of CPU for 200 polls) while the api and worker it timed
// shared the other, which made every timed job look half again as slow as it was.
//
//	waitmedia -url http://127.0.0.1:18500 -jar JAR -id ID [-poll 25ms] [-tries 40000] [-since EPOCH]
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"strings"
	"time"

	"legacylocker/bench/internal/benchapi"
)

func main() {
	base := flag.String("url", "http://127.0.0.1:18500", "the api")
	jar := flag.String("jar", "", "curl's cookie jar of a signed-in client")
	id := flag.Int64("id", 0, "the media item")
	poll := flag.Duration("poll", 25*time.Millisecond, "interval between polls")
	tries := flag.Int("tries", 40000, "polls before giving up")
	since := flag.Float64("since", 0, "when to count from, in seconds since the epoch (0: print nothing)")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("waitmedia: ")
	cookie, err := cookieHeader(*jar)
	if err != nil {
		log.Fatal(err)
	}
	client := &http.Client{Timeout: time.Minute}
	url := fmt.Sprintf("%s/api/media/%d", *base, *id)
	poster := "-"
	for range *tries {
		req, _ := http.NewRequest(http.MethodGet, url, nil)
		req.Header.Set("Cookie", cookie)
		resp, err := client.Do(req)
		if err != nil {
			log.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			log.Fatal(err)
		}
		if resp.StatusCode != http.StatusOK {
			log.Fatalf("GET %s: %d %s", url, resp.StatusCode, body)
		}
		var item benchapi.Media
		if err := json.Unmarshal(body, &item); err != nil {
			log.Fatalf("GET %s: %v", url, err)
		}
		if item.ThumbnailURL != nil && poster == "-" {
			poster = fromSince(*since)
		}
		switch item.Status {
		case "ready":
			if *since > 0 {
				fmt.Printf("poster %s ready %s\n", poster, fromSince(*since))
			}
			return
		case "failed":
			log.Fatalf("media %d failed: %s", *id, item.StatusReason)
		}
		time.Sleep(*poll)
	}
	log.Fatalf("media %d was not ready after %d polls", *id, *tries)
}

// fromSince is the time from start (seconds since the epoch) to now, in seconds.
func fromSince(start float64) string {
	return fmt.Sprintf("%.3f", float64(time.Now().UnixNano())/1e9-start)
}

// cookieHeader reads a curl (Netscape) cookie jar into a Cookie header: one cookie a line,
// tab-separated, the name and value last; curl writes an HttpOnly cookie's line with a
// "#HttpOnly_" prefix, and every other line starting with # is a comment.
func cookieHeader(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	var pairs []string
	lines := bufio.NewScanner(f)
	for lines.Scan() {
		line := strings.TrimPrefix(lines.Text(), "#HttpOnly_")
		fields := strings.Split(line, "\t")
		if strings.HasPrefix(line, "#") || len(fields) != 7 {
			continue
		}
		pairs = append(pairs, fields[5]+"="+fields[6])
	}
	if err := lines.Err(); err != nil {
		return "", err
	}
	if len(pairs) == 0 {
		return "", fmt.Errorf("no cookies in %s", path)
	}
	return strings.Join(pairs, "; "), nil
}
