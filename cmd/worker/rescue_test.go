package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"legacylocker/jobs"
	"legacylocker/media"
	"legacylocker/store"
	"legacylocker/store/storetest"
)

// A stats export with one player, as GameChanger writes it.
const rescueSeasonCSV = ",,,Batting,,,,,,Pitching,,,\r\n" +
	"Number,Last,First,GP,AB,H,HR,RBI,BB,IP,ER,SO\r\n" +
	"12,Lee,Sam,10,30,11,2,9,4,6.2,3,8\r\n" +
	"Totals,,,10,30,11,2,9,4,6.2,3,8\r\n"

// TestKilledWorkersJobsAreTakenOverWithinAMinute: worker A runs an export of more than a gigabyte, a
// video rendition and a stats import; worker B runs beside it; A is killed (SIGKILL, with its
// ffmpeg). Each job runs again on B within 60 s of the kill — not after its timeout (the export's is
// more than half an hour, the import's 2 minutes; River's own rescuer is set to 5 minutes) — and
// finishes exactly once, and no temporary file or scratch directory of A is left.
//
// The export and the import are held mid-work by row locks the test takes (the export's progress
// update, the import's write), as a slow database would hold them, so the kill lands in the middle
// of each whatever the machine's speed; the rendition is a real ffmpeg encode long enough to be cut.
func TestKilledWorkersJobsAreTakenOverWithinAMinute(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the worker, writes a gigabyte and transcodes video")
	}
	ctx := context.Background()
	dbURL := storetest.NewDatabase(t)
	mediaDir, tmpDir := t.TempDir(), t.TempDir()
	pool, err := pgxpool.New(ctx, dbURL)
	require.NoError(t, err)
	defer pool.Close()
	storage, err := media.NewLocalStorage(mediaDir)
	require.NoError(t, err)

	user, err := store.Q.UserCreate(ctx, pool, store.UserCreateParams{Email: "ana@example.com", FirstName: "Ana", LastName: "Lee"})
	require.NoError(t, err)
	athlete, err := store.Q.AthleteCreate(ctx, pool, store.AthleteCreateParams{UserID: user.ID, Name: "Jo", Sports: "Softball", GraduationYear: 2030, School: "S"})
	require.NoError(t, err)

	// A season of film past a gigabyte, ready: the export streams it whole.
	filmKey := media.NewKey(".mp4")
	filmSize, err := storage.Put(ctx, filmKey, io.LimitReader(rand.NewChaCha8([32]byte{1}), 1<<30+1<<20))
	require.NoError(t, err)
	film, err := store.Q.MediaCreate(ctx, pool, store.MediaCreateParams{AthleteID: athlete.ID, Title: "Season", MediaDate: time.Now(),
		MediaType: "video", MimeType: "video/mp4", OriginalKey: filmKey, FileSize: filmSize, IsPrivate: true, Tags: []string{}})
	require.NoError(t, err)
	_, err = pool.Exec(ctx, "UPDATE media_items SET status = 'ready' WHERE id = $1", film.ID)
	require.NoError(t, err)

	// A video a browser cannot play (MPEG-4 Part 2 in Matroska): its processing makes an H.264 rendition.
	src := filepath.Join(t.TempDir(), "game.mkv")
	out, err := exec.Command("ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30:duration=90",
		"-c:v", "mpeg4", "-q:v", "5", src).CombinedOutput()
	require.NoError(t, err, string(out))
	raw, err := os.ReadFile(src)
	require.NoError(t, err)
	gameKey := media.NewKey(".mkv")
	_, err = storage.Put(ctx, gameKey, bytes.NewReader(raw))
	require.NoError(t, err)

	statsKey := media.NewKey(".csv")
	_, err = storage.Put(ctx, statsKey, strings.NewReader(rescueSeasonCSV))
	require.NoError(t, err)
	conn, err := store.Q.StatsConnectionCreate(ctx, pool, store.StatsConnectionCreateParams{AthleteID: athlete.ID, ProviderID: "gamechanger", ExternalAthleteID: "12"})
	require.NoError(t, err)

	inserter, err := river.NewClient(riverpgxv5.New(pool), &river.Config{
		Workers: jobs.Workers(jobs.Dependencies{Pool: pool, Storage: storage, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}),
	})
	require.NoError(t, err)
	var game store.MediaItem
	var imp store.StatsImport
	var export store.LegacyExport
	require.NoError(t, store.WithTx(ctx, pool, func(tx pgx.Tx) error {
		var err error
		if game, err = store.Q.MediaCreate(ctx, tx, store.MediaCreateParams{AthleteID: athlete.ID, Title: "Game", MediaDate: time.Now(),
			MediaType: "video", MimeType: "video/x-matroska", OriginalKey: gameKey, FileSize: int64(len(raw)), IsPrivate: true, Tags: []string{}}); err != nil {
			return err
		}
		sum := sha256.Sum256([]byte(rescueSeasonCSV))
		if imp, err = store.Q.StatsImportCreate(ctx, tx, store.StatsImportCreateParams{ConnectionID: conn.ID, AthleteID: athlete.ID, FileKey: statsKey,
			FileName: "season.csv", FileSha256: hex.EncodeToString(sum[:]), FileSize: int64(len(rescueSeasonCSV)), Season: "2026 Spring"}); err != nil {
			return err
		}
		if export, err = store.Q.LegacyExportCreate(ctx, tx, store.LegacyExportCreateParams{AthleteID: athlete.ID, RequestedBy: &user.ID}); err != nil {
			return err
		}
		_, err = inserter.InsertManyTx(ctx, tx, []river.InsertManyParams{{Args: jobs.MediaProcessArgs{MediaID: game.ID}},
			{Args: jobs.StatsImportArgs{ImportID: imp.ID}}, {Args: jobs.LegacyExportArgs{ExportID: export.ID}}})
		return err
	}))

	// The import's record is held from the start; the export's once its first progress is written.
	importHold, err := pool.Begin(ctx)
	require.NoError(t, err)
	defer func() { _ = importHold.Rollback(ctx) }()
	_, err = importHold.Exec(ctx, "SELECT 1 FROM stats_imports WHERE id = $1 FOR UPDATE", imp.ID)
	require.NoError(t, err)

	binary := filepath.Join(t.TempDir(), "worker")
	out, err = exec.Command("go", "build", "-o", binary, ".").CombinedOutput()
	require.NoError(t, err, string(out))
	env := append(os.Environ(), "DATABASE_URL="+dbURL, "MEDIA_DIR="+mediaDir, "TMPDIR="+tmpDir, "SMTP_URL=", "METRICS_ADDR=",
		"WORKER_MEDIA_CONCURRENCY=2", "JOB_RESCUE_AFTER=5m")
	startWorker := func(name string) (*exec.Cmd, *bytes.Buffer) {
		var logs bytes.Buffer
		cmd := exec.Command(binary)
		cmd.Env, cmd.Stdout, cmd.Stderr = env, &logs, &logs
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // so the kill takes its ffmpeg too
		require.NoError(t, cmd.Start(), name)
		return cmd, &logs
	}
	type attempt struct {
		state   string
		attempt int
		by      []string
	}
	jobOf := func(kind string) attempt {
		var a attempt
		require.NoError(t, pool.QueryRow(ctx, "SELECT state, attempt, coalesce(attempted_by, '{}') FROM river_job WHERE kind = $1", kind).Scan(&a.state, &a.attempt, &a.by))
		return a
	}
	kinds := []string{"legacy_export", "media_process", "stats_import"}

	first, firstLogs := startWorker("worker A")
	t.Cleanup(func() { _ = syscall.Kill(-first.Process.Pid, syscall.SIGKILL); _ = first.Wait() })
	require.Eventually(t, func() bool {
		for _, kind := range kinds {
			if jobOf(kind).state != "running" {
				return false
			}
		}
		return true
	}, 90*time.Second, 50*time.Millisecond, "A runs all three; its log:\n%s", firstLogs)
	require.Eventually(t, func() bool {
		var done int64
		require.NoError(t, pool.QueryRow(ctx, "SELECT bytes_done FROM legacy_exports WHERE id = $1", export.ID).Scan(&done))
		return done > 0
	}, 60*time.Second, 20*time.Millisecond, "the export is streaming")
	exportHold, err := pool.Begin(ctx)
	require.NoError(t, err)
	defer func() { _ = exportHold.Rollback(ctx) }()
	_, err = exportHold.Exec(ctx, "SELECT 1 FROM legacy_exports WHERE id = $1 FOR UPDATE", export.ID)
	require.NoError(t, err)
	deadClient := jobOf("legacy_export").by[0]

	second, secondLogs := startWorker("worker B")
	t.Cleanup(func() { _ = syscall.Kill(-second.Process.Pid, syscall.SIGTERM); _ = second.Wait() })
	require.Eventually(t, func() bool {
		var n int
		require.NoError(t, pool.QueryRow(ctx, "SELECT count(*) FROM worker_heartbeats WHERE client_id <> $1", deadClient).Scan(&n))
		return n == 1
	}, 60*time.Second, 50*time.Millisecond, "B beats")
	time.Sleep(time.Second) // B's queues are up and polling: A's jobs stay A's until the kill
	for _, kind := range kinds {
		a := jobOf(kind)
		require.Equal(t, attempt{"running", 1, []string{deadClient}}, a, "%s still on A", kind)
	}
	var partials []string
	entries, err := os.ReadDir(mediaDir)
	require.NoError(t, err)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".tmp-") {
			partials = append(partials, e.Name())
		}
	}
	require.NotEmpty(t, partials, "A's half-written archive is in MEDIA_DIR")
	scratch, err := os.ReadDir(tmpDir)
	require.NoError(t, err)
	require.NotEmpty(t, scratch, "A's rendition scratch directory is in TMPDIR")

	killed := time.Now()
	require.NoError(t, syscall.Kill(-first.Process.Pid, syscall.SIGKILL))
	_ = first.Wait()

	// Each job runs again on B, within a minute of the kill.
	takenOver := map[string]time.Duration{}
	require.Eventually(t, func() bool {
		for _, kind := range kinds {
			if _, seen := takenOver[kind]; seen {
				continue
			}
			if a := jobOf(kind); a.attempt >= 2 && a.by[len(a.by)-1] != deadClient {
				takenOver[kind] = time.Since(killed)
			}
		}
		return len(takenOver) == len(kinds)
	}, 60*time.Second, 100*time.Millisecond, "taken over within 60 s: %v; B's log:\n%s", takenOver, secondLogs)
	for _, kind := range kinds {
		t.Logf("%s: from the SIGKILL to running again on B: %.1f s", kind, takenOver[kind].Seconds())
	}

	// Let the held work go on: each finishes exactly once.
	require.NoError(t, exportHold.Rollback(ctx))
	require.NoError(t, importHold.Rollback(ctx))
	require.Eventually(t, func() bool {
		for _, kind := range kinds {
			if jobOf(kind).state != "completed" {
				return false
			}
		}
		return true
	}, 4*time.Minute, 200*time.Millisecond, "all three finish; B's log:\n%s", secondLogs)
	for _, kind := range kinds {
		assert.Equal(t, 2, jobOf(kind).attempt, "%s ran twice: the dead attempt and B's", kind)
	}
	done, err := store.Q.LegacyExportGetByID(ctx, pool, export.ID)
	require.NoError(t, err)
	require.Equal(t, store.JobReady, done.Status)
	require.Greater(t, *done.FileSize, int64(1<<30), "the archive holds the gigabyte")
	processed, err := store.Q.MediaGetByID(ctx, pool, game.ID)
	require.NoError(t, err)
	require.Equal(t, store.JobReady, processed.Status)
	require.NotNil(t, processed.RenditionKey)
	imported, err := store.Q.StatsImportGetByID(ctx, pool, imp.ID)
	require.NoError(t, err)
	require.Equal(t, store.JobReady, imported.Status)
	var seasons, archives, exportMails int
	require.NoError(t, pool.QueryRow(ctx, "SELECT count(*) FROM stats_seasons WHERE athlete_id = $1", athlete.ID).Scan(&seasons))
	require.Equal(t, 1, seasons, "one season row")
	require.NoError(t, pool.QueryRow(ctx, "SELECT count(*) FROM outbound_emails").Scan(&exportMails))
	require.Equal(t, 1, exportMails, "one e-mail that the archive is ready")

	// No temporary file of the dead attempts: the archive, the rendition and the originals only.
	require.Eventually(t, func() bool {
		entries, err := os.ReadDir(mediaDir)
		require.NoError(t, err)
		archives = 0
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), ".tmp-") {
				return false
			}
			if strings.HasPrefix(e.Name(), "export-") {
				archives++
			}
		}
		scratch, err := os.ReadDir(tmpDir)
		require.NoError(t, err)
		return len(scratch) == 0
	}, 30*time.Second, 100*time.Millisecond, "A's temporary files are swept")
	require.Equal(t, 1, archives, "one archive")
	_, err = os.Stat(filepath.Join(mediaDir, *processed.RenditionKey))
	require.NoError(t, err)
}
