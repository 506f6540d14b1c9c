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
	ctxUser          = "user"
	ctxAthleteID     = "athleteID"
	ctxAthleteAccess = "athleteAccess"
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

// authorize applies the access rules to something that belongs to an athlete, through the one
// access function: a caller who cannot see it gets 404, one who sees it but may not do the action
// gets 403. visible narrows what a caller sees (a private journal entry is the owner's alone; a
// limited member sees only what was shared); nil means all the role may view. When ok is false
// the answer is written and err is what to return.
func (app *application) authorize(c *echo.Context, athleteID int64, action store.Action, visible func(store.Access) (bool, error)) (access store.Access, ok bool, err error) {
	access, err = store.AccessFor(c.Request().Context(), app.pool, currentUser(c).ID, athleteID)
	if err != nil {
		return access, false, app.serverError(c, err)
	}
	seen := access.Can(store.ActionView)
	if seen && visible != nil {
		if seen, err = visible(access); err != nil {
			return access, false, app.serverError(c, err)
		}
	}
	if !seen {
		return access, false, notFound(c)
	}
	if !access.Can(action) {
		return access, false, errorResponse(c, http.StatusForbidden, "You don't have permission to do that")
	}
	c.Set(ctxAthleteAccess, access)
	return access, true, nil
}

// requireAthlete resolves the :id athlete and the caller's role on it.
func (app *application) requireAthlete(action store.Action) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c *echo.Context) error {
			athleteID, ok := idParam(c, "id")
			if !ok {
				return notFound(c)
			}
			if _, ok, err := app.authorize(c, athleteID, action, nil); !ok {
				return err
			}
			c.Set(ctxAthleteID, athleteID)
			return next(c)
		}
	}
}

func athleteID(c *echo.Context) int64 { return c.Get(ctxAthleteID).(int64) }

// athleteAccess is the caller's access as authorize found it.
func athleteAccess(c *echo.Context) store.Access { return c.Get(ctxAthleteAccess).(store.Access) }

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
