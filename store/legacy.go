package store

import (
	"context"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
)

// athleteJobs names, for each job kind about one of an athlete's records, the argument that holds
// the record's id and the athlete's records of that kind. Job arguments carry only ids (jobs/doc.go),
// so this is how deleting an athlete finds the jobs that are about it. A kind missing here leaves
// its jobs to cancel themselves when they run and find their record gone (jobs.loadRecord).
var athleteJobs = []struct{ kinds, arg, records string }{
	{`'media_process', 'media_highlights'`, "media_id", "SELECT id FROM media_items WHERE athlete_id = $1"},
	{`'media_trim'`, "clip_id", "SELECT id FROM media_items WHERE athlete_id = $1"},
	{`'reel_render'`, "reel_id", "SELECT id FROM reels WHERE athlete_id = $1"},
	{`'journal_enhance'`, "entry_id", "SELECT id FROM journal_entries WHERE athlete_id = $1"},
	{`'journal_prompts'`, "generation_id", "SELECT id FROM prompt_generations WHERE athlete_id = $1"},
	{`'stats_import'`, "import_id", "SELECT id FROM stats_imports WHERE athlete_id = $1"},
	{`'stats_sync'`, "connection_id", "SELECT id FROM stats_connections WHERE athlete_id = $1"},
	{`'stats_report'`, "report_id", "SELECT id FROM stats_reports WHERE athlete_id = $1"},
	{`'season_book'`, "book_id", "SELECT id FROM season_books WHERE athlete_id = $1"},
	{`'qr_generate'`, "qr_code_id", "SELECT id FROM qr_codes WHERE athlete_id = $1"},
	{`'achievement_card'`, "achievement_id", "SELECT id FROM achievements WHERE athlete_id = $1"},
	{`'legacy_export'`, "export_id", "SELECT id FROM legacy_exports WHERE athlete_id = $1"},
	{`'profile_photo'`, "photo_id", "SELECT id FROM profile_photos WHERE athlete_id = $1"},
	{`'media_places_backfill'`, "athlete_id", "SELECT $1::bigint"},
	{`'email_send'`, "email_id", "SELECT invite_email_id FROM family_members WHERE athlete_id = $1 AND invite_email_id IS NOT NULL"},
}

// AthleteJobKinds answers the job kinds that deleting an athlete removes with it.
func AthleteJobKinds() []string {
	var kinds []string
	for _, j := range athleteJobs {
		for kind := range strings.SplitSeq(j.kinds, ",") {
			kinds = append(kinds, strings.Trim(kind, " '"))
		}
	}
	return kinds
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

// FileColumn is a column that holds keys of files in media storage, in a table with an athlete_id
// column. List marks a text[] column (several files per row).
type FileColumn struct {
	Table, Column string
	List          bool
	// Pending is SQL over the row (as t) that is true while the row's job has still to write the
	// file (a clip's key is in its row before the cut is stored): a backup may then miss the file
	// without anything being lost, as the restored job writes it again. Empty means never.
	Pending string
	// NotBackedUp says why the files are left out of backups; empty for every family's keepsake.
	NotBackedUp string
}

// AthleteFileKeys answers every key the columns hold in the athlete's rows: the files deleting the
// athlete must remove. The query is built from the columns rather than written in store/queries
// because the list is each area's own declaration (jobs.legacyAreas), so the deletion cannot fall
// behind an area that adds a file; the names come from code, never from input, are quoted as
// identifiers, and a guard test holds them to information_schema.
func AthleteFileKeys(ctx context.Context, db DBTX, athleteID int64, columns []FileColumn) ([]string, error) {
	if len(columns) == 0 {
		return nil, nil
	}
	selects := make([]string, 0, len(columns))
	for _, c := range columns {
		keys := pgx.Identifier{c.Column}.Sanitize()
		if !c.List {
			keys = "ARRAY[" + keys + "]"
		}
		selects = append(selects, fmt.Sprintf("SELECT unnest(%s)::text AS key FROM %s WHERE athlete_id = $1",
			keys, pgx.Identifier{c.Table}.Sanitize()))
	}
	rows, err := db.Query(ctx, "SELECT key FROM ("+strings.Join(selects, " UNION ALL ")+") keys WHERE key IS NOT NULL", athleteID)
	if err != nil {
		return nil, fmt.Errorf("listing the athlete's files: %w", err)
	}
	keys, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("listing the athlete's files: %w", err)
	}
	return keys, nil
}
