package backup_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"legacylocker/media"
	"legacylocker/store/backup"
	"legacylocker/store/storetest"
)

// TestDrillProvesABackupAndCatchesDamage: the drill restores the newest backup into a scratch
// database and reads its files back; it passes on a good backup, fails on a damaged file or dump,
// records each outcome, and never leaves its scratch database behind. A restore refuses a damaged
// file too.
func TestDrillProvesABackupAndCatchesDamage(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	f := newFamily(t)
	dir := t.TempDir()
	for _, body := range []string{"first", "second", "third"} {
		f.photo(t, body)
	}
	b := f.backup(dir, nil)
	drill := backup.Drill{Pool: f.pool, Config: b.Config, Logger: quiet}
	_, err := drill.Run(ctx)
	require.ErrorIs(t, err, backup.ErrNoBackup, "nothing to drill yet")

	m, err := b.Run(ctx)
	require.NoError(t, err)
	summary, err := drill.Run(ctx)
	require.NoError(t, err)
	require.Contains(t, summary, "3 of 3 files read back")
	lastDrill := func() (string, string, string) {
		var status, id, detail string
		require.NoError(t, f.pool.QueryRow(ctx, `SELECT status, backup_id, status_reason FROM backup_runs WHERE kind = 'drill'
			ORDER BY id DESC LIMIT 1`).Scan(&status, &id, &detail))
		return status, id, detail
	}
	status, id, _ := lastDrill()
	require.Equal(t, "ready", status)
	require.Equal(t, m.ID, id)

	damaged := filepath.Join(dir, "files", m.Files[1].Key)
	good, err := os.ReadFile(damaged)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(damaged, []byte("rot!!!"), 0o640))
	_, err = drill.Run(ctx)
	require.ErrorContains(t, err, "is damaged")
	status, _, detail := lastDrill()
	require.Equal(t, "failed", status)
	require.Contains(t, detail, m.Files[1].Key)

	restored, err := media.NewLocalStorage(t.TempDir())
	require.NoError(t, err)
	r := backup.Restore{DatabaseURL: storetest.NewEmptyDatabase(t), Storage: restored, Target: mustTarget(t, dir)}
	_, err = r.Run(ctx, "")
	require.ErrorContains(t, err, "the backup's copy of "+m.Files[1].Key+" is damaged")
	_, err = restored.Open(ctx, m.Files[1].Key)
	require.ErrorIs(t, err, media.ErrNotFound, "a damaged file is not left in the restored storage")

	require.NoError(t, os.WriteFile(damaged, good, 0o640))
	dump := filepath.Join(dir, filepath.FromSlash(m.Database.Dump))
	raw, err := os.ReadFile(dump)
	require.NoError(t, err)
	raw[len(raw)-10] ^= 0xff
	require.NoError(t, os.WriteFile(dump, raw, 0o640))
	_, err = drill.Run(ctx)
	require.Error(t, err, "a damaged dump fails the drill (pg_restore or the checksum says so)")
	status, _, _ = lastDrill()
	require.Equal(t, "failed", status)

	var scratch int
	require.NoError(t, f.pool.QueryRow(ctx, "SELECT count(*) FROM pg_database WHERE datname LIKE $1", m.Database.Name+"_drill_%").Scan(&scratch))
	require.Zero(t, scratch, "every scratch database was dropped")
}
