package main

import (
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"legacylocker/store"
)

// Events (games, camps, visits, and the NCAA key dates a family adds with 'Add to My Timeline')
// belong to the recruiting section: its privacy setting decides which members see them, and a
// limited member sees only events shared with them.

// eventResponse is one of the athlete's calendar events (games and other dates).
type eventResponse struct {
	ID        int64     `json:"id"`
	Title     string    `json:"title"`
	EventType string    `json:"eventType"`
	StartDate time.Time `json:"startDate"`
	Location  string    `json:"location"`
	// KeyDate names the recruiting key date the event was added from, if any.
	KeyDate *string `json:"keyDate,omitempty"`
}

func toEventResponse(e store.Event) eventResponse {
	return eventResponse{ID: e.ID, Title: e.Title, EventType: e.EventType, StartDate: e.StartDate, Location: e.Location, KeyDate: e.KeyDate}
}

var eventPages = pages{list: "events", size: 50, maxSize: 200}

func eventKey(e store.Event) timeKey { return timeKey{At: e.StartDate, ID: e.ID} }

func (app *application) listEvents(c *echo.Context) error {
	upcoming := c.QueryParam("upcoming") == "true"
	return sectionPage(c, eventPages, eventKey, toEventResponse, func(scope store.Scope, p page[timeKey]) ([]store.Event, error) {
		return app.eventPage(c, athleteID(c), upcoming, scope.SharedWith, p)
	})
}

// eventPage is one page of the athlete's events in date order; upcomingOnly keeps those starting
// now or later.
func (app *application) eventPage(c *echo.Context, athleteID int64, upcomingOnly bool, sharedWith *int64, p page[timeKey]) ([]store.Event, error) {
	params := store.EventListPageParams{AthleteID: athleteID, SharedWith: sharedWith, MaxRows: p.MaxRows()}
	if upcomingOnly {
		params.StartingAfter = new(time.Now())
	}
	params.AfterStart, params.AfterID = p.After.keyset()
	return store.Q.EventListPage(c.Request().Context(), app.pool, params)
}

type eventInput struct {
	Title     string `json:"title"`
	EventType string `json:"eventType"`
	StartDate string `json:"startDate"`
	Location  string `json:"location"`
	// KeyDate adds one of the athlete's recruiting key dates instead ('Add to My Timeline'): the
	// server fills in the title and date, and the other fields must be left out.
	KeyDate string `json:"keyDate"`
}

func (in eventInput) validate() (store.EventCreateParams, validator) {
	v := validator{}
	out := store.EventCreateParams{Title: strings.TrimSpace(in.Title), EventType: strings.TrimSpace(in.EventType), Location: strings.TrimSpace(in.Location)}
	v.required(out.Title, "title", "Title is required")
	v.line(out.Title, 200, "title", "Title")
	if out.EventType == "" {
		out.EventType = "other"
	}
	v.check(out.EventType == "game" || out.EventType == "other", "eventType", "Event type must be game or other")
	v.line(out.Location, 200, "location", "Location")
	raw := strings.TrimSpace(in.StartDate)
	v.required(raw, "startDate", "Start date is required")
	if raw != "" {
		t, err := time.Parse(time.RFC3339, raw)
		if err != nil {
			t, err = time.Parse(time.DateOnly, raw)
		}
		v.check(err == nil, "startDate", "Start date must be YYYY-MM-DD or an RFC 3339 time")
		out.StartDate = t
	}
	return out, v
}

func (app *application) createEvent(c *echo.Context) error {
	var in eventInput
	if err := readJSON(c, &in); err != nil {
		return err
	}
	if key := strings.TrimSpace(in.KeyDate); key != "" {
		return app.createKeyDateEvent(c, key)
	}
	params, v := in.validate()
	if !v.valid() {
		return fieldErrors(v)
	}
	params.AthleteID = athleteID(c)
	e, err := store.Q.EventCreate(c.Request().Context(), app.pool, params)
	if err != nil {
		return fmt.Errorf("inserting event: %w", err)
	}
	return c.JSON(http.StatusCreated, toEventResponse(e))
}

func (app *application) updateEvent(c *echo.Context) error {
	var in eventInput
	if err := readJSON(c, &in); err != nil {
		return err
	}
	if in.KeyDate != "" {
		return badRequest("keyDate can only be given when adding an event")
	}
	params, v := in.validate()
	if !v.valid() {
		return fieldErrors(v)
	}
	e, err := store.Q.EventUpdate(c.Request().Context(), app.pool, store.EventUpdateParams{
		ID: loaded[store.Event](c).ID, Title: params.Title, EventType: params.EventType, StartDate: params.StartDate, Location: params.Location,
	})
	if err != nil {
		return store.Translate(err)
	}
	return c.JSON(http.StatusOK, toEventResponse(e))
}

func (app *application) deleteEvent(c *echo.Context) error {
	if err := store.Q.EventDelete(c.Request().Context(), app.pool, loaded[store.Event](c).ID); err != nil {
		return fmt.Errorf("deleting event: %w", err)
	}
	return c.NoContent(http.StatusNoContent)
}
