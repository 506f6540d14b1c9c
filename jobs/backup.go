package jobs

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"legacylocker/media"
	"legacylocker/store/backup"
)

// BackupArgs backs up the database and every stored file (periodic, BACKUP_SCHEDULE).
type BackupArgs struct{}

func (BackupArgs) Kind() string { return "backup" }

func (BackupArgs) InsertOpts() river.InsertOpts {
	// One at a time: a schedule firing while the last backup still runs adds nothing.
	return river.InsertOpts{Queue: QueueDefault, MaxAttempts: 3, UniqueOpts: river.UniqueOpts{ByState: unfinished}}
}

// unfinished are the states in which a periodic job counts as already queued.
var unfinished = []rivertype.JobState{rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateRunning,
	rivertype.JobStateRetryable, rivertype.JobStateScheduled}

// BackupWorker runs backup.Backup, which records each attempt in backup_runs (a failed one shows
// on the Operations page at once, before River retries it).
type BackupWorker struct {
	river.WorkerDefaults[BackupArgs]
	Pool    *pgxpool.Pool
	Storage media.Storage
	Config  backup.Config
	Logger  *slog.Logger
}

// Timeout: a first backup copies every file the families ever stored.
func (w *BackupWorker) Timeout(*river.Job[BackupArgs]) time.Duration { return 12 * time.Hour }

func (w *BackupWorker) Work(ctx context.Context, job *river.Job[BackupArgs]) error {
	b := backup.Backup{Pool: w.Pool, Storage: w.Storage, Files: StoredFileColumns(), Config: w.Config, Logger: w.Logger}
	_, err := b.Run(ctx)
	if errors.Is(err, backup.ErrBusy) {
		// `api backup now` or a drill holds the lock: this one's turn comes after.
		return river.JobSnooze(5 * time.Minute)
	}
	return err
}

// PeriodicBackupJobs are the backup and the drill on their schedules (none for "off").
func PeriodicBackupJobs(cfg backup.Config) ([]*river.PeriodicJob, error) {
	var out []*river.PeriodicJob
	for _, p := range []struct {
		expr string
		args river.JobArgs
	}{{cfg.Schedule, BackupArgs{}}, {cfg.DrillSchedule, BackupDrillArgs{}}} {
		schedule, err := backup.ParseSchedule(p.expr)
		if err != nil {
			return nil, err
		}
		if schedule == nil {
			continue
		}
		args := p.args
		out = append(out, river.NewPeriodicJob(schedule, func() (river.JobArgs, *river.InsertOpts) { return args, nil }, nil))
	}
	return out, nil
}
