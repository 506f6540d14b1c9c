package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
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
	"legacylocker/media/decodertest"
	"legacylocker/store"
	"legacylocker/store/storetest"
)

// TestDecoderCrashFailsOnePhotoNotTheWorker runs the real worker binary and crashes its decoder
// child (SIGSEGV) in the middle of a real libvips decode of one family's photo, twice: the worker
// lives on, the photo is retried once in a fresh child and then failed with a reason the family
// can act on, and another family's photo queued beside it is made ready meanwhile.
func TestDecoderCrashFailsOnePhotoNotTheWorker(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the worker")
	}
	ctx := context.Background()
	dbURL := storetest.NewDatabase(t)
	mediaDir := t.TempDir()
	pool, err := pgxpool.New(ctx, dbURL)
	require.NoError(t, err)
	defer pool.Close()
	storage, err := media.NewLocalStorage(mediaDir)
	require.NoError(t, err)

	// About a second of libvips' decoding: 6000x6000 pixels of noise, Paeth-predicted.
	slow := filepath.Join(t.TempDir(), "noise.png")
	small := filepath.Join(t.TempDir(), "small.jpg")
	for path, args := range map[string][]string{
		slow:  {"-f", "lavfi", "-i", "testsrc2=size=6000x6000", "-vf", "noise=alls=60:allf=u", "-frames:v", "1", "-pred", "4", "-compression_level", "1"},
		small: {"-f", "lavfi", "-i", "testsrc2=size=800x600", "-frames:v", "1"},
	} {
		out, err := exec.Command("ffmpeg", append(append([]string{"-hide_banner", "-loglevel", "error", "-y"}, args...), path)...).CombinedOutput()
		require.NoError(t, err, string(out))
	}
	inserter, err := river.NewClient(riverpgxv5.New(pool), &river.Config{
		Workers: jobs.Workers(jobs.Dependencies{Pool: pool, Storage: storage, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}),
	})
	require.NoError(t, err)
	// upload stores the file for a new family and queues its processing, as the api does.
	families := 0
	upload := func(path, mimeType string, athleteID int64) (mediaID, athlete int64) {
		if athleteID == 0 {
			families++
			user, err := store.Q.UserCreate(ctx, pool, store.UserCreateParams{Email: filepath.Base(path) + string(rune('a'+families)) + "@example.com", FirstName: "A", LastName: "B"})
			require.NoError(t, err)
			a, err := store.Q.AthleteCreate(ctx, pool, store.AthleteCreateParams{UserID: user.ID, Name: "Jo", Sports: "Softball", GraduationYear: 2030, School: "S"})
			require.NoError(t, err)
			athleteID = a.ID
		}
		raw, err := os.ReadFile(path)
		require.NoError(t, err)
		key := media.NewKey(filepath.Ext(path))
		_, err = storage.Put(ctx, key, bytes.NewReader(raw))
		require.NoError(t, err)
		require.NoError(t, store.WithTx(ctx, pool, func(tx pgx.Tx) error {
			item, err := store.Q.MediaCreate(ctx, tx, store.MediaCreateParams{
				AthleteID: athleteID, Title: filepath.Base(path), MediaDate: time.Now(), MediaType: "image", MimeType: mimeType,
				OriginalKey: key, FileSize: int64(len(raw)), IsPrivate: true, Tags: []string{},
			})
			mediaID = item.ID
			if err == nil {
				_, err = inserter.InsertTx(ctx, tx, jobs.MediaProcessArgs{MediaID: item.ID}, nil)
			}
			return err
		}))
		return mediaID, athleteID
	}
	status := func(id int64) (store.JobStatus, string) {
		item, err := store.Q.MediaGetByID(ctx, pool, id)
		require.NoError(t, err)
		return item.Status, item.StatusReason
	}

	crashing, _ := upload(slow, "image/png", 0)
	other, otherAthlete := upload(small, "image/jpeg", 0)

	binary := filepath.Join(t.TempDir(), "worker")
	out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput()
	require.NoError(t, err, string(out))
	var logs syncBuffer
	worker := exec.Command(binary)
	worker.Env = append(os.Environ(), "DATABASE_URL="+dbURL, "MEDIA_DIR="+mediaDir, "SMTP_URL=", "METRICS_ADDR="+freeAddress(t), "WORKER_MEDIA_CONCURRENCY=2")
	worker.Stdout, worker.Stderr = &logs, &logs
	require.NoError(t, worker.Start())
	exited := make(chan error, 1)
	go func() { exited <- worker.Wait() }()
	t.Cleanup(func() {
		_ = worker.Process.Signal(syscall.SIGTERM)
		<-exited
	})

	child := decodertest.WaitBusy(t, worker.Process.Pid, 2*time.Minute)
	require.NoError(t, syscall.Kill(child, syscall.SIGSEGV), "first crash")
	require.Eventually(t, func() bool { s, _ := status(other); return s == store.JobReady }, time.Minute, 20*time.Millisecond,
		"the other family's photo is made while the crashing one is retried; worker log:\n%s", &logs)
	s, _ := status(crashing)
	require.Equal(t, store.JobProcessing, s, "one more try in a fresh child")

	second := decodertest.WaitBusy(t, worker.Process.Pid, 2*time.Minute)
	require.NotEqual(t, child, second, "a fresh child")
	require.NoError(t, syscall.Kill(second, syscall.SIGSEGV), "second crash")
	require.Eventually(t, func() bool { s, _ := status(crashing); return s == store.JobFailed }, time.Minute, 20*time.Millisecond,
		"worker log:\n%s", &logs)
	_, reason := status(crashing)
	require.Contains(t, reason, "This photo could not be read")
	var state string
	var attempt int
	require.Eventually(t, func() bool {
		require.NoError(t, pool.QueryRow(ctx, `SELECT state, attempt FROM river_job WHERE kind = 'media_process' AND (args->>'media_id')::bigint = $1`,
			crashing).Scan(&state, &attempt))
		return state == "cancelled"
	}, 30*time.Second, 20*time.Millisecond)
	require.Equal(t, 2, attempt, "no retry storm: two tries, not five")

	select {
	case err := <-exited:
		t.Fatalf("the worker died: %v\n%s", err, &logs)
	default:
	}
	after, _ := upload(small, "image/jpeg", otherAthlete)
	require.Eventually(t, func() bool { s, _ := status(after); return s == store.JobReady }, time.Minute, 20*time.Millisecond,
		"the same worker goes on making thumbnails; log:\n%s", &logs)
}
