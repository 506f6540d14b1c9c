package backup_test

import (
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"legacylocker/jobs"
	"legacylocker/media"
	"legacylocker/store/backup"
	"legacylocker/store/storetest"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// family is one user with one athlete in a fresh database, and a media directory.
type family struct {
	pool    *pgxpool.Pool
	storage *media.LocalStorage
	athlete int64
}

func newFamily(t *testing.T) family {
	t.Helper()
	pool := storetest.NewPool(t)
	storage, err := media.NewLocalStorage(t.TempDir())
	require.NoError(t, err)
	f := family{pool: pool, storage: storage}
	require.NoError(t, pool.QueryRow(t.Context(), `WITH u AS (INSERT INTO users (email, first_name, last_name)
		VALUES ('ana@example.com', 'Ana', 'Diaz') RETURNING id)
		INSERT INTO athletes (user_id, name, sports, graduation_year, school) SELECT id, 'Mia', 'Softball', 2030, 'Central' FROM u
		RETURNING id`).Scan(&f.athlete))
	return f
}

// photo stores a file and then its row, as an upload does, and answers the row's id and key.
func (f family) photo(t *testing.T, body string) (int64, string) {
	t.Helper()
	key := media.NewKey(".jpg")
	_, err := f.storage.Put(t.Context(), key, strings.NewReader(body))
	require.NoError(t, err)
	var id int64
	require.NoError(t, f.pool.QueryRow(t.Context(), `INSERT INTO media_items (athlete_id, title, media_date, media_type, mime_type,
		original_key, file_size, status) VALUES ($1, 'Game', '2026-04-11', 'image', 'image/jpeg', $2, $3, 'ready') RETURNING id`,
		f.athlete, key, len(body)).Scan(&id))
	return id, key
}

func (f family) backup(dir string, now func() time.Time) *backup.Backup {
	return &backup.Backup{Pool: f.pool, Storage: f.storage, Files: jobs.StoredFileColumns(), Logger: quiet, Now: now,
		Config: backup.Config{Keep: 2, KeepDeleted: 30 * 24 * time.Hour, Dir: dir, DrillSample: 100}}
}

func targetFiles(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(dir, "files"))
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// TestIncrementalCopyAndRetention: a second backup copies only new files; a deleted file stays in
// the target for KeepDeleted, then goes; only Keep backups are kept; every run is in backup_runs.
func TestIncrementalCopyAndRetention(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	f := newFamily(t)
	dir := t.TempDir()
	clock := time.Now()
	b := f.backup(dir, func() time.Time { return clock })

	for i := range 3 {
		f.photo(t, fmt.Sprintf("photo %d", i))
	}
	m1, err := b.Run(ctx)
	require.NoError(t, err)
	require.Len(t, m1.Files, 3)
	require.EqualValues(t, 3, m1.CopiedFiles)
	require.Positive(t, m1.Database.DumpBytes)
	require.EqualValues(t, 3, m1.Database.Rows["public.media_items"]-demoMedia(t, f))

	gone, goneKey := f.photo(t, "photo to delete")
	m2, err := b.Run(ctx)
	require.NoError(t, err)
	require.Len(t, m2.Files, 4)
	require.EqualValues(t, 1, m2.CopiedFiles, "only the new file is copied")
	require.EqualValues(t, len("photo to delete"), m2.CopiedBytes)

	_, err = f.pool.Exec(ctx, "DELETE FROM media_items WHERE id = $1", gone)
	require.NoError(t, err)
	require.NoError(t, f.storage.Delete(ctx, goneKey))
	m3, err := b.Run(ctx)
	require.NoError(t, err)
	require.Len(t, m3.Files, 3)
	require.Zero(t, m3.CopiedFiles)
	require.Len(t, m3.Deleted, 1)
	require.Equal(t, goneKey, m3.Deleted[0].Key)
	require.Contains(t, targetFiles(t, dir), goneKey, "a deleted file is kept")

	ids, err := backup.List(ctx, mustTarget(t, dir))
	require.NoError(t, err)
	require.Equal(t, []string{m3.ID, m2.ID}, ids, "BACKUP_KEEP=2: the oldest went")

	clock = clock.Add(29 * 24 * time.Hour)
	m4, err := b.Run(ctx)
	require.NoError(t, err)
	require.Zero(t, m4.PurgedFiles, "29 days on it is still there")
	require.Equal(t, m3.Deleted[0].Since, m4.Deleted[0].Since, "deleted since the backup that first missed it")
	clock = clock.Add(2 * 24 * time.Hour)
	m5, err := b.Run(ctx)
	require.NoError(t, err)
	require.EqualValues(t, 1, m5.PurgedFiles, "31 days on it is purged")
	require.Empty(t, m5.Deleted)
	require.NotContains(t, targetFiles(t, dir), goneKey)
	require.Len(t, targetFiles(t, dir), 3)

	var ok, failed int
	require.NoError(t, f.pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE status = 'ready'), count(*) FILTER (WHERE status = 'failed')
		FROM backup_runs WHERE kind = 'backup' AND finished_at IS NOT NULL`).Scan(&ok, &failed))
	require.Equal(t, 5, ok)
	require.Zero(t, failed)
}

func demoMedia(t *testing.T, f family) int64 {
	var n int64
	require.NoError(t, f.pool.QueryRow(t.Context(), "SELECT count(*) FROM media_items").Scan(&n))
	var mine int64
	require.NoError(t, f.pool.QueryRow(t.Context(), "SELECT count(*) FROM media_items WHERE athlete_id = $1", f.athlete).Scan(&mine))
	return n - mine
}

func mustTarget(t *testing.T, dir string) backup.Target {
	t.Helper()
	target, err := backup.NewDirTarget(dir)
	require.NoError(t, err)
	return target
}

// TestMissingAndPendingFiles: a finished row whose file storage lost is reported, not copied; a row
// whose job has still to write its file is pending (the restored job writes it); neither fails the
// backup.
func TestMissingAndPendingFiles(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	f := newFamily(t)
	_, lost := f.photo(t, "lost")
	require.NoError(t, f.storage.Delete(ctx, lost))
	clip := media.NewKey(".mp4")
	_, err := f.pool.Exec(ctx, `INSERT INTO media_items (athlete_id, title, media_date, media_type, mime_type, original_key, file_size, status)
		VALUES ($1, 'Clip', '2026-04-11', 'video', 'video/mp4', $2, 0, 'processing')`, f.athlete, clip)
	require.NoError(t, err)
	m, err := f.backup(t.TempDir(), nil).Run(ctx)
	require.NoError(t, err)
	require.Equal(t, []string{lost}, m.Missing)
	require.Equal(t, []string{clip}, m.Pending)
	require.Empty(t, m.Files)
	var detail string
	require.NoError(t, f.pool.QueryRow(ctx, "SELECT detail FROM backup_runs WHERE status = 'ready'").Scan(&detail))
	require.Contains(t, detail, "1 files named by the database were already missing")
}

// TestOneBackupAtATime: a second backup while one holds the lock is refused as busy, and not
// recorded as a failure (the job snoozes and runs after).
func TestOneBackupAtATime(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	f := newFamily(t)
	conn, err := f.pool.Acquire(ctx)
	require.NoError(t, err)
	defer conn.Release()
	_, err = conn.Exec(ctx, "SELECT pg_advisory_lock(7340112402)")
	require.NoError(t, err)
	_, err = f.backup(t.TempDir(), nil).Run(ctx)
	require.ErrorIs(t, err, backup.ErrBusy)
	var runs int
	require.NoError(t, f.pool.QueryRow(ctx, "SELECT count(*) FROM backup_runs").Scan(&runs))
	require.Zero(t, runs, "a backup that waits its turn is no failure on the Operations page")
}

// TestAccountPhotoIsBackedUp: a photo of the parent names no athlete, and is a keepsake all the
// same: the backup copies it with the athlete's, and not a demo athlete's.
func TestAccountPhotoIsBackedUp(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	f := newFamily(t)
	_, athletePhoto := f.photo(t, "athlete")
	parent := media.NewKey("-512.jpg")
	_, err := f.storage.Put(ctx, parent, strings.NewReader("parent"))
	require.NoError(t, err)
	_, err = f.pool.Exec(ctx, `INSERT INTO profile_photos (user_id, photo_key, status) SELECT user_id, $1, 'ready' FROM athletes WHERE id = $2`, parent, f.athlete)
	require.NoError(t, err)
	// The demo athlete (the migrations make it), whose files are the binary's: its photo is left out.
	demoPhoto := media.NewKey("-512.jpg")
	_, err = f.storage.Put(ctx, demoPhoto, strings.NewReader("demo"))
	require.NoError(t, err)
	_, err = f.pool.Exec(ctx, `INSERT INTO profile_photos (athlete_id, photo_key, status) SELECT id, $1, 'ready' FROM athletes WHERE is_demo`, demoPhoto)
	require.NoError(t, err)

	dir := t.TempDir()
	_, err = f.backup(dir, nil).Run(ctx)
	require.NoError(t, err)
	require.ElementsMatch(t, []string{athletePhoto, parent}, targetFiles(t, dir))
}
