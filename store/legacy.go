package store

import (
	"context"
	"fmt"
)

// athleteJobs names, for each job kind about one of an athlete's records, the argument that holds
// the record's id and the athlete's records of that kind. Job arguments carry only ids (jobs/doc.go),
// so this is how deleting an athlete finds the jobs that are about it. A kind missing here leaves
// its jobs to cancel themselves when they run and find their record gone (jobs.loadRecord).
var athleteJobs = []struct{ kinds, arg, records string }{
	{`'media_process', 'media_highlights'`, "media_id", "SELECT id FROM media_items WHERE athlete_id = $1"},
	{`'media_trim'`, "clip_id", "SELECT id FROM media_items WHERE athlete_id = $1"},
	{`'journal_enhance'`, "entry_id", "SELECT id FROM journal_entries WHERE athlete_id = $1"},
	{`'journal_prompts'`, "generation_id", "SELECT id FROM prompt_generations WHERE athlete_id = $1"},
	{`'stats_sync'`, "connection_id", "SELECT id FROM stats_connections WHERE athlete_id = $1"},
	{`'stats_report'`, "report_id", "SELECT id FROM stats_reports WHERE athlete_id = $1"},
	{`'qr_generate'`, "qr_code_id", "SELECT id FROM qr_codes WHERE athlete_id = $1"},
	{`'achievement_card'`, "achievement_id", "SELECT id FROM achievements WHERE athlete_id = $1"},
	{`'legacy_export'`, "export_id", "SELECT id FROM legacy_exports WHERE athlete_id = $1"},
	{`'email_send'`, "email_id", "SELECT invite_email_id FROM family_members WHERE athlete_id = $1 AND invite_email_id IS NOT NULL"},
}

// JobsDeleteForAthlete removes River's rows of the jobs about the athlete's records, in every
// state but running (a running job finds its record gone and cancels itself). Call it in the
// transaction that deletes the athlete, before the delete.
func JobsDeleteForAthlete(ctx context.Context, db DBTX, athleteID int64) (int64, error) {
	var removed int64
	for _, j := range athleteJobs {
		tag, err := db.Exec(ctx, fmt.Sprintf(`DELETE FROM river_job WHERE kind IN (%s) AND state <> 'running'
			AND (args->>'%s')::bigint IN (%s)`, j.kinds, j.arg, j.records), athleteID)
		if err != nil {
			return removed, fmt.Errorf("deleting %s jobs: %w", j.kinds, err)
		}
		removed += tag.RowsAffected()
	}
	return removed, nil
}
