package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"legacylocker/media"
	"legacylocker/store"
)

// MediaHighlightsArgs detects the exciting moments of one video, for one detection request: the
// version lets a newer request supersede an older job.
type MediaHighlightsArgs struct {
	MediaID int64 `json:"media_id"`
	Version int32 `json:"version"`
}

func (MediaHighlightsArgs) Kind() string { return "media_highlights" }

func (MediaHighlightsArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMedia, MaxAttempts: 3}
}

// MediaHighlightsWorker runs the audio-loudness and scene-change detector and stores its segments
// on the item, replacing the previous ones.
type MediaHighlightsWorker struct {
	river.WorkerDefaults[MediaHighlightsArgs]
	Pool    *pgxpool.Pool
	Storage media.Storage
	Logger  *slog.Logger
}

func (w *MediaHighlightsWorker) Timeout(job *river.Job[MediaHighlightsArgs]) time.Duration {
	return mediaTimeout(w.Pool, job.Args.MediaID)
}

func (w *MediaHighlightsWorker) Work(ctx context.Context, job *river.Job[MediaHighlightsArgs]) error {
	item, err := loadRecord(ctx, w.Pool, "media", job.Args.MediaID, store.Q.MediaGetByID)
	if err != nil {
		return err
	}
	if item.HighlightsVersion != job.Args.Version {
		return nil // a newer request has its own job
	}
	segments, err := w.detect(ctx, item)
	if err != nil {
		w.Logger.WarnContext(ctx, "highlight detection failed", "media", item.ID, "attempt", job.Attempt, "error", err)
		corrupt := errors.Is(err, media.ErrCorrupt)
		return giveUpOrRetry(job.JobRow, err, corrupt, func() error {
			reason := "We couldn't analyse this video. Please try again."
			if corrupt {
				reason = "This video could not be read: " + shortReason(err)
			}
			_, err := store.Q.MediaHighlightsFailed(ctx, w.Pool, store.MediaHighlightsFailedParams{ID: item.ID, Version: job.Args.Version, Reason: reason})
			return err
		})
	}
	if segments == nil {
		segments = []media.Segment{} // a video with no highlights stores [], which the app counts
	}
	encoded, err := json.Marshal(segments)
	if err != nil {
		return err
	}
	if _, err := store.Q.MediaStoreHighlights(ctx, w.Pool, store.MediaStoreHighlightsParams{ID: item.ID, Version: job.Args.Version, Highlights: encoded}); err != nil {
		return fmt.Errorf("storing highlights: %w", err)
	}
	return nil
}

func (w *MediaHighlightsWorker) detect(ctx context.Context, item store.MediaItem) ([]media.Segment, error) {
	path, release, err := w.Storage.LocalPath(ctx, item.OriginalKey)
	if err != nil {
		return nil, fmt.Errorf("reading original: %w", err)
	}
	defer release()
	probe, err := media.Probe(ctx, path)
	if err != nil {
		return nil, err
	}
	return media.DetectHighlights(ctx, path, probe, media.HighlightOptions{})
}
