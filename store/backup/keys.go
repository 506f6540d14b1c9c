package backup

import (
	"context"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
)

// storedFiles are the columns that name files in media storage: what a backup copies beside the
// dump. TestEveryKeyColumnIsBackedUp holds every *_key and *_keys column of the schema to this list
// or to its exceptions, so a new area's file column cannot be forgotten.
//
// working is the SQL that is true while the row's job has still to write the file: a clip's key is
// in its row before the cut is stored, a piece's key before its bytes. Such a key may be missing at
// backup time without anything being lost: the restored job (River's tables are in the dump) writes
// it again. A missing key of any other row is a file the primary storage has lost, and is reported.
var storedFiles = []struct {
	table string
	// columns hold one key each; list, when set, is a text[] of keys.
	columns []string
	list    string
	working string
}{
	{"media_items", []string{"original_key", "thumbnail_key", "rendition_key"}, "", "status IN ('pending', 'processing')"},
	{"achievements", []string{"feed_key", "story_key"}, "", "card_status IN ('pending', 'processing')"},
	{"qr_codes", []string{"image_key"}, "", "status IN ('pending', 'processing')"},
	{"stats_imports", []string{"file_key"}, "", "false"},
	// An upload in the making: its pieces and the one being written (a completed upload's are '{}').
	{"media_uploads", []string{"writing_key"}, "piece_keys", "true"},
}

// notStoredFiles are the *_key columns that name no backed-up file, and why.
var notStoredFiles = map[string]string{
	// "Download everything" archives live 7 days and are made again on request: not backed up
	// (issue #27). A restored export row may name an archive that is gone; its download then
	// answers as for an expired one.
	"legacy_exports.file_key":      "export archives are not backed up",
	"checklist_items.template_key": "names a default checklist item, not a file",
	"stats_games.source_key":       "the upsert key of an imported line",
	"stats_seasons.source_key":     "the upsert key of an imported line",
	"rate_limit_hits.key":          "a rate limit's bucket",
	"river_job.unique_key":         "River's uniqueness hash",
}

// storedKey is one file a row names.
type storedKey struct {
	Key     string
	Working bool
}

// namedKeys answers every file the database's rows name (the demo athlete's drawings are in the
// binary, not in storage), read in tx, so exactly the keys of the rows that the dump holds.
func namedKeys(ctx context.Context, tx pgx.Tx) ([]storedKey, error) {
	parts := make([]string, len(storedFiles))
	for i, f := range storedFiles {
		keys := "ARRAY[t." + strings.Join(f.columns, ", t.") + "]"
		if f.list != "" {
			keys += " || t." + f.list
		}
		parts[i] = fmt.Sprintf(`SELECT unnest(%s) AS key, (%s) AS working FROM %s t
			WHERE t.athlete_id NOT IN (SELECT id FROM athletes WHERE is_demo)`, keys, f.working, f.table)
	}
	// A key named twice (a clip's source and the clip share nothing, but a retried row might) counts
	// once; working wins, since it explains a missing file.
	rows, err := tx.Query(ctx, `SELECT key, bool_or(working) FROM (`+strings.Join(parts, " UNION ALL ")+`) k
		WHERE key IS NOT NULL GROUP BY key ORDER BY key`)
	if err != nil {
		return nil, fmt.Errorf("listing stored files: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (storedKey, error) {
		var k storedKey
		return k, r.Scan(&k.Key, &k.Working)
	})
}
