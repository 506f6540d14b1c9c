package observe

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

type jobKey struct{}

type jobInfo struct {
	id   int64
	kind string
}

// JobContext is River middleware that puts the job's id and kind in the context it is worked
// with, where LogHandler adds them to every line logged with that context.
var JobContext rivertype.Middleware = river.WorkerMiddlewareFunc(
	func(ctx context.Context, job *rivertype.JobRow, doInner func(context.Context) error) error {
		return doInner(context.WithValue(ctx, jobKey{}, jobInfo{id: job.ID, kind: job.Kind}))
	})

// WatchJobs counts the jobs this worker finishes, by kind and outcome (completed, failed — to be
// retried or discarded —, cancelled, snoozed), with how long each ran, until ctx ends.
func WatchJobs(ctx context.Context, client *river.Client[pgx.Tx], reg prometheus.Registerer) {
	worked := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "river_jobs_worked_total", Help: "Jobs this worker finished, by kind and outcome.",
	}, []string{"kind", "outcome"})
	ran := prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "river_job_run_seconds", Help: "How long a job ran, by kind.",
		Buckets: []float64{.01, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600},
	}, []string{"kind"})
	reg.MustRegister(worked, ran)
	outcomes := map[river.EventKind]string{
		river.EventKindJobCompleted: "completed", river.EventKindJobFailed: "failed",
		river.EventKindJobCancelled: "cancelled", river.EventKindJobSnoozed: "snoozed",
	}
	events, cancel := client.Subscribe(river.EventKindJobCompleted, river.EventKindJobFailed, river.EventKindJobCancelled, river.EventKindJobSnoozed)
	go func() {
		defer cancel()
		for {
			select {
			case <-ctx.Done():
				return
			case event, ok := <-events:
				if !ok {
					return
				}
				worked.WithLabelValues(event.Job.Kind, outcomes[event.Kind]).Inc()
				if event.JobStats != nil {
					ran.WithLabelValues(event.Job.Kind).Observe(event.JobStats.RunDuration.Seconds())
				}
			}
		}
	}()
}
