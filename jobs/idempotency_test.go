package jobs_test

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/alexedwards/scs/v2"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"legacylocker/jobs"
	"legacylocker/media"
	"legacylocker/store"
)

// Each retried or rescued job must leave what one run leaves (jobs/doc.go). worker_rescue makes a
// dead worker's job run again within seconds, mid-way through whatever it was doing; these run an
// attempt twice, after a first one that died mid-way, for the kinds whose other tests do not
// (media_process, media_trim, stats_import, email_send, journal_enhance and journal_prompts do).

// TestLegacyExportRescuedMakesOneArchive: an export a dead attempt left processing — its archive
// stored under the export's key but never recorded — is finished by the next attempt into the same
// key, and an attempt after that changes nothing: one archive, one e-mail.
func TestLegacyExportRescuedMakesOneArchive(t *testing.T) {
	t.Parallel()
	f := newMediaFixture(t)
	ctx := context.Background()
	key := media.NewKey(".mp4")
	size, err := f.storage.Put(ctx, key, io.LimitReader(rand.NewChaCha8([32]byte{7}), 3<<20))
	require.NoError(t, err)
	item, err := store.Q.MediaCreate(ctx, f.pool, store.MediaCreateParams{AthleteID: f.athlete, Title: "Film", MediaDate: time.Now(),
		MediaType: "video", MimeType: "video/mp4", OriginalKey: key, FileSize: size, Tags: []string{}})
	require.NoError(t, err)
	_, err = f.pool.Exec(ctx, "UPDATE media_items SET status = 'ready' WHERE id = $1", item.ID)
	require.NoError(t, err)
	var owner int64
	require.NoError(t, f.pool.QueryRow(ctx, "SELECT user_id FROM athletes WHERE id = $1", f.athlete).Scan(&owner))
	export, err := store.Q.LegacyExportCreate(ctx, f.pool, store.LegacyExportCreateParams{AthleteID: f.athlete, RequestedBy: &owner})
	require.NoError(t, err)
	w := river.Worker[jobs.LegacyExportArgs](&jobs.LegacyExportWorker{Pool: f.pool, Storage: f.storage, Logger: quiet})

	// The first attempt: archive stored, then the worker died before recording it.
	res := workMedia(t, f, w, jobs.LegacyExportArgs{ExportID: export.ID})
	require.Equal(t, rivertype.JobStateCompleted, res.Job.State)
	done, err := store.Q.LegacyExportGetByID(ctx, f.pool, export.ID)
	require.NoError(t, err)
	_, err = f.pool.Exec(ctx, "UPDATE legacy_exports SET status = 'processing', file_key = NULL, ready_at = NULL WHERE id = $1", export.ID)
	require.NoError(t, err)
	_, err = f.pool.Exec(ctx, "DELETE FROM outbound_emails")
	require.NoError(t, err)

	for range 2 { // the rescued attempt, then a retry of a job whose completion was lost
		res = workMedia(t, f, w, jobs.LegacyExportArgs{ExportID: export.ID})
		require.Equal(t, rivertype.JobStateCompleted, res.Job.State)
	}
	again, err := store.Q.LegacyExportGetByID(ctx, f.pool, export.ID)
	require.NoError(t, err)
	require.Equal(t, store.JobReady, again.Status)
	assert.Equal(t, *done.FileKey, *again.FileKey, "the same key on every attempt")
	assert.Equal(t, []string{*again.FileKey}, filesWithPrefix(t, f.dir, "export-"), "one archive")
	assert.Equal(t, 1, countRows(t, f.pool, "SELECT count(*) FROM outbound_emails"), "one e-mail that it is ready")
}

// TestStatsReportTwiceMakesOneItem: the report's job run twice puts one PDF into the library.
func TestStatsReportTwiceMakesOneItem(t *testing.T) {
	t.Parallel()
	f := newMediaFixture(t)
	ctx := context.Background()
	report, err := store.Q.StatsReportCreate(ctx, f.pool, store.StatsReportCreateParams{AthleteID: f.athlete})
	require.NoError(t, err)
	w := river.Worker[jobs.StatsReportArgs](&jobs.StatsReportWorker{Pool: f.pool, Storage: f.storage, Logger: quiet})
	for range 2 {
		res := workMedia(t, f, w, jobs.StatsReportArgs{ReportID: report.ID})
		require.Equal(t, rivertype.JobStateCompleted, res.Job.State, "%v", res.Job.Errors)
	}
	assert.Equal(t, 1, countRows(t, f.pool, "SELECT count(*) FROM media_items WHERE media_type = 'pdf'"), "one report in the library")
	assert.Len(t, filesWithPrefix(t, f.dir, ""), 1, "one PDF stored")
}

// TestQRGenerateTwiceStoresOneImage: a QR code's job run twice leaves one image under the code's key.
func TestQRGenerateTwiceStoresOneImage(t *testing.T) {
	t.Parallel()
	f := newMediaFixture(t)
	ctx := context.Background()
	code, err := store.Q.QRCodeCreate(ctx, f.pool, store.QRCodeCreateParams{AthleteID: f.athlete, Code: "abc123def", Title: "Profile", TargetUrl: "/showcase"})
	require.NoError(t, err)
	w := river.Worker[jobs.QRGenerateArgs](&jobs.QRGenerateWorker{Pool: f.pool, Storage: f.storage, AppURL: "http://localhost:8080", Logger: quiet})
	for range 2 {
		_, err := f.pool.Exec(ctx, "UPDATE qr_codes SET status = 'pending' WHERE id = $1", code.ID) // as a retry finds it
		require.NoError(t, err)
		res := workMedia(t, f, w, jobs.QRGenerateArgs{QRCodeID: code.ID})
		require.Equal(t, rivertype.JobStateCompleted, res.Job.State, "%v", res.Job.Errors)
	}
	assert.Equal(t, []string{"qr-abc123def.png"}, filesWithPrefix(t, f.dir, ""))
}

// TestMediaHighlightsTwiceStoresTheSameSegments: detecting a video's highlights twice for one
// request stores one result, the same.
func TestMediaHighlightsTwiceStoresTheSameSegments(t *testing.T) {
	t.Parallel()
	f := newMediaFixture(t)
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "game.mp4")
	ffmpeg(t, "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=15:duration=6", "-f", "lavfi", "-i", "sine=frequency=400:duration=6",
		"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", path)
	item := f.add(t, path)
	_, err := f.pool.Exec(ctx, "UPDATE media_items SET status = 'ready', duration = 6 WHERE id = $1", item.ID)
	require.NoError(t, err)
	requested, err := store.Q.MediaRequestHighlights(ctx, f.pool, item.ID)
	require.NoError(t, err)
	w := river.Worker[jobs.MediaHighlightsArgs](&jobs.MediaHighlightsWorker{Pool: f.pool, Storage: f.storage, Logger: quiet})
	var results [][]byte
	for range 2 {
		res := workMedia(t, f, w, jobs.MediaHighlightsArgs{MediaID: item.ID, Version: requested.HighlightsVersion})
		require.Equal(t, rivertype.JobStateCompleted, res.Job.State, "%v", res.Job.Errors)
		done, err := store.Q.MediaGetByID(ctx, f.pool, item.ID)
		require.NoError(t, err)
		require.Equal(t, store.JobReady, done.HighlightsStatus)
		results = append(results, done.Highlights)
	}
	assert.JSONEq(t, string(results[0]), string(results[1]))
}

// TestExpiryJobsTwiceRemoveOnce: the hourly removals of abandoned uploads and expired archives, run
// twice, remove each once (one media_delete job each) and then find nothing.
func TestExpiryJobsTwiceRemoveOnce(t *testing.T) {
	t.Parallel()
	f := newMediaFixture(t)
	ctx := context.Background()
	_, err := f.pool.Exec(ctx, `INSERT INTO media_uploads (athlete_id, upload_length, upload_offset, title, media_date, piece_keys, expires_at)
		VALUES ($1, 100, 10, 'Film', now(), '{upload-piece.part}', now() - interval '1 minute')`, f.athlete)
	require.NoError(t, err)
	_, err = f.pool.Exec(ctx, `INSERT INTO legacy_exports (athlete_id, status, file_key, file_size, ready_at, expires_at)
		VALUES ($1, 'ready', 'export-old.zip', 2, now() - interval '8 days', now() - interval '1 day')`, f.athlete)
	require.NoError(t, err)
	uploads := river.Worker[jobs.MediaUploadExpireArgs](&jobs.MediaUploadExpireWorker{Pool: f.pool})
	archives := river.Worker[jobs.LegacyExportCleanupArgs](&jobs.LegacyExportCleanupWorker{Pool: f.pool})
	for range 2 {
		require.Equal(t, rivertype.JobStateCompleted, workMedia(t, f, uploads, jobs.MediaUploadExpireArgs{}).Job.State)
		require.Equal(t, rivertype.JobStateCompleted, workMedia(t, f, archives, jobs.LegacyExportCleanupArgs{}).Job.State)
	}
	assert.Zero(t, countRows(t, f.pool, "SELECT count(*) FROM media_uploads"))
	assert.Zero(t, countRows(t, f.pool, "SELECT count(*) FROM legacy_exports"))
	assert.Equal(t, 1, countRows(t, f.pool, "SELECT count(*) FROM river_job WHERE kind = 'media_delete' AND args->'keys' = '[\"upload-piece.part\"]'"))
	assert.Equal(t, 1, countRows(t, f.pool, "SELECT count(*) FROM river_job WHERE kind = 'media_delete' AND args->'keys' = '[\"export-old.zip\"]'"))
}

// filesWithPrefix lists the stored files (temporary ones included) whose names start with prefix.
func filesWithPrefix(t *testing.T, dir, prefix string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), prefix) && !e.IsDir() {
			names = append(names, filepath.Base(e.Name()))
		}
	}
	return names
}

// TestSessionsDeleteTwiceRemovesOnlyTheAccounts: a second run (a rescued or retried job) finds nothing
// more to delete and leaves every other account's sessions alone.
func TestSessionsDeleteTwiceRemovesOnlyTheAccounts(t *testing.T) {
	t.Parallel()
	f := newMediaFixture(t)
	ctx := context.Background()
	codec := scs.GobCodec{}
	expiry := time.Now().Add(time.Hour)
	for i, user := range []int64{41, 41, 42} {
		data, err := codec.Encode(expiry, map[string]any{jobs.SessionUserIDKey: user})
		require.NoError(t, err)
		_, err = f.pool.Exec(ctx, "INSERT INTO sessions (token, data, expiry) VALUES ($1, $2, $3)", fmt.Sprintf("token-%d", i), data, expiry)
		require.NoError(t, err)
	}
	w := river.Worker[jobs.SessionsDeleteArgs](&jobs.SessionsDeleteWorker{Pool: f.pool})
	for range 2 {
		res := workMedia(t, f, w, jobs.SessionsDeleteArgs{UserID: 41})
		require.Equal(t, rivertype.JobStateCompleted, res.Job.State)
		var tokens []string
		rows, err := f.pool.Query(ctx, "SELECT token FROM sessions ORDER BY token")
		require.NoError(t, err)
		for rows.Next() {
			var token string
			require.NoError(t, rows.Scan(&token))
			tokens = append(tokens, token)
		}
		require.NoError(t, rows.Err())
		require.Equal(t, []string{"token-2"}, tokens)
	}
}
