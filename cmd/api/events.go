package main

import (
	"fmt"
	"net/http"
	"time"

	"github.com/labstack/echo/v5"

	"legacylocker/store"
)

// eventResponse is one of the athlete's calendar events (games and other dates).
type eventResponse struct {
	ID        int64     `json:"id"`
	Title     string    `json:"title"`
	EventType string    `json:"eventType"`
	StartDate time.Time `json:"startDate"`
	Location  string    `json:"location"`
}

func (app *application) listEvents(c *echo.Context) error {
	events, err := app.athleteEvents(c, athleteID(c), c.QueryParam("upcoming") == "true")
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, events)
}

func (app *application) athleteEvents(c *echo.Context, id int64, upcomingOnly bool) ([]eventResponse, error) {
	var startingAfter *time.Time
	if upcomingOnly {
		now := time.Now()
		startingAfter = &now
	}
	rows, err := store.Q.EventListForAthlete(c.Request().Context(), app.pool, store.EventListForAthleteParams{
		AthleteID: id, StartingAfter: startingAfter,
	})
	if err != nil {
		return nil, fmt.Errorf("listing events: %w", err)
	}
	out := make([]eventResponse, len(rows))
	for i, e := range rows {
		out[i] = eventResponse{ID: e.ID, Title: e.Title, EventType: e.EventType, StartDate: e.StartDate, Location: e.Location}
	}
	return out, nil
}
