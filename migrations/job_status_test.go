package migrations_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestJobStatusMapsEmailStatuses migrates a database holding e-mails in every old status to the
// one job status and back: 'sent' and 'logged' become 'ready' with how they were delivered.
func TestJobStatusMapsEmailStatuses(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, provider := migratedTo(t, 5)
	for _, status := range []string{"pending", "sent", "logged", "failed"} {
		_, err := db.ExecContext(ctx, `INSERT INTO outbound_emails (kind, to_address, subject, body_text, status)
			VALUES ('welcome', $1 || '@example.com', 's', 'b', $1)`, status)
		require.NoError(t, err)
	}

	_, err := provider.UpTo(ctx, 6)
	require.NoError(t, err)
	want := map[string][2]string{ // address → status, delivered_via
		"pending@example.com": {"pending", ""},
		"sent@example.com":    {"ready", "smtp"},
		"logged@example.com":  {"ready", "log"},
		"failed@example.com":  {"failed", ""},
	}
	rows, err := db.QueryContext(ctx, `SELECT to_address, status::text, coalesce(delivered_via, '') FROM outbound_emails`)
	require.NoError(t, err)
	got := map[string][2]string{}
	for rows.Next() {
		var to, status, via string
		require.NoError(t, rows.Scan(&to, &status, &via))
		got[to] = [2]string{status, via}
	}
	require.NoError(t, rows.Err())
	require.Equal(t, want, got)

	_, err = db.ExecContext(ctx, `INSERT INTO outbound_emails (kind, to_address, subject, body_text, status)
		VALUES ('welcome', 'x@example.com', 's', 'b', 'ready')`)
	require.Error(t, err, "a delivered e-mail must say how it was delivered")

	_, err = provider.DownTo(ctx, 5)
	require.NoError(t, err)
	var back []string
	rows, err = db.QueryContext(ctx, `SELECT status FROM outbound_emails ORDER BY id`)
	require.NoError(t, err)
	for rows.Next() {
		var status string
		require.NoError(t, rows.Scan(&status))
		back = append(back, status)
	}
	require.NoError(t, rows.Err())
	require.Equal(t, []string{"pending", "sent", "logged", "failed"}, back)
}
