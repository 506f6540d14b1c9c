package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v5"

	"legacylocker/jobs"
	"legacylocker/media"
	"legacylocker/store"
)

type highlightsResponse struct {
	jobState
	Segments []media.Segment `json:"segments"`
}

func toHighlightsResponse(m store.MediaItem) (highlightsResponse, error) {
	out := highlightsResponse{jobState: jobState{Status: m.HighlightsStatus, StatusReason: m.HighlightsReason}, Segments: []media.Segment{}}
	if len(m.Highlights) > 0 {
		if err := json.Unmarshal(m.Highlights, &out.Segments); err != nil {
			return out, fmt.Errorf("reading stored highlights of media %d: %w", m.ID, err)
		}
	}
	if out.Segments == nil {
		out.Segments = []media.Segment{} // a stored null is no highlights: the app counts the list
	}
	return out, nil
}

// editableVideo answers 400/409 unless the item is a video whose processing has finished.
func editableVideo(m store.MediaItem) error {
	if m.MediaType != string(media.KindVideo) {
		return badRequest("Only videos can be edited")
	}
	if m.Status != store.JobReady || m.Duration == nil {
		return conflict("This video is still being processed. Try again when it is ready.")
	}
	return nil
}

func (app *application) showHighlights(c *echo.Context) error {
	out, err := toHighlightsResponse(loaded[store.MediaItem](c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}

// detectHighlights queues detection; a new request supersedes any still running.
func (app *application) detectHighlights(c *echo.Context) error {
	item := loaded[store.MediaItem](c)
	if err := editableVideo(item); err != nil {
		return err
	}
	ctx := c.Request().Context()
	var updated store.MediaItem
	err := store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		var err error
		if updated, err = store.Q.MediaRequestHighlights(ctx, tx, item.ID); err != nil {
			return err
		}
		_, err = app.jobs.InsertTx(ctx, tx, jobs.MediaHighlightsArgs{MediaID: item.ID, Version: updated.HighlightsVersion}, nil)
		return err
	})
	if err != nil {
		return err
	}
	out, err := toHighlightsResponse(updated)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, out)
}

const (
	msgInvalidRange = "Invalid time range"
	minClipSeconds  = 0.5
)

// trimMedia creates the clip's row (processing) and its media_trim job in one transaction.
func (app *application) trimMedia(c *echo.Context) error {
	var in struct {
		StartTime *float64 `json:"startTime"`
		EndTime   *float64 `json:"endTime"`
		Title     string   `json:"title"`
	}
	if err := readJSON(c, &in); err != nil {
		return fieldErrors(validator{"startTime": err.Error()}).saying(msgInvalidRange)
	}
	source := loaded[store.MediaItem](c)
	if err := editableVideo(source); err != nil {
		return err
	}
	if !validClipRange(in.StartTime, in.EndTime, *source.Duration) {
		return fieldErrors(validator{"startTime": "Please make sure the start time is before the end time."}).saying(msgInvalidRange)
	}
	title := strings.TrimSpace(in.Title)
	if title == "" {
		title = source.Title + " (Clip)"
	}
	v := validator{}
	v.line(title, 200, "title", "Title")
	if !v.valid() {
		return fieldErrors(v)
	}
	start, end := *in.StartTime, *in.EndTime
	// Until the cut is made, the clip is reckoned at its share of the source's size.
	estimate := int64(float64(source.FileSize) * (end - start) / *source.Duration)
	ctx := c.Request().Context()
	owner, err := store.Q.AthleteOwnerID(ctx, app.pool, source.AthleteID)
	if err != nil {
		return err
	}
	uploader := currentUser(c).ID
	var clip store.MediaItem
	err = store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		if err := app.reserveQuota(ctx, tx, owner, estimate); err != nil {
			return err
		}
		var err error
		clip, err = store.Q.MediaCreateClip(ctx, tx, store.MediaCreateClipParams{
			AthleteID: source.AthleteID, UploadedBy: &uploader, Title: title, Description: source.Description,
			MediaDate: source.MediaDate, OriginalKey: media.NewKey(".mp4"), FileSize: estimate, IsPrivate: source.IsPrivate,
			Tags: nonNil(source.Tags), SourceMediaID: &source.ID, ClipStart: &start, ClipEnd: &end, PlaceName: source.PlaceName,
		})
		if err != nil {
			return fmt.Errorf("inserting clip: %w", err)
		}
		if _, err := app.jobs.InsertTx(ctx, tx, jobs.MediaTrimArgs{ClipID: clip.ID}, nil); err != nil {
			return fmt.Errorf("enqueueing media_trim: %w", err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, toMediaItemResponse(clip))
}

// validClipRange: numbers, start before end, inside the video, at least half a second long.
func validClipRange(start, end *float64, duration float64) bool {
	if start == nil || end == nil {
		return false
	}
	s, e := *start, *end
	return finite(s, e) && s >= 0 && e <= duration+clipRangeSlack && e-s >= minClipSeconds
}

// clipRangeSlack: a slider can land a hair past the probed duration; a few milliseconds are forgiven.
const clipRangeSlack = 0.05
