package jobs_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"legacylocker/jobs"
	"legacylocker/store"
	"legacylocker/store/storetest"
)

// TestWorkerRescueGivesBackTheJobsOfSilentWorkers: a running job attempted by a worker silent past
// WORKER_DEAD_AFTER is available again at once (with the lost attempt recorded), or discarded on its
// last attempt; the jobs of a live worker, of a client that keeps no heartbeat, and a job the dead
// worker ran before (its last attempt is a live one's) are left alone; long-dead rows are forgotten.
func TestWorkerRescueGivesBackTheJobsOfSilentWorkers(t *testing.T) {
	t.Parallel()
	pool := storetest.NewPool(t)
	ctx := context.Background()
	inserter, err := river.NewClient(riverpgxv5.New(pool), &river.Config{Workers: jobs.Workers(jobs.Dependencies{Pool: pool})})
	require.NoError(t, err)
	running := func(attemptedBy []string, attempt, maxAttempts int) int64 {
		res, err := inserter.Insert(ctx, jobs.MediaDeleteArgs{Keys: attemptedBy}, &river.InsertOpts{MaxAttempts: maxAttempts, Queue: "nobody-works-this"})
		require.NoError(t, err)
		_, err = pool.Exec(ctx, `UPDATE river_job SET state = 'running', attempt = $2, attempted_at = now() - interval '5 minutes', attempted_by = $3 WHERE id = $1`,
			res.Job.ID, attempt, attemptedBy)
		require.NoError(t, err)
		return res.Job.ID
	}
	beat := func(client string, ago time.Duration) {
		_, err := pool.Exec(ctx, `INSERT INTO worker_heartbeats (client_id, host, pid, last_seen) VALUES ($1, 'machine', 1, now() - make_interval(secs => $2))`, client, ago.Seconds())
		require.NoError(t, err)
	}
	beat("dead", 45*time.Second)
	beat("alive", 2*time.Second)
	beat("long-dead", 48*time.Hour)
	stranded := running([]string{"dead"}, 1, 5)
	lastAttempt := running([]string{"alive", "dead"}, 2, 2)
	live := running([]string{"alive"}, 1, 5)
	unknown := running([]string{"no-heartbeat"}, 1, 5)
	movedOn := running([]string{"dead", "alive"}, 2, 5)

	w := &jobs.WorkerRescueWorker{Pool: pool, DeadAfter: 30 * time.Second, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	require.NoError(t, w.Work(ctx, &river.Job[jobs.WorkerRescueArgs]{}))

	state := func(id int64) (state string, scheduled time.Time, lastError string) {
		var errs [][]byte
		require.NoError(t, pool.QueryRow(ctx, `SELECT state, scheduled_at, errors FROM river_job WHERE id = $1`, id).Scan(&state, &scheduled, &errs))
		if len(errs) > 0 {
			var e struct{ Error string }
			require.NoError(t, json.Unmarshal(errs[len(errs)-1], &e))
			lastError = e.Error
		}
		return state, scheduled, lastError
	}
	s, scheduled, reason := state(stranded)
	assert.Equal(t, "available", s)
	assert.WithinDuration(t, time.Now(), scheduled, 5*time.Second, "at once, not after a backoff")
	assert.Contains(t, reason, "worker dead stopped answering")
	s, _, _ = state(lastAttempt)
	assert.Equal(t, "discarded", s, "its last attempt was lost")
	for name, id := range map[string]int64{"live": live, "unknown": unknown, "moved on": movedOn} {
		s, _, reason := state(id)
		assert.Equal(t, "running", s, name)
		assert.Empty(t, reason, name)
	}
	var rows []string
	for _, h := range must(store.Q.WorkerHeartbeatsSilent(ctx, pool, time.Now().Add(time.Hour))) {
		rows = append(rows, h.ClientID)
	}
	assert.Equal(t, []string{"alive", "dead"}, rows, "a row silent for a day is forgotten")

	// Running again changes nothing: the rescued job is no longer running.
	require.NoError(t, w.Work(ctx, &river.Job[jobs.WorkerRescueArgs]{}))
	s, _, _ = state(stranded)
	assert.Equal(t, "available", s)
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
