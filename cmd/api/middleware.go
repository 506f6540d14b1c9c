package main

import (
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/labstack/echo/v5"

	"legacylocker/store"
)

const (
	ctxUser        = "user"
	ctxAthleteID   = "athleteID"
	ctxAthleteRole = "athleteRole"
)

// requireUser answers 401 unless the session belongs to an existing user, whom it loads once.
func (app *application) requireUser(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		ctx := c.Request().Context()
		id := app.currentUserID(ctx)
		if id == 0 {
			return unauthorized(c)
		}
		user, err := store.Q.UserGetByID(ctx, app.pool, id)
		if err := store.Translate(err); err != nil {
			if errors.Is(err, store.ErrNotFound) {
				// The account is gone: forget the session rather than keep answering 401 for it.
				_ = app.sessions.Destroy(ctx)
				return unauthorized(c)
			}
			return app.serverError(c, fmt.Errorf("loading session user: %w", err))
		}
		c.Set(ctxUser, user)
		return next(c)
	}
}

func currentUser(c *echo.Context) store.User { return c.Get(ctxUser).(store.User) }

// requireAthlete resolves the :id athlete and the caller's role on it through the one access
// function. An athlete the caller cannot see answers 404; one they see but may not change, 403.
func (app *application) requireAthlete(action store.Action) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c *echo.Context) error {
			athleteID, ok := idParam(c, "id")
			if !ok {
				return notFound(c)
			}
			role, err := store.RoleFor(c.Request().Context(), app.pool, currentUser(c).ID, athleteID)
			if err != nil {
				return app.serverError(c, err)
			}
			if !role.Can(store.ActionView) {
				return notFound(c)
			}
			if !role.Can(action) {
				return errorResponse(c, http.StatusForbidden, "You don't have permission to do that")
			}
			c.Set(ctxAthleteID, athleteID)
			c.Set(ctxAthleteRole, role)
			return next(c)
		}
	}
}

func athleteID(c *echo.Context) int64 { return c.Get(ctxAthleteID).(int64) }

// securityHeaders sets the headers every response should carry.
func securityHeaders(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		h := c.Response().Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		return next(c)
	}
}

// logRequests writes one line per API request; static assets are not logged.
func (app *application) logRequests(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		start := time.Now()
		err := next(c)
		status := 0
		if r, _ := echo.UnwrapResponse(c.Response()); r != nil {
			status = r.Status
		}
		app.logger.Info("request", "method", c.Request().Method, "path", c.Request().URL.Path,
			"status", status, "duration", time.Since(start).Round(time.Microsecond), "ip", c.RealIP())
		return err
	}
}
