package jobs_test

import (
	"context"
	"crypto/sha256"
	"image"
	"image/color"
	"image/jpeg"
	"os"
	"path/filepath"
	"testing"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertest"
	"github.com/stretchr/testify/require"

	"legacylocker/jobs"
	"legacylocker/store"
)

// TestMediaHashBackfill: finished items from before hashes were kept get their original's SHA-256; one
// whose file cannot be read is left for the next run without stopping the others; an item still
// processing and a hash already kept are left alone; a second run changes nothing.
func TestMediaHashBackfill(t *testing.T) {
	t.Parallel()
	f := newMediaFixture(t)
	ctx := context.Background()
	photo := func(shade uint8) string {
		img := image.NewRGBA(image.Rect(0, 0, 40, 30))
		for x := range 40 {
			img.Set(x, x%30, color.RGBA{shade, uint8(x), 90, 255})
		}
		path := filepath.Join(t.TempDir(), "photo.jpg")
		out, err := os.Create(path)
		require.NoError(t, err)
		require.NoError(t, jpeg.Encode(out, img, nil))
		require.NoError(t, out.Close())
		return path
	}
	ready := func(item store.MediaItem) {
		_, err := f.pool.Exec(ctx, "UPDATE media_items SET status = 'ready' WHERE id = $1", item.ID)
		require.NoError(t, err)
	}
	firstPath, secondPath := photo(10), photo(200)
	first, missing, second, working := f.add(t, firstPath), f.add(t, photo(50)), f.add(t, secondPath), f.add(t, photo(90))
	for _, item := range []store.MediaItem{first, missing, second} {
		ready(item)
	}
	require.NoError(t, f.storage.Delete(ctx, missing.OriginalKey))
	kept := []byte("a hash kept at upload, never replaced")
	hashed := f.add(t, photo(120))
	ready(hashed)
	_, err := f.pool.Exec(ctx, "UPDATE media_items SET content_sha256 = $2 WHERE id = $1", hashed.ID, kept)
	require.NoError(t, err)

	worker := rivertest.NewWorker(t, riverpgxv5.New(f.pool), &river.Config{},
		river.Worker[jobs.MediaHashBackfillArgs](&jobs.MediaHashBackfillWorker{Pool: f.pool, Storage: f.storage, Logger: quiet}))
	sumOf := func(item store.MediaItem) []byte {
		var sum []byte
		require.NoError(t, f.pool.QueryRow(ctx, "SELECT content_sha256 FROM media_items WHERE id = $1", item.ID).Scan(&sum))
		return sum
	}
	fileSum := func(path string) []byte {
		raw, err := os.ReadFile(path)
		require.NoError(t, err)
		sum := sha256.Sum256(raw)
		return sum[:]
	}
	for range 2 {
		tx, err := f.pool.Begin(ctx)
		require.NoError(t, err)
		_, err = worker.Work(ctx, t, tx, jobs.MediaHashBackfillArgs{}, nil)
		require.NoError(t, err)
		require.NoError(t, tx.Rollback(ctx))
		require.Equal(t, fileSum(firstPath), sumOf(first))
		require.Equal(t, fileSum(secondPath), sumOf(second), "the missing file before it did not stop it")
		require.Nil(t, sumOf(missing))
		require.Nil(t, sumOf(working), "an item still processing waits")
		require.Equal(t, kept, sumOf(hashed))
	}
}
