package main

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/stretchr/testify/require"
)

// BenchmarkCoachLinkOpen sends GET /api/r/{code} at a steady 200 requests a second (every coach of a
// showcase opening their link at once) and reports the latency percentiles, next to a static file
// of the same size served the same way in the same process: the floor. Target: p99 within 3× the
// static file's. The link shows a profile, academics, upcoming events and two photos.
// Run: go test ./cmd/api -run '^$' -bench CoachLinkOpen -benchtime 2000x
func BenchmarkCoachLinkOpen(b *testing.B) {
	s := newTestServer(b, func(cfg *config) { cfg.limits.qrScansPerIP = 1 << 30 })
	owner, _ := s.registered(b, "owner@example.com")
	athlete := createAthlete(b, owner)
	var photos []int64
	for range 2 {
		res := owner.upload(fmt.Sprintf("/api/athletes/%d/media?allowDuplicate=true", athlete), photoFields, "IMG_0001.PNG", bytes.NewReader(testPNG(b)))
		require.Equal(b, http.StatusAccepted, res.status)
		photos = append(photos, int64(res.json(b)["id"].(float64)))
	}
	// The photos as the worker leaves them: ready and shareable (the benchmark runs no worker).
	_, err := s.pool.Exec(b.Context(), `UPDATE media_items SET status = 'ready', is_private = false WHERE athlete_id = $1`, athlete)
	require.NoError(b, err)
	for i := range 3 {
		res := owner.do("POST", fmt.Sprintf("/api/athletes/%d/events", athlete), map[string]string{"title": fmt.Sprintf("Tournament game %d", i+1),
			"eventType": "tournament", "startDate": time.Now().AddDate(0, 0, 7+i).UTC().Format(time.RFC3339), "location": "City Park"})
		require.Equal(b, http.StatusCreated, res.status, string(res.body))
	}
	res := owner.do("POST", fmt.Sprintf("/api/athletes/%d/college-interests", athlete), map[string]any{"name": "State University", "division": "D1"})
	require.Equal(b, http.StatusCreated, res.status)
	res = owner.do("POST", fmt.Sprintf("/api/college-interests/%v/links", res.json(b)["id"]), map[string]any{"coachName": "Coach Diaz",
		"include": map[string]any{"profile": true, "academics": true, "events": true, "mediaIds": photos}})
	require.Equal(b, http.StatusCreated, res.status, string(res.body))
	code := res.json(b)["code"].(string)
	page := s.newClient(b).do("GET", "/api/r/"+code, nil)
	require.Equal(b, http.StatusOK, page.status)
	require.Len(b, page.json(b)["clips"], 2)

	static := echo.New()
	static.GET("/api/r/:code", func(c *echo.Context) error {
		c.Response().Header().Set("Cache-Control", "no-store")
		return c.Blob(http.StatusOK, "application/json", page.body)
	})
	staticSrv := httptest.NewServer(static)
	b.Cleanup(staticSrv.Close)
	b.Logf("answer: %d bytes", len(page.body))

	client := &http.Client{}
	for _, tc := range []struct{ name, url string }{
		{"coach-link", s.URL + "/api/r/" + code},
		{"static-file", staticSrv.URL + "/api/r/" + code},
	} {
		b.Run(tc.name, func(b *testing.B) {
			const interval = time.Second / 200
			latencies := make([]time.Duration, 0, b.N)
			next := time.Now()
			for b.Loop() {
				time.Sleep(time.Until(next))
				next = next.Add(interval)
				start := time.Now()
				resp, err := client.Get(tc.url)
				require.NoError(b, err)
				_, err = io.Copy(io.Discard, resp.Body)
				require.NoError(b, err)
				resp.Body.Close()
				require.Equal(b, http.StatusOK, resp.StatusCode)
				latencies = append(latencies, time.Since(start))
			}
			slices.Sort(latencies)
			b.ReportMetric(float64(percentile(latencies, 50).Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(percentile(latencies, 99).Microseconds())/1000, "p99-ms")
		})
	}
}
