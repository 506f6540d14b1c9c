package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"legacylocker/integrations/statsproviders"
	"legacylocker/integrations/statsproviders/statstest"
)

// teamSnapAuth fakes TeamSnap's token endpoint (POST /oauth/token): the code "good-code" gives
// tok-1 with refresh token ref-1; ref-1 refreshes to tok-2; anything else is invalid_grant.
type teamSnapAuth struct {
	mu    sync.Mutex
	forms []url.Values
	srv   *httptest.Server
}

func newTeamSnapAuth(t *testing.T) *teamSnapAuth {
	a := &teamSnapAuth{}
	a.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/oauth/token" || r.ParseForm() != nil {
			http.NotFound(w, r)
			return
		}
		a.mu.Lock()
		a.forms = append(a.forms, r.PostForm)
		a.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		f := r.PostForm
		switch {
		case f.Get("client_id") != "ts-client" || f.Get("client_secret") != "ts-secret":
			w.WriteHeader(http.StatusUnauthorized)
			_, _ = w.Write([]byte(`{"error":"invalid_client"}`))
		case f.Get("grant_type") == "authorization_code" && f.Get("code") == "good-code":
			_, _ = w.Write([]byte(`{"access_token":"tok-1","token_type":"bearer","expires_in":7200,"refresh_token":"ref-1","scope":"read"}`))
		case f.Get("grant_type") == "refresh_token" && f.Get("refresh_token") == "ref-1":
			_, _ = w.Write([]byte(`{"access_token":"tok-2","token_type":"bearer","expires_in":7200,"scope":"read"}`))
		default:
			w.WriteHeader(http.StatusBadRequest)
			_, _ = w.Write([]byte(`{"error":"invalid_grant"}`))
		}
	}))
	t.Cleanup(a.srv.Close)
	return a
}

func (a *teamSnapAuth) lastForm() url.Values {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.forms[len(a.forms)-1]
}

// withTeamSnap configures TeamSnap against fakes.
func withTeamSnap(authURL, apiURL string) func(*config) {
	return func(cfg *config) {
		cfg.teamsnap = statsproviders.TeamSnapConfig{ClientID: "ts-client", ClientSecret: "ts-secret", AuthURL: authURL, APIURL: apiURL}
	}
}

// authorizeTeamSnap starts the flow for a connection and answers the state TeamSnap would be given.
func authorizeTeamSnap(t *testing.T, c *client, authURL string, conn int64) string {
	t.Helper()
	res := c.do("GET", fmt.Sprintf("/api/stats/teamsnap/authorize?connection=%d", conn), nil)
	require.Equal(t, http.StatusFound, res.status, string(res.body))
	to, err := url.Parse(res.header.Get("Location"))
	require.NoError(t, err)
	assert.Equal(t, authURL+"/oauth/authorize", to.Scheme+"://"+to.Host+to.Path)
	q := to.Query()
	assert.Equal(t, "ts-client", q.Get("client_id"))
	assert.Equal(t, "code", q.Get("response_type"))
	assert.Equal(t, "http://localhost:8080/api/stats/teamsnap/callback", q.Get("redirect_uri"))
	assert.Equal(t, "read", q.Get("scope"))
	require.NotEmpty(t, q.Get("state"))
	return q.Get("state")
}

// TestTeamSnapConnectAndSync: an editor authorizes a TeamSnap connection, the callback stores its
// tokens, and Sync Now reads the member's games and season from the API; an expired token is
// refreshed, a refused one asks the family to connect again.
func TestTeamSnapConnectAndSync(t *testing.T) {
	t.Parallel()
	auth := newTeamSnapAuth(t)
	api := statstest.NewTeamSnap(t, "tok-1")
	api.Baseball()
	s := newTestServer(t, withTeamSnap(auth.srv.URL, api.URL()))
	s.startWorkers(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthleteWith(t, owner, map[string]any{"sports": "Baseball"})
	stranger, _ := s.registered(t, "stranger@example.com")
	signedOut := s.newClient(t)

	providers := listOf(t, owner.do("GET", "/api/stats/providers", nil))
	require.Len(t, providers, 4)
	assert.Equal(t, map[string]any{"id": "teamsnap", "name": "TeamSnap", "logoUrl": "/api/stats/logos/teamsnap.svg", "kind": "sync"}, providers[3])

	res := owner.do("POST", "/api/stats/connect-platform", map[string]any{"providerId": "teamsnap", "externalAthleteId": "42",
		"externalTeamId": "7001", "athleteId": athlete})
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	conn := int64(res.json(t)["id"].(float64))
	assert.Equal(t, "sync", res.json(t)["kind"])

	// Not yet authorized: Sync Now fails with what to do.
	syncOnce := func() map[string]any {
		res := owner.do("POST", fmt.Sprintf("/api/stats/sync-platform/%d", conn), nil)
		require.Equal(t, http.StatusAccepted, res.status, string(res.body))
		return waitJob(t, "teamsnap sync", func() map[string]any {
			return owner.do("GET", fmt.Sprintf("/api/stats/sync-platform/%d", conn), nil).json(t)
		}, "")
	}
	state := syncOnce()
	assert.Equal(t, "failed", state["status"])
	assert.Equal(t, "TeamSnap asked to be connected again", state["statusReason"])

	// Strangers and signed-out callers reach neither end of the flow.
	assert.Equal(t, http.StatusNotFound, stranger.do("GET", fmt.Sprintf("/api/stats/teamsnap/authorize?connection=%d", conn), nil).status)
	assert.Equal(t, http.StatusUnauthorized, signedOut.do("GET", fmt.Sprintf("/api/stats/teamsnap/authorize?connection=%d", conn), nil).status)
	assert.Equal(t, http.StatusUnauthorized, signedOut.do("GET", "/api/stats/teamsnap/callback?code=good-code&state=x", nil).status)

	// A connection of another platform is not authorized at TeamSnap.
	gc := connectPlatform(t, owner, athlete, "gamechanger", "12")
	assert.Equal(t, http.StatusBadRequest, owner.do("GET", fmt.Sprintf("/api/stats/teamsnap/authorize?connection=%d", gc), nil).status)

	// A wrong state ends the pending authorization; so does using it in another session.
	authorizeTeamSnap(t, owner, auth.srv.URL, conn)
	assert.Equal(t, http.StatusNotFound, owner.do("GET", "/api/stats/teamsnap/callback?code=good-code&state=forged", nil).status)
	st := authorizeTeamSnap(t, owner, auth.srv.URL, conn)
	assert.Equal(t, http.StatusNotFound, stranger.do("GET", "/api/stats/teamsnap/callback?code=good-code&state="+url.QueryEscape(st), nil).status)

	// The family declines on TeamSnap's page.
	st = authorizeTeamSnap(t, owner, auth.srv.URL, conn)
	res = owner.do("GET", "/api/stats/teamsnap/callback?error=access_denied&state="+url.QueryEscape(st), nil)
	require.Equal(t, http.StatusFound, res.status)
	assert.Equal(t, "http://localhost:8080/stats?teamsnap=denied", res.header.Get("Location"))

	// A code TeamSnap refuses sends the family back saying so; nothing is stored.
	st = authorizeTeamSnap(t, owner, auth.srv.URL, conn)
	res = owner.do("GET", "/api/stats/teamsnap/callback?code=stale-code&state="+url.QueryEscape(st), nil)
	require.Equal(t, http.StatusFound, res.status, string(res.body))
	assert.Equal(t, "http://localhost:8080/stats?teamsnap=failed", res.header.Get("Location"))
	var tokens int
	require.NoError(t, s.pool.QueryRow(t.Context(), `SELECT count(*) FROM stats_tokens WHERE connection_id = $1`, conn).Scan(&tokens))
	assert.Zero(t, tokens)

	// The family accepts: the code is exchanged and the tokens stored, once.
	st = authorizeTeamSnap(t, owner, auth.srv.URL, conn)
	callback := "/api/stats/teamsnap/callback?code=good-code&state=" + url.QueryEscape(st)
	res = owner.do("GET", callback, nil)
	require.Equal(t, http.StatusFound, res.status, string(res.body))
	assert.Equal(t, "http://localhost:8080/stats?teamsnap=connected", res.header.Get("Location"))
	form := auth.lastForm()
	assert.Equal(t, "authorization_code", form.Get("grant_type"))
	assert.Equal(t, "http://localhost:8080/api/stats/teamsnap/callback", form.Get("redirect_uri"))
	assert.Equal(t, http.StatusNotFound, owner.do("GET", callback, nil).status, "a callback completes once")
	var access, refresh string
	var expires time.Time
	require.NoError(t, s.pool.QueryRow(t.Context(), `SELECT access_token, refresh_token, expires_at FROM stats_tokens WHERE connection_id = $1`, conn).
		Scan(&access, &refresh, &expires))
	assert.Equal(t, "tok-1", access)
	assert.Equal(t, "ref-1", refresh)
	assert.WithinDuration(t, time.Now().Add(2*time.Hour), expires, time.Minute)

	// Sync Now reads the games and the season from TeamSnap.
	state = syncOnce()
	require.Equal(t, "ready", state["status"], "%v", state)
	games := listOf(t, owner.do("GET", fmt.Sprintf("/api/stats/games/%d", athlete), nil))
	require.Len(t, games, 2)
	b, _ := json.Marshal(games)
	assert.Contains(t, string(b), `"North"`)
	assert.Contains(t, string(b), `"South"`)
	seasons := listOf(t, owner.do("GET", fmt.Sprintf("/api/stats/seasons/%d", athlete), nil))
	require.Len(t, seasons, 1)
	b, _ = json.Marshal(seasons[0])
	assert.Contains(t, string(b), `Spring 2026`)

	// Synced again, the same rows (upserts by TeamSnap's ids).
	state = syncOnce()
	require.Equal(t, "ready", state["status"], "%v", state)
	assert.Len(t, listOf(t, owner.do("GET", fmt.Sprintf("/api/stats/games/%d", athlete), nil)), 2)

	// An expired access token is refreshed before the sync; TeamSnap now accepts only the new one.
	_, err := s.pool.Exec(t.Context(), `UPDATE stats_tokens SET expires_at = now() - interval '1 hour' WHERE connection_id = $1`, conn)
	require.NoError(t, err)
	api.SetToken("tok-2")
	state = syncOnce()
	require.Equal(t, "ready", state["status"], "%v", state)
	assert.Equal(t, "refresh_token", auth.lastForm().Get("grant_type"))
	require.NoError(t, s.pool.QueryRow(t.Context(), `SELECT access_token, refresh_token FROM stats_tokens WHERE connection_id = $1`, conn).Scan(&access, &refresh))
	assert.Equal(t, "tok-2", access)
	assert.Equal(t, "ref-1", refresh, "a refresh without a new refresh token keeps the old one")

	// TeamSnap revokes the token: the family is asked to connect again.
	api.SetToken("tok-3")
	state = syncOnce()
	assert.Equal(t, "failed", state["status"])
	assert.Equal(t, "TeamSnap asked to be connected again", state["statusReason"])
}

// TestTeamSnapNotConfigured: without TEAMSNAP_CLIENT_ID TeamSnap is neither offered nor routed.
func TestTeamSnapNotConfigured(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	for _, p := range listOf(t, owner.do("GET", "/api/stats/providers", nil)) {
		assert.NotEqual(t, "teamsnap", p["id"])
	}
	assert.Equal(t, http.StatusNotFound, owner.do("GET", "/api/stats/teamsnap/authorize?connection=1", nil).status)
}
