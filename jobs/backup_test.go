package jobs_test

import (
	"bytes"
	"context"
	"image"
	"image/jpeg"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertest"
	"github.com/riverqueue/river/rivertype"
	"github.com/stretchr/testify/require"

	"legacylocker/jobs"
	"legacylocker/store/backup"
)

// work runs one job with rivertest in a transaction of its own, rolled back at once: the backup
// works on the pool, whose few connections an open transaction would hold.
func work[T river.JobArgs](t *testing.T, f mediaFixture, w *rivertest.Worker[T, pgx.Tx], args T) *rivertest.WorkResult {
	t.Helper()
	tx, err := f.pool.Begin(context.Background())
	require.NoError(t, err)
	defer tx.Rollback(context.Background()) //nolint:errcheck // only the job row is in it
	res, err := w.Work(context.Background(), t, tx, args, nil)
	require.NoError(t, err)
	return res
}

func backupConfig(dir string) backup.Config {
	return backup.Config{Schedule: "0 3 * * *", DrillSchedule: "0 5 * * *", Keep: 14, KeepDeleted: 30 * 24 * time.Hour, Dir: dir, DrillSample: 5}
}

// TestBackupThenDrill: the backup job writes a backup of the database and the files, the drill job
// proves it, and both runs are recorded for the Operations page.
func TestBackupThenDrill(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newMediaFixture(t)
	photo := filepath.Join(t.TempDir(), "photo.jpg")
	var jpg bytes.Buffer
	require.NoError(t, jpeg.Encode(&jpg, image.NewGray(image.Rect(0, 0, 64, 48)), nil))
	require.NoError(t, os.WriteFile(photo, jpg.Bytes(), 0o600))
	item := f.add(t, photo)
	dir := t.TempDir()
	cfg := backupConfig(dir)
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))

	backupWorker := rivertest.NewWorker(t, riverpgxv5.New(f.pool), &river.Config{},
		river.Worker[jobs.BackupArgs](&jobs.BackupWorker{Pool: f.pool, Storage: f.storage, Config: cfg, Logger: quiet}))
	res := work(t, f, backupWorker, jobs.BackupArgs{})
	require.Equal(t, rivertype.JobStateCompleted, res.Job.State)
	copied, err := os.ReadFile(filepath.Join(dir, "files", item.OriginalKey))
	require.NoError(t, err)
	original, err := os.ReadFile(filepath.Join(f.dir, item.OriginalKey))
	require.NoError(t, err)
	require.True(t, bytes.Equal(original, copied), "the original is in the backup")

	drillWorker := rivertest.NewWorker(t, riverpgxv5.New(f.pool), &river.Config{},
		river.Worker[jobs.BackupDrillArgs](&jobs.BackupDrillWorker{Pool: f.pool, Config: cfg, Logger: quiet}))
	res = work(t, f, drillWorker, jobs.BackupDrillArgs{})
	require.Equal(t, rivertype.JobStateCompleted, res.Job.State)

	rows, err := f.pool.Query(ctx, "SELECT kind || ' ' || status FROM backup_runs ORDER BY id")
	require.NoError(t, err)
	var runs []string
	for rows.Next() {
		var s string
		require.NoError(t, rows.Scan(&s))
		runs = append(runs, s)
	}
	require.Equal(t, []string{"backup ready", "drill ready"}, runs)

	// While another backup (say `api backup now`) holds the lock, both wait rather than fail.
	conn, err := f.pool.Acquire(ctx)
	require.NoError(t, err)
	defer conn.Release()
	_, err = conn.Exec(ctx, "SELECT pg_advisory_lock(7340112402)")
	require.NoError(t, err)
	res = work(t, f, backupWorker, jobs.BackupArgs{})
	require.Equal(t, river.EventKindJobSnoozed, res.EventKind)
	res = work(t, f, drillWorker, jobs.BackupDrillArgs{})
	require.Equal(t, river.EventKindJobSnoozed, res.EventKind)
}

// TestMediaDeleteWaitsForABackupsCopy: while a backup holds the files lock (from its snapshot until
// the files its rows name are copied) a deletion snoozes and the file stays; after, it goes.
func TestMediaDeleteWaitsForABackupsCopy(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newMediaFixture(t)
	_, err := f.storage.Put(ctx, "b1.jpg", bytes.NewReader([]byte("x")))
	require.NoError(t, err)
	worker := rivertest.NewWorker(t, riverpgxv5.New(f.pool), &river.Config{},
		river.Worker[jobs.MediaDeleteArgs](&jobs.MediaDeleteWorker{Pool: f.pool, Storage: f.storage}))
	conn, err := f.pool.Acquire(ctx)
	require.NoError(t, err)
	defer conn.Release()
	_, err = conn.Exec(ctx, "SELECT pg_advisory_lock(7340112403)")
	require.NoError(t, err)
	res := work(t, f, worker, jobs.MediaDeleteArgs{Keys: []string{"b1.jpg"}})
	require.Equal(t, river.EventKindJobSnoozed, res.EventKind)
	require.Equal(t, 1, f.files(t), "the file waits for the backup")

	_, err = conn.Exec(ctx, "SELECT pg_advisory_unlock(7340112403)")
	require.NoError(t, err)
	res = work(t, f, worker, jobs.MediaDeleteArgs{Keys: []string{"b1.jpg"}})
	require.Equal(t, rivertype.JobStateCompleted, res.Job.State)
	require.Zero(t, f.files(t))
}

func TestPeriodicBackupJobs(t *testing.T) {
	t.Parallel()
	cfg := backupConfig(t.TempDir())
	periodic, err := jobs.PeriodicBackupJobs(cfg)
	require.NoError(t, err)
	require.Len(t, periodic, 2, "the backup and the drill")
	cfg.DrillSchedule = "off"
	periodic, err = jobs.PeriodicBackupJobs(cfg)
	require.NoError(t, err)
	require.Len(t, periodic, 1)
	cfg.Schedule = "nightly"
	_, err = jobs.PeriodicBackupJobs(cfg)
	require.ErrorContains(t, err, "cron expression")
}
