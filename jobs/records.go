package jobs

import (
	"context"
	"errors"
	"fmt"

	"github.com/riverqueue/river"

	"legacylocker/store"
)

// loadRecord is how every worker reads the record its job works on (job args carry only ids).
// A record deleted since the job was enqueued cancels the job for good: nothing is left to do and
// a retry cannot bring the record back. Any other error is returned, so River retries with backoff.
// what names the record in the error ("media", "outbound email"); get is the store query, e.g.
// store.Q.MediaGetByID.
func loadRecord[T any](ctx context.Context, db store.DBTX, what string, id int64, get func(context.Context, store.DBTX, int64) (T, error)) (T, error) {
	record, err := get(ctx, db, id)
	if err := store.Translate(err); err != nil {
		var zero T
		if errors.Is(err, store.ErrNotFound) {
			return zero, river.JobCancel(fmt.Errorf("%s %d no longer exists", what, id))
		}
		return zero, fmt.Errorf("loading %s %d: %w", what, id, err)
	}
	return record, nil
}
