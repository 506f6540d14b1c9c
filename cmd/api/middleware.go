package main

import (
	"errors"
	"fmt"
	"time"

	"github.com/labstack/echo/v5"

	"legacylocker/store"
)

const ctxUser = "user"

// requireUser answers 401 unless the session belongs to an existing user and was not ended by a
// password change since; it loads the user once.
func (app *application) requireUser(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		user, ok, err := app.sessionUser(c)
		if err != nil {
			return err
		}
		if !ok {
			return unauthorized(msgNotSignedIn)
		}
		c.Set(ctxUser, user)
		return next(c)
	}
}

// sessionUser answers the session's user, or false when nobody is signed in: no session, an account
// that is gone, or a session a password change has ended (those two are forgotten on the way).
func (app *application) sessionUser(c *echo.Context) (store.User, bool, error) {
	ctx := c.Request().Context()
	id := app.currentUserID(ctx)
	if id == 0 {
		return store.User{}, false, nil
	}
	// Usually read with the session, in the same query (sessionStore).
	user, found := userFoundWithSession(ctx, id)
	var err error
	if !found {
		user, err = store.Q.UserGetByID(ctx, app.pool, id)
	}
	if err := store.Translate(err); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			// The account is gone: forget the session rather than keep answering 401 for it.
			_ = app.sessions.Destroy(ctx)
			return store.User{}, false, nil
		}
		return store.User{}, false, fmt.Errorf("loading session user: %w", err)
	}
	if !app.sessionCurrent(ctx, user) {
		_ = app.sessions.Destroy(ctx)
		return store.User{}, false, nil
	}
	return user, true, nil
}

func currentUser(c *echo.Context) store.User { return fromContext[store.User](c, ctxUser) }

// contentSecurityPolicy lets the app run only its own scripts: no outside script, no inline script
// but the one of web/index.html that sets the colour scheme before the first paint, allowed by its
// hash (TestColorSchemeScriptIsAllowedByItsHash), and no framing by other sites. Styles may be inline
// because Mantine sets CSS variables at run time; blob: images and media are the upload dialog's
// previews and recordings. object-src 'self' is the media preview's embedded PDF (the browser's PDF
// viewer), of our own stored files only.
const contentSecurityPolicy = "default-src 'self'; script-src 'self' " + colorSchemeScriptHash + "; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob:; media-src 'self' blob:; font-src 'self' data:; connect-src 'self'; " +
	"object-src 'self'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

// colorSchemeScriptHash is the CSP source of web/index.html's inline script.
const colorSchemeScriptHash = "'sha256-ymLMUmGubzDIg3Ax243Gg1zUrNaTupLBSFDO7bGFKpM='"

// securityHeaders sets the headers every response should carry.
func securityHeaders(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		h := c.Response().Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		return next(c)
	}
}

// logRequests writes one line per API request (static assets are not logged), after the error
// handler has answered any error.
func (app *application) logRequests(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		start := time.Now()
		// Answer the error here, so the line below records the status the client got.
		if err := next(c); err != nil {
			app.errorHandler(c, err)
		}
		status := 0
		if r, _ := echo.UnwrapResponse(c.Response()); r != nil {
			status = r.Status
		}
		// The route's pattern, never the path itself: paths carry invitation tokens and share codes.
		took := time.Since(start)
		app.logger.InfoContext(c.Request().Context(), "request", "method", c.Request().Method, "route", c.Path(),
			"status", status, "duration", took.Round(time.Microsecond), "ip", c.RealIP())
		app.metrics.Observe(c.Request().Method, c.Path(), status, took)
		return nil
	}
}
