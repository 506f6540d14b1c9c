package jobs_test

import (
	"bytes"
	"context"
	"image"
	"image/jpeg"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertest"
	"github.com/riverqueue/river/rivertype"
	"github.com/stretchr/testify/require"
	"golang.org/x/image/bmp"

	"legacylocker/jobs"
	"legacylocker/media"
	"legacylocker/store"
)

// TestMediaProcessDecoderCrashRetriedOnceThenFailed: a photo whose decoder child dies (here its
// memory limit, on a 4096x4096 BMP that Go's decoder holds whole: 64 MiB, more than the heap arena
// the child's runtime may already have reserved, so it cannot fit in the limit's slack) is retried once in a fresh child;
// when that child dies too the item is failed for good with a reason the family can act on,
// instead of being retried until its attempts run out. The same photo with the default limits is fine.
func TestMediaProcessDecoderCrashRetriedOnceThenFailed(t *testing.T) {
	t.Parallel()
	f := newMediaFixture(t)
	img := image.NewNRGBA(image.Rect(0, 0, 4096, 4096))
	for i := range img.Pix {
		img.Pix[i] = uint8(i * 31)
	}
	var raw bytes.Buffer
	require.NoError(t, bmp.Encode(&raw, img))
	path := filepath.Join(t.TempDir(), "scan.bmp")
	require.NoError(t, os.WriteFile(path, raw.Bytes(), 0o600))
	item := f.add(t, path)

	starved := media.NewDecoders(media.DecoderLimits{Processes: 1, Memory: 1 << 20})
	t.Cleanup(starved.Close)
	worker := rivertest.NewWorker(t, riverpgxv5.New(f.pool), &river.Config{},
		river.Worker[jobs.MediaProcessArgs](&jobs.MediaProcessWorker{Pool: f.pool, Storage: f.storage, Logger: quiet, Decoders: starved}))
	ctx := context.Background()
	tx, err := f.pool.Begin(ctx)
	require.NoError(t, err)
	defer tx.Rollback(ctx) //nolint:errcheck

	first, err := worker.Work(ctx, t, tx, jobs.MediaProcessArgs{MediaID: item.ID}, nil)
	require.ErrorIs(t, err, media.ErrDecoderCrashed)
	require.Contains(t, []rivertype.JobState{rivertype.JobStateAvailable, rivertype.JobStateRetryable}, first.Job.State, "one more try in a fresh child")
	now, err := store.Q.MediaGetByID(ctx, f.pool, item.ID)
	require.NoError(t, err)
	require.Equal(t, store.JobProcessing, now.Status)

	second, err := worker.WorkJob(ctx, t, tx, first.Job)
	require.NoError(t, err) // a cancelled job's error is in its row
	require.Contains(t, second.Job.Errors[len(second.Job.Errors)-1].Error, media.ErrDecoderCrashed.Error())
	require.Equal(t, rivertype.JobStateCancelled, second.Job.State, "a file that stopped a decoder twice is not retried again")
	require.Equal(t, 2, second.Job.Attempt)
	require.Less(t, second.Job.Attempt, second.Job.MaxAttempts)
	require.Equal(t, 2, starved.Started(), "each try had a fresh child")
	failed, err := store.Q.MediaGetByID(ctx, f.pool, item.ID)
	require.NoError(t, err)
	require.Equal(t, store.JobFailed, failed.Status)
	require.Contains(t, failed.StatusReason, "This photo could not be read")

	roomy := rivertest.NewWorker(t, riverpgxv5.New(f.pool), &river.Config{},
		river.Worker[jobs.MediaProcessArgs](&jobs.MediaProcessWorker{Pool: f.pool, Storage: f.storage, Logger: quiet}))
	_, err = f.pool.Exec(ctx, "UPDATE media_items SET status = 'processing', status_reason = '' WHERE id = $1", item.ID)
	require.NoError(t, err)
	res, err := roomy.Work(ctx, t, tx, jobs.MediaProcessArgs{MediaID: item.ID}, nil)
	require.NoError(t, err)
	require.Equal(t, rivertype.JobStateCompleted, res.Job.State)
}

// TestMediaFairnessBurstDoesNotBlockAnotherOwner: one family's 24 photos are queued before another
// family's one, on a worker with two media slots. River takes jobs oldest first, so without the
// per-owner limit the second family's photo would be worked after (nearly) all of the burst; with
// it, the burst gives way and the photo is done while most of the burst is still waiting. The
// order of completions is read from River's job rows afterwards: nothing here depends on timing.
func TestMediaFairnessBurstDoesNotBlockAnotherOwner(t *testing.T) {
	t.Parallel()
	f := newMediaFixture(t)
	ctx := context.Background()
	other, err := store.Q.UserCreate(ctx, f.pool, store.UserCreateParams{Email: "bo@example.com", FirstName: "Bo", LastName: "Ray"})
	require.NoError(t, err)
	otherAthlete, err := store.Q.AthleteCreate(ctx, f.pool, store.AthleteCreateParams{UserID: other.ID, Name: "Max", Sports: "Soccer", GraduationYear: 2031, School: "S"})
	require.NoError(t, err)

	var photo bytes.Buffer
	require.NoError(t, jpeg.Encode(&photo, noisy(1600, 1200), &jpeg.Options{Quality: 90}))
	path := filepath.Join(t.TempDir(), "photo.jpg")
	require.NoError(t, os.WriteFile(path, photo.Bytes(), 0o600))
	const burst = 24
	var burstIDs []int64
	for range burst {
		burstIDs = append(burstIDs, f.add(t, path).ID)
	}
	lone := f.add(t, path)
	_, err = f.pool.Exec(ctx, "UPDATE media_items SET athlete_id = $1 WHERE id = $2", otherAthlete.ID, lone.ID)
	require.NoError(t, err)

	workers := river.NewWorkers()
	river.AddWorker(workers, &jobs.MediaProcessWorker{Pool: f.pool, Storage: f.storage, Logger: quiet, PerOwner: 1})
	client, err := river.NewClient(riverpgxv5.New(f.pool), &river.Config{
		Queues:        map[string]river.QueueConfig{jobs.QueueMedia: {MaxWorkers: 2}},
		Workers:       workers,
		FetchCooldown: 5 * time.Millisecond,
		Logger:        quiet,
	})
	require.NoError(t, err)
	require.NoError(t, pgx.BeginFunc(ctx, f.pool, func(tx pgx.Tx) error {
		for _, id := range burstIDs {
			if _, err := client.InsertTx(ctx, tx, jobs.MediaProcessArgs{MediaID: id}, nil); err != nil {
				return err
			}
		}
		_, err := client.InsertTx(ctx, tx, jobs.MediaProcessArgs{MediaID: lone.ID}, nil)
		return err
	}))
	require.NoError(t, client.Start(ctx))
	t.Cleanup(func() { require.NoError(t, client.Stop(context.Background())) })

	require.Eventually(t, func() bool {
		var waiting int
		require.NoError(t, f.pool.QueryRow(ctx, "SELECT count(*) FROM media_items WHERE status <> 'ready'").Scan(&waiting))
		return waiting == 0
	}, 2*time.Minute, 50*time.Millisecond, "every photo gets ready")
	var before int
	require.NoError(t, f.pool.QueryRow(ctx, `
		SELECT count(*) FROM river_job j
		WHERE j.kind = 'media_process' AND (j.args->>'media_id')::bigint <> $1 AND j.finalized_at <
			(SELECT finalized_at FROM river_job WHERE kind = 'media_process' AND (args->>'media_id')::bigint = $1)`,
		lone.ID).Scan(&before))
	t.Logf("the other family's photo was done after %d of the burst's %d", before, burst)
	require.Less(t, before, burst/2, "the other family's photo did not wait for the burst")
	var snoozed int
	require.NoError(t, f.pool.QueryRow(ctx, "SELECT count(*) FROM river_job WHERE kind = 'media_process' AND metadata ? 'snoozes'").Scan(&snoozed))
	require.Positive(t, snoozed, "the burst gave way by snoozing")
}

// noisy is a w x h picture with enough detail to cost a photo's decoding time.
func noisy(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = uint8((i * 7919) >> 3)
	}
	return img
}
