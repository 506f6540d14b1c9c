package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// Fairness in the media queue: River takes jobs oldest first, so a family that posts 200 photos at
// once would hold every media worker until its last photo is done while another family's one
// photo waits behind them. So a media_process job first asks whether its owner (the user who owns
// the item's athlete) already has perOwner older media_process jobs running while another owner's
// job is waiting: if so it snoozes (river.JobSnooze, no attempt spent) and goes to the back of the
// queue, freeing its worker for the other family. Alone in the queue, a family uses every worker.
//
// The oldest running job of an owner never waits (only older jobs count), so an owner always
// progresses, and two jobs deciding at the same moment cannot both give way.

// fairnessSnooze is how long a job that gave way waits before it is fetched again: long enough that
// the other family's job, now ahead of it, is taken first; short enough that no worker idles.
const fairnessSnooze = 250 * time.Millisecond

// mediaTurnQuery answers, for media item $1 worked by job $2, how many of its owner's older
// media_process jobs are running, and whether another owner's media_process job is waiting. It is
// not a sqlc query: River's table is not in sqlc's schema (River migrates it itself). River's
// (state, queue, priority, scheduled_at, id) index serves both scans.
const mediaTurnQuery = `
WITH owner AS (
	SELECT a.user_id FROM media_items m JOIN athletes a ON a.id = m.athlete_id WHERE m.id = $1
), media_jobs AS (
	SELECT j.id, j.state, j.scheduled_at, a.user_id
	FROM river_job j
	JOIN media_items m ON m.id = (j.args->>'media_id')::bigint
	JOIN athletes a ON a.id = m.athlete_id
	WHERE j.queue = $3 AND j.kind = 'media_process' AND j.state IN ('running', 'available')
)
SELECT
	(SELECT count(*) FROM media_jobs WHERE state = 'running' AND id < $2 AND user_id = (SELECT user_id FROM owner)),
	EXISTS (SELECT 1 FROM media_jobs WHERE state = 'available' AND scheduled_at <= now() AND user_id <> (SELECT user_id FROM owner))`

// waitForTurn answers river.JobSnooze when the job's owner has had its share of the media workers
// and another family is waiting (see above), nil when the job may run now. perOwner 0 turns
// fairness off.
func waitForTurn(ctx context.Context, pool *pgxpool.Pool, job *rivertype.JobRow, mediaID int64, perOwner int) error {
	if perOwner <= 0 {
		return nil
	}
	var running int
	var othersWaiting bool
	if err := pool.QueryRow(ctx, mediaTurnQuery, mediaID, job.ID, job.Queue).Scan(&running, &othersWaiting); err != nil {
		return fmt.Errorf("checking the owner's share of the media queue: %w", err)
	}
	if running >= perOwner && othersWaiting {
		return river.JobSnooze(fairnessSnooze)
	}
	return nil
}
