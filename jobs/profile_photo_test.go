package jobs_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"testing"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertest"
	"github.com/riverqueue/river/rivertype"
	"github.com/stretchr/testify/require"

	"legacylocker/jobs"
	"legacylocker/media"
	"legacylocker/store"
)

// photoWithComment is a 900 × 300 JPEG with a JPEG comment segment carrying secret: metadata a
// profile photo must lose.
func photoWithComment(t *testing.T, secret string) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 900, 300))
	for y := range 300 {
		for x := range 900 {
			img.Set(x, y, color.RGBA{uint8(x / 4), uint8(y / 2), 90, 255})
		}
	}
	var jpg bytes.Buffer
	require.NoError(t, jpeg.Encode(&jpg, img, &jpeg.Options{Quality: 90}))
	raw := jpg.Bytes()
	var out bytes.Buffer
	out.Write(raw[:2])
	out.Write([]byte{0xFF, 0xFE})
	_ = binary.Write(&out, binary.BigEndian, uint16(len(secret)+2))
	out.WriteString(secret)
	out.Write(raw[2:])
	return out.Bytes()
}

// addPhoto stores an upload as the api does and writes the athlete's photo row [pending].
func (f mediaFixture) addPhoto(t *testing.T, raw []byte) (store.ProfilePhoto, string) {
	t.Helper()
	ctx := context.Background()
	key := media.NewKey(".jpg")
	_, err := f.storage.Put(ctx, key, bytes.NewReader(raw))
	require.NoError(t, err)
	row, err := store.Q.ProfilePhotoReplaceForAthlete(ctx, f.pool, store.ProfilePhotoReplaceForAthleteParams{AthleteID: &f.athlete, OriginalKey: &key,
		OriginalBytes: int64(len(raw))})
	require.NoError(t, err)
	photo, err := store.Q.ProfilePhotoGetByID(ctx, f.pool, row.ID)
	require.NoError(t, err)
	return photo, key
}

func (f mediaFixture) cutPhoto(t *testing.T, id int64) (*rivertest.WorkResult, store.ProfilePhoto) {
	t.Helper()
	ctx := context.Background()
	worker := rivertest.NewWorker(t, riverpgxv5.New(f.pool), &river.Config{}, river.Worker[jobs.ProfilePhotoArgs](&jobs.ProfilePhotoWorker{Pool: f.pool, Storage: f.storage, Logger: quiet}))
	tx, err := f.pool.Begin(ctx)
	require.NoError(t, err)
	defer tx.Rollback(ctx) //nolint:errcheck
	res, err := worker.Work(ctx, t, tx, jobs.ProfilePhotoArgs{PhotoID: id}, nil)
	require.NoError(t, err)
	after, err := store.Q.ProfilePhotoGetByID(ctx, f.pool, id)
	require.NoError(t, err)
	return res, after
}

func (f mediaFixture) stored(t *testing.T, key string) []byte {
	t.Helper()
	file, err := f.storage.Open(context.Background(), key)
	require.NoError(t, err)
	defer file.Close()
	b, err := io.ReadAll(file)
	require.NoError(t, err)
	return b
}

func TestProfilePhotoCutsSquaresWithoutMetadata(t *testing.T) {
	t.Parallel()
	f := newMediaFixture(t)
	ctx := context.Background()
	photo, original := f.addPhoto(t, photoWithComment(t, "GPS 51.5N 0.12W"))

	res, done := f.cutPhoto(t, photo.ID)
	require.Equal(t, rivertype.JobStateCompleted, res.Job.State)
	require.Equal(t, store.JobReady, done.Status)
	require.Nil(t, done.OriginalKey, "the upload is forgotten once the squares are made")
	require.NotNil(t, done.PhotoKey)
	require.NotNil(t, done.SmallKey)
	require.Zero(t, done.OriginalBytes, "the upload no longer counts against the quota")
	var squares int64
	for key, side := range map[string]int{*done.PhotoKey: 512, *done.SmallKey: 128} {
		raw := f.stored(t, key)
		squares += int64(len(raw))
		require.NotContains(t, string(raw), "GPS 51.5N", "metadata is stripped")
		img, err := jpeg.Decode(bytes.NewReader(raw))
		require.NoError(t, err)
		require.Equal(t, image.Pt(side, side), img.Bounds().Size())
	}
	require.Equal(t, squares, done.SquaresBytes, "the squares count against the quota")
	var keys []string
	require.NoError(t, f.pool.QueryRow(ctx, `SELECT args->'keys' FROM river_job WHERE kind = 'media_delete' ORDER BY id DESC LIMIT 1`).Scan(&keys))
	require.Equal(t, []string{original}, keys, "the upload, with its metadata, is deleted")
	athlete, err := store.Q.AthleteGetByID(ctx, f.pool, f.athlete)
	require.NoError(t, err)
	require.NotNil(t, athlete.ProfileImageUrl)
	require.Equal(t, jobs.ProfilePhotoURL(&f.athlete, *done.PhotoKey), *athlete.ProfileImageUrl, "the answers show the photo")

	// Run again: done already, nothing changes (idempotent).
	res, again := f.cutPhoto(t, photo.ID)
	require.Equal(t, rivertype.JobStateCompleted, res.Job.State)
	require.Equal(t, done, again)

	// A new upload replaces it: once cut, the squares before it are deleted with the upload.
	next, nextOriginal := f.addPhoto(t, photoWithComment(t, "again"))
	require.Equal(t, photo.ID, next.ID, "one photo row per athlete")
	require.Equal(t, done.PhotoKey, next.PhotoKey, "the old squares show until the new ones are ready")
	_, replaced := f.cutPhoto(t, next.ID)
	require.Equal(t, store.JobReady, replaced.Status)
	require.NotEqual(t, *done.PhotoKey, *replaced.PhotoKey)
	require.NoError(t, f.pool.QueryRow(ctx, `SELECT args->'keys' FROM river_job WHERE kind = 'media_delete' ORDER BY id DESC LIMIT 1`).Scan(&keys))
	require.ElementsMatch(t, []string{nextOriginal, *done.PhotoKey, *done.SmallKey}, keys)
}

func TestProfilePhotoUnreadableFails(t *testing.T) {
	t.Parallel()
	f := newMediaFixture(t)
	photo, _ := f.addPhoto(t, []byte("\xFF\xD8\xFF\xE0 not really a photo at all"))
	res, done := f.cutPhoto(t, photo.ID)
	require.Equal(t, rivertype.JobStateCancelled, res.Job.State, "a damaged file is not retried")
	require.Equal(t, store.JobFailed, done.Status)
	require.Contains(t, done.StatusReason, "This photo could not be read")
	require.Nil(t, done.PhotoKey)
}

func TestProfilePhotoOfADeletedRowIsCancelled(t *testing.T) {
	t.Parallel()
	f := newMediaFixture(t)
	photo, _ := f.addPhoto(t, photoWithComment(t, "x"))
	_, err := store.Q.ProfilePhotoDelete(context.Background(), f.pool, photo.ID)
	require.NoError(t, err)
	worker := rivertest.NewWorker(t, riverpgxv5.New(f.pool), &river.Config{}, river.Worker[jobs.ProfilePhotoArgs](&jobs.ProfilePhotoWorker{Pool: f.pool, Storage: f.storage, Logger: quiet}))
	tx, err := f.pool.Begin(context.Background())
	require.NoError(t, err)
	defer tx.Rollback(context.Background()) //nolint:errcheck
	res, err := worker.Work(context.Background(), t, tx, jobs.ProfilePhotoArgs{PhotoID: photo.ID}, nil)
	require.NoError(t, err)
	require.Equal(t, rivertype.JobStateCancelled, res.Job.State)
}
