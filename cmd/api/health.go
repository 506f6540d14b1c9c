package main

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v5"

	"legacylocker/media"
	"legacylocker/migrations"
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
		return unavailable(err.Error())
	}
	return c.JSON(http.StatusOK, map[string]string{"status": "ready"})
}

// readinessRecheck is how long a passed schema and storage check is trusted: load balancers ask
// every few seconds, and neither changes that fast.
const readinessRecheck = 30 * time.Second

// readiness remembers when the slower checks last passed.
type readiness struct {
	mu     sync.Mutex
	passed time.Time
}

// ready is the readiness check, here and on the metrics address: the database answers, every
// migration of this build is applied, and media storage takes a write.
func (app *application) ready(ctx context.Context) error {
	if err := app.pool.Ping(ctx); err != nil {
		return errors.New("Database unavailable")
	}
	app.readiness.mu.Lock()
	defer app.readiness.mu.Unlock()
	if time.Since(app.readiness.passed) < readinessRecheck {
		return nil
	}
	pending, err := migrations.Pending(ctx, app.pool)
	switch {
	case err != nil:
		return errors.New("Database unavailable")
	case pending:
		return errors.New("Database migrations are not applied")
	}
	key := media.NewKey(".readyz")
	if _, err := app.storage.Put(ctx, key, strings.NewReader("ready")); err != nil {
		return errors.New("Media storage is not writable")
	}
	if err := app.storage.Delete(ctx, key); err != nil {
		return errors.New("Media storage is not writable")
	}
	app.readiness.passed = time.Now()
	return nil
}
