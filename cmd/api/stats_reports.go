package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v5"

	"legacylocker/jobs"
	"legacylocker/store"
)

// reportResponse is a 'Generate Stats Report' request as a job state; url opens the PDF once it
// is filed in the media library (mediaId).
type reportResponse struct {
	ID int64 `json:"id"`
	jobState
	MediaID *int64  `json:"mediaId"`
	URL     *string `json:"url"`
}

func (app *application) toReportResponse(ctx context.Context, r store.StatsReport) (reportResponse, error) {
	out := reportResponse{ID: r.ID, jobState: jobState{Status: r.Status, StatusReason: r.StatusReason}, MediaID: r.MediaID}
	if r.MediaID != nil {
		m, err := store.Q.MediaGetByID(ctx, app.pool, *r.MediaID)
		if err := store.Translate(err); err != nil && !errors.Is(err, store.ErrNotFound) {
			return out, err
		} else if err == nil {
			out.URL = new(uploadURL(m.OriginalKey))
		}
	}
	return out, nil
}

// createStatsReport starts 'Generate Stats Report', unless one is still being made.
func (app *application) createStatsReport(c *echo.Context) error {
	ctx := c.Request().Context()
	latest, err := store.Q.StatsReportLatest(ctx, app.pool, athleteID(c))
	if err == nil && latest.Status.Working() {
		out, err := app.toReportResponse(ctx, latest)
		if err != nil {
			return err
		}
		return c.JSON(http.StatusAccepted, out)
	}
	if err := store.Translate(err); err != nil && !errors.Is(err, store.ErrNotFound) {
		return err
	}
	user := currentUser(c).ID
	var report store.StatsReport
	err = store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		var err error
		if report, err = store.Q.StatsReportCreate(ctx, tx, store.StatsReportCreateParams{AthleteID: athleteID(c), CreatedBy: &user}); err != nil {
			return fmt.Errorf("recording the report: %w", err)
		}
		if _, err := app.jobs.InsertTx(ctx, tx, jobs.StatsReportArgs{ReportID: report.ID}, nil); err != nil {
			return fmt.Errorf("enqueueing stats_report: %w", err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	out, err := app.toReportResponse(ctx, report)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, out)
}

// showStatsReport answers the report statsReports loaded: one of the route's athlete's.
func (app *application) showStatsReport(c *echo.Context) error {
	out, err := app.toReportResponse(c.Request().Context(), loaded[store.StatsReport](c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}
