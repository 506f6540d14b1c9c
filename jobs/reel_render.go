package jobs

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"legacylocker/media"
	"legacylocker/media/cards"
	"legacylocker/store"
)

// ReelSlide is a reel's title or end slide as the family filled it in (prefilled from the profile).
type ReelSlide struct {
	Name      string `json:"name"`
	Number    string `json:"number"`
	Position  string `json:"position"`
	ClassYear string `json:"classYear"`
	School    string `json:"school"`
	Contact   string `json:"contact"`
}

// ReelSpotlight rings the athlete in one clip of a reel: At seconds into the clip, for Seconds,
// centred at X, Y (fractions of the clip's frame).
type ReelSpotlight struct {
	ClipID  int64   `json:"clipId"`
	At      float64 `json:"at"`
	X       float64 `json:"x"`
	Y       float64 `json:"y"`
	Seconds float64 `json:"seconds"`
}

// ReelSegment is the part of a clip a reel plays: Start to End seconds into the clip.
type ReelSegment struct {
	ClipID int64   `json:"clipId"`
	Start  float64 `json:"start"`
	End    float64 `json:"end"`
}

// ReelSegments reads a reel's segments, one per clip in order; nil for a reel of whole clips.
func ReelSegments(raw []byte) ([]ReelSegment, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var segments []ReelSegment
	if err := json.Unmarshal(raw, &segments); err != nil {
		return nil, fmt.Errorf("reading the segments: %w", err)
	}
	return segments, nil
}

// ReelRenderArgs renders one reel; the reel's row holds what it is made of.
type ReelRenderArgs struct {
	ReelID int64 `json:"reel_id"`
}

func (ReelRenderArgs) Kind() string { return "reel_render" }

func (ReelRenderArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMedia, MaxAttempts: 3}
}

// ReelRenderWorker renders a reel's version in each of its formats (media.RenderReel) and files each
// as a video in the athlete's library, with its poster as any video gets: the reel's first render
// makes the media items, a later one (after an edit) replaces their files, so their ids, share links
// and places on recruiting links stay. Its files are named by the reel, its version and the format,
// so a retried or rescued job overwrites what an earlier attempt stored and still yields one item
// per format; a render of a version an edit has replaced records nothing and removes its files.
type ReelRenderWorker struct {
	river.WorkerDefaults[ReelRenderArgs]
	Pool    *pgxpool.Pool
	Storage media.Storage
	Logger  *slog.Logger
}

// ReelOutput is what a reel_render job records as its output, per format.
type ReelOutput struct {
	Format   media.ReelFormat `json:"format"`
	Mode     media.ReelMode   `json:"mode"`
	Fallback string           `json:"fallback,omitempty"`
	Seconds  float64          `json:"seconds"`
}

// Timeout allows an encode at a quarter of real time per format, on top of five minutes.
func (w *ReelRenderWorker) Timeout(job *river.Job[ReelRenderArgs]) time.Duration {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	reel, err := store.Q.ReelGetByID(ctx, w.Pool, job.Args.ReelID)
	if err != nil {
		return time.Hour
	}
	clips, err := store.Q.ReelClips(ctx, w.Pool, store.ReelClipsParams{AthleteID: reel.AthleteID, Ids: reel.ClipIds})
	if err != nil {
		return time.Hour
	}
	seconds := 0.0
	if filmToChoose(reel) {
		seconds = *reel.FilmSeconds // a film whose segments are chosen once detection is done
	} else if segments, err := ReelSegments(reel.Segments); err == nil && segments != nil {
		for _, s := range segments {
			seconds += s.End - s.Start
		}
	} else {
		for _, c := range clips {
			if c.Duration != nil {
				seconds += *c.Duration
			}
		}
	}
	return 5*time.Minute + time.Duration(seconds*4*float64(len(reel.Formats)))*time.Second
}

// errReelEdited: the reel was edited while this version rendered.
var errReelEdited = errors.New("reel edited during its render")

func (w *ReelRenderWorker) Work(ctx context.Context, job *river.Job[ReelRenderArgs]) error {
	reel, err := loadRecord(ctx, w.Pool, "reel", job.Args.ReelID, store.Q.ReelGetByID)
	if err != nil {
		return err
	}
	if !reel.Status.Working() {
		return nil // finished by an earlier attempt, or failed for good
	}
	if n, err := store.Q.ReelStart(ctx, w.Pool, store.ReelStartParams{ID: reel.ID, Version: reel.Version}); err != nil || n == 0 {
		return err
	}
	if filmToChoose(reel) {
		chosen, reason, err := w.chooseFilm(ctx, reel)
		if err != nil {
			return err // a snooze while detection runs, or another try
		}
		if reason != "" {
			return w.fail(ctx, job.JobRow, reel, reason, media.ErrCorrupt)
		}
		reel = chosen
	}
	scratch, err := media.ScratchDir("reel")
	if err != nil {
		return err
	}
	defer os.RemoveAll(scratch)
	spec, release, reason, err := w.reel(ctx, reel)
	defer release()
	if err == nil && reason != "" {
		err = media.ErrCorrupt
	}
	var outputs []ReelOutput
	var stored map[media.ReelFormat]renderedReel
	if err == nil {
		stored, outputs, err = w.render(ctx, reel, spec, scratch)
	}
	if err != nil {
		return w.fail(ctx, job.JobRow, reel, reason, err)
	}
	if err := river.RecordOutput(ctx, outputs); err != nil {
		return fmt.Errorf("recording the job's output: %w", err)
	}
	err = w.record(ctx, reel, stored, spec.private)
	if errors.Is(err, errReelEdited) {
		var keys []string
		for _, s := range stored {
			keys = append(keys, s.keys()...)
		}
		_, err = river.ClientFromContext[pgx.Tx](ctx).Insert(ctx, MediaDeleteArgs{Keys: keys}, nil)
	}
	return err
}

// fail records why the reel was not made: at once for what another attempt cannot mend (a clip
// gone, damaged), otherwise when the attempts run out.
func (w *ReelRenderWorker) fail(ctx context.Context, job *rivertype.JobRow, reel store.Reel, reason string, cause error) error {
	w.Logger.WarnContext(ctx, "reel render failed", "reel", reel.ID, "attempt", job.Attempt, "error", cause)
	permanent := errors.Is(cause, media.ErrCorrupt)
	if reason == "" {
		reason = "The reel could not be made. Try again."
		if permanent {
			reason = "A clip of this reel could not be read: " + shortReason(cause)
		}
	}
	return giveUpOrRetry(job, cause, permanent, func() error {
		return store.Q.ReelFail(ctx, w.Pool, store.ReelFailParams{ID: reel.ID, Version: reel.Version, StatusReason: reason})
	})
}

// reelSpec is a reel read from its row: its clips on local disk, its slides' words and photo.
type reelSpec struct {
	clips      []media.ReelClip
	titleSlide *cards.Slide
	endSlide   *cards.Slide
	// private: a reel holding a private clip is filed private (the family shares it when they choose).
	private bool
}

// reel reads the reel's row and makes its clips local. A clip gone from the library, or not a ready
// video, answers a reason for the family (the api checked them, but a clip can be deleted since).
func (w *ReelRenderWorker) reel(ctx context.Context, reel store.Reel) (reelSpec, func(), string, error) {
	var spec reelSpec
	var releases []func()
	release := func() {
		for _, r := range releases {
			r()
		}
	}
	items, err := store.Q.ReelClips(ctx, w.Pool, store.ReelClipsParams{AthleteID: reel.AthleteID, Ids: reel.ClipIds})
	if err != nil {
		return spec, release, "", fmt.Errorf("loading the clips: %w", err)
	}
	byID := map[int64]store.MediaItem{}
	for _, it := range items {
		byID[it.ID] = it
	}
	var clipItems []int64 // each clip's media item
	var spots []ReelSpotlight
	if err := json.Unmarshal(reel.Spotlight, &spots); err != nil {
		return spec, release, "", fmt.Errorf("reading the spotlights: %w", err)
	}
	segments, err := ReelSegments(reel.Segments)
	if err != nil {
		return spec, release, "", err
	}
	if segments != nil && len(segments) != len(reel.ClipIds) {
		return spec, release, "", fmt.Errorf("reel %d has %d segments for %d clips", reel.ID, len(segments), len(reel.ClipIds))
	}
	// A film may cut several segments from one game's video: each file is fetched and probed once.
	type local struct {
		path  string
		probe media.ProbeResult
	}
	locals := map[int64]local{}
	for i, id := range reel.ClipIds {
		it, ok := byID[id]
		if !ok || it.MediaType != string(media.KindVideo) || it.Status != store.JobReady {
			return spec, release, fmt.Sprintf("Clip %d is no longer a ready video in the library. Edit the reel to choose another.", i+1), nil
		}
		spec.private = spec.private || it.IsPrivate
		l, ok := locals[id]
		if !ok {
			path, done, err := w.Storage.LocalPath(ctx, it.OriginalKey)
			if err != nil {
				return spec, release, "", fmt.Errorf("reading clip %d: %w", i+1, err)
			}
			releases = append(releases, done)
			probe, err := media.Probe(ctx, path)
			if err != nil {
				return spec, release, "", fmt.Errorf("clip %d: %w", i+1, err)
			}
			l = local{path, probe}
			locals[id] = l
		}
		clip := media.ReelClip{Path: l.path, Title: it.Title, Probe: l.probe}
		start, end := 0.0, l.probe.Duration
		if segments != nil {
			start, end = segments[i].Start, min(segments[i].End, l.probe.Duration)
			if end-start < MinSegmentSeconds/2 { // the file is shorter than the item said when it was chosen
				return spec, release, fmt.Sprintf("Segment %d is no longer inside its clip. Edit the reel to choose again.", i+1), nil
			}
			clip.Cut, clip.Start, clip.Probe.Duration = true, start, end-start
		}
		if !clip.Cut {
			clip.Loudness = keptLoudness(it) // a segment is measured for itself (media.LevelClips)
		}
		clip.Spotlights = clipSpotlights(spots, id, start, end)
		spec.clips = append(spec.clips, clip)
		clipItems = append(clipItems, id)
	}
	if err := w.level(ctx, spec.clips, clipItems); err != nil {
		return spec, release, "", err
	}
	photo, err := w.photo(ctx, reel.AthleteID)
	if err != nil {
		return spec, release, "", err
	}
	for _, s := range []struct {
		raw    []byte
		kicker string
		into   **cards.Slide
	}{{reel.TitleSlide, reel.Title, &spec.titleSlide}, {reel.EndSlide, "Thanks for watching", &spec.endSlide}} {
		if len(s.raw) == 0 || string(s.raw) == "null" {
			continue
		}
		var slide ReelSlide
		if err := json.Unmarshal(s.raw, &slide); err != nil {
			return spec, release, "", fmt.Errorf("reading a slide: %w", err)
		}
		*s.into = &cards.Slide{Kicker: s.kicker, Name: slide.Name, Number: slide.Number, Position: slide.Position,
			ClassYear: slide.ClassYear, School: slide.School, Contact: slide.Contact, Photo: photo}
	}
	return spec, release, "", nil
}

// keptLoudness is the item's loudness as its processing measured it, or nil when it was not.
func keptLoudness(it store.MediaItem) *media.Loudness {
	if it.LoudnessLufs == nil || it.TruePeakDbtp == nil {
		return nil
	}
	return &media.Loudness{Integrated: *it.LoudnessLufs, TruePeak: *it.TruePeakDbtp}
}

// level measures the clips whose loudness was not kept (items processed before it was measured,
// and segments, each measured for itself) and keeps a whole clip's on its item, so the next reel
// of it does not measure it again.
func (w *ReelRenderWorker) level(ctx context.Context, clips []media.ReelClip, items []int64) error {
	unknown := map[int]bool{}
	for i, c := range clips {
		unknown[i] = c.Loudness == nil
	}
	if err := media.LevelClips(ctx, clips); err != nil {
		return err
	}
	for i, c := range clips {
		if !unknown[i] || c.Loudness == nil || c.Cut {
			continue
		}
		if err := store.Q.MediaKeepLoudness(ctx, w.Pool, store.MediaKeepLoudnessParams{ID: items[i],
			LoudnessLufs: &c.Loudness.Integrated, TruePeakDbtp: &c.Loudness.TruePeak}); err != nil {
			return fmt.Errorf("keeping clip %d's loudness: %w", i+1, err)
		}
	}
	return nil
}

// clipSpotlights are clip id's spotlights that fall in what the reel plays of it, [start, end) of
// the clip, timed from start: the family places a spotlight in its clip's own time.
func clipSpotlights(spots []ReelSpotlight, id int64, start, end float64) []media.ReelSpotlight {
	var out []media.ReelSpotlight
	for _, s := range spots {
		if s.ClipID == id && s.At >= start && s.At < end {
			out = append(out, media.ReelSpotlight{At: s.At - start, Seconds: s.Seconds, X: s.X, Y: s.Y})
		}
	}
	return out
}

// photo is the athlete's profile photo (its large square, our own JPEG: profile_photo decoded the
// family's file in the decoder child), or none.
func (w *ReelRenderWorker) photo(ctx context.Context, athleteID int64) (image.Image, error) {
	raw, _, err := athletePhotoSquare(ctx, w.Pool, w.Storage, athleteID, false)
	if err != nil || raw == nil {
		return nil, err
	}
	img, err := jpeg.Decode(bytes.NewReader(raw))
	if err != nil {
		w.Logger.WarnContext(ctx, "athlete photo not readable; slide drawn without it", "athlete", athleteID, "error", err)
		return nil, nil
	}
	return img, nil
}

// renderedReel is one format's file, stored, with what marks its media item ready.
type renderedReel struct {
	key   string
	size  int64
	ready store.MediaMarkReadyParams
}

func (r renderedReel) keys() []string {
	keys := []string{r.key}
	for _, k := range []*string{r.ready.ThumbnailKey, r.ready.RenditionKey} {
		if k != nil {
			keys = append(keys, *k)
		}
	}
	return keys
}

// render renders and stores each format, reporting progress across all of them.
func (w *ReelRenderWorker) render(ctx context.Context, reel store.Reel, spec reelSpec, scratch string) (map[media.ReelFormat]renderedReel, []ReelOutput, error) {
	stored := map[media.ReelFormat]renderedReel{}
	var outputs []ReelOutput
	processor := &MediaProcessWorker{Pool: w.Pool, Storage: w.Storage, Logger: w.Logger}
	for i, f := range reel.Formats {
		format := media.ReelFormat(f)
		dir := filepath.Join(scratch, f)
		if err := os.Mkdir(dir, 0o700); err != nil {
			return nil, nil, err
		}
		r := media.Reel{Title: reel.Title, Clips: slices.Clone(spec.clips)}
		width, height := media.ReelFrame(format, spec.clips)
		for _, s := range []struct {
			slide *cards.Slide
			path  *string
			name  string
		}{{spec.titleSlide, &r.TitleSlide, "title.png"}, {spec.endSlide, &r.EndSlide, "end.png"}} {
			if s.slide == nil {
				continue
			}
			*s.path = filepath.Join(dir, s.name)
			var buf bytes.Buffer
			if err := cards.RenderSlide(&buf, *s.slide, width, height); err != nil {
				return nil, nil, fmt.Errorf("drawing a slide: %w", err)
			}
			if err := os.WriteFile(*s.path, buf.Bytes(), 0o600); err != nil {
				return nil, nil, err
			}
		}
		out := filepath.Join(dir, "reel.mp4")
		began := time.Now()
		res, err := media.RenderReel(ctx, r, format, out, func(done float64) {
			progress := (float64(i) + done) / float64(len(reel.Formats))
			// A lost progress write only leaves the bar behind for half a second.
			_ = store.Q.ReelSetProgress(ctx, w.Pool, store.ReelSetProgressParams{ID: reel.ID, Version: reel.Version, Progress: &progress})
		})
		if err != nil {
			return nil, nil, err
		}
		outputs = append(outputs, ReelOutput{Format: format, Mode: res.Mode, Fallback: res.Fallback, Seconds: millisecondsAsSeconds(time.Since(began))})
		key := fmt.Sprintf("reel-%d-v%d-%s.mp4", reel.ID, reel.Version, f)
		file, err := os.Open(out)
		if err != nil {
			return nil, nil, err
		}
		size, err := w.Storage.Put(ctx, key, file)
		file.Close()
		if err != nil {
			return nil, nil, fmt.Errorf("storing the %s reel: %w", f, err)
		}
		rendered := renderedReel{key: key, size: size}
		if err := processor.videoOutputs(ctx, &rendered.ready, store.MediaItem{OriginalKey: key}, out, res.Probe, madeAlready{}, dir); err != nil {
			return nil, nil, err
		}
		stored[format] = rendered
		w.Logger.InfoContext(ctx, "reel rendered", "reel", reel.ID, "format", f, "mode", res.Mode, "bytes", size)
	}
	return stored, outputs, nil
}

// record files the rendered reels in the library and marks the reel ready, in one transaction: the
// items of a first render are made, those of an earlier one get the new files (their old files go
// to media_delete), and the item of a format no longer asked for is deleted.
func (w *ReelRenderWorker) record(ctx context.Context, reel store.Reel, stored map[media.ReelFormat]renderedReel, private bool) error {
	client, err := river.ClientFromContextSafely[pgx.Tx](ctx)
	if err != nil {
		return fmt.Errorf("finding the job client: %w", err)
	}
	current := map[media.ReelFormat]*int64{media.ReelLandscape: reel.LandscapeMediaID, media.ReelVertical: reel.VerticalMediaID}
	return store.WithTx(ctx, w.Pool, func(tx pgx.Tx) error {
		ids := map[media.ReelFormat]*int64{}
		var stale []string
		for format, existing := range current {
			r, wanted := stored[format]
			var item *store.MediaItem
			if existing != nil {
				it, err := store.Q.MediaGetByID(ctx, tx, *existing)
				if err := store.Translate(err); err != nil && !errors.Is(err, store.ErrNotFound) {
					return err
				}
				if err == nil {
					item = &it
				}
			}
			switch {
			case !wanted && item != nil:
				deleted, err := store.Q.MediaDelete(ctx, tx, item.ID)
				if err != nil {
					return err
				}
				stale = append(stale, itemKeys(deleted)...)
			case wanted && item != nil:
				old, err := store.Q.MediaReplaceReelFile(ctx, tx, store.MediaReplaceReelFileParams{ID: item.ID, OriginalKey: r.key,
					FileSize: r.size, Title: reelItemTitle(reel.Title, format), ThumbnailKey: r.ready.ThumbnailKey, RenditionKey: r.ready.RenditionKey,
					DerivedBytes: r.ready.DerivedBytes, Width: r.ready.Width, Height: r.ready.Height, Duration: r.ready.Duration,
					VideoCodec: r.ready.VideoCodec, AudioCodec: r.ready.AudioCodec})
				if err != nil {
					return fmt.Errorf("replacing the %s reel's file: %w", format, err)
				}
				for _, k := range []*string{&old.OriginalKey, old.ThumbnailKey, old.RenditionKey} {
					if k != nil && !slices.Contains(r.keys(), *k) {
						stale = append(stale, *k)
					}
				}
				ids[format] = &item.ID
			case wanted:
				created, err := store.Q.MediaCreate(ctx, tx, store.MediaCreateParams{AthleteID: reel.AthleteID, UploadedBy: reel.CreatedBy,
					Title: reelItemTitle(reel.Title, format), MediaDate: time.Now(), MediaType: string(media.KindVideo), MimeType: "video/mp4",
					OriginalKey: r.key, FileSize: r.size, IsPrivate: private, Tags: []string{"reel"}})
				if err != nil {
					return fmt.Errorf("filing the %s reel: %w", format, err)
				}
				ready := r.ready
				ready.ID = created.ID
				if err := store.Q.MediaMarkReady(ctx, tx, ready); err != nil {
					return err
				}
				ids[format] = &created.ID
			}
		}
		n, err := store.Q.ReelFinish(ctx, tx, store.ReelFinishParams{ID: reel.ID, Version: reel.Version,
			LandscapeMediaID: ids[media.ReelLandscape], VerticalMediaID: ids[media.ReelVertical]})
		if err != nil {
			return fmt.Errorf("recording the reel: %w", err)
		}
		if n == 0 {
			return errReelEdited
		}
		if len(stale) > 0 {
			if _, err := client.InsertTx(ctx, tx, MediaDeleteArgs{Keys: stale}, nil); err != nil {
				return fmt.Errorf("enqueueing media_delete: %w", err)
			}
		}
		return nil
	})
}

func reelItemTitle(title string, format media.ReelFormat) string {
	if format == media.ReelVertical {
		return title + " (vertical)"
	}
	return title
}

// itemKeys are every stored file of a media item.
func itemKeys(m store.MediaItem) []string {
	keys := []string{m.OriginalKey}
	for _, k := range []*string{m.ThumbnailKey, m.RenditionKey} {
		if k != nil {
			keys = append(keys, *k)
		}
	}
	return keys
}
