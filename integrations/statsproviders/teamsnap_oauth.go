package statsproviders

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// TeamSnapAuthURL is TeamSnap's OAuth 2 service: /oauth/authorize and /oauth/token under it.
const TeamSnapAuthURL = "https://auth.teamsnap.com"

// TeamSnapScope is what the syncer asks for: reading a team's statistics.
const TeamSnapScope = "read"

// TeamSnapConfig is how TeamSnap is set up. With no ClientID the product does not offer TeamSnap.
type TeamSnapConfig struct {
	ClientID     string // TEAMSNAP_CLIENT_ID, the application's id from auth.teamsnap.com
	ClientSecret string // TEAMSNAP_CLIENT_SECRET
	AuthURL      string // TEAMSNAP_AUTH_URL, TeamSnapAuthURL by default (tests point it at a fake)
	APIURL       string // TEAMSNAP_API_URL, TeamSnapAPIURL by default
}

// TeamSnapConfigFromEnv reads the configuration with the program's environment reader.
func TeamSnapConfigFromEnv(str func(name, def string) string) TeamSnapConfig {
	return TeamSnapConfig{
		ClientID:     str("TEAMSNAP_CLIENT_ID", ""),
		ClientSecret: str("TEAMSNAP_CLIENT_SECRET", ""),
		AuthURL:      str("TEAMSNAP_AUTH_URL", TeamSnapAuthURL),
		APIURL:       str("TEAMSNAP_API_URL", TeamSnapAPIURL),
	}
}

// Enabled reports whether TeamSnap is configured.
func (c TeamSnapConfig) Enabled() bool { return c.ClientID != "" }

// OAuth is the authorization-code client for this configuration.
func (c TeamSnapConfig) OAuth(client *http.Client) TeamSnapOAuth {
	return TeamSnapOAuth{ClientID: c.ClientID, ClientSecret: c.ClientSecret, AuthURL: c.AuthURL, Client: client}
}

// DefaultWith is Default's providers followed by the ones a deployment configured (TeamSnap).
func DefaultWith(extra ...Provider) *Registry {
	r, err := NewRegistry(append([]Provider{GameChanger{}, MaxPreps{}, Manual{}}, extra...)...)
	if err != nil {
		panic(err)
	}
	return r
}

// OAuthToken is a token endpoint's answer (RFC 6749 section 5.1).
type OAuthToken struct {
	AccessToken  string `json:"access_token"`
	RefreshToken string `json:"refresh_token"`
	TokenType    string `json:"token_type"`
	Scope        string `json:"scope"`
	ExpiresIn    int64  `json:"expires_in"`
	// Expiry is when the access token stops working, from ExpiresIn; zero when not said.
	Expiry time.Time `json:"-"`
}

// TeamSnapOAuth speaks TeamSnap's OAuth 2 web application flow.
type TeamSnapOAuth struct {
	ClientID, ClientSecret, AuthURL string
	Client                          *http.Client
}

// AuthorizeURL is where the family's browser goes to let us read their TeamSnap statistics.
func (o TeamSnapOAuth) AuthorizeURL(redirectURI, state string) string {
	q := url.Values{"client_id": {o.ClientID}, "redirect_uri": {redirectURI}, "response_type": {"code"},
		"scope": {TeamSnapScope}, "state": {state}}
	return strings.TrimRight(o.AuthURL, "/") + "/oauth/authorize?" + q.Encode()
}

// Exchange trades the callback's code for tokens.
func (o TeamSnapOAuth) Exchange(ctx context.Context, code, redirectURI string) (OAuthToken, error) {
	return o.token(ctx, url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {redirectURI}})
}

// Refresh gets a new access token with a refresh token. An answer of 400 or 401 means the grant is
// gone: ErrTeamSnapReconnect.
func (o TeamSnapOAuth) Refresh(ctx context.Context, refreshToken string) (OAuthToken, error) {
	return o.token(ctx, url.Values{"grant_type": {"refresh_token"}, "refresh_token": {refreshToken}})
}

func (o TeamSnapOAuth) token(ctx context.Context, form url.Values) (OAuthToken, error) {
	form.Set("client_id", o.ClientID)
	form.Set("client_secret", o.ClientSecret)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimRight(o.AuthURL, "/")+"/oauth/token", strings.NewReader(form.Encode()))
	if err != nil {
		return OAuthToken{}, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	client := o.Client
	if client == nil {
		client = http.DefaultClient
	}
	resp, err := client.Do(req)
	if err != nil {
		return OAuthToken{}, fmt.Errorf("asking TeamSnap for a token: %w", err)
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusBadRequest || resp.StatusCode == http.StatusUnauthorized:
		return OAuthToken{}, ErrTeamSnapReconnect
	case resp.StatusCode != http.StatusOK:
		return OAuthToken{}, fmt.Errorf("asking TeamSnap for a token: %s", resp.Status)
	}
	var tok OAuthToken
	if err := json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&tok); err != nil {
		return OAuthToken{}, fmt.Errorf("reading TeamSnap's token: %w", err)
	}
	if tok.AccessToken == "" {
		return OAuthToken{}, fmt.Errorf("TeamSnap's token answer has no access_token")
	}
	if tok.ExpiresIn > 0 {
		tok.Expiry = time.Now().Add(time.Duration(tok.ExpiresIn) * time.Second)
	}
	if tok.TokenType == "" {
		tok.TokenType = "bearer"
	}
	return tok, nil
}
