package jobs_test

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/stretchr/testify/require"

	"legacylocker/integrations/mail"
	"legacylocker/jobs"
	"legacylocker/store"
	"legacylocker/store/storetest"
)

// TestEveryKindIsReconciledOrExcused holds every job kind of the package (registeredKinds) to the
// reconciler: its record is in jobRecords, or it is excused in reconcileExcused with the reason
// beside jobRecords. Every table and column the registry names exists, and every reconcile query runs.
func TestEveryKindIsReconciledOrExcused(t *testing.T) {
	t.Parallel()
	kinds := registeredKinds(t)
	require.Contains(t, kinds, "media_process", "the source walk finds the kinds")
	records := jobs.JobRecords()
	for _, kind := range kinds {
		_, reconciled := records[kind]
		excused := slices.Contains(jobs.ReconcileExcused, kind)
		require.True(t, reconciled != excused,
			"job kind %q must be in jobRecords (its record is failed when River ends its job) or in reconcileExcused, not both nor neither", kind)
	}

	pool := storetest.NewPool(t)
	ctx := context.Background()
	for kind, r := range records {
		for _, column := range []string{"id", r[1], r[2]} {
			var found bool
			require.NoError(t, pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = $1 AND column_name = $2)`,
				r[0], column).Scan(&found))
			require.True(t, found, "%s: no column %s.%s", kind, r[0], column)
		}
	}
	n, err := jobs.ReconcileRecords(ctx, pool)
	require.NoError(t, err, "every reconcile query runs")
	require.Zero(t, n)
}

// TestReconcileFailsRecordsWhoseJobEnded: River ends jobs without their worker's last word (an
// operator cancels one, the rescuer discards one whose worker died on its last attempt). The
// reconciler fails their records with a reason; a record retried since (a newer job waiting) and a
// finished record are left alone.
func TestReconcileFailsRecordsWhoseJobEnded(t *testing.T) {
	t.Parallel()
	f := newMediaFixture(t)
	ctx := context.Background()
	client, err := river.NewClient(riverpgxv5.New(f.pool), &river.Config{Workers: jobs.Workers(jobs.Dependencies{Pool: f.pool, Logger: quiet})})
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "photo.jpg")
	ffmpeg(t, "-f", "lavfi", "-i", "testsrc2=size=320x240", "-frames:v", "1", path)

	// queue inserts a media_process job for a new item and answers both ids.
	queue := func(item *store.MediaItem) (mediaID, jobID int64) {
		if item == nil {
			added := f.add(t, path)
			item = &added
		}
		var id int64
		require.NoError(t, pgx.BeginFunc(ctx, f.pool, func(tx pgx.Tx) error {
			res, err := client.InsertTx(ctx, tx, jobs.MediaProcessArgs{MediaID: item.ID}, nil)
			if err == nil {
				id = res.Job.ID
			}
			return err
		}))
		return item.ID, id
	}
	cancelled, cancelledJob := queue(nil)
	_, err = client.JobCancel(ctx, cancelledJob)
	require.NoError(t, err)

	discarded, discardedJob := queue(nil)
	// What River's rescuer does to a job whose worker died on its last attempt.
	_, err = f.pool.Exec(ctx, "UPDATE river_job SET state = 'discarded', finalized_at = now() WHERE id = $1", discardedJob)
	require.NoError(t, err)

	retried, oldJob := queue(nil)
	_, err = client.JobCancel(ctx, oldJob)
	require.NoError(t, err)
	item, err := store.Q.MediaGetByID(ctx, f.pool, retried)
	require.NoError(t, err)
	queue(&item) // retried: a newer job waits

	finished, finishedJob := queue(nil)
	_, err = f.pool.Exec(ctx, "UPDATE media_items SET status = 'ready' WHERE id = $1", finished)
	require.NoError(t, err)
	_, err = client.JobCancel(ctx, finishedJob)
	require.NoError(t, err)

	var email store.OutboundEmail
	require.NoError(t, pgx.BeginFunc(ctx, f.pool, func(tx pgx.Tx) error {
		email, err = jobs.QueueEmail(ctx, tx, client, "welcome", mail.Message{To: "ana@example.com", Subject: "Hi", Body: "Hello"})
		return err
	}))
	_, err = f.pool.Exec(ctx, "UPDATE river_job SET state = 'discarded', finalized_at = now() WHERE kind = 'email_send'")
	require.NoError(t, err)

	n, err := jobs.ReconcileRecords(ctx, f.pool)
	require.NoError(t, err)
	require.Equal(t, 3, n)
	status := func(id int64) (store.JobStatus, string) {
		m, err := store.Q.MediaGetByID(ctx, f.pool, id)
		require.NoError(t, err)
		return m.Status, m.StatusReason
	}
	s, reason := status(cancelled)
	require.Equal(t, store.JobFailed, s)
	require.Equal(t, "This was stopped before it finished. Try again.", reason)
	s, reason = status(discarded)
	require.Equal(t, store.JobFailed, s)
	require.Equal(t, "This could not be finished after several tries. Try again.", reason)
	s, _ = status(retried)
	require.Equal(t, store.JobProcessing, s, "a newer job still runs for it")
	s, _ = status(finished)
	require.Equal(t, store.JobReady, s)
	var emailStatus store.JobStatus
	require.NoError(t, f.pool.QueryRow(ctx, "SELECT status FROM outbound_emails WHERE id = $1", email.ID).Scan(&emailStatus))
	require.Equal(t, store.JobFailed, emailStatus)

	n, err = jobs.ReconcileRecords(ctx, f.pool)
	require.NoError(t, err)
	require.Zero(t, n, "nothing more to do")
}
