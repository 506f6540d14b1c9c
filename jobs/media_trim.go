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
	"golang.org/x/sync/errgroup"

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

// MediaTrimWorker cuts the clip with ffmpeg into the clip's own key, then makes its poster from
// the cut file still on local disk and records it ready like a processed upload (duration, size,
// poster, and a rendition when the clip is not browser-playable).
// The row exists once and the key is fixed, so a retried or rescued job overwrites its own file
// and still yields exactly one clip.
//
// A clip of a video a browser cannot play (an iPhone's HEVC) keeps the original's codec and full
// quality (media.Trim smart-cuts HEVC as it does H.264) and so needs a rendition of its own. The
// original has one already, the 720p H.264 made when it was uploaded: the clip's is cut from it
// over the same range, while the clip itself is cut (a smart cut of 720p H.264 costs a fraction
// of encoding the clip again from HEVC). Without that rendition, or when its cut fails, the
// clip's rendition is made from the clip, as for an upload.
//
// How the clip was cut (media.TrimResult: copy, smartcut or reencode, and why a faster way was
// not taken), and its rendition, is logged and recorded as the job's output
// (river.RecordOutput), which operators see in River's job list.
type MediaTrimWorker struct {
	river.WorkerDefaults[MediaTrimArgs]
	Pool    *pgxpool.Pool
	Storage media.Storage
	Logger  *slog.Logger
}

// TrimOutput is what a media_trim job records as its output.
type TrimOutput struct {
	Mode media.TrimMode `json:"mode"`
	// Fallback says why the clip was not copied or smart-cut, when it was not.
	Fallback string `json:"fallback,omitempty"`
	// CutSeconds is how long ffmpeg's part took, from reading the source to the checked clip.
	CutSeconds float64 `json:"cut_seconds"`
	// RenditionMode says how the clip's rendition was cut from the original's (empty when the
	// clip needs none, or when it was made from the clip: RenditionFallback says why).
	RenditionMode     media.TrimMode `json:"rendition_mode,omitempty"`
	RenditionFallback string         `json:"rendition_fallback,omitempty"`
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
	err = w.cut(ctx, processor, clip)
	if errors.Is(err, errSourceGone) {
		if err := store.Q.MediaMarkFailed(ctx, w.Pool, store.MediaMarkFailedParams{ID: clip.ID, StatusReason: "The original video was deleted before the clip was cut."}); err != nil {
			return err
		}
		return river.JobCancel(err)
	}
	if err != nil {
		return processor.recordFailure(ctx, job.JobRow, clip.ID, err)
	}
	return nil
}

var errSourceGone = errors.New("source video deleted")

// millisecondsAsSeconds is d in seconds to the millisecond, as a job's output shows it: 3.272,
// where Duration.Seconds of the rounded time prints 3.2720000000000002.
func millisecondsAsSeconds(d time.Duration) float64 {
	return float64(d.Round(time.Millisecond).Milliseconds()) / 1000
}

// cut writes the clip into its key, records its real size and marks it ready, then measures its
// sound for the reels it goes into (see keepLoudness).
func (w *MediaTrimWorker) cut(ctx context.Context, processor *MediaProcessWorker, clip store.MediaItem) error {
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
	scratch, err := media.ScratchDir("trim")
	if err != nil {
		return err
	}
	defer os.RemoveAll(scratch)
	out := filepath.Join(scratch, "clip.mp4")
	// The poster is made from the cut clip while Trim checks it (see media.TrimOptions).
	poster := filepath.Join(scratch, "poster.jpg")
	rendition := w.cutRendition(ctx, source, *clip.ClipStart, *clip.ClipEnd, scratch)
	defer rendition.stop()
	began := time.Now()
	// Trim probes the source itself.
	res, err := media.TrimWith(ctx, in, out, *clip.ClipStart, *clip.ClipEnd, media.TrimOptions{PosterPath: poster, PosterSide: thumbnailSide})
	if err != nil {
		return err
	}
	output := TrimOutput{Mode: res.Mode, Fallback: res.Fallback, CutSeconds: millisecondsAsSeconds(time.Since(began))}
	playPath := ""
	if media.NeedsRendition(res.Clip) {
		playPath, output.RenditionMode, output.RenditionFallback = rendition.wait()
	}
	if err := river.RecordOutput(ctx, output); err != nil {
		return fmt.Errorf("recording the job's output: %w", err)
	}
	// Storing the clip (a copy and a sync) and its poster and rendition go side by side. The clip
	// is still on local disk with its probe known: no second download or probe.
	ready := store.MediaMarkReadyParams{ID: clip.ID}
	stored, sctx := errgroup.WithContext(ctx)
	stored.Go(func() error { return w.storeClip(sctx, clip, source, out, res, output) })
	stored.Go(func() error {
		return processor.videoOutputs(sctx, &ready, clip, out, res.Clip, madeAlready{poster: poster, rendition: playPath, loudnessLater: true}, scratch)
	})
	if err := stored.Wait(); err != nil {
		return err
	}
	if err := store.Q.MediaMarkReady(ctx, w.Pool, ready); err != nil {
		return fmt.Errorf("recording result: %w", err)
	}
	w.keepLoudness(ctx, clip.ID, out, res.Clip)
	return nil
}

// keepLoudness measures a ready clip's sound and keeps it for the reels the clip goes into. It comes
// after the clip is ready: the family waits for a clip that plays, not for a number only a reel
// reads (a clip of two minutes or less: a reel joins such a clip whole). A measurement that fails, or
// a worker that stops before it, leaves it unknown, and the first reel of the clip measures it.
func (w *MediaTrimWorker) keepLoudness(ctx context.Context, clipID int64, path string, probe media.ProbeResult) {
	if !probe.HasAudio || probe.Duration > loudnessAtProcessingSeconds {
		return
	}
	l, err := media.MeasureLoudness(media.InBackground(ctx), path)
	if err == nil {
		err = store.Q.MediaKeepLoudness(ctx, w.Pool, store.MediaKeepLoudnessParams{ID: clipID, LoudnessLufs: &l.Integrated, TruePeakDbtp: &l.TruePeak})
	}
	if err != nil {
		w.Logger.WarnContext(ctx, "loudness not measured", "media", clipID, "error", err)
	}
}

// storeClip puts the cut clip under its key and records its real size.
func (w *MediaTrimWorker) storeClip(ctx context.Context, clip, source store.MediaItem, path string, res media.TrimResult, output TrimOutput) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	size, err := w.Storage.Put(ctx, clip.OriginalKey, f)
	if err != nil {
		return fmt.Errorf("storing clip: %w", err)
	}
	attrs := []any{"clip", clip.ID, "source", source.ID, "mode", res.Mode, "bytes", size, "cut_seconds", output.CutSeconds}
	if res.Fallback != "" {
		attrs = append(attrs, "fallback", res.Fallback)
	}
	if output.RenditionMode != "" {
		attrs = append(attrs, "rendition_mode", output.RenditionMode)
	}
	if output.RenditionFallback != "" {
		attrs = append(attrs, "rendition_fallback", output.RenditionFallback)
	}
	w.Logger.InfoContext(ctx, "clip cut", attrs...)
	return store.Q.MediaSetFileSize(ctx, w.Pool, store.MediaSetFileSizeParams{ID: clip.ID, FileSize: size})
}

// renditionCut is the clip's rendition being cut from the original's (cutRendition).
type renditionCut struct {
	done   chan renditionCutResult // nil: there is no rendition to cut from
	cancel context.CancelFunc
	waited *renditionCutResult
}

type renditionCutResult struct {
	path     string
	mode     media.TrimMode
	fallback string
}

// cutRendition starts cutting [start, end) of source's rendition into scratch, on the core the
// clip's own cut leaves (see MediaTrimWorker), when the clip will want it: only an HEVC clip is
// cut in a codec a browser may not play (other sources with a rendition are re-encoded to H.264).
func (w *MediaTrimWorker) cutRendition(ctx context.Context, source store.MediaItem, start, end float64, scratch string) *renditionCut {
	r := &renditionCut{cancel: func() {}}
	if source.RenditionKey == nil || source.VideoCodec == nil || *source.VideoCodec != "hevc" {
		return r
	}
	ctx, r.cancel = context.WithCancel(ctx)
	r.done = make(chan renditionCutResult, 1)
	go func() {
		r.done <- w.cutRenditionNow(ctx, *source.RenditionKey, start, end, filepath.Join(scratch, "play.mp4"))
	}()
	return r
}

func (w *MediaTrimWorker) cutRenditionNow(ctx context.Context, key string, start, end float64, out string) renditionCutResult {
	in, release, err := w.Storage.LocalPath(ctx, key)
	if err != nil {
		return renditionCutResult{fallback: "reading the original's rendition: " + err.Error()}
	}
	defer release()
	res, err := media.Trim(ctx, in, out, start, end)
	switch {
	case err != nil:
		return renditionCutResult{fallback: "cutting the original's rendition: " + err.Error()}
	case media.NeedsRendition(res.Clip):
		// A rendition made before renditions were H.264 (or a damaged one): not one to pass on.
		return renditionCutResult{fallback: "the original's rendition is not browser-playable"}
	}
	return renditionCutResult{path: out, mode: res.Mode, fallback: res.Fallback}
}

// wait answers the rendition's path (empty when there is none to use: the clip's is then made
// from the clip), how it was cut and, when it was not smart-cut or copied, why.
func (r *renditionCut) wait() (path string, mode media.TrimMode, fallback string) {
	if r.done == nil {
		return "", "", "the original has no rendition"
	}
	if r.waited == nil {
		res := <-r.done
		r.waited = &res
	}
	return r.waited.path, r.waited.mode, r.waited.fallback
}

// stop ends a cut that is no longer wanted and waits for it, so its files can go.
func (r *renditionCut) stop() {
	r.cancel()
	if r.done != nil {
		_, _, _ = r.wait()
	}
}
