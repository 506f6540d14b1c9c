package main

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v5"

	"legacylocker/jobs"
	"legacylocker/media"
	"legacylocker/media/places"
	"legacylocker/store"
)

// captured is what an upload's own file says about it, as the item keeps it: the date it was taken
// and, when the athlete's family shows places, the name of where. The coordinates go no further.
type captured struct {
	date    time.Time
	hasDate bool
	place   *string
}

// readCaptured reads the stored original's metadata (only the few parts that hold it) when the item
// needs any of it: its date unless the family chose one (chosenDate), its place when the family shows
// places. A photo or video without any, a damaged one, or one that cannot be read now is simply
// without: the upload goes on with the family's date or today, and the failure is logged.
func (app *application) readCaptured(ctx context.Context, athleteID int64, kind media.Kind, key, chosenDate string) (captured, error) {
	if kind != media.KindImage && kind != media.KindVideo {
		return captured{}, nil
	}
	athlete, err := store.Q.AthleteGetByID(ctx, app.pool, athleteID)
	if err != nil {
		return captured{}, fmt.Errorf("reading the athlete: %w", err)
	}
	if strings.TrimSpace(chosenDate) != "" && !athlete.ShowPlaces {
		return captured{}, nil
	}
	c, err := media.CaptureOf(ctx, app.storage, key)
	if err != nil {
		app.logger.WarnContext(ctx, "reading an upload's date and place", "key", key, "error", err)
		return captured{}, nil
	}
	var out captured
	zone, err := loadZone(athlete.TimeZone)
	if err != nil {
		zone = time.UTC
	}
	out.date, out.hasDate = c.Date(zone)
	if athlete.ShowPlaces && c.HasPlace {
		if name, ok := places.Name(c.Latitude, c.Longitude); ok {
			out.place = &name
		}
	}
	return out, nil
}

// dateOf is the item's date: the one the family chose (chosen, as sent), else the file's own, else
// settled, the date the upload already holds (the chosen one parsed, or today).
func dateOf(chosen string, settled time.Time, file captured) time.Time {
	if strings.TrimSpace(chosen) == "" && file.hasDate {
		return file.date
	}
	return settled
}

// placesInput is the family's choice about places on photos.
type placesInput struct {
	ShowPlaces *bool `json:"showPlaces"`
}

// placesResponse answers the choice as saved.
type placesResponse struct {
	ShowPlaces bool `json:"showPlaces"`
}

// setPlaces turns places on photos on or off for the athlete: a privacy choice, so it is for those
// who manage the circle. On, new uploads with a position get the nearest town's name and the library
// from before is named in the background (media_places_backfill, queued with the choice); off removes
// the names already shown.
func (app *application) setPlaces(c *echo.Context) error {
	var in placesInput
	if err := readJSON(c, &in); err != nil {
		return err
	}
	v := validator{}
	v.check(in.ShowPlaces != nil, "showPlaces", "showPlaces must be true or false")
	if !v.valid() {
		return fieldErrors(v)
	}
	ctx := c.Request().Context()
	var athlete store.Athlete
	err := store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		var err error
		athlete, err = store.Q.AthleteSetShowPlaces(ctx, tx, store.AthleteSetShowPlacesParams{ID: athleteID(c), ShowPlaces: *in.ShowPlaces})
		if err != nil || !athlete.ShowPlaces {
			return store.Translate(err)
		}
		if _, err := app.jobs.InsertTx(ctx, tx, jobs.MediaPlacesBackfillArgs{AthleteID: athlete.ID}, nil); err != nil {
			return fmt.Errorf("enqueueing media_places_backfill: %w", err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, placesResponse{ShowPlaces: athlete.ShowPlaces})
}
