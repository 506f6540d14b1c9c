package migrations_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestOfflineCopiesOfUnchangedEntriesAreDropped: entries the offline cleanup "enhanced" into an
// identical copy (before it said "no changes needed") lose the copy and a summary that only
// repeated them; real cleanups and a model's work are kept.
func TestOfflineCopiesOfUnchangedEntriesAreDropped(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, provider := migratedTo(t, 11)

	insert := func(title, content, enhanced, summary, provider string) {
		t.Helper()
		_, err := db.ExecContext(ctx, `INSERT INTO journal_entries (athlete_id, title, content, entry_date, enhanced_content, ai_summary, ai_provider, ai_status)
			VALUES ((SELECT id FROM athletes WHERE is_demo), $1, $2, '2026-05-01', $3, $4, $5, 'ready')`, title, content, enhanced, summary, provider)
		require.NoError(t, err)
	}
	insert("identical", "We ate pasta.\nCoach paid.", "We ate pasta.\nCoach paid.", "We ate pasta. Coach paid.", "basic")
	insert("identical, real summary", "A. B. C long enough.", "A. B. C long enough.", "A. C long enough.", "basic")
	insert("cleaned", "we ate pasta", "We ate pasta.", "We ate pasta.", "basic")
	insert("model", "We ate pasta.", "We ate pasta.", "We ate pasta.", "model")

	_, err := provider.UpTo(ctx, 12)
	require.NoError(t, err)
	rows, err := db.QueryContext(ctx, `SELECT title, enhanced_content IS NOT NULL, ai_summary IS NOT NULL FROM journal_entries`)
	require.NoError(t, err)
	got := map[string][2]bool{}
	for rows.Next() {
		var title string
		var enhanced, summary bool
		require.NoError(t, rows.Scan(&title, &enhanced, &summary))
		got[title] = [2]bool{enhanced, summary}
	}
	require.NoError(t, rows.Err())
	require.Equal(t, map[string][2]bool{
		"identical":               {false, false},
		"identical, real summary": {false, true},
		"cleaned":                 {true, true},
		"model":                   {true, true},
	}, got)

	_, err = provider.DownTo(ctx, 9)
	require.NoError(t, err)
}
