package backup

import (
	"context"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"legacylocker/store"
)

// storedKey is one file a row names.
type storedKey struct {
	Key     string
	Working bool
}

// namedKeys answers every file the rows of files' columns name (the demo athlete's drawings are in
// the binary, not in storage), read in tx, so exactly the keys of the rows that the dump holds. A
// key is Working while its row's job has still to write it (FileColumn.Pending): such a key may be
// missing at backup time without anything being lost, as the restored job (River's tables are in
// the dump) writes it again. A missing key of any other row is a file the primary storage has lost,
// and is reported.
// A row without an athlete (an account's own photo) is backed up too; NOT IN would skip it.
func namedKeys(ctx context.Context, tx pgx.Tx, files []store.FileColumn) ([]storedKey, error) {
	var parts []string
	for _, f := range files {
		if f.NotBackedUp != "" {
			continue
		}
		keys, pending := "ARRAY[t."+pgx.Identifier{f.Column}.Sanitize()+"]", f.Pending
		if f.List {
			keys = "t." + pgx.Identifier{f.Column}.Sanitize()
		}
		if pending == "" {
			pending = "false"
		}
		parts = append(parts, fmt.Sprintf(`SELECT unnest(%s) AS key, (%s) AS working FROM %s t
			WHERE NOT EXISTS (SELECT 1 FROM athletes d WHERE d.id = t.athlete_id AND d.is_demo)`, keys, pending, pgx.Identifier{f.Table}.Sanitize()))
	}
	if len(parts) == 0 {
		return nil, fmt.Errorf("no columns of stored files to back up")
	}
	// A key named twice counts once; working wins, since it explains a missing file.
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
