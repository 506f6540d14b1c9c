package main

import (
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v5"

	"legacylocker/jobs"
	"legacylocker/store"
)

const (
	msgFilmNoVideos = "There are no videos in these dates to make a film from."
	// A film is about a minute by default: long enough for a season's best plays, short enough to
	// be watched to the end on a phone.
	filmDefaultSeconds             = 60.0
	filmMinSeconds, filmMaxSeconds = 30.0, 180.0
)

// createSeasonFilm cuts the season's one-minute film: it chooses the segments now, from the videos
// dated in the season (jobs.ChooseFilmSegments), and records them as a reel of kind film, with title
// and end slides from the athlete's profile, for reel_render to render like any reel.
func (app *application) createSeasonFilm(c *echo.Context) error {
	var in struct {
		Title   string   `json:"title"`
		From    string   `json:"from"`
		To      string   `json:"to"`
		Formats []string `json:"formats"`
		Seconds *float64 `json:"seconds"`
	}
	if err := readJSON(c, &in); err != nil {
		return err
	}
	v := validator{}
	title, from, to := v.season(in.Title, in.From, in.To)
	v.reelFormats(in.Formats)
	seconds := filmDefaultSeconds
	if in.Seconds != nil {
		seconds = *in.Seconds
		v.check(seconds >= filmMinSeconds && seconds <= filmMaxSeconds, "seconds",
			fmt.Sprintf("A film lasts from %g to %g seconds.", filmMinSeconds, filmMaxSeconds))
	}
	if !v.valid() {
		return fieldErrors(v)
	}
	ctx := c.Request().Context()
	athlete := athleteID(c)
	season, err := jobs.ReadFilmSeason(ctx, app.pool, athlete, from, to)
	if err != nil {
		return err
	}
	if len(season.Clips) == 0 {
		return &apiError{status: http.StatusUnprocessableEntity, message: msgFilmNoVideos}
	}
	// With detection done on every video the segments are chosen now; otherwise detection is asked
	// for the videos never looked at, and reel_render chooses once it is done.
	var segments []jobs.ReelSegment
	if season.Detected() {
		if segments = jobs.ChooseFilmSegments(season.Clips, seconds, maxReelClips); len(segments) == 0 {
			return &apiError{status: http.StatusUnprocessableEntity, message: jobs.MsgFilmNothingToCut}
		}
	}
	profile, err := store.Q.AthleteGetByID(ctx, app.pool, athlete)
	if err != nil {
		return err
	}
	titleSlide, endSlide := jobs.FilmSlides(profile, from, to)
	ids := make([]int64, len(segments))
	var segmentsJSON []byte
	if segments != nil {
		for i, s := range segments {
			ids[i] = s.ClipID
		}
		if segmentsJSON, err = json.Marshal(segments); err != nil {
			return err
		}
	}
	estimate := int64(season.BytesPerSecond()*seconds) * int64(len(in.Formats))
	titleJSON, err := json.Marshal(titleSlide)
	if err != nil {
		return err
	}
	endJSON, err := json.Marshal(endSlide)
	if err != nil {
		return err
	}
	user := currentUser(c).ID
	var film store.Reel
	err = store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		if err := app.reserveQuota(ctx, tx, profile.UserID, estimate); err != nil {
			return err
		}
		var err error
		film, err = store.Q.FilmCreate(ctx, tx, store.FilmCreateParams{AthleteID: athlete, CreatedBy: &user, Title: title, ClipIds: ids,
			Segments: segmentsJSON, TitleSlide: titleJSON, EndSlide: endJSON, Formats: in.Formats, FilmFrom: &from, FilmTo: &to,
			FilmSeconds: &seconds})
		if err != nil {
			return fmt.Errorf("recording the film: %w", err)
		}
		for _, id := range season.NeverDetected {
			item, err := store.Q.MediaRequestHighlights(ctx, tx, id)
			if err != nil {
				return fmt.Errorf("asking for video %d's highlights: %w", id, err)
			}
			if _, err := app.jobs.InsertTx(ctx, tx, jobs.MediaHighlightsArgs{MediaID: id, Version: item.HighlightsVersion}, nil); err != nil {
				return fmt.Errorf("enqueueing media_highlights: %w", err)
			}
		}
		if _, err := app.jobs.InsertTx(ctx, tx, jobs.ReelRenderArgs{ReelID: film.ID}, nil); err != nil {
			return fmt.Errorf("enqueueing reel_render: %w", err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return app.writeReel(c, http.StatusAccepted, film)
}

// reelPages are the athlete's reels and films (docs/API.md, "Lists and pages"): a family may make
// one for every game and every season.
var reelPages = pages{list: "reels", size: 50, maxSize: 200}

func reelKey(r store.Reel) idKey { return idKey{ID: r.ID} }

// listReels answers the athlete's reels and films, newest first, to those who see its media. A
// limited member is shown none: a reel is not an item the family shares one by one (its videos are).
func (app *application) listReels(c *echo.Context) error {
	p, err := readPage[idKey](c, reelPages)
	if err != nil {
		return err
	}
	var rows []store.Reel
	if scope := sectionScope(c); !scope.Hidden && scope.SharedWith == nil {
		rows, err = store.Q.ReelListPage(c.Request().Context(), app.pool, store.ReelListPageParams{
			AthleteID: athleteID(c), BeforeID: p.After.keyset(), MaxRows: p.MaxRows()})
		if err != nil {
			return fmt.Errorf("listing reels: %w", err)
		}
	}
	rows = pageRows(c, reelPages, p, rows, reelKey)
	out := make([]reelResponse, len(rows))
	for i, r := range rows {
		if out[i], err = toReelResponse(r); err != nil {
			return err
		}
	}
	return c.JSON(http.StatusOK, out)
}
