package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"legacylocker/cmd/internal/observe"
	"legacylocker/store"
)

// BenchmarkOperations times what the Operations page and a Prometheus scrape read, with 1,000,000
// finished jobs in river_job (a month of a busy fleet, inserted in bulk), next to the plain count by
// state that the page would need without River's indexes: the floor it must not fall to.
// Run: go test ./cmd/api -run '^$' -bench Operations -benchtime 200x
func BenchmarkOperations(b *testing.B) {
	s := newTestServer(b)
	ctx := context.Background()
	_, err := s.pool.Exec(ctx, `
		INSERT INTO river_job (args, kind, max_attempts, queue, state, attempt, scheduled_at, attempted_at, finalized_at, errors)
		SELECT jsonb_build_object('media_id', g), (ARRAY['media_process', 'email_send', 'journal_enhance'])[1 + g % 3], 5,
		       (ARRAY['media', 'default', 'ai'])[1 + g % 3],
		       CASE WHEN g % 100 = 0 THEN 'discarded' ELSE 'completed' END::river_job_state, 1,
		       now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval,
		       now() - (g || ' seconds')::interval + interval '2 seconds',
		       CASE WHEN g % 100 = 0 THEN ARRAY[jsonb_build_object('error', 'boom', 'attempt', 1, 'at', now())] END
		FROM generate_series(1, 1000000) AS g`)
	require.NoError(b, err)
	_, err = s.pool.Exec(ctx, `
		INSERT INTO river_job (args, kind, max_attempts, queue, state, scheduled_at)
		SELECT '{"media_id": 1}', 'media_process', 5, 'media', 'available', now() - (g || ' seconds')::interval
		FROM generate_series(1, 200) AS g`)
	require.NoError(b, err)
	_, err = s.pool.Exec(ctx, "VACUUM ANALYZE river_job")
	require.NoError(b, err)
	addr := observe.Serve(b.Context(), "127.0.0.1:0", s.app.registry, s.app.ready, slog.New(slog.NewTextHandler(io.Discard, nil)))

	cases := []struct {
		name string
		run  func() error
	}{
		{"queues", func() error { _, err := store.OpsQueues(ctx, s.pool); return err }},
		{"kinds-last-hour", func() error { _, err := store.OpsKinds(ctx, s.pool); return err }},
		{"recent-failures", func() error { _, err := store.OpsFailures(ctx, s.pool, nil, nil, opsFailuresShown); return err }},
		{"metrics-scrape", func() error {
			res, err := http.Get("http://" + addr + "/metrics")
			if err != nil {
				return err
			}
			defer res.Body.Close()
			_, err = io.Copy(io.Discard, res.Body)
			return err
		}},
		{"plain-count-by-state", func() error {
			rows, err := s.pool.Query(ctx, "SELECT queue, state, count(*) FROM river_job GROUP BY queue, state")
			if err != nil {
				return err
			}
			rows.Close()
			return rows.Err()
		}},
	}
	for _, tc := range cases {
		b.Run(tc.name, func(b *testing.B) {
			latencies := make([]time.Duration, 0, b.N)
			for b.Loop() {
				start := time.Now()
				if err := tc.run(); err != nil {
					b.Fatal(fmt.Errorf("%s: %w", tc.name, err))
				}
				latencies = append(latencies, time.Since(start))
			}
			slices.Sort(latencies)
			b.ReportMetric(float64(percentile(latencies, 50).Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(percentile(latencies, 99).Microseconds())/1000, "p99-ms")
		})
	}
}
