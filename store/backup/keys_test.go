package backup

import (
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"legacylocker/store/storetest"
)

// TestEveryKeyColumnIsBackedUp holds every column of the schema named *_key or *_keys (or key) to
// storedFiles or to notStoredFiles, so a new area that stores files under a new column is backed
// up, or says why not.
func TestEveryKeyColumnIsBackedUp(t *testing.T) {
	t.Parallel()
	pool := storetest.NewPool(t)
	rows, err := pool.Query(t.Context(), `SELECT table_name || '.' || column_name FROM information_schema.columns
		WHERE table_schema = 'public' AND (column_name LIKE '%\_key' OR column_name LIKE '%\_keys' OR column_name = 'key')`)
	require.NoError(t, err)
	columns, err := pgx.CollectRows(rows, pgx.RowTo[string])
	require.NoError(t, err)
	require.Contains(t, columns, "media_items.original_key", "the columns were found")
	backedUp := map[string]bool{}
	for _, f := range storedFiles {
		for _, c := range f.columns {
			backedUp[f.table+"."+c] = true
		}
		if f.list != "" {
			backedUp[f.table+"."+f.list] = true
		}
	}
	for _, c := range columns {
		_, excused := notStoredFiles[c]
		require.True(t, backedUp[c] || excused, "%s looks like it names stored files: add it to storedFiles in keys.go, or to notStoredFiles with the reason", c)
		require.False(t, backedUp[c] && excused, "%s is both backed up and excused", c)
	}
	for c := range backedUp {
		require.Contains(t, columns, c, "storedFiles names a column the schema does not have")
	}
}
