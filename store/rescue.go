package store

import (
	"context"
	"fmt"
	"time"
)

// RescuedJob is a running job given back to the queue because the worker attempting it went
// silent: available again at once, or discarded when that was its last attempt.
type RescuedJob struct {
	ID       int64
	Kind     string
	State    string
	Attempt  int
	ClientID string
}

// RescueJobsOfSilentWorkers makes every running job whose current attempt belongs to a worker not
// heard from since silentSince (worker_heartbeats; River appends the attempting client's id to
// attempted_by) available again now, whatever its kind's timeout, with an error recorded for the
// lost attempt as River's own rescuer would; a job on its last attempt is discarded. A job whose
// client never kept a heartbeat (a test's client, a worker of an older version) is left to River's
// rescuer. SKIP LOCKED: two rescuers at once (a leadership hand-over) never fight over one job.
func RescueJobsOfSilentWorkers(ctx context.Context, db DBTX, silentSince time.Time) ([]RescuedJob, error) {
	rows, err := db.Query(ctx, `
		WITH stranded AS (
		    SELECT j.id, j.attempted_by[array_length(j.attempted_by, 1)] AS client_id, h.last_seen
		    FROM river_job j
		    JOIN worker_heartbeats h ON h.client_id = j.attempted_by[array_length(j.attempted_by, 1)]
		    WHERE j.state = 'running' AND h.last_seen < $1
		    ORDER BY j.id
		    FOR UPDATE OF j SKIP LOCKED
		)
		UPDATE river_job j
		SET state = CASE WHEN j.attempt >= j.max_attempts THEN 'discarded' ELSE 'available' END::river_job_state,
		    scheduled_at = now(),
		    finalized_at = CASE WHEN j.attempt >= j.max_attempts THEN now() END,
		    errors = array_append(j.errors, jsonb_build_object(
		        'at', now(), 'attempt', j.attempt, 'trace', '',
		        'error', format('worker %s stopped answering (last heartbeat %s): its job was given back to the queue',
		                        stranded.client_id, to_char(stranded.last_seen AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))))
		FROM stranded
		WHERE j.id = stranded.id
		RETURNING j.id, j.kind, j.state::text, j.attempt, stranded.client_id`, silentSince)
	if err != nil {
		return nil, fmt.Errorf("rescuing jobs of silent workers: %w", err)
	}
	defer rows.Close()
	var rescued []RescuedJob
	for rows.Next() {
		var r RescuedJob
		if err := rows.Scan(&r.ID, &r.Kind, &r.State, &r.Attempt, &r.ClientID); err != nil {
			return nil, fmt.Errorf("reading a rescued job: %w", err)
		}
		rescued = append(rescued, r)
	}
	return rescued, rows.Err()
}
