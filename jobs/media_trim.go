package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"legacylocker/media"
	"legacylocker/store"
)

// MediaTrimArgs cuts one clip. The clip's row — created with its range and storage key in the
// transaction that enqueued this job — holds everything the job needs.
type MediaTrimArgs struct {
	ClipID int64 `json:"clip_id"`
}

func (MediaTrimArgs) Kind() string { return "media_trim" }

func (MediaTrimArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMedia, MaxAttempts: 5}
}

// MediaTrimWorker cuts the clip with ffmpeg into the clip's own key, then processes it exactly as
// an upload (poster, duration, rendition). The row exists once and the key is fixed, so a retried
// or rescued job overwrites its own file and still yields exactly one clip.
type MediaTrimWorker struct {
	river.WorkerDefaults[MediaTrimArgs]
	Pool    *pgxpool.Pool
	Storage media.Storage
	Logger  *slog.Logger
}

func (w *MediaTrimWorker) Timeout(job *river.Job[MediaTrimArgs]) time.Duration {
	return mediaTimeout(w.Pool, job.Args.ClipID)
}

func (w *MediaTrimWorker) Work(ctx context.Context, job *river.Job[MediaTrimArgs]) error {
	clip, err := loadRecord(ctx, w.Pool, "clip", job.Args.ClipID, store.Q.MediaGetByID)
	if err != nil {
		return err
	}
	if !clip.Status.Working() {
		return nil // finished by an earlier attempt
	}
	processor := &MediaProcessWorker{Pool: w.Pool, Storage: w.Storage, Logger: w.Logger}
	if err := w.cut(ctx, clip); err != nil {
		if errors.Is(err, errSourceGone) {
			if err := store.Q.MediaMarkFailed(ctx, w.Pool, store.MediaMarkFailedParams{ID: clip.ID, StatusReason: "The original video was deleted before the clip was cut."}); err != nil {
				return err
			}
			return river.JobCancel(err)
		}
		return processor.recordFailure(ctx, job.JobRow, clip.ID, err)
	}
	return processor.processAndRecord(ctx, job.JobRow, clip)
}

var errSourceGone = errors.New("source video deleted")

// cut writes the clip into its key and records its real size.
func (w *MediaTrimWorker) cut(ctx context.Context, clip store.MediaItem) error {
	// Deleting a source sets its clips' source_media_id to NULL.
	if clip.SourceMediaID == nil {
		return errSourceGone
	}
	if clip.ClipStart == nil || clip.ClipEnd == nil {
		return fmt.Errorf("%w: clip %d has no range", media.ErrCorrupt, clip.ID)
	}
	source, err := store.Q.MediaGetByID(ctx, w.Pool, *clip.SourceMediaID)
	if errors.Is(store.Translate(err), store.ErrNotFound) {
		return errSourceGone
	}
	if err != nil {
		return fmt.Errorf("loading source: %w", err)
	}
	in, release, err := w.Storage.LocalPath(ctx, source.OriginalKey)
	if err != nil {
		return fmt.Errorf("reading source: %w", err)
	}
	defer release()
	probe, err := media.Probe(ctx, in)
	if err != nil {
		return err
	}
	scratch, err := media.ScratchDir("trim")
	if err != nil {
		return err
	}
	defer os.RemoveAll(scratch)
	out := filepath.Join(scratch, "clip.mp4")
	mode, err := media.Trim(ctx, in, out, *clip.ClipStart, *clip.ClipEnd, probe)
	if err != nil {
		return err
	}
	f, err := os.Open(out)
	if err != nil {
		return err
	}
	defer f.Close()
	size, err := w.Storage.Put(ctx, clip.OriginalKey, f)
	if err != nil {
		return fmt.Errorf("storing clip: %w", err)
	}
	w.Logger.InfoContext(ctx, "clip cut", "clip", clip.ID, "source", source.ID, "mode", mode, "bytes", size)
	return store.Q.MediaSetFileSize(ctx, w.Pool, store.MediaSetFileSizeParams{ID: clip.ID, FileSize: size})
}
