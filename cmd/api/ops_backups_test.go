package main

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	"legacylocker/store"
	"legacylocker/store/backup"
)

// TestOpsShowsBackups: the Operations page shows the newest backup and drill with their sizes, and
// a failed run, an overdue backup or switched-off backups as problems.
func TestOpsShowsBackups(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, func(c *config) {
		c.backup = backup.Config{Schedule: "0 3 * * *", DrillSchedule: "off", Dir: "/srv/backups"}
	})
	operator, _ := s.registered(t, "ops@example.com")
	s.makeOperator(t, "ops@example.com")
	summary := func() backupStatus {
		res := operator.do("GET", "/api/ops/summary", nil)
		require.Equal(t, http.StatusOK, res.status, string(res.body))
		var body struct{ Backups backupStatus }
		require.NoError(t, json.Unmarshal(res.body, &body))
		return body.Backups
	}
	got := summary()
	require.Equal(t, "directory /srv/backups", got.Target)
	require.Nil(t, got.LastBackup)
	require.Len(t, got.Problems, 2)
	require.Contains(t, got.Problems[0], "No backup has run yet; the first is due")
	require.Equal(t, "Scheduled restore drills are off.", got.Problems[1])

	ctx := context.Background()
	_, err := s.pool.Exec(ctx, `INSERT INTO backup_runs (kind, backup_id, status, status_reason, detail, started_at, finished_at, dump_bytes, files, file_bytes)
		VALUES ('backup', '20261120T030000.000Z', 'ready', '', '40 tables, 3 files', now() - interval '61 hours', now() - interval '60 hours', 2048, 3, 9000),
		       ('backup', '', 'failed', 'pg_dump: server version mismatch', '', now() - interval '37 hours', now() - interval '37 hours', 0, 0, 0)`)
	require.NoError(t, err)
	got = summary()
	require.Equal(t, store.JobFailed, got.LastBackup.Status)
	require.Equal(t, "20261120T030000.000Z", got.LastGood.BackupID)
	require.EqualValues(t, 2048, got.LastGood.DumpBytes)
	require.EqualValues(t, 9000, got.LastGood.FileBytes)
	require.Contains(t, got.Problems, "The last backup failed: pg_dump: server version mismatch")
	require.Contains(t, got.Problems, "The last good backup is 60h0m0s old: a newer one is overdue.")

	_, err = s.pool.Exec(ctx, `INSERT INTO backup_runs (kind, backup_id, status, started_at, finished_at) VALUES
		('backup', '20261122T030000.000Z', 'ready', now() - interval '1 minute', now())`)
	require.NoError(t, err)
	got = summary()
	require.Equal(t, []string{"Scheduled restore drills are off."}, got.Problems, "a fresh good backup clears the alarm")
}
