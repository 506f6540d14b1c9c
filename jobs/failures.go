package jobs

import (
	"errors"
	"fmt"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// giveUpOrRetry is the one failure policy of the jobs whose failures a family sees (AI work,
// media processing, highlights): a transient failure with attempts left is returned, so River
// retries it with backoff; a permanent one (the file or the request itself is at fault), or the
// last attempt, is recorded where the family sees it and the job is cancelled for good.
func giveUpOrRetry(job *rivertype.JobRow, cause error, permanent bool, record func() error) error {
	if !permanent && job.Attempt < job.MaxAttempts {
		return fmt.Errorf("attempt %d of %d: %w", job.Attempt, job.MaxAttempts, cause)
	}
	if err := record(); err != nil {
		return errors.Join(cause, fmt.Errorf("recording failure: %w", err))
	}
	return river.JobCancel(cause)
}
