package main

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v5"

	"legacylocker/jobs"
	"legacylocker/media"
	"legacylocker/store"
)

// Reel limits.
const (
	maxReelClips      = jobs.MaxReelClips
	maxSpotlights     = 60
	maxSpotlightSecs  = 10.0
	maxReelSlideField = 120
)

// reelInput is a reel as the family asks for it (POST and PUT): its clips in order (or segments of
// them, which then name the clips), its slides, spotlights and formats. A reel without a title slide
// (titleSlide null) can be joined by stream copy.
type reelInput struct {
	Title      string               `json:"title"`
	ClipIDs    []int64              `json:"clipIds"`
	Segments   []jobs.ReelSegment   `json:"segments"`
	TitleSlide *jobs.ReelSlide      `json:"titleSlide"`
	EndSlide   *jobs.ReelSlide      `json:"endSlide"`
	Spotlight  []jobs.ReelSpotlight `json:"spotlight"`
	Formats    []string             `json:"formats"`
}

// reelOutput is one rendered format, a video in the media library.
type reelOutput struct {
	Format  media.ReelFormat `json:"format"`
	MediaID int64            `json:"mediaId"`
}

// reelResponse is a reel and its render's job state; outputs are listed once it is ready. A film
// (kind "film") names its season (from, to); a reel of whole clips has no segments.
type reelResponse struct {
	ID        int64 `json:"id"`
	AthleteID int64 `json:"athleteId"`
	jobState
	Kind       string               `json:"kind"`
	Title      string               `json:"title"`
	From       *string              `json:"from"`
	To         *string              `json:"to"`
	ClipIDs    []int64              `json:"clipIds"`
	Segments   []jobs.ReelSegment   `json:"segments"`
	TitleSlide *jobs.ReelSlide      `json:"titleSlide"`
	EndSlide   *jobs.ReelSlide      `json:"endSlide"`
	Spotlight  []jobs.ReelSpotlight `json:"spotlight"`
	Formats    []string             `json:"formats"`
	Outputs    []reelOutput         `json:"outputs"`
	CreatedAt  time.Time            `json:"createdAt"`
	UpdatedAt  time.Time            `json:"updatedAt"`
}

func toReelResponse(r store.Reel) (reelResponse, error) {
	out := reelResponse{ID: r.ID, AthleteID: r.AthleteID, jobState: jobState{Status: r.Status, StatusReason: r.StatusReason, Progress: r.Progress},
		Kind: r.Kind, Title: r.Title, From: dateString(r.FilmFrom), To: dateString(r.FilmTo), ClipIDs: r.ClipIds, Formats: r.Formats,
		Outputs: []reelOutput{}, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
	var err error
	if out.Segments, err = jobs.ReelSegments(r.Segments); err != nil {
		return out, fmt.Errorf("reel %d: %w", r.ID, err)
	}
	for raw, into := range map[*[]byte]**jobs.ReelSlide{&r.TitleSlide: &out.TitleSlide, &r.EndSlide: &out.EndSlide} {
		if len(*raw) > 0 && string(*raw) != "null" {
			if err := json.Unmarshal(*raw, into); err != nil {
				return out, fmt.Errorf("reading reel %d's slide: %w", r.ID, err)
			}
		}
	}
	if err := json.Unmarshal(r.Spotlight, &out.Spotlight); err != nil {
		return out, fmt.Errorf("reading reel %d's spotlights: %w", r.ID, err)
	}
	if r.Status == store.JobReady {
		for _, o := range []struct {
			format media.ReelFormat
			id     *int64
		}{{media.ReelLandscape, r.LandscapeMediaID}, {media.ReelVertical, r.VerticalMediaID}} {
			if o.id != nil {
				out.Outputs = append(out.Outputs, reelOutput{o.format, *o.id})
			}
		}
	}
	return out, nil
}

// reelRecord is a checked reelInput, ready for its row.
type reelRecord struct {
	title                string
	clipIDs              []int64
	titleSlide, endSlide []byte
	spotlight            []byte
	segments             []byte // nil: whole clips
	formats              []string
	estimate             int64
}

// checkReel validates the request (400 with the field's message) and its clips: every one must be
// a ready video of the athlete's own library (422 naming the clip).
func (app *application) checkReel(c *echo.Context, athlete int64) (reelRecord, error) {
	var in reelInput
	var rec reelRecord
	if err := readJSON(c, &in); err != nil {
		return rec, err
	}
	v := validator{}
	rec.title = strings.TrimSpace(in.Title)
	v.required(rec.title, "title", "Please give the reel a title.")
	v.line(rec.title, 200, "title", "Title")
	if in.Segments != nil {
		clips := make([]int64, len(in.Segments))
		for i, s := range in.Segments {
			clips[i] = s.ClipID
		}
		v.check(in.ClipIDs == nil || slices.Equal(in.ClipIDs, clips), "clipIds", "clipIds must be the segments' clips in their order; or leave clipIds out.")
		v.check(len(in.Segments) >= 1 && len(in.Segments) <= maxReelClips, "segments", fmt.Sprintf("Choose between 1 and %d segments.", maxReelClips))
		in.ClipIDs = clips
	} else {
		v.check(len(in.ClipIDs) >= 1 && len(in.ClipIDs) <= maxReelClips, "clipIds", fmt.Sprintf("Choose between 1 and %d clips.", maxReelClips))
	}
	for field, s := range map[string]*jobs.ReelSlide{"titleSlide": in.TitleSlide, "endSlide": in.EndSlide} {
		if s == nil {
			continue
		}
		for name, value := range map[string]string{"name": s.Name, "number": s.Number, "position": s.Position,
			"classYear": s.ClassYear, "school": s.School, "contact": s.Contact} {
			v.line(value, maxReelSlideField, field+"."+name, "Each slide line")
		}
	}
	v.reelFormats(in.Formats)
	v.check(len(in.Spotlight) <= maxSpotlights, "spotlight", fmt.Sprintf("At most %d spotlights.", maxSpotlights))
	if !v.valid() {
		return rec, fieldErrors(v)
	}
	ctx := c.Request().Context()
	items, err := store.Q.ReelClips(ctx, app.pool, store.ReelClipsParams{AthleteID: athlete, Ids: in.ClipIDs})
	if err != nil {
		return rec, err
	}
	byID := map[int64]store.MediaItem{}
	for _, it := range items {
		byID[it.ID] = it
	}
	unprocessable := func(field, message string) error {
		return &apiError{status: http.StatusUnprocessableEntity, message: message, fields: map[string]string{field: message}}
	}
	for i, id := range in.ClipIDs {
		it, ok := byID[id]
		switch {
		case !ok:
			return rec, unprocessable("clipIds", fmt.Sprintf("Clip %d is not in this athlete's media library.", i+1))
		case it.MediaType != string(media.KindVideo):
			return rec, unprocessable("clipIds", fmt.Sprintf("Clip %d is not a video.", i+1))
		case it.Status != store.JobReady || it.Duration == nil:
			return rec, unprocessable("clipIds", fmt.Sprintf("Clip %d is still processing or failed; choose a ready video.", i+1))
		}
		if in.Segments == nil {
			rec.estimate += it.FileSize
		}
	}
	for i, s := range in.Segments {
		it := byID[s.ClipID]
		switch {
		case !finite(s.Start, s.End) || s.Start < 0 || s.End > *it.Duration+clipRangeSlack:
			return rec, fieldErrors(validator{"segments": fmt.Sprintf("Segment %d must lie within its clip, from 0 to %s seconds.", i+1,
				strconv.FormatFloat(*it.Duration, 'f', -1, 64))})
		case s.End-s.Start < jobs.MinSegmentSeconds:
			return rec, fieldErrors(validator{"segments": fmt.Sprintf("Segment %d must last at least 1 second.", i+1)})
		}
		// A segment's share of its clip's bytes, as a trim counts a clip before it is cut.
		rec.estimate += int64(float64(it.FileSize) * (s.End - s.Start) / max(*it.Duration, jobs.MinSegmentSeconds))
	}
	for i, s := range in.Spotlight {
		field := fmt.Sprintf("spotlight.%d", i)
		it, ok := byID[s.ClipID]
		if !ok || !slices.Contains(in.ClipIDs, s.ClipID) {
			return rec, fieldErrors(validator{field: "A spotlight must be on one of the reel's clips."})
		}
		if !finite(s.At, s.X, s.Y, s.Seconds) || s.X < 0 || s.X > 1 || s.Y < 0 || s.Y > 1 {
			return rec, fieldErrors(validator{field: "A spotlight's x and y are fractions of the picture, from 0 to 1."})
		}
		if s.Seconds <= 0 || s.Seconds > maxSpotlightSecs || s.At < 0 || s.At >= *it.Duration {
			return rec, fieldErrors(validator{field: fmt.Sprintf("A spotlight starts inside its clip and lasts up to %g seconds.", maxSpotlightSecs)})
		}
	}
	rec.estimate *= int64(len(in.Formats))
	rec.clipIDs, rec.formats = in.ClipIDs, in.Formats
	if in.Spotlight == nil {
		in.Spotlight = []jobs.ReelSpotlight{}
	}
	if rec.spotlight, err = json.Marshal(in.Spotlight); err != nil {
		return rec, err
	}
	if in.Segments != nil {
		if rec.segments, err = json.Marshal(in.Segments); err != nil {
			return rec, err
		}
	}
	if rec.titleSlide, err = json.Marshal(in.TitleSlide); err != nil { // null: no title slide
		return rec, err
	}
	if in.EndSlide != nil {
		if rec.endSlide, err = json.Marshal(in.EndSlide); err != nil {
			return rec, err
		}
	}
	return rec, nil
}

// createReel records the reel (pending) and its reel_render job in one transaction.
func (app *application) createReel(c *echo.Context) error {
	athlete := athleteID(c)
	rec, err := app.checkReel(c, athlete)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	owner, err := store.Q.AthleteOwnerID(ctx, app.pool, athlete)
	if err != nil {
		return err
	}
	user := currentUser(c).ID
	var reel store.Reel
	err = store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		// The rendered reels are about as large as their clips: room for them is checked now.
		if err := app.reserveQuota(ctx, tx, owner, rec.estimate); err != nil {
			return err
		}
		var err error
		reel, err = store.Q.ReelCreate(ctx, tx, store.ReelCreateParams{AthleteID: athlete, CreatedBy: &user, Title: rec.title,
			ClipIds: rec.clipIDs, Segments: rec.segments, TitleSlide: rec.titleSlide, EndSlide: rec.endSlide, Spotlight: rec.spotlight, Formats: rec.formats})
		if err != nil {
			return fmt.Errorf("recording the reel: %w", err)
		}
		if _, err := app.jobs.InsertTx(ctx, tx, jobs.ReelRenderArgs{ReelID: reel.ID}, nil); err != nil {
			return fmt.Errorf("enqueueing reel_render: %w", err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return app.writeReel(c, http.StatusAccepted, reel)
}

// updateReel records the edit as the reel's next version and renders it again into the same
// media items; a render of the version before records nothing.
func (app *application) updateReel(c *echo.Context) error {
	reel := loaded[store.Reel](c)
	rec, err := app.checkReel(c, reel.AthleteID)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	err = store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		var err error
		reel, err = store.Q.ReelUpdate(ctx, tx, store.ReelUpdateParams{ID: reel.ID, Title: rec.title, ClipIds: rec.clipIDs, Segments: rec.segments,
			TitleSlide: rec.titleSlide, EndSlide: rec.endSlide, Spotlight: rec.spotlight, Formats: rec.formats})
		if err != nil {
			return fmt.Errorf("recording the edit: %w", err)
		}
		if _, err := app.jobs.InsertTx(ctx, tx, jobs.ReelRenderArgs{ReelID: reel.ID}, nil); err != nil {
			return fmt.Errorf("enqueueing reel_render: %w", err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return app.writeReel(c, http.StatusAccepted, reel)
}

func (app *application) showReel(c *echo.Context) error {
	return app.writeReel(c, http.StatusOK, loaded[store.Reel](c))
}

// deleteReel removes the reel and the videos it rendered (their files through media_delete); a
// render under way finds its reel gone and keeps nothing.
func (app *application) deleteReel(c *echo.Context) error {
	ctx := c.Request().Context()
	err := store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		reel, err := store.Q.ReelDelete(ctx, tx, loaded[store.Reel](c).ID)
		if err != nil {
			return err
		}
		var keys []string
		for _, id := range []*int64{reel.LandscapeMediaID, reel.VerticalMediaID} {
			if id == nil {
				continue
			}
			item, err := store.Q.MediaDelete(ctx, tx, *id)
			if err := store.Translate(err); err != nil {
				return err
			}
			keys = append(keys, storedKeys(item)...)
		}
		if len(keys) == 0 {
			return nil
		}
		_, err = app.jobs.InsertTx(ctx, tx, jobs.MediaDeleteArgs{Keys: keys}, nil)
		return err
	})
	if err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

func (app *application) writeReel(c *echo.Context, status int, r store.Reel) error {
	out, err := toReelResponse(r)
	if err != nil {
		return err
	}
	return c.JSON(status, out)
}

// reelFormats checks a reel's or film's formats: each of landscape and vertical at most once.
func (v validator) reelFormats(formats []string) {
	seen := map[string]bool{}
	for _, f := range formats {
		v.check(f == string(media.ReelLandscape) || f == string(media.ReelVertical), "formats", `Formats are "landscape" and "vertical".`)
		v.check(!seen[f], "formats", "Each format once, please.")
		seen[f] = true
	}
	v.check(len(formats) > 0, "formats", "Choose landscape, vertical or both.")
}

// finite reports whether every number is one (not NaN or infinite).
func finite(xs ...float64) bool {
	for _, x := range xs {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}
