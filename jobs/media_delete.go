package jobs

import (
	"context"
	"fmt"

	"github.com/riverqueue/river"

	"legacylocker/media"
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
type MediaDeleteWorker struct {
	river.WorkerDefaults[MediaDeleteArgs]
	Storage media.Storage
}

func (w *MediaDeleteWorker) Work(ctx context.Context, job *river.Job[MediaDeleteArgs]) error {
	for _, key := range job.Args.Keys {
		if err := w.Storage.Delete(ctx, key); err != nil {
			return fmt.Errorf("deleting %s: %w", key, err)
		}
	}
	return nil
}
