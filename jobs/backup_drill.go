package jobs

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"legacylocker/store/backup"
)

// BackupDrillArgs restores the newest backup into a scratch database and checks it against its
// manifest (periodic, BACKUP_DRILL_SCHEDULE).
type BackupDrillArgs struct{}

func (BackupDrillArgs) Kind() string { return "backup_drill" }

func (BackupDrillArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueDefault, MaxAttempts: 2, UniqueOpts: river.UniqueOpts{ByState: unfinished}}
}

// BackupDrillWorker runs backup.Drill, which records its outcome in backup_runs.
type BackupDrillWorker struct {
	river.WorkerDefaults[BackupDrillArgs]
	Pool   *pgxpool.Pool
	Config backup.Config
	Logger *slog.Logger
}

// Timeout: restoring a large database (its indexes are built again) takes a while.
func (w *BackupDrillWorker) Timeout(*river.Job[BackupDrillArgs]) time.Duration { return 6 * time.Hour }

func (w *BackupDrillWorker) Work(ctx context.Context, job *river.Job[BackupDrillArgs]) error {
	d := backup.Drill{Pool: w.Pool, Config: w.Config, Logger: w.Logger}
	_, err := d.Run(ctx)
	if errors.Is(err, backup.ErrBusy) {
		// A backup is running; drill it once it is done.
		return river.JobSnooze(5 * time.Minute)
	}
	return err
}
