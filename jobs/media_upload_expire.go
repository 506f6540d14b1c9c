package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"legacylocker/store"
)

// MediaUploadExpiry is how long a resumable upload waits for its next bytes before it is removed
// with its pieces (the api's Upload-Expires is its creation or last bytes' time plus this).
const MediaUploadExpiry = 24 * time.Hour

// MediaUploadMaxAge is the hard cap on an open upload, however it progresses: a client sending a
// byte a day cannot hold its pieces (and its share of the quota) for ever.
const MediaUploadMaxAge = 7 * 24 * time.Hour

// MediaUploadExpireArgs removes resumable uploads that expired (periodic, hourly).
type MediaUploadExpireArgs struct{}

func (MediaUploadExpireArgs) Kind() string { return "media_upload_expire" }

func (MediaUploadExpireArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueDefault, MaxAttempts: 3, UniqueOpts: river.UniqueOpts{ByPeriod: 30 * time.Minute}}
}

// MediaUploadExpireWorker deletes each expired upload's row (no bytes for a day, or open for
// MediaUploadMaxAge) and, through media_delete in the same
// transaction, its pieces; a completed upload's row (kept so a client can learn the outcome) goes
// the same way, its pieces long since removed.
type MediaUploadExpireWorker struct {
	river.WorkerDefaults[MediaUploadExpireArgs]
	Pool *pgxpool.Pool
	// Now is the clock (tests move it); nil means time.Now.
	Now func() time.Time
}

func (w *MediaUploadExpireWorker) Work(ctx context.Context, job *river.Job[MediaUploadExpireArgs]) error {
	now := time.Now()
	if w.Now != nil {
		now = w.Now()
	}
	expired, err := store.Q.MediaUploadsExpired(ctx, w.Pool, store.MediaUploadsExpiredParams{Now: now, CreatedBefore: now.Add(-MediaUploadMaxAge)})
	if err != nil {
		return fmt.Errorf("listing expired uploads: %w", err)
	}
	return removeEach(ctx, w.Pool, expired, func(tx pgx.Tx, upload store.MediaUpload) ([]string, error) {
		deleted, err := store.Q.MediaUploadDelete(ctx, tx, upload.ID)
		if err != nil {
			return nil, fmt.Errorf("removing upload %d: %w", upload.ID, err)
		}
		return deleted.StoredKeys(), nil
	})
}
