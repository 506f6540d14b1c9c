package main

import (
	"fmt"
	"net/http"

	"github.com/labstack/echo/v5"

	"legacylocker/store"
)

// statResponse is one of the athlete's season numbers (the dashboard's Season Stats).
type statResponse struct {
	ID       int64  `json:"id"`
	Value    string `json:"value"`
	Category string `json:"category"`
}

func (app *application) listStats(c *echo.Context) error {
	if sectionScope(c).Hidden {
		return c.JSON(http.StatusOK, []statResponse{})
	}
	stats, err := app.athleteStats(c, athleteID(c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, stats)
}

func (app *application) athleteStats(c *echo.Context, id int64) ([]statResponse, error) {
	rows, err := store.Q.StatListForAthlete(c.Request().Context(), app.pool, id)
	if err != nil {
		return nil, fmt.Errorf("listing stats: %w", err)
	}
	out := make([]statResponse, len(rows))
	for i, s := range rows {
		out[i] = statResponse{ID: s.ID, Value: s.Value, Category: s.Category}
	}
	return out, nil
}
