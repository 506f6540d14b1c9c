package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"legacylocker/media"
	"legacylocker/store"
)

// thumbnailSide is the long side of thumbnails and posters, in pixels.
const thumbnailSide = 480

// MediaProcessArgs prepares one uploaded item: its thumbnail or poster, dimensions, duration and,
// for video a browser cannot play, an H.264/AAC rendition (the poster is shown before it is done).
type MediaProcessArgs struct {
	MediaID int64 `json:"media_id"`
}

func (MediaProcessArgs) Kind() string { return "media_process" }

func (MediaProcessArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMedia, MaxAttempts: 5}
}

// MediaProcessWorker does the work with libvips and ffmpeg. Its outputs have keys derived from the
// original's, so a retried or rescued job overwrites them instead of adding more.
type MediaProcessWorker struct {
	river.WorkerDefaults[MediaProcessArgs]
	Pool    *pgxpool.Pool
	Storage media.Storage
	Logger  *slog.Logger
	// PerOwner is how many of one owner's media_process jobs may run at once while another
	// owner's wait (fairness.go); 0 is no limit.
	PerOwner int
	// Decoders makes thumbnails in decoder children; nil is the process's shared pool
	// (media.ImageThumbnail, limits from media.SetDecoderLimits).
	Decoders *media.Decoders
}

// Timeout grows with the file: transcoding is the slow part, at worst around a megabyte a second
// on a busy two-core machine, plus a fixed allowance.
func (w *MediaProcessWorker) Timeout(job *river.Job[MediaProcessArgs]) time.Duration {
	return mediaTimeout(w.Pool, job.Args.MediaID)
}

func mediaTimeout(pool *pgxpool.Pool, mediaID int64) time.Duration {
	const base, perMB = 2 * time.Minute, time.Second
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	item, err := store.Q.MediaGetByID(ctx, pool, mediaID)
	if err != nil {
		return 30 * time.Minute
	}
	return base + time.Duration(item.FileSize>>20)*perMB
}

func (w *MediaProcessWorker) Work(ctx context.Context, job *river.Job[MediaProcessArgs]) error {
	if err := waitForTurn(ctx, w.Pool, job.JobRow, job.Args.MediaID, w.PerOwner); err != nil {
		return err
	}
	item, err := loadRecord(ctx, w.Pool, "media", job.Args.MediaID, store.Q.MediaGetByID)
	if err != nil {
		return err
	}
	return w.processAndRecord(ctx, job.JobRow, item)
}

// processAndRecord processes the item's stored original and records the outcome: ready with its
// results, or — for a damaged file, or when no attempt is left — failed with a reason the family sees.
func (w *MediaProcessWorker) processAndRecord(ctx context.Context, job *rivertype.JobRow, item store.MediaItem) error {
	result, err := w.process(ctx, item)
	if err != nil {
		return w.recordFailure(ctx, job, item.ID, err)
	}
	result.ID = item.ID
	if err := store.Q.MediaMarkReady(ctx, w.Pool, result); err != nil {
		return fmt.Errorf("recording result: %w", err)
	}
	return nil
}

func (w *MediaProcessWorker) recordFailure(ctx context.Context, job *rivertype.JobRow, mediaID int64, cause error) error {
	w.Logger.WarnContext(ctx, "media processing failed", "media", mediaID, "attempt", job.Attempt, "error", cause)
	corrupt := errors.Is(cause, media.ErrCorrupt)
	// A decoder child that died on this file gets one more try in a fresh child; a file that
	// stopped a decoder twice is failed for good, not retried until the attempts run out.
	crashedTwice := errors.Is(cause, media.ErrDecoderCrashed) && decoderCrashedBefore(job)
	return giveUpOrRetry(job, cause, corrupt || crashedTwice, func() error {
		reason := "We couldn't process this file. Try uploading it again."
		switch {
		case corrupt:
			reason = "This file looks damaged or unreadable: " + shortReason(cause)
		case errors.Is(cause, media.ErrDecoderCrashed):
			reason = photoUnreadable
		}
		return store.Q.MediaMarkFailed(ctx, w.Pool, store.MediaMarkFailedParams{ID: mediaID, StatusReason: reason})
	})
}

// photoUnreadable is what a family sees for a photo that stopped our decoder (twice, or on the
// last attempt): the file is most likely at fault, and another copy of it may well work.
const photoUnreadable = "This photo could not be read. Try uploading it again, or a copy saved by another app."

// decoderCrashedBefore says an earlier attempt of the job ended with its decoder child dying.
func decoderCrashedBefore(job *rivertype.JobRow) bool {
	for _, e := range job.Errors {
		if strings.Contains(e.Error, media.ErrDecoderCrashed.Error()) {
			return true
		}
	}
	return false
}

func shortReason(err error) string {
	msg := err.Error()
	if i := strings.LastIndex(msg, ": "); i >= 0 && i+2 < len(msg) {
		msg = msg[i+2:]
	}
	if len(msg) > 160 {
		msg = msg[:160] + "…"
	}
	return msg
}

func (w *MediaProcessWorker) process(ctx context.Context, item store.MediaItem) (store.MediaMarkReadyParams, error) {
	var out store.MediaMarkReadyParams
	original, release, err := w.Storage.LocalPath(ctx, item.OriginalKey)
	if err != nil {
		return out, fmt.Errorf("reading original: %w", err)
	}
	defer release()
	scratch, err := media.ScratchDir("process")
	if err != nil {
		return out, err
	}
	defer os.RemoveAll(scratch)

	switch media.Kind(item.MediaType) {
	case media.KindImage:
		thumbPath := filepath.Join(scratch, "thumb.jpg")
		f, err := os.Create(thumbPath)
		if err != nil {
			return out, err
		}
		thumbnail := media.ImageThumbnail
		if w.Decoders != nil {
			thumbnail = w.Decoders.Thumbnail
		}
		width, height, err := thumbnail(ctx, original, thumbnailSide, f)
		if closeErr := f.Close(); err == nil {
			err = closeErr
		}
		if err != nil {
			return out, err
		}
		out.Width, out.Height = ptr(int32(width)), ptr(int32(height))
		if err := w.storeDerived(ctx, &out, item.OriginalKey, "thumb.jpg", thumbPath, &out.ThumbnailKey); err != nil {
			return out, err
		}
	case media.KindVideo:
		probe, err := media.Probe(ctx, original)
		if err != nil {
			return out, err
		}
		if err := w.videoOutputs(ctx, &out, item, original, probe, madeAlready{}, scratch); err != nil {
			return out, err
		}
	case media.KindAudio:
		probe, err := media.Probe(ctx, original)
		if err != nil {
			return out, err
		}
		out.Duration, out.AudioCodec = ptr(probe.Duration), nonEmpty(probe.AudioCodec)
	case media.KindPDF:
		previewPath := filepath.Join(scratch, "preview.jpg")
		err := media.PDFPreview(ctx, original, thumbnailSide, previewPath)
		if errors.Is(err, media.ErrToolMissing) {
			w.Logger.InfoContext(ctx, "pdftoppm not installed: PDF stored without a preview", "media", item.ID)
			return out, nil
		}
		if err != nil {
			return out, err
		}
		if err := w.storeDerived(ctx, &out, item.OriginalKey, "thumb.jpg", previewPath, &out.ThumbnailKey); err != nil {
			return out, err
		}
	default:
		return out, fmt.Errorf("%w: unknown media type %q", media.ErrCorrupt, item.MediaType)
	}
	return out, nil
}

// madeAlready is what a job made of a video before videoOutputs, a poster's and a rendition's files
// (what is left empty videoOutputs makes), and whether the job measures the sound itself, later.
type madeAlready struct {
	poster, rendition string
	loudnessLater     bool
}

// videoOutputs fills out for the video item whose local copy is at path and whose probe is
// known: its duration, codecs and size, its sound's loudness (a clip's), a poster and, when a
// browser cannot play it, a rendition (each made here unless made already), stored under keys
// derived from the item's original key. scratch is a directory for the files made.
func (w *MediaProcessWorker) videoOutputs(ctx context.Context, out *store.MediaMarkReadyParams, item store.MediaItem, path string, probe media.ProbeResult, made madeAlready, scratch string) error {
	out.Duration, out.VideoCodec, out.AudioCodec = ptr(probe.Duration), nonEmpty(probe.VideoCodec), nonEmpty(probe.AudioCodec)
	if made.loudnessLater || !probe.HasAudio || probe.Duration > loudnessAtProcessingSeconds {
		return w.pictureOutputs(ctx, out, item, path, probe, made.poster, made.rendition, scratch)
	}
	// The sound's loudness is measured beside the pictures (one ffmpeg decoding only the sound, on
	// the other core, in the background: the poster goes first), and kept for the reels the clip
	// goes into. A measurement that fails leaves it unknown rather than failing the upload: the
	// file plays, and a reel measures it again.
	measureCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	var loudness media.Loudness
	measured := make(chan error, 1)
	go func() {
		var err error
		loudness, err = media.MeasureLoudness(media.InBackground(measureCtx), path)
		measured <- err
	}()
	if err := w.pictureOutputs(ctx, out, item, path, probe, made.poster, made.rendition, scratch); err != nil {
		cancel()
		<-measured
		return err
	}
	if err := <-measured; err != nil {
		w.Logger.WarnContext(ctx, "loudness not measured", "media", item.ID, "error", err)
		return nil
	}
	out.LoudnessLufs, out.TruePeakDbtp = &loudness.Integrated, &loudness.TruePeak
	return nil
}

// loudnessAtProcessingSeconds is the longest video whose loudness is measured as it is processed:
// a clip of a play, the kind a reel joins whole. The measurement runs at about 70 times real time,
// beside a poster made in under a second, so a longer video (a whole game) would be ready later
// for a number a reel seldom needs (a film measures the segments it cuts); the first reel of such a
// video measures it and keeps it.
const loudnessAtProcessingSeconds = 120

// pictureOutputs is videoOutputs' picture half: the size, the poster and the rendition.
func (w *MediaProcessWorker) pictureOutputs(ctx context.Context, out *store.MediaMarkReadyParams, item store.MediaItem, path string, probe media.ProbeResult, poster, rendition, scratch string) error {
	if !probe.HasVideo {
		return nil // an audio-only MP4 (its first bytes can't tell): nothing to draw or transcode
	}
	out.Width, out.Height = ptr(int32(probe.Width)), ptr(int32(probe.Height))
	if !media.NeedsRendition(probe) {
		return w.storePoster(ctx, out, item, path, probe, poster, scratch)
	}
	if rendition != "" {
		if err := w.storePoster(ctx, out, item, path, probe, poster, scratch); err != nil {
			return err
		}
		return w.storeDerived(ctx, out, item.OriginalKey, "play.mp4", rendition, &out.RenditionKey)
	}
	// The rendition is the long part, so it starts at once; beside it the poster is made and shown
	// (with the size and length) while the item stays processing: it is ready when it plays in
	// every family member's browser, which is after the rendition.
	renditionCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	renditionPath := filepath.Join(scratch, "play.mp4")
	rendered := make(chan error, 1)
	// It runs in the background (media.InBackground): the poster beside it, what the family waits to
	// see, gets the cores first.
	go func() { rendered <- media.Rendition(media.InBackground(renditionCtx), path, renditionPath, probe) }()
	err := w.storePoster(ctx, out, item, path, probe, poster, scratch)
	if err == nil {
		err = store.Q.MediaShowPoster(ctx, w.Pool, store.MediaShowPosterParams{
			ID: item.ID, ThumbnailKey: out.ThumbnailKey, DerivedBytes: out.DerivedBytes, Width: out.Width, Height: out.Height,
			Duration: out.Duration, VideoCodec: out.VideoCodec, AudioCodec: out.AudioCodec,
		})
		if err != nil {
			err = fmt.Errorf("showing poster: %w", err)
		}
	}
	if err != nil {
		cancel()
		<-rendered // its files are in scratch, which the caller removes
		return err
	}
	if err := <-rendered; err != nil {
		return err
	}
	return w.storeDerived(ctx, out, item.OriginalKey, "play.mp4", renditionPath, &out.RenditionKey)
}

// storePoster stores the video's poster: the file at poster, or when that is empty one made here.
func (w *MediaProcessWorker) storePoster(ctx context.Context, out *store.MediaMarkReadyParams, item store.MediaItem, path string, probe media.ProbeResult, poster, scratch string) error {
	if poster == "" {
		poster = filepath.Join(scratch, "poster.jpg")
		if err := media.PosterFrame(ctx, path, probe.Duration, thumbnailSide, poster); err != nil {
			return err
		}
	}
	return w.storeDerived(ctx, out, item.OriginalKey, "thumb.jpg", poster, &out.ThumbnailKey)
}

// storeDerived puts a generated file under a key derived from the original's and counts its bytes.
func (w *MediaProcessWorker) storeDerived(ctx context.Context, out *store.MediaMarkReadyParams, original, suffix, path string, key **string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	derived := media.DerivedKey(original, suffix)
	n, err := w.Storage.Put(ctx, derived, f)
	if err != nil {
		return fmt.Errorf("storing %s: %w", suffix, err)
	}
	out.DerivedBytes += n
	*key = &derived
	return nil
}

func ptr[T any](v T) *T { return &v }

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
