package jobs

import (
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"legacylocker/billing"
	"legacylocker/integrations/ai"
	"legacylocker/integrations/statsproviders"
	"legacylocker/media"
	"legacylocker/store/backup"
)

// Dependencies are what the workers need from the process that runs them.
type Dependencies struct {
	Pool   *pgxpool.Pool
	Mailer Mailer
	// AI is the model client, or the offline enhancer when no AI service is configured.
	AI      ai.Service
	Storage media.Storage
	AppURL  string
	Logger  *slog.Logger
	// StatsProviders is the stats platforms registry (statsproviders.Default() in production).
	StatsProviders *statsproviders.Registry
	// Billing reaches Stripe (billing_event re-reads subscriptions); off without a secret key.
	Billing billing.Config
	// Backup is where backups go and how long they are kept (BACKUP_*).
	Backup backup.Config
	// MediaPerOwner is how many of one owner's media jobs run at once while another owner's
	// wait (WORKER_MEDIA_PER_OWNER, fairness.go); 0 is no limit.
	MediaPerOwner int
	// WorkerDeadAfter is how long a worker's heartbeat may be silent before worker_rescue gives its
	// jobs back (WORKER_DEAD_AFTER; zero means DefaultWorkerDeadAfter).
	WorkerDeadAfter time.Duration
}

// Workers registers every job kind. The api's insert-only client registers them too, so an
// unknown kind fails at insert time instead of sitting unworked in the queue.
func Workers(deps Dependencies) *river.Workers {
	workers := river.NewWorkers()
	river.AddWorker(workers, &EmailSendWorker{Pool: deps.Pool, Mailer: deps.Mailer, Storage: deps.Storage, Logger: deps.Logger})
	river.AddWorker(workers, &JournalEnhanceWorker{Pool: deps.Pool, AI: deps.AI, Logger: deps.Logger})
	river.AddWorker(workers, &JournalPromptsWorker{Pool: deps.Pool, AI: deps.AI, Logger: deps.Logger})
	river.AddWorker(workers, &PromptRemindersWorker{Pool: deps.Pool, AppURL: deps.AppURL, Logger: deps.Logger})
	river.AddWorker(workers, &DigestsWorker{Pool: deps.Pool, AppURL: deps.AppURL, Logger: deps.Logger})
	river.AddWorker(workers, &RecruitingBriefsWorker{Pool: deps.Pool, AppURL: deps.AppURL, Logger: deps.Logger})
	river.AddWorker(workers, &MediaProcessWorker{Pool: deps.Pool, Storage: deps.Storage, Logger: deps.Logger, PerOwner: deps.MediaPerOwner})
	river.AddWorker(workers, &MediaDeleteWorker{Pool: deps.Pool, Storage: deps.Storage})
	river.AddWorker(workers, &ProfilePhotoWorker{Pool: deps.Pool, Storage: deps.Storage, Logger: deps.Logger})
	river.AddWorker(workers, &MediaHighlightsWorker{Pool: deps.Pool, Storage: deps.Storage, Logger: deps.Logger})
	river.AddWorker(workers, &MediaTrimWorker{Pool: deps.Pool, Storage: deps.Storage, Logger: deps.Logger})
	river.AddWorker(workers, &ReelRenderWorker{Pool: deps.Pool, Storage: deps.Storage, Logger: deps.Logger})
	river.AddWorker(workers, &StatsImportWorker{Pool: deps.Pool, Storage: deps.Storage, Providers: deps.StatsProviders, Logger: deps.Logger})
	river.AddWorker(workers, &StatsSyncWorker{Pool: deps.Pool, Storage: deps.Storage, Providers: deps.StatsProviders, Logger: deps.Logger})
	river.AddWorker(workers, &StatsReportWorker{Pool: deps.Pool, Storage: deps.Storage, Logger: deps.Logger})
	river.AddWorker(workers, &SeasonBookWorker{Pool: deps.Pool, Storage: deps.Storage, AppURL: deps.AppURL, Logger: deps.Logger})
	river.AddWorker(workers, &QRGenerateWorker{Pool: deps.Pool, Storage: deps.Storage, AppURL: deps.AppURL, Logger: deps.Logger})
	river.AddWorker(workers, &AchievementCardWorker{Pool: deps.Pool, Storage: deps.Storage, Logger: deps.Logger})
	river.AddWorker(workers, &LegacyExportWorker{Pool: deps.Pool, Storage: deps.Storage, AppURL: deps.AppURL, Logger: deps.Logger})
	river.AddWorker(workers, &LegacyExportCleanupWorker{Pool: deps.Pool})
	river.AddWorker(workers, &MediaUploadExpireWorker{Pool: deps.Pool})
	river.AddWorker(workers, &MediaHashBackfillWorker{Pool: deps.Pool, Storage: deps.Storage, Logger: deps.Logger})
	river.AddWorker(workers, &MediaPlacesBackfillWorker{Pool: deps.Pool, Storage: deps.Storage, Logger: deps.Logger})
	river.AddWorker(workers, &SessionsDeleteWorker{Pool: deps.Pool})
	river.AddWorker(workers, &BillingEventWorker{Pool: deps.Pool, Billing: deps.Billing, Stripe: deps.Billing.Client(), Logger: deps.Logger})
	river.AddWorker(workers, &BackupWorker{Pool: deps.Pool, Storage: deps.Storage, Config: deps.Backup, Logger: deps.Logger})
	river.AddWorker(workers, &RecordsReconcileWorker{Pool: deps.Pool})
	river.AddWorker(workers, &BackupDrillWorker{Pool: deps.Pool, Config: deps.Backup, Logger: deps.Logger})
	river.AddWorker(workers, &WorkerRescueWorker{Pool: deps.Pool, DeadAfter: deps.WorkerDeadAfter, Logger: deps.Logger})
	return workers
}
