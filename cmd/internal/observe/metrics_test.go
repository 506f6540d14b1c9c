package observe_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"github.com/riverqueue/river/rivertype"
	"github.com/stretchr/testify/require"

	"legacylocker/cmd/internal/observe"
	"legacylocker/store/storetest"
)

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	res, err := http.Get(url)
	require.NoError(t, err)
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return res.StatusCode, string(b)
}

// TestMetricsAddress serves the registry on an address of its own: the queue depths and the oldest
// waiting job's age per queue and state (finished jobs not counted), the pool, /healthz, and a
// /readyz that follows the readiness check.
func TestMetricsAddress(t *testing.T) {
	t.Parallel()
	pool := storetest.NewPool(t)
	ctx := context.Background()
	_, err := pool.Exec(ctx, `
		INSERT INTO river_job (args, kind, max_attempts, queue, state, scheduled_at, finalized_at)
		SELECT '{}'::jsonb, v.kind, 5, v.queue, v.state::river_job_state, now() - v.age::interval,
		       CASE WHEN v.state = 'completed' THEN now() END
		FROM (VALUES ('email_send', 'default', 'available', '90 seconds', 3),
		             ('media_process', 'media', 'retryable', '10 seconds', 1),
		             ('email_send', 'default', 'completed', '1 day', 50)) AS v (kind, queue, state, age, n),
		     generate_series(1, v.n)`)
	require.NoError(t, err)

	var readiness error
	serveCtx, stop := context.WithCancel(ctx)
	t.Cleanup(stop)
	addr := observe.Serve(serveCtx, "127.0.0.1:0", observe.NewRegistry(pool), func(context.Context) error { return readiness }, slog.New(slog.NewTextHandler(io.Discard, nil)))
	require.NotEmpty(t, addr)

	status, body := get(t, "http://"+addr+"/metrics")
	require.Equal(t, http.StatusOK, status)
	require.Contains(t, body, `river_queue_jobs{queue="default",state="available"} 3`)
	require.Contains(t, body, `river_queue_jobs{queue="media",state="retryable"} 1`)
	require.NotContains(t, body, `state="completed"`, "finished jobs are not read")
	require.Regexp(t, `river_queue_oldest_job_age_seconds\{queue="default",state="available"\} (9\d|1\d\d)(\.\d+)?`, body)
	require.Contains(t, body, "river_queue_scrape_error 0")
	require.Contains(t, body, "db_pool_max_connections")
	require.Contains(t, body, "go_goroutines")

	require.Contains(t, body, "backup_last_success_timestamp_seconds 0", "no backup yet: 0, so an alert on its age fires")
	_, err = pool.Exec(ctx, `INSERT INTO backup_runs (kind, status, finished_at) VALUES
		('backup', 'ready', to_timestamp(1790000000)), ('backup', 'failed', to_timestamp(1790009000)), ('drill', 'ready', to_timestamp(1790003600))`)
	require.NoError(t, err)
	_, body = get(t, "http://"+addr+"/metrics")
	require.Contains(t, body, "backup_last_success_timestamp_seconds 1.79e+09", "a later failure does not count")
	require.Contains(t, body, "restore_drill_last_success_timestamp_seconds 1.7900036e+09")

	status, _ = get(t, "http://"+addr+"/healthz")
	require.Equal(t, http.StatusOK, status)
	status, _ = get(t, "http://"+addr+"/readyz")
	require.Equal(t, http.StatusOK, status)
	readiness = errors.New("database unreachable")
	status, body = get(t, "http://"+addr+"/readyz")
	require.Equal(t, http.StatusServiceUnavailable, status)
	require.Contains(t, body, "database unreachable")
}

// TestJobContextInLogs: a line logged with the context River works a job with carries the job's id
// and kind.
func TestJobContextInLogs(t *testing.T) {
	t.Parallel()
	var logs strings.Builder
	logger := slog.New(observe.LogHandler(slog.NewTextHandler(&logs, nil)))
	err := observe.JobContext.(rivertype.WorkerMiddleware).Work(context.Background(), &rivertype.JobRow{ID: 42, Kind: "media_process"},
		func(ctx context.Context) error {
			logger.WarnContext(ctx, "media processing failed", "attempt", 2)
			return nil
		})
	require.NoError(t, err)
	require.Contains(t, logs.String(), "job_id=42 job_kind=media_process")
}
