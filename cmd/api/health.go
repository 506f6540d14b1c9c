package main

import (
	"context"
	"net/http"
	"time"

	"github.com/labstack/echo/v5"
)

// healthz says the process is up; it touches nothing else.
func (app *application) healthz(c *echo.Context) error {
	return c.JSON(http.StatusOK, map[string]string{"status": "ok"})
}

// readyz says the api can do its work: the database answers.
func (app *application) readyz(c *echo.Context) error {
	ctx, cancel := context.WithTimeout(c.Request().Context(), 2*time.Second)
	defer cancel()
	if err := app.ready(ctx); err != nil {
		app.logger.WarnContext(ctx, "readiness check failed", "error", err)
		return unavailable("Database unavailable")
	}
	return c.JSON(http.StatusOK, map[string]string{"status": "ready"})
}

// ready is the readiness check, here and on the metrics address: the database answers.
func (app *application) ready(ctx context.Context) error { return app.pool.Ping(ctx) }
