package jobs

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"legacylocker/media"
	"legacylocker/store"
	"legacylocker/store/backup"
)

// MediaDeleteArgs removes the stored files of a deleted item. The keys travel in the job because
// the row that named them is gone by the time it runs.
type MediaDeleteArgs struct {
	Keys []string `json:"keys"`
}

func (MediaDeleteArgs) Kind() string { return "media_delete" }

func (MediaDeleteArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueDefault, MaxAttempts: 10}
}

// MediaDeleteWorker deletes the files; a missing file is already deleted, so retries are safe.
// While a backup copies the files its snapshot names, deletions wait (backup.DeletesAllowed), so a
// file deleted just after the snapshot is still copied and every row the dump holds finds its file.
type MediaDeleteWorker struct {
	river.WorkerDefaults[MediaDeleteArgs]
	Pool    *pgxpool.Pool
	Storage media.Storage
}

// mediaDeleteWait is how long a deletion waits for a backup's copy before it asks again.
const mediaDeleteWait = 10 * time.Second

func (w *MediaDeleteWorker) Work(ctx context.Context, job *river.Job[MediaDeleteArgs]) error {
	return store.WithTx(ctx, w.Pool, func(tx pgx.Tx) error {
		allowed, err := backup.DeletesAllowed(ctx, tx)
		if err != nil {
			return err
		}
		if !allowed {
			return river.JobSnooze(mediaDeleteWait)
		}
		for _, key := range job.Args.Keys {
			if err := w.Storage.Delete(ctx, key); err != nil {
				return fmt.Errorf("deleting %s: %w", key, err)
			}
		}
		return nil
	})
}

// removeEach removes the records in its own transaction each: remove deletes one record and answers
// the storage keys of its files, which media_delete then removes, enqueued in that transaction so a
// record never goes without its files going too. A record remove answers store.ErrNotFound for (gone
// meanwhile) is passed over; the periodic cleanups use it.
func removeEach[T any](ctx context.Context, pool *pgxpool.Pool, records []T, remove func(tx pgx.Tx, record T) ([]string, error)) error {
	client, err := river.ClientFromContextSafely[pgx.Tx](ctx)
	if err != nil {
		return fmt.Errorf("finding the job client: %w", err)
	}
	for _, record := range records {
		err := store.WithTx(ctx, pool, func(tx pgx.Tx) error {
			keys, err := remove(tx, record)
			if err != nil || len(keys) == 0 {
				return err
			}
			_, err = client.InsertTx(ctx, tx, MediaDeleteArgs{Keys: keys}, nil)
			return err
		})
		if err != nil && !errors.Is(store.Translate(err), store.ErrNotFound) {
			return err
		}
	}
	return nil
}
