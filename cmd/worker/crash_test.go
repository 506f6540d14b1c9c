package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
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
	"github.com/stretchr/testify/require"

	"legacylocker/jobs"
	"legacylocker/media"
	"legacylocker/store"
	"legacylocker/store/storetest"
)

// TestKilledWorkerMidTrimYieldsExactlyOneClip starts the real worker binary, kills it (SIGKILL,
// with its ffmpeg) while it is cutting a clip, starts a replacement with a short rescue interval,
// and checks the job is rescued and retried into exactly one finished clip. The replacement must
// first inherit leadership (the dead leader's term lapses) before River's rescuer runs, which takes
// a minute or two; the wait is generous so a loaded CI machine does not flake.
func TestKilledWorkerMidTrimYieldsExactlyOneClip(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the worker and transcodes a minute of video")
	}
	ctx := context.Background()
	dbURL := storetest.NewDatabase(t)
	mediaDir := t.TempDir()
	pool, err := pgxpool.New(ctx, dbURL)
	require.NoError(t, err)
	defer pool.Close()
	storage, err := media.NewLocalStorage(mediaDir)
	require.NoError(t, err)

	// A minute of 640x360 game film with a single keyframe, so a cut cannot copy from a later
	// one (a smart cut would take a moment): re-encoding most of it takes long enough to be
	// interrupted.
	src := filepath.Join(t.TempDir(), "game.mp4")
	out, err := exec.Command("ffmpeg", "-hide_banner", "-loglevel", "error", "-y",
		"-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30:duration=60", "-f", "lavfi", "-i", "sine=frequency=300:duration=60",
		"-c:v", "libx264", "-preset", "ultrafast", "-g", "100000", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", src).CombinedOutput()
	require.NoError(t, err, string(out))
	raw, err := os.ReadFile(src)
	require.NoError(t, err)
	sourceKey := media.NewKey(".mp4")
	_, err = storage.Put(ctx, sourceKey, bytes.NewReader(raw))
	require.NoError(t, err)

	user, err := store.Q.UserCreate(ctx, pool, store.UserCreateParams{Email: "ana@example.com", FirstName: "Ana", LastName: "Lee"})
	require.NoError(t, err)
	athlete, err := store.Q.AthleteCreate(ctx, pool, store.AthleteCreateParams{UserID: user.ID, Name: "Jo", Sports: "Softball", GraduationYear: 2030, School: "S"})
	require.NoError(t, err)
	source, err := store.Q.MediaCreate(ctx, pool, store.MediaCreateParams{
		AthleteID: athlete.ID, Title: "Game", MediaDate: time.Now(), MediaType: "video", MimeType: "video/mp4",
		OriginalKey: sourceKey, FileSize: int64(len(raw)), IsPrivate: true, Tags: []string{},
	})
	require.NoError(t, err)
	_, err = pool.Exec(ctx, "UPDATE media_items SET status = 'ready', duration = 60 WHERE id = $1", source.ID)
	require.NoError(t, err)

	inserter, err := river.NewClient(riverpgxv5.New(pool), &river.Config{
		Workers: jobs.Workers(jobs.Dependencies{Pool: pool, Storage: storage, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}),
	})
	require.NoError(t, err)
	start, end := 1.3, 58.7 // no keyframe after 1.3 s: a full re-encode
	var clip store.MediaItem
	require.NoError(t, store.WithTx(ctx, pool, func(tx pgx.Tx) error {
		var err error
		clip, err = store.Q.MediaCreateClip(ctx, tx, store.MediaCreateClipParams{
			AthleteID: athlete.ID, Title: "Game (Clip)", MediaDate: time.Now(), OriginalKey: media.NewKey(".mp4"),
			FileSize: 1, IsPrivate: true, Tags: []string{}, SourceMediaID: &source.ID, ClipStart: &start, ClipEnd: &end,
		})
		if err != nil {
			return err
		}
		_, err = inserter.InsertTx(ctx, tx, jobs.MediaTrimArgs{ClipID: clip.ID}, nil)
		return err
	}))

	binary := filepath.Join(t.TempDir(), "worker")
	out, err = exec.Command("go", "build", "-o", binary, ".").CombinedOutput()
	require.NoError(t, err, string(out))
	env := append(os.Environ(), "DATABASE_URL="+dbURL, "MEDIA_DIR="+mediaDir, "JOB_RESCUE_AFTER=3s", "JOB_TIMEOUT=3s", "SMTP_URL=")
	startWorker := func(name string) (*exec.Cmd, *bytes.Buffer) {
		var logs bytes.Buffer
		cmd := exec.Command(binary)
		cmd.Env, cmd.Stdout, cmd.Stderr = env, &logs, &logs
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // so the kill takes its ffmpeg too
		require.NoError(t, cmd.Start(), name)
		return cmd, &logs
	}
	jobState := func() (state string, attempt int) {
		require.NoError(t, pool.QueryRow(ctx, "SELECT state, attempt FROM river_job WHERE kind = 'media_trim'").Scan(&state, &attempt))
		return state, attempt
	}

	first, _ := startWorker("first worker")
	require.Eventually(t, func() bool { s, _ := jobState(); return s == "running" }, 60*time.Second, 50*time.Millisecond, "the trim starts")
	time.Sleep(1500 * time.Millisecond) // well into the cut
	require.NoError(t, syscall.Kill(-first.Process.Pid, syscall.SIGKILL))
	_ = first.Wait()
	state, _ := jobState()
	require.Equal(t, "running", state, "the killed worker left its job stranded")
	var status store.JobStatus
	require.NoError(t, pool.QueryRow(ctx, "SELECT status FROM media_items WHERE id = $1", clip.ID).Scan(&status))
	require.Equal(t, store.JobProcessing, status, "the kill came before the clip was finished")

	second, logs := startWorker("replacement worker")
	t.Cleanup(func() {
		_ = syscall.Kill(-second.Process.Pid, syscall.SIGTERM)
		_ = second.Wait()
	})
	require.Eventually(t, func() bool {
		var status store.JobStatus
		require.NoError(t, pool.QueryRow(ctx, "SELECT status FROM media_items WHERE id = $1", clip.ID).Scan(&status))
		return status == store.JobReady
	}, 4*time.Minute, 200*time.Millisecond, "the rescued job finishes the clip; worker log:\n%s", logs)

	// River records the completion just after the work returns.
	require.Eventually(t, func() bool { s, _ := jobState(); return s == "completed" }, 30*time.Second, 100*time.Millisecond)
	_, attempt := jobState()
	require.GreaterOrEqual(t, attempt, 2, "the job ran again after the rescue")
	var clips int
	require.NoError(t, pool.QueryRow(ctx, "SELECT count(*) FROM media_items WHERE source_media_id = $1", source.ID).Scan(&clips))
	require.Equal(t, 1, clips, "exactly one clip")
	done, err := store.Q.MediaGetByID(ctx, pool, clip.ID)
	require.NoError(t, err)
	require.InDelta(t, end-start, *done.Duration, 0.05, "the clip is the requested range")
	var stored []string
	entries, err := os.ReadDir(mediaDir)
	require.NoError(t, err)
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), ".tmp-") {
			stored = append(stored, e.Name())
		}
	}
	require.ElementsMatch(t, []string{sourceKey, clip.OriginalKey, media.DerivedKey(clip.OriginalKey, "thumb.jpg")}, stored,
		"the source, one clip and its poster: nothing duplicated")
}
