package statsproviders_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"legacylocker/integrations/statsproviders"
)

func TestTeamSnapOAuth(t *testing.T) {
	t.Parallel()
	var got url.Values
	var contentType string
	answer := `{"access_token":"tok","token_type":"bearer","expires_in":60,"refresh_token":"ref","scope":"read"}`
	status := http.StatusOK
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		require.NoError(t, r.ParseForm())
		got, contentType = r.PostForm, r.Header.Get("Content-Type")
		w.WriteHeader(status)
		_, _ = w.Write([]byte(answer))
	}))
	t.Cleanup(srv.Close)

	env := map[string]string{"TEAMSNAP_CLIENT_ID": "id 1", "TEAMSNAP_CLIENT_SECRET": "s&cret"}
	cfg := statsproviders.TeamSnapConfigFromEnv(func(name, def string) string {
		if v, ok := env[name]; ok {
			return v
		}
		return def
	})
	assert.True(t, cfg.Enabled())
	assert.Equal(t, statsproviders.TeamSnapAuthURL, cfg.AuthURL)
	assert.Equal(t, statsproviders.TeamSnapAPIURL, cfg.APIURL)
	assert.False(t, statsproviders.TeamSnapConfig{}.Enabled())

	authorize, err := url.Parse(cfg.OAuth(nil).AuthorizeURL("https://app.example/cb?x=1", "st&te"))
	require.NoError(t, err)
	assert.Equal(t, "https://auth.teamsnap.com/oauth/authorize", authorize.Scheme+"://"+authorize.Host+authorize.Path)
	assert.Equal(t, url.Values{"client_id": {"id 1"}, "redirect_uri": {"https://app.example/cb?x=1"}, "response_type": {"code"},
		"scope": {"read"}, "state": {"st&te"}}, authorize.Query())

	cfg.AuthURL = srv.URL
	oauth := cfg.OAuth(srv.Client())
	tok, err := oauth.Exchange(context.Background(), "the-code", "https://app.example/cb")
	require.NoError(t, err)
	assert.Equal(t, "application/x-www-form-urlencoded", contentType)
	assert.Equal(t, url.Values{"grant_type": {"authorization_code"}, "code": {"the-code"}, "redirect_uri": {"https://app.example/cb"},
		"client_id": {"id 1"}, "client_secret": {"s&cret"}}, got)
	assert.Equal(t, "tok", tok.AccessToken)
	assert.Equal(t, "ref", tok.RefreshToken)
	assert.WithinDuration(t, time.Now().Add(time.Minute), tok.Expiry, 5*time.Second)

	_, err = oauth.Refresh(context.Background(), "ref")
	require.NoError(t, err)
	assert.Equal(t, "refresh_token", got.Get("grant_type"))
	assert.Equal(t, "ref", got.Get("refresh_token"))

	// A grant TeamSnap no longer honours asks the family to connect again.
	status, answer = http.StatusBadRequest, `{"error":"invalid_grant"}`
	_, err = oauth.Refresh(context.Background(), "old")
	assert.True(t, statsproviders.IsTeamSnapReconnect(err), "%v", err)

	// An answer without a token is an error, not an empty token.
	status, answer = http.StatusOK, `{"token_type":"bearer"}`
	_, err = oauth.Exchange(context.Background(), "c", "r")
	require.Error(t, err)
	assert.False(t, statsproviders.IsFileError(err))
}
