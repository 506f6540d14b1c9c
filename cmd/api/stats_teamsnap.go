package main

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"legacylocker/integrations/statsproviders"
	"legacylocker/jobs"
	"legacylocker/store"
)

// TeamSnap's OAuth 2 web application flow (docs/TEAMSNAP.md): an editor of the athlete's stats
// sends their browser to TeamSnap from a TeamSnap connection's card; TeamSnap sends it back to the
// callback with a code, which we trade for tokens stored for that connection (stats_tokens). The
// state names the connection and lives in the caller's own session, so a callback only completes in
// the browser session that asked, and only once.

const (
	msgTeamSnapNotThisConnection = "This connection is not a TeamSnap one"
	// sessionTeamSnapKey holds "state connectionID expiresUnix" between the two calls.
	sessionTeamSnapKey = "teamsnap_oauth"
	// teamSnapAuthorizeFor is how long the family has to answer on TeamSnap's page.
	teamSnapAuthorizeFor = 15 * time.Minute
)

func (app *application) teamSnapRoutes(r routeGroups) {
	if !app.cfg.teamsnap.Enabled() {
		return
	}
	r.signedIn.GET("/stats/teamsnap/authorize", app.authorizeTeamSnap, app.allow(store.ActionEditContent, statsConnections.inQuery("connection")))
	// The callback is checked against the session's pending authorization, then the caller's
	// access to the connection it names is checked again.
	r.signedIn.GET("/stats/teamsnap/callback", app.teamSnapCallback)
}

func (app *application) teamSnapRedirectURI() string {
	return strings.TrimRight(app.cfg.appURL, "/") + "/api/stats/teamsnap/callback"
}

// authorizeTeamSnap redirects to TeamSnap's authorize page for the connection the query names.
func (app *application) authorizeTeamSnap(c *echo.Context) error {
	conn := loaded[store.StatsConnection](c)
	if conn.ProviderID != "teamsnap" {
		return badRequest(msgTeamSnapNotThisConnection)
	}
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return fmt.Errorf("making an OAuth state: %w", err)
	}
	state := base64.RawURLEncoding.EncodeToString(raw)
	expires := time.Now().Add(teamSnapAuthorizeFor).Unix()
	app.sessions.Put(c.Request().Context(), sessionTeamSnapKey, fmt.Sprintf("%s %d %d", state, conn.ID, expires))
	oauth := app.cfg.teamsnap.OAuth(nil)
	return c.Redirect(http.StatusFound, oauth.AuthorizeURL(app.teamSnapRedirectURI(), state))
}

// teamSnapCallback completes the authorization the session started, then sends the browser back
// to the stats page saying how it went.
func (app *application) teamSnapCallback(c *echo.Context) error {
	ctx := c.Request().Context()
	pending := app.sessions.PopString(ctx, sessionTeamSnapKey)
	fields := strings.Fields(pending)
	if len(fields) != 3 {
		return notFound()
	}
	connID, err1 := strconv.ParseInt(fields[1], 10, 64)
	expires, err2 := strconv.ParseInt(fields[2], 10, 64)
	state := c.QueryParam("state")
	if err1 != nil || err2 != nil || time.Now().Unix() > expires ||
		subtle.ConstantTimeCompare([]byte(state), []byte(fields[0])) != 1 {
		return notFound()
	}
	conn, err := store.Q.StatsConnectionGetByID(ctx, app.pool, connID)
	if err := store.Translate(err); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return notFound()
		}
		return err
	}
	if _, err := app.authorize(c, store.ActionEditContent, store.Item{AthleteID: conn.AthleteID, Section: store.SectionStats}); err != nil {
		return err
	}
	back := strings.TrimRight(app.cfg.appURL, "/") + "/stats?teamsnap="
	if c.QueryParam("error") != "" || c.QueryParam("code") == "" {
		return c.Redirect(http.StatusFound, back+"denied")
	}
	tok, err := app.cfg.teamsnap.OAuth(&http.Client{Timeout: 30 * time.Second}).Exchange(ctx, c.QueryParam("code"), app.teamSnapRedirectURI())
	if err != nil {
		// The browser is on its way back from TeamSnap: it lands on the stats page, not on an error
		// body. A refused code (reconnect) is TeamSnap's answer; anything else is worth a log line.
		if !statsproviders.IsTeamSnapReconnect(err) {
			app.logger.ErrorContext(ctx, "exchanging a TeamSnap code", "connection", conn.ID, "error", err)
		}
		return c.Redirect(http.StatusFound, back+"failed")
	}
	user := currentUser(c).ID
	if _, err := jobs.SaveStatsToken(ctx, app.pool, conn.ID, tok, &user); err != nil {
		return err
	}
	return c.Redirect(http.StatusFound, back+"connected")
}
