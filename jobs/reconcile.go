package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
)

// A record's worker records its failure itself when it gives up (giveUpOrRetry). But River also
// ends jobs without their worker having the last word: the rescuer discards a job whose worker died
// on its last attempt, an operator cancels a job from the queue dashboard, a job is discarded for
// an error its worker did not expect. Such a record would stay pending or processing for ever,
// with the web app polling it. The reconciler, a periodic job, sets it failed with a reason.

// RecordsReconcileArgs finds working records whose latest job has ended (discarded or cancelled)
// and fails them.
type RecordsReconcileArgs struct{}

func (RecordsReconcileArgs) Kind() string { return "records_reconcile" }

func (RecordsReconcileArgs) InsertOpts() river.InsertOpts {
	// The next run comes ReconcileInterval later: no point retrying this one.
	return river.InsertOpts{Queue: QueueDefault, MaxAttempts: 1}
}

// ReconcileInterval is how often the reconciler runs: at most this long a record shows working
// after its job has ended.
const ReconcileInterval = 15 * time.Second

// jobRecord says where a job kind keeps its record's status: the table, the argument holding the
// record's id, and the status and reason columns.
type jobRecord struct {
	kind, idArg, table, status, reason string
}

// jobRecords lists every job kind whose record carries a job status. The kinds left out have no
// record a family watches: billing_event (Stripe re-sends), media_delete, media_upload_expire, media_hash_backfill,
// media_places_backfill, legacy_export_cleanup, prompt_reminders, digests, sessions_delete, worker_rescue (housekeeping retried on
// their next run), backup and backup_drill (backup_runs is finished by the run itself and its next run),
// and this one. TestEveryKindIsReconciledOrExcused (reconcile_test.go) holds the registry to that.
var jobRecords = []jobRecord{
	{"media_process", "media_id", "media_items", "status", "status_reason"},
	{"media_trim", "clip_id", "media_items", "status", "status_reason"},
	{"reel_render", "reel_id", "reels", "status", "status_reason"},
	{"media_highlights", "media_id", "media_items", "highlights_status", "highlights_reason"},
	{"journal_enhance", "entry_id", "journal_entries", "ai_status", "ai_status_reason"},
	{"journal_prompts", "generation_id", "prompt_generations", "status", "status_reason"},
	{"email_send", "email_id", "outbound_emails", "status", "status_reason"},
	{"stats_import", "import_id", "stats_imports", "status", "status_reason"},
	{"stats_sync", "connection_id", "stats_connections", "sync_status", "sync_reason"},
	{"stats_report", "report_id", "stats_reports", "status", "status_reason"},
	{"season_book", "book_id", "season_books", "status", "status_reason"},
	{"qr_generate", "qr_code_id", "qr_codes", "status", "status_reason"},
	{"achievement_card", "achievement_id", "achievements", "card_status", "card_reason"},
	{"legacy_export", "export_id", "legacy_exports", "status", "status_reason"},
	{"profile_photo", "photo_id", "profile_photos", "status", "status_reason"},
}

// reconcileExcused are the registered kinds with no record to reconcile (see jobRecords).
var reconcileExcused = []string{"billing_event", "media_delete", "media_upload_expire", "media_hash_backfill", "media_places_backfill", "legacy_export_cleanup",
	"prompt_reminders", "digests", "recruiting_briefs", "sessions_delete", "worker_rescue", "backup", "backup_drill", "records_reconcile"}

// The reasons a family sees; River's job row keeps the technical error for operators.
const (
	reasonDiscarded = "This could not be finished after several tries. Try again."
	reasonCancelled = "This was stopped before it finished. Try again."
)

// reconcileQuery fails the working records of one kind whose latest job (the highest id among the
// kind's jobs naming the record) was discarded or cancelled: a record retried since has a newer
// job, and is left alone while that one runs. Table and column names come from jobRecords, never
// from input. Not sqlc: River's table is not in sqlc's schema.
func reconcileQuery(r jobRecord) string {
	return fmt.Sprintf(`
UPDATE %[1]s rec SET %[2]s = 'failed',
	%[3]s = CASE latest.state WHEN 'cancelled' THEN $2 ELSE $3 END
FROM %[1]s r
CROSS JOIN LATERAL (
	SELECT j.state FROM river_job j
	WHERE j.kind = $1 AND j.args @> jsonb_build_object('%[4]s', r.id)
	ORDER BY j.id DESC LIMIT 1
) latest
WHERE rec.id = r.id AND r.%[2]s IN ('pending', 'processing') AND latest.state IN ('discarded', 'cancelled')`,
		r.table, r.status, r.reason, r.idArg)
}

// RecordsReconcileWorker runs the reconcile queries.
type RecordsReconcileWorker struct {
	river.WorkerDefaults[RecordsReconcileArgs]
	Pool *pgxpool.Pool
}

func (w *RecordsReconcileWorker) Work(ctx context.Context, job *river.Job[RecordsReconcileArgs]) error {
	failed, err := ReconcileRecords(ctx, w.Pool)
	if failed > 0 {
		river.RecordOutput(ctx, map[string]int{"failed": failed})
	}
	return err
}

// ReconcileRecords fails every working record whose job has ended (see reconcileQuery) and answers
// how many it failed.
func ReconcileRecords(ctx context.Context, pool *pgxpool.Pool) (int, error) {
	total := 0
	for _, r := range jobRecords {
		tag, err := pool.Exec(ctx, reconcileQuery(r), r.kind, reasonCancelled, reasonDiscarded)
		if err != nil {
			return total, fmt.Errorf("reconciling %s records: %w", r.kind, err)
		}
		total += int(tag.RowsAffected())
	}
	return total, nil
}
