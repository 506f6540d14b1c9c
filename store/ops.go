package store

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// The Operations page's numbers, read from River's own tables (which sqlc does not know: River
// migrates them itself). Every query is bounded: unfinished jobs through River's index on
// (state, queue, …), finished ones through its index on (state, finalized_at) over a recent window
// and at most opsSampleCap rows, so a million finished jobs cost what a hundred do.

// opsSampleCap bounds the finished jobs one query reads; a busier hour is reported as capped.
const opsSampleCap = 10_000

// QueueSummary is one queue now: its unfinished jobs by state, how long the oldest available one
// has waited, and the jobs that gave up in the last 24 hours.
type QueueSummary struct {
	Queue            string  `json:"queue"`
	Paused           bool    `json:"paused"`
	Available        int64   `json:"available"`
	Running          int64   `json:"running"`
	Retryable        int64   `json:"retryable"`
	Scheduled        int64   `json:"scheduled"`
	FailedLastDay    int64   `json:"failedLastDay"`
	OldestWaitingSec float64 `json:"oldestWaitingSeconds"`
}

// OpsQueues answers every queue River knows or has jobs in, by name.
func OpsQueues(ctx context.Context, db DBTX) ([]QueueSummary, error) {
	byName := map[string]*QueueSummary{}
	queue := func(name string) *QueueSummary {
		if q, ok := byName[name]; ok {
			return q
		}
		q := &QueueSummary{Queue: name}
		byName[name] = q
		return q
	}
	rows, err := db.Query(ctx, `SELECT name, paused_at IS NOT NULL FROM river_queue`)
	if err != nil {
		return nil, fmt.Errorf("listing queues: %w", err)
	}
	if err := forEachRow(rows, func(r pgx.Rows) error {
		var name string
		var paused bool
		if err := r.Scan(&name, &paused); err != nil {
			return err
		}
		queue(name).Paused = paused
		return nil
	}); err != nil {
		return nil, err
	}
	unfinished, err := OpsUnfinishedJobs(ctx, db)
	if err != nil {
		return nil, err
	}
	for _, u := range unfinished {
		q := queue(u.Queue)
		switch u.State {
		case "available":
			q.Available, q.OldestWaitingSec = u.Jobs, u.OldestDueSec
		case "running":
			q.Running = u.Jobs
		case "retryable":
			q.Retryable = u.Jobs
		default:
			q.Scheduled += u.Jobs
		}
	}
	rows, err = db.Query(ctx, `
		SELECT queue, count(*) FROM (
			SELECT queue FROM river_job
			WHERE state = 'discarded' AND finalized_at > now() - interval '24 hours'
			ORDER BY finalized_at DESC LIMIT $1) AS recent
		GROUP BY queue`, opsSampleCap)
	if err != nil {
		return nil, fmt.Errorf("counting failures: %w", err)
	}
	if err := forEachRow(rows, func(r pgx.Rows) error {
		var name string
		var n int64
		if err := r.Scan(&name, &n); err != nil {
			return err
		}
		queue(name).FailedLastDay = n
		return nil
	}); err != nil {
		return nil, err
	}
	out := make([]QueueSummary, 0, len(byName))
	for _, q := range byName {
		out = append(out, *q)
	}
	slices.SortFunc(out, func(a, b QueueSummary) int { return strings.Compare(a.Queue, b.Queue) })
	return out, nil
}

// QueueStateJobs is how many unfinished jobs one queue has in one state, and how long the oldest
// of them has been due (0 for jobs scheduled in the future).
type QueueStateJobs struct {
	Queue        string
	State        string
	Jobs         int64
	OldestDueSec float64
}

// OpsUnfinishedJobs counts the unfinished jobs per queue and state, for the Operations page and the
// metrics' queue collector. Finished jobs are never read.
func OpsUnfinishedJobs(ctx context.Context, db DBTX) ([]QueueStateJobs, error) {
	rows, err := db.Query(ctx, `
		SELECT queue, state::text, count(*), coalesce(extract(epoch FROM now() - min(scheduled_at)), 0)::float8
		FROM river_job WHERE state IN ('available', 'running', 'retryable', 'scheduled', 'pending')
		GROUP BY queue, state`)
	if err != nil {
		return nil, fmt.Errorf("counting jobs: %w", err)
	}
	var out []QueueStateJobs
	err = forEachRow(rows, func(r pgx.Rows) error {
		var q QueueStateJobs
		if err := r.Scan(&q.Queue, &q.State, &q.Jobs, &q.OldestDueSec); err != nil {
			return err
		}
		q.OldestDueSec = max(q.OldestDueSec, 0)
		out = append(out, q)
		return nil
	})
	return out, err
}

// KindSummary is one job kind over the last hour: how many finished and failed, and how long the
// finished ones ran (p50, p95). Capped says the hour held more than opsSampleCap finished jobs and
// the numbers are of the newest of them.
type KindSummary struct {
	Kind      string  `json:"kind"`
	Completed int64   `json:"completed"`
	Failed    int64   `json:"failed"`
	P50Sec    float64 `json:"p50Seconds"`
	P95Sec    float64 `json:"p95Seconds"`
	Capped    bool    `json:"capped"`
}

// OpsKinds answers the last hour per job kind, by kind.
func OpsKinds(ctx context.Context, db DBTX) ([]KindSummary, error) {
	rows, err := db.Query(ctx, `
		SELECT kind,
		       count(*) FILTER (WHERE state = 'completed'),
		       count(*) FILTER (WHERE state = 'discarded'),
		       coalesce(percentile_cont(0.5) WITHIN GROUP (ORDER BY run) FILTER (WHERE state = 'completed'), 0)::float8,
		       coalesce(percentile_cont(0.95) WITHIN GROUP (ORDER BY run) FILTER (WHERE state = 'completed'), 0)::float8,
		       -- The sample of finished jobs is full: the hour held more than it reads.
		       (SELECT count(*) FROM (
		            SELECT 1 FROM river_job WHERE state = 'completed' AND finalized_at > now() - interval '1 hour' OFFSET $1 LIMIT 1) AS c) > 0
		FROM (
		    (SELECT kind, state, extract(epoch FROM finalized_at - attempted_at) AS run FROM river_job
		     WHERE state = 'completed' AND finalized_at > now() - interval '1 hour' ORDER BY finalized_at DESC LIMIT $1)
		    UNION ALL
		    (SELECT kind, state, NULL FROM river_job
		     WHERE state = 'discarded' AND finalized_at > now() - interval '1 hour' ORDER BY finalized_at DESC LIMIT $1)
		) AS recent
		GROUP BY kind ORDER BY kind`, opsSampleCap)
	if err != nil {
		return nil, fmt.Errorf("summarising kinds: %w", err)
	}
	var out []KindSummary
	err = forEachRow(rows, func(r pgx.Rows) error {
		var k KindSummary
		if err := r.Scan(&k.Kind, &k.Completed, &k.Failed, &k.P50Sec, &k.P95Sec, &k.Capped); err != nil {
			return err
		}
		out = append(out, k)
		return nil
	})
	return out, err
}

// JobFailure is a job whose last attempt failed: given up (discarded) or waiting to retry.
type JobFailure struct {
	ID       int64     `json:"id"`
	Kind     string    `json:"kind"`
	Queue    string    `json:"queue"`
	State    string    `json:"state"`
	Attempt  int       `json:"attempt"`
	Error    string    `json:"error"`
	Record   string    `json:"record"`
	FailedAt time.Time `json:"failedAt"`
}

// OpsFailures answers a page of failures, newest first: at most maxRows of them from before the
// position (beforeAt, beforeID), or from the newest when those are nil. Each branch walks an index
// in page order (River's partial index on (state, finalized_at) for discarded jobs; retryable jobs
// are unfinished and few), the position an index condition in every plan.
func OpsFailures(ctx context.Context, db DBTX, beforeAt *time.Time, beforeID *int64, maxRows int32) ([]JobFailure, error) {
	rows, err := db.Query(ctx, `
		WITH before AS (SELECT coalesce($2::timestamptz, 'infinity') AS at, coalesce($3::bigint, 9223372036854775807) AS id)
		SELECT id, kind, queue, state::text, attempt, coalesce(errors[array_length(errors, 1)]->>'error', ''), args, failed_at
		FROM (
		    -- finalized_at IS NOT NULL lets River's partial index on (state, finalized_at) answer.
		    (SELECT river_job.*, finalized_at AS failed_at FROM river_job, before
		     WHERE state = 'discarded' AND finalized_at IS NOT NULL
		       AND finalized_at <= before.at AND (finalized_at, river_job.id) < (before.at, before.id)
		     ORDER BY finalized_at DESC, river_job.id DESC LIMIT $1)
		    UNION ALL
		    (SELECT river_job.*, attempted_at AS failed_at FROM river_job, before
		     WHERE state = 'retryable' AND attempted_at IS NOT NULL AND (attempted_at, river_job.id) < (before.at, before.id)
		     ORDER BY attempted_at DESC, river_job.id DESC LIMIT $1)
		) AS failures
		ORDER BY failed_at DESC, id DESC LIMIT $1`, maxRows, beforeAt, beforeID)
	if err != nil {
		return nil, fmt.Errorf("listing failures: %w", err)
	}
	out := []JobFailure{}
	err = forEachRow(rows, func(r pgx.Rows) error {
		var f JobFailure
		var args []byte
		if err := r.Scan(&f.ID, &f.Kind, &f.Queue, &f.State, &f.Attempt, &f.Error, &args, &f.FailedAt); err != nil {
			return err
		}
		f.Record = jobRecord(args)
		out = append(out, f)
		return nil
	})
	return out, err
}

// jobRecord names the record a job works on from its arguments ("media 12", "entry 7"): every job
// kind carries its record's id as "<record>_id". Nothing else of the arguments is shown.
func jobRecord(args []byte) string {
	var fields map[string]json.RawMessage
	if json.Unmarshal(args, &fields) != nil {
		return ""
	}
	var names []string
	for name, value := range fields {
		if record, ok := strings.CutSuffix(name, "_id"); ok && len(value) > 0 && value[0] != '"' && value[0] != '{' {
			names = append(names, strings.ReplaceAll(record, "_", " ")+" "+string(value))
		}
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

func forEachRow(rows pgx.Rows, each func(pgx.Rows) error) error {
	defer rows.Close()
	for rows.Next() {
		if err := each(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}
