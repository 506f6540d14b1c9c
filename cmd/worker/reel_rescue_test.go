package main

import (
	"bytes"
	"context"
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

// TestKilledReelRenderIsTakenOverAndFinishedOnce: worker A renders a reel of three clips in both
// formats and is killed (SIGKILL, with its ffmpeg) mid-render; worker B takes the job over, renders
// it from the start and files it exactly once: one video per format, no file or scratch directory
// of A's attempt left.
//
// A is held mid-render by a lock on the reel's row the test takes once A has reported progress (its
// next progress write, or its final one, waits on it), so the kill lands mid-work whatever the
// machine's speed.
func TestKilledReelRenderIsTakenOverAndFinishedOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the worker and renders video")
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
	var clips []int64
	for _, pattern := range []string{"testsrc", "testsrc2", "smptebars"} {
		src := filepath.Join(t.TempDir(), pattern+".mp4")
		out, err := exec.Command("ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", pattern+"=size=320x240:rate=30:duration=2",
			"-f", "lavfi", "-i", "sine=duration=2", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", src).CombinedOutput()
		require.NoError(t, err, string(out))
		raw, err := os.ReadFile(src)
		require.NoError(t, err)
		key := media.NewKey(".mp4")
		_, err = storage.Put(ctx, key, bytes.NewReader(raw))
		require.NoError(t, err)
		item, err := store.Q.MediaCreate(ctx, pool, store.MediaCreateParams{AthleteID: athlete.ID, Title: pattern, MediaDate: time.Now(),
			MediaType: "video", MimeType: "video/mp4", OriginalKey: key, FileSize: int64(len(raw)), IsPrivate: true, Tags: []string{}})
		require.NoError(t, err)
		_, err = pool.Exec(ctx, "UPDATE media_items SET status = 'ready', duration = 2 WHERE id = $1", item.ID)
		require.NoError(t, err)
		clips = append(clips, item.ID)
	}

	inserter, err := river.NewClient(riverpgxv5.New(pool), &river.Config{Workers: jobs.Workers(jobs.Dependencies{Pool: pool, Storage: storage})})
	require.NoError(t, err)
	var reel store.Reel
	require.NoError(t, store.WithTx(ctx, pool, func(tx pgx.Tx) error {
		var err error
		if reel, err = store.Q.ReelCreate(ctx, tx, store.ReelCreateParams{AthleteID: athlete.ID, CreatedBy: &user.ID, Title: "Season", ClipIds: clips,
			TitleSlide: []byte(`{"name":"Jo"}`), Spotlight: []byte(`[]`), Formats: []string{"vertical", "landscape"}}); err != nil {
			return err
		}
		_, err = inserter.InsertTx(ctx, tx, jobs.ReelRenderArgs{ReelID: reel.ID}, nil)
		return err
	}))

	binary := filepath.Join(t.TempDir(), "worker")
	out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput()
	require.NoError(t, err, string(out))
	env := append(os.Environ(), "DATABASE_URL="+dbURL, "MEDIA_DIR="+mediaDir, "TMPDIR="+tmpDir, "SMTP_URL=", "METRICS_ADDR=", "JOB_RESCUE_AFTER=5m")
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
	job := func() attempt {
		var a attempt
		require.NoError(t, pool.QueryRow(ctx, "SELECT state, attempt, coalesce(attempted_by, '{}') FROM river_job WHERE kind = 'reel_render'").Scan(&a.state, &a.attempt, &a.by))
		return a
	}

	first, firstLogs := startWorker("worker A")
	t.Cleanup(func() { _ = syscall.Kill(-first.Process.Pid, syscall.SIGKILL); _ = first.Wait() })
	require.Eventually(t, func() bool {
		var progress *float64
		require.NoError(t, pool.QueryRow(ctx, "SELECT progress FROM reels WHERE id = $1", reel.ID).Scan(&progress))
		return progress != nil && *progress > 0
	}, 90*time.Second, 20*time.Millisecond, "A renders; its log:\n%s", firstLogs)
	hold, err := pool.Begin(ctx)
	require.NoError(t, err)
	defer func() { _ = hold.Rollback(ctx) }()
	_, err = hold.Exec(ctx, "SELECT 1 FROM reels WHERE id = $1 FOR UPDATE", reel.ID)
	require.NoError(t, err)
	deadClient := job().by[0]

	second, secondLogs := startWorker("worker B")
	t.Cleanup(func() { _ = syscall.Kill(-second.Process.Pid, syscall.SIGTERM); _ = second.Wait() })
	require.Eventually(t, func() bool {
		var n int
		require.NoError(t, pool.QueryRow(ctx, "SELECT count(*) FROM worker_heartbeats WHERE client_id <> $1", deadClient).Scan(&n))
		return n == 1
	}, 60*time.Second, 50*time.Millisecond, "B beats")
	require.Equal(t, attempt{"running", 1, []string{deadClient}}, job(), "still A's until the kill")
	scratch, err := os.ReadDir(tmpDir)
	require.NoError(t, err)
	require.NotEmpty(t, scratch, "A's render scratch directory is in TMPDIR")

	killed := time.Now()
	require.NoError(t, syscall.Kill(-first.Process.Pid, syscall.SIGKILL))
	_ = first.Wait()
	require.NoError(t, hold.Rollback(ctx))
	require.Eventually(t, func() bool {
		a := job()
		return a.attempt >= 2 && a.by[len(a.by)-1] != deadClient
	}, 60*time.Second, 100*time.Millisecond, "taken over within 60 s; B's log:\n%s", secondLogs)
	t.Logf("from the SIGKILL to running again on B: %.1f s", time.Since(killed).Seconds())

	require.Eventually(t, func() bool { return job().state == "completed" }, 3*time.Minute, 200*time.Millisecond, "B finishes; its log:\n%s", secondLogs)
	assert.Equal(t, 2, job().attempt, "the dead attempt and B's")
	done, err := store.Q.ReelGetByID(ctx, pool, reel.ID)
	require.NoError(t, err)
	require.Equal(t, store.JobReady, done.Status, done.StatusReason)
	var items int
	require.NoError(t, pool.QueryRow(ctx, "SELECT count(*) FROM media_items WHERE 'reel' = ANY(tags)").Scan(&items))
	assert.Equal(t, 2, items, "one video per format")
	for _, id := range []*int64{done.LandscapeMediaID, done.VerticalMediaID} {
		require.NotNil(t, id)
		item, err := store.Q.MediaGetByID(ctx, pool, *id)
		require.NoError(t, err)
		assert.Equal(t, store.JobReady, item.Status)
		_, err = os.Stat(filepath.Join(mediaDir, item.OriginalKey))
		require.NoError(t, err)
	}
	require.Eventually(t, func() bool {
		entries, err := os.ReadDir(mediaDir)
		require.NoError(t, err)
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), ".tmp-") {
				return false
			}
		}
		scratch, err := os.ReadDir(tmpDir)
		require.NoError(t, err)
		return len(scratch) == 0
	}, 30*time.Second, 100*time.Millisecond, "A's temporary files are swept")
}
