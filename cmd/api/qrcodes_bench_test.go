package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/stretchr/testify/require"
)

// BenchmarkQRRedirect sends /q/{code} at a steady 200 requests a second (a gym full of phones at
// a showcase) and reports the latency percentiles, next to a static 302 handler served the same
// way in the same process: the floor. Target: p99 under 5 ms.
// Run: go test ./cmd/api -run '^$' -bench QRRedirect -benchtime 1000x
func BenchmarkQRRedirect(b *testing.B) {
	s := newTestServer(b, func(cfg *config) { cfg.limits.qrScansPerIP = 1 << 30 })
	owner, _ := s.registered(b, "owner@example.com")
	athlete := createAthlete(b, owner)
	res := owner.do("POST", fmt.Sprintf("/api/athletes/%d/qr-codes", athlete), map[string]string{"targetUrl": "https://example.com/jordan"})
	require.Equal(b, http.StatusAccepted, res.status)
	code := res.json(b)["code"].(string)

	static := echo.New()
	static.GET("/q/:code", func(c *echo.Context) error {
		c.Response().Header().Set("Cache-Control", "no-store")
		return c.Redirect(http.StatusFound, "https://example.com/jordan")
	})
	staticSrv := httptest.NewServer(static)
	b.Cleanup(staticSrv.Close)

	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for _, tc := range []struct{ name, url string }{
		{"q-redirect", s.URL + "/q/" + code},
		{"static-302", staticSrv.URL + "/q/" + code},
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
				resp.Body.Close()
				require.Equal(b, http.StatusFound, resp.StatusCode)
				latencies = append(latencies, time.Since(start))
			}
			slices.Sort(latencies)
			b.ReportMetric(float64(percentile(latencies, 50).Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(percentile(latencies, 99).Microseconds())/1000, "p99-ms")
		})
	}
}
