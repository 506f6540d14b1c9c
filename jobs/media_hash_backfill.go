package jobs

import (
	"context"
	"crypto/sha256"
	"fmt"
	"io"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"legacylocker/media"
	"legacylocker/store"
)

// mediaHashBatch is how many items one query of media_hash_backfill reads.
const mediaHashBatch = 100

// MediaHashBackfillArgs hashes the originals that have no content hash yet (periodic, hourly), so an
// item uploaded before uploads were hashed is recognised when the same file is uploaded again.
// Uploads hash their bytes as they arrive; this reads only the files from before that, once.
type MediaHashBackfillArgs struct{}

func (MediaHashBackfillArgs) Kind() string { return "media_hash_backfill" }

func (MediaHashBackfillArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMedia, MaxAttempts: 3, UniqueOpts: river.UniqueOpts{ByPeriod: 30 * time.Minute}}
}

// MediaHashBackfillWorker walks every unhashed finished item in id order and keeps its original's
// SHA-256. An original that cannot be read now (missing, storage down) is logged and left for the
// next run; it does not stop the others.
type MediaHashBackfillWorker struct {
	river.WorkerDefaults[MediaHashBackfillArgs]
	Pool    *pgxpool.Pool
	Storage media.Storage
	Logger  *slog.Logger
}

// Timeout: the first run after the upgrade reads every earlier original, far longer than River's minute.
func (w *MediaHashBackfillWorker) Timeout(*river.Job[MediaHashBackfillArgs]) time.Duration {
	return 2 * time.Hour
}

func (w *MediaHashBackfillWorker) Work(ctx context.Context, job *river.Job[MediaHashBackfillArgs]) error {
	var after int64
	for {
		batch, err := store.Q.MediaNeedingHash(ctx, w.Pool, store.MediaNeedingHashParams{AfterID: after, Batch: mediaHashBatch})
		if err != nil {
			return fmt.Errorf("listing media to hash: %w", err)
		}
		if len(batch) == 0 {
			return nil
		}
		for _, item := range batch {
			after = item.ID
			sum, err := w.hash(ctx, item.OriginalKey)
			if err != nil {
				if ctx.Err() != nil {
					return ctx.Err()
				}
				w.Logger.WarnContext(ctx, "hashing a media original", "media", item.ID, "error", err)
				continue
			}
			if err := store.Q.MediaSetContentHash(ctx, w.Pool, store.MediaSetContentHashParams{ID: item.ID, ContentSha256: sum}); err != nil {
				return fmt.Errorf("keeping media %d's hash: %w", item.ID, err)
			}
		}
	}
}

func (w *MediaHashBackfillWorker) hash(ctx context.Context, key string) ([]byte, error) {
	f, err := w.Storage.Open(ctx, key)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return nil, fmt.Errorf("reading %s: %w", key, err)
	}
	return h.Sum(nil), nil
}
