package jobs

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"legacylocker/store"
)

// MediaUploadExpiry is how long a resumable upload waits for its next bytes before it is removed
// with its pieces (the api's Upload-Expires is the last bytes' time plus this).
const MediaUploadExpiry = 24 * time.Hour

// MediaUploadExpireArgs removes resumable uploads that expired (periodic, hourly).
type MediaUploadExpireArgs struct{}

func (MediaUploadExpireArgs) Kind() string { return "media_upload_expire" }

func (MediaUploadExpireArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueDefault, MaxAttempts: 3, UniqueOpts: river.UniqueOpts{ByPeriod: 30 * time.Minute}}
}

// MediaUploadExpireWorker deletes each expired upload's row and, through media_delete in the same
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
	expired, err := store.Q.MediaUploadsExpired(ctx, w.Pool, now)
	if err != nil {
		return fmt.Errorf("listing expired uploads: %w", err)
	}
	client, err := river.ClientFromContextSafely[pgx.Tx](ctx)
	if err != nil {
		return fmt.Errorf("finding the job client: %w", err)
	}
	for _, upload := range expired {
		err := store.WithTx(ctx, w.Pool, func(tx pgx.Tx) error {
			deleted, err := store.Q.MediaUploadDelete(ctx, tx, upload.ID)
			if err := store.Translate(err); err != nil {
				return err
			}
			if len(deleted.StoredKeys()) == 0 {
				return nil
			}
			_, err = client.InsertTx(ctx, tx, MediaDeleteArgs{Keys: deleted.StoredKeys()}, nil)
			return err
		})
		if err != nil && !errors.Is(err, store.ErrNotFound) { // terminated meanwhile: nothing to do
			return fmt.Errorf("removing upload %d: %w", upload.ID, err)
		}
	}
	return nil
}
