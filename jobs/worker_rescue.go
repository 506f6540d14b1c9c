package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"legacylocker/store"
)

// WorkerRescueEvery is how often the leader looks for jobs of dead workers: with DefaultWorkerDeadAfter,
// a killed worker's job runs again within about 45 s (60 s when the dead worker was the leader, whose
// term must lapse first).
const WorkerRescueEvery = 10 * time.Second

// forgetHeartbeatsAfter: a heartbeat row this old names a worker dead long ago.
const forgetHeartbeatsAfter = 24 * time.Hour

// WorkerRescueArgs gives back to the queue the running jobs of workers whose heartbeat stopped
// (periodic, every WorkerRescueEvery, on the leader).
type WorkerRescueArgs struct{}

func (WorkerRescueArgs) Kind() string { return "worker_rescue" }

func (WorkerRescueArgs) InsertOpts() river.InsertOpts {
	// One attempt: the next run is seconds away.
	return river.InsertOpts{Queue: QueueDefault, MaxAttempts: 1}
}

// WorkerRescueWorker makes the jobs of silent workers available again at once (store.RescueJobsOfSilentWorkers);
// the worker that takes one over sweeps the dead attempt's temporary files first (TakeoverSweep).
type WorkerRescueWorker struct {
	river.WorkerDefaults[WorkerRescueArgs]
	Pool *pgxpool.Pool
	// DeadAfter is how long a worker may be silent before it is taken for dead (WORKER_DEAD_AFTER).
	DeadAfter time.Duration
	Logger    *slog.Logger
}

func (w *WorkerRescueWorker) Timeout(*river.Job[WorkerRescueArgs]) time.Duration {
	return 30 * time.Second
}

func (w *WorkerRescueWorker) Work(ctx context.Context, job *river.Job[WorkerRescueArgs]) error {
	deadAfter := w.DeadAfter
	if deadAfter <= 0 {
		deadAfter = DefaultWorkerDeadAfter
	}
	rescued, err := store.RescueJobsOfSilentWorkers(ctx, w.Pool, time.Now().Add(-deadAfter))
	if err != nil {
		return err
	}
	for _, r := range rescued {
		w.Logger.WarnContext(ctx, "rescued the job of a dead worker", "rescued_job", r.ID, "rescued_kind", r.Kind,
			"attempt", r.Attempt, "dead_worker", r.ClientID, "now", r.State)
	}
	if _, err := store.Q.WorkerHeartbeatsForget(ctx, w.Pool, time.Now().Add(-forgetHeartbeatsAfter)); err != nil {
		return fmt.Errorf("forgetting old heartbeats: %w", err)
	}
	return nil
}

// TakeoverSweep is worker middleware: a job taking over from an attempt whose worker died (given
// back by worker_rescue, or by River's own rescuer) first has the temporary and scratch files of
// dead processes swept (sweep), so the dead attempt's half-written archive or rendition goes now,
// not at the next periodic sweep. Other retries, whose attempt ended in its own process and cleaned
// up after itself, skip it.
func TakeoverSweep(sweep func(context.Context)) rivertype.Middleware {
	return river.WorkerMiddlewareFunc(func(ctx context.Context, job *rivertype.JobRow, doInner func(context.Context) error) error {
		if takingOver(job) {
			sweep(ctx)
		}
		return doInner(ctx)
	})
}

// Marks of a lost attempt in a job's errors: worker_rescue's (store.RescueJobsOfSilentWorkers) and
// River's rescuer's.
const (
	rescuedBySilence = "stopped answering"
	rescuedByRiver   = "Stuck job rescued"
)

func takingOver(job *rivertype.JobRow) bool {
	if job.Attempt < 2 || len(job.Errors) == 0 {
		return false
	}
	last := job.Errors[len(job.Errors)-1].Error
	return strings.Contains(last, rescuedBySilence) || strings.Contains(last, rescuedByRiver)
}
