package main

import (
	"context"
	"net/http"
	"time"

	"github.com/alexedwards/scs/pgxstore"
	"github.com/alexedwards/scs/v2"
	"github.com/jackc/pgx/v5/pgxpool"

	"legacylocker/jobs"
	"legacylocker/store"
)

const (
	sessionUserIDKey  = jobs.SessionUserIDKey
	sessionVersionKey = "sessionVersion"
)

// newSessionManager keeps sessions in Postgres, so any api process can serve any request.
func newSessionManager(cfg config, pool *pgxpool.Pool) *scs.SessionManager {
	sessions := scs.New()
	sessions.Store = pgxstore.NewWithCleanupInterval(pool, cfg.sessionCleanup)
	sessions.Lifetime = cfg.sessionLife
	sessions.Cookie.Name = "session"
	sessions.Cookie.HttpOnly = true
	sessions.Cookie.SameSite = http.SameSiteLaxMode
	sessions.Cookie.Path = "/"
	if cfg.cookieSecure {
		// The __Host- prefix makes the browser refuse the cookie unless it is Secure, host-only
		// and scoped to /, so a sibling subdomain cannot plant or read it.
		sessions.Cookie.Name = "__Host-session"
		sessions.Cookie.Secure = true
	}
	return sessions
}

// signIn starts an authenticated session at the account's current session version, renewing the
// token to prevent session fixation.
func (app *application) signIn(ctx context.Context, userID int64, sessionVersion int32) error {
	if err := app.sessions.RenewToken(ctx); err != nil {
		return err
	}
	app.sessions.Put(ctx, sessionUserIDKey, userID)
	app.sessions.Put(ctx, sessionVersionKey, int(sessionVersion))
	return nil
}

// sessionCurrent reports whether the session was signed in at the account's current version: a
// password change since then ended it.
func (app *application) sessionCurrent(ctx context.Context, user store.User) bool {
	return app.sessions.GetInt(ctx, sessionVersionKey) == int(user.SessionVersion)
}

// currentUserID answers the signed-in user's id, or 0.
func (app *application) currentUserID(ctx context.Context) int64 {
	return app.sessions.GetInt64(ctx, sessionUserIDKey)
}

// sessionCleanupDefault is how often expired sessions are deleted from the table.
const sessionCleanupDefault = 30 * time.Minute
