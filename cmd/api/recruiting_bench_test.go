package main

import (
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"legacylocker/integrations/ncaa"
)

// BenchmarkRecruitingEvents times the recruiting events of an athlete with two sports (Baseball,
// Softball: both divisions, periods resolved by precedence day by day, signing dates) against reading
// the embedded NCAA data alone (read, parse and validate both season files): the floor. Each
// iteration runs every case once, alternately, so the other sessions' load on the shared cores weighs
// on all alike; it reports each case's p50 and p99 and the ratio of p99s to the floor.
// Run: go test ./cmd/api -run '^$' -bench RecruitingEvents -benchtime 2000x
func BenchmarkRecruitingEvents(b *testing.B) {
	s := newTestServer(b)
	owner, _ := s.registered(b, "owner@example.com")
	res := owner.do("POST", "/api/athletes", athleteBody(map[string]any{"sports": "Baseball, Softball", "graduationYear": 2029}))
	require.Equal(b, http.StatusCreated, res.status, string(res.body))
	athlete := int64(res.json(b)["id"].(float64))
	cals, err := ncaa.Calendars()
	require.NoError(b, err)
	sports := ncaa.SportsFor("Baseball, Softball")
	today := time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC)

	cases := []struct {
		name string
		run  func() error
	}{
		{"embedded-data", func() error { _, err := ncaa.Load(); return err }},
		{"events-computed", func() error {
			if len(recruitingEvents(cals, sports, today)) == 0 {
				return fmt.Errorf("no events")
			}
			return nil
		}},
		{"events-http", func() error {
			return expectOK(owner.do("GET", "/api/recruiting-events?sport=Baseball%2C%20Softball&today=2026-11-24", nil))
		}},
		{"calendar-http", func() error {
			return expectOK(owner.do("GET", fmt.Sprintf("/api/athletes/%d/recruiting-calendar?today=2026-11-24", athlete), nil))
		}},
	}
	times := make([][]time.Duration, len(cases))
	b.ResetTimer()
	for b.Loop() {
		for i, c := range cases {
			start := time.Now()
			require.NoError(b, c.run())
			times[i] = append(times[i], time.Since(start))
		}
	}
	b.StopTimer()
	quantile := func(d []time.Duration, q float64) time.Duration {
		sorted := slices.Clone(d)
		slices.Sort(sorted)
		return sorted[min(len(sorted)-1, int(float64(len(sorted))*q))]
	}
	floor := quantile(times[0], 0.99)
	for i, c := range cases {
		p50, p99 := quantile(times[i], 0.50), quantile(times[i], 0.99)
		b.ReportMetric(float64(p50.Microseconds()), c.name+"-p50-µs")
		b.ReportMetric(float64(p99.Microseconds()), c.name+"-p99-µs")
		if i > 0 {
			b.ReportMetric(float64(p99)/float64(floor), c.name+"-p99÷data")
		}
	}
}
